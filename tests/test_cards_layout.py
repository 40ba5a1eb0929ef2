"""The card layer's pure parts (game/cards/layout.py, deck.py): stack, row, pile and fan geometry
worked out by hand, the seeded shuffle, and hidden faces staying hidden in every view."""
from __future__ import annotations

import numpy as np
import pytest

from feltbox.game.cards.deck import Deck, DeckError, shuffled
from feltbox.game.cards.layout import FACE_DOWN_Q, card_quat, card_under, fan, pile_poses, row_poses, slide_path, stack_poses
from feltbox.game.table.bodies import quat_rotate
from feltbox.models.cards import card_sizes, rounded_rectangle

T = 0.03


def test_stack_rises_one_thickness_per_card_face_down_with_small_jitter():
    poses = stack_poses(40, (10.0, -5.0), T, seed=7)
    np.testing.assert_allclose(poses[:, 2], 0.015 + 0.03 * np.arange(40))     # 40 cards: top at 1.185 cm
    assert np.abs(poses[:, :2] - (10.0, -5.0)).max() <= 0.05
    normals = quat_rotate(poses[:, 3:], np.array([0.0, 0.0, 1.0]))
    assert (normals[:, 2] < -0.999).all(), "a draw pile lies face down"
    np.testing.assert_allclose(stack_poses(40, (10.0, -5.0), T, seed=7), poses)   # seeded: the same stack


def test_row_pitch_is_half_widths_plus_gap_and_sideways_takes_the_length():
    poses = row_poses([(True, False), (False, False), (True, True), (True, False)], (0.0, 0.0), 6.3, 8.8, T, gap=0.6)
    # centres: 0; 3.15 + 0.6 + 3.15 = 6.9; 6.9 + 3.15 + 0.6 + 4.4 = 15.05; 15.05 + 4.4 + 0.6 + 3.15 = 23.2
    np.testing.assert_allclose(poses[:, 0], [0.0, 6.9, 15.05, 23.2])
    np.testing.assert_allclose(poses[:, 1:3], [[0.0, 0.015]] * 4)
    np.testing.assert_allclose(poses[1, 3:], FACE_DOWN_Q)
    long_side = quat_rotate(poses[2, 3:], np.array([0.0, 1.0, 0.0]))
    np.testing.assert_allclose(long_side, [-1.0, 0.0, 0.0], atol=1e-12)       # sideways: long side along the row


def test_row_follows_its_heading():
    poses = row_poses([(True, False), (True, False)], (1.0, 2.0), 6.3, 8.8, T, heading=90.0)
    np.testing.assert_allclose(poses[1, :2], [1.0, 2.0 + 6.9], atol=1e-12)
    np.testing.assert_allclose(poses[1, 3:], card_quat(90.0))


def test_pile_is_face_up_and_looser_than_a_stack():
    poses = pile_poses(12, (0.0, 0.0), T, seed=1)
    assert (quat_rotate(poses[:, 3:], np.array([0.0, 0.0, 1.0]))[:, 2] > 0.999).all()
    assert np.abs(poses[:, :2]).max() > 0.1 and np.abs(poses[:, :2]).max() <= 0.35


def test_slide_path_starts_ends_and_arcs_over_the_middle():
    start = stack_poses(1, (0.0, 0.0), T, jitter_cm=0, jitter_deg=0)[0]
    end = row_poses([(True, True)], (20.0, 0.0), 6.3, 8.8, T)[0]
    path = slide_path(start, end, steps=4, lift=3.0)
    np.testing.assert_allclose(path[0], start)
    np.testing.assert_allclose(path[-1], end, atol=1e-12)
    # the middle step: s = 0.5, half way along and lifted by the full 3 cm
    np.testing.assert_allclose(path[2, :3], [10.0, 0.0, 0.015 + 3.0])
    np.testing.assert_allclose(np.linalg.norm(path[:, 3:], axis=1), 1.0)


def test_fan_of_five_is_symmetric_and_rolled_outward():
    rows = fan(5, 0.0, -0.8, radius=2.0, step_deg=4.0)
    np.testing.assert_allclose(rows[:, 2], [8.0, 4.0, 0.0, -4.0, -8.0])
    np.testing.assert_allclose(rows[4, 0], 2.0 * np.sin(np.radians(8.0)))        # 0.2783
    np.testing.assert_allclose(rows[4, 1], -0.8 - 2.0 * (1 - np.cos(np.radians(8.0))))
    np.testing.assert_allclose(rows[:, 0], -rows[::-1, 0])
    assert np.ptp(fan(9, 0, 0, step_deg=10.0, max_spread_deg=40.0)[:, 2]) == pytest.approx(40.0)  # big hands close up


def test_card_under_picks_the_topmost_and_respects_the_roll():
    rows = np.array([[0.0, 0.0, 0.0], [0.1, 0.0, 0.0], [1.0, 0.0, 90.0]])
    assert card_under((0.05, 0.0), rows, 0.1, 0.14) == 1          # overlap: the later card is on top
    assert card_under((-0.09, 0.0), rows, 0.1, 0.14) == 0
    assert card_under((1.13, 0.0), rows, 0.1, 0.14) == 2          # rolled 90: 0.14 wide along x now
    assert card_under((1.0, 0.12), rows, 0.1, 0.14) is None
    assert card_under((0.5, 0.5), rows, 0.1, 0.14) is None


def test_card_outline_has_rounded_corners_of_the_toml_radius():
    size = card_sizes()["poker"]
    outline = rounded_rectangle(size["width"], size["length"], size["corner_radius"], 6)
    assert np.abs(outline[:, 0]).max() == pytest.approx(3.15) and np.abs(outline[:, 1]).max() == pytest.approx(4.4)
    corner = np.hypot(*(outline - (3.15 - 0.3, 4.4 - 0.3)).T)
    assert np.sum(np.isclose(corner, 0.3)) == 7                   # the top right corner's 7 arc points


def test_seeded_shuffle_is_a_deterministic_permutation():
    cards = [f"c{k}" for k in range(45)]
    a, b = shuffled(cards, 11), shuffled(cards, np.random.default_rng(11))
    assert a == b and sorted(a) == sorted(cards) and a != cards
    assert shuffled(cards, 12) != a
    deck = Deck(cards)
    deck.shuffle(np.random.default_rng(11))
    assert deck.pile == a


def test_hidden_faces_stay_hidden_in_every_view():
    deck = Deck([f"c{k}" for k in range(10)], "action")
    hand_a, hand_b = deck.draw("a", 3), deck.draw("b", 2)
    assert hand_a == ["c9", "c8", "c7"] and deck.hand("a") == hand_a and hand_b == ["c6", "c5"]
    deck.play("c8", face_up=False)                   # a trap / a REST card
    deck.play("c7", sideways=True)
    assert deck.visible_face("c8", "a") == "c8" and deck.visible_face("c8", "b") is None
    assert deck.visible_face("c8", None) is None
    assert deck.visible_face("c7", "b") == "c7"
    assert deck.visible_face("c6", "b") == "c6"       # hand of b: b only
    assert deck.visible_face("c6", "a") is None
    assert all(deck.visible_face(c, "a") is None for c in deck.pile)
    seen_by_b = deck.view("b")
    assert "c8" not in repr(seen_by_b) and "c9" not in repr(seen_by_b) and "c0" not in repr(seen_by_b)
    assert seen_by_b["hands"] == {"a": [None], "b": ["c6", "c5"]} and seen_by_b["pile"] == 5
    assert seen_by_b["table"] == [(None, "a", False, False), ("c7", "a", True, True)]
    deck.flip("c8")                                   # sprung: everyone sees it now
    assert deck.visible_face("c8", "b") == "c8"
    deck.discard("c7", gone=True)
    assert deck.view(None)["gone"] == ["c7"]


def test_deck_refuses_what_its_state_does_not_allow():
    deck = Deck(["x", "y"])
    with pytest.raises(DeckError, match="'x' is not in a hand"):
        deck.play("x")
    with pytest.raises(DeckError, match="cannot draw 3, the pile holds 2"):
        deck.draw("a", 3)
    with pytest.raises(DeckError, match="appears twice"):
        Deck(["x", "x"])


def test_hand_view_gets_only_the_seats_own_faces():
    from feltbox.game.cards.faces import CardFace
    from feltbox.game.cards.hand import HandChoices, PlayZone, hand_cards
    deck = Deck(["a1", "a2", "b1"])
    faces = {c: CardFace(c.upper()) for c in deck.pile}
    deck.draw("north", 2)
    deck.draw("south", 1)
    assert [c.id for c in hand_cards(deck, "north", faces)] == ["b1", "a2"]
    assert [c.face.title for c in hand_cards(deck, "south", faces)] == ["A1"]
    choices = HandChoices()
    choices.set_hand(hand_cards(deck, "north", faces))
    choices.set_zones([PlayZone("rest", "Rest", (0, 1, 0, 1), "1"), PlayZone("fly", "Fly", (1, 2, 0, 1), "2")],
                      {("b1", "fly"), ("a2", "rest"), ("a2", "fly")}, {("b1", "rest"): "b1 cannot rest"})
    assert choices.selected == "b1" and choices.default_zone("b1") == "fly" and choices.default_zone("a2") is None
    assert choices.why_not("b1", "rest") == "b1 cannot rest" and choices.why_not("a2", "rest") is None
    assert choices.move(1) == "a2" and choices.move(1) == "b1"
    assert choices.zone_at(1.5, 0.5).name == "fly" and choices.zone_for_key("1").name == "rest"


def test_bodies_carry_the_shuffled_order_so_their_ids_name_no_card():
    deck = Deck([f"c{k}" for k in range(8)])
    deck.shuffle(3)
    assert [deck.slots[c] for c in deck.pile] == list(range(8))      # body k is k-th from the bottom
    top = deck.pile[-1]
    assert deck.draw("me") == [top] and deck.slots[top] == 7 and deck.card_on(7) == top
    deck.shuffle(4)                                                   # the 7 left keep bodies 0..6
    assert [deck.slots[c] for c in deck.pile] == list(range(7)) and deck.slots[top] == 7


def test_slide_frames_move_only_the_sliding_card():
    from feltbox.game.cards.table_view import slide_frames
    poses = np.vstack([stack_poses(3, (0.0, 0.0), T, seed=2), row_poses([(True, False)], (10.0, 0.0), 6.3, 8.8, T)])
    end = row_poses([(True, False)], (20.0, 5.0), 6.3, 8.8, T)[0]
    frames = slide_frames(poses, 2, end, steps=6)
    assert frames.shape == (7, 4, 7)
    np.testing.assert_allclose(frames[:, [0, 1, 3]], np.repeat(poses[None, [0, 1, 3]], 7, axis=0))
    np.testing.assert_allclose(frames[-1, 2], end, atol=1e-12)
