"""Tails and Tactics on the felt (issue 16), no rules engine needed: the scene loader, the felt's
layout file, and the felt laid from a seat view written by hand as TT-API.md describes it.

Rulebook sections named in each test: Things You'll Need, Card Types, Battlefield Setup,
Attacking and Defending, Actions and Timing.
"""
from __future__ import annotations

import numpy as np
import pytest

from feltbox.game.cards.layout import lies_face_up
from feltbox.game.tailsandtactics import layout
from feltbox.game.tailsandtactics.bridge import printed
from feltbox.game.tailsandtactics.felt import DAMAGE_POOL, FeltLayer, card_body
from feltbox.game.tailsandtactics.layout import LayoutError, check_layout, tt_layout
from feltbox.rules.core import InputError
from feltbox.rules.tails_and_tactics.cards import load_cards
from feltbox.scenes.loader import load_scene
from feltbox.scenes.tailsandtactics.named import load_tailsandtactics

DECKS = {s: [f"{s}-{k:02d}" for k in range(1, 41)] for s in ("red", "blue")}


def _ids(kind: str) -> list[str]:
    return sorted(c.id for c in load_cards().values() if c.kind == kind)


def _card(iid, cid):
    return {"iid": iid, "card": cid, "name": load_cards()[cid].name if cid else None}


def _field(iid, cid, kind, face_up=True, damage=0, attached_to=None):
    return {**_card(iid, cid), "face_up": face_up, "damage": damage, "health": None, "attached_to": attached_to,
            "kind": kind}


def hand_view(viewer: str | None) -> dict:
    """A battle in play as ``viewer`` sees it: red's unit with two damage and an equipment under
    it, a face-down trap of each side, blue's unit with one damage, an attack of red answered by a
    trap of blue on the chain. A face-down card or a hand card of the other seat has card None."""
    unit, equip, trap, event = _ids("unit"), _ids("equipment"), _ids("trap"), _ids("event")

    def mine(seat, cid):
        return cid if viewer == seat else None
    return {"turn": 3, "active": "red", "phase": "play", "winner": None, "prompt": "", "awaiting": "blue",
            "players": {
                "red": {"faction": "foxes", "base": 27, "hand": [_card("red-30", mine("red", event[0]))], "hand_count": 1,
                        "draw_count": 30, "discard": [_card("red-20", unit[0])],
                        "field": [_field("red-01", unit[0], "unit", damage=2),
                                  _field("red-03", equip[0], "equipment", attached_to="red-01"),
                                  _field("red-04", mine("red", trap[0]), "trap" if viewer != "red" else "trap", face_up=False)]},
                "blue": {"faction": "badgers", "base": 30, "hand": [_card("blue-30", mine("blue", event[-1]))],
                         "hand_count": 1, "draw_count": 33, "discard": [],
                         "field": [_field("blue-01", unit[-1], "unit", damage=1),
                                   _field("blue-04", mine("blue", trap[-1]), "trap", face_up=False)]}},
            "chain": [{"kind": "attack", "player": "red", "text": "red attacks", "card": None, "source": "red-01",
                       "target": "blue-01", "countered": False},
                      {"kind": "trap", "player": "blue", "text": "blue springs a trap", "card": _card("blue-05", trap[-1]),
                       "source": None, "target": "red-01", "countered": False}]}


def test_scene_names_each_sides_house_deck():
    """Things You'll Need: each side brings one faction's deck; the standard scene names the two
    house decks, the mirror scene swaps them."""
    standard, mirror = load_tailsandtactics("standard"), load_tailsandtactics("mirror")
    assert standard.deck("red").endswith("foxes.toml") and standard.deck("blue").endswith("badgers.toml")
    assert mirror.deck("red") == standard.deck("blue")


@pytest.mark.parametrize("text, where", [
    ('game = "tailsandtactics"\ntitle = "x"\n[red]\ndeck = "foxes"\n[blue]\ndeck = "ratz"\n',
     ":6: blue.deck: no house deck or deck file 'ratz' (house decks: badgers, foxes)"),
    ('game = "tailsandtactics"\ntitle = "x"\n[red]\ndeck = "foxes"\ncolour = 1\n[blue]\ndeck = "foxes"\n',
     ":5: red.colour: unknown key"),
    ('game = "tailsandtactics"\ntitle = "x"\n[red]\ndeck = "foxes"\n', ":1: blue: required key is missing"),
    ('game = "tailsandtactics"\ntitle = "x"\n[red]\ndeck = "bad.toml"\n[blue]\ndeck = "foxes"\n',
     "bad.toml:4: entry[0].count: must be a whole number"),
])
def test_broken_scene_is_one_line(tmp_path, text, where):
    """A broken scene (or the deck file it names) is one line naming file, line and field."""
    fox_unit = next(c for c in _ids("unit") if load_cards()[c].faction == "foxes")
    (tmp_path / "bad.toml").write_text(f'faction = "foxes"\n[[entry]]\ncard = "{fox_unit}"\ncount = 0\n')
    path = tmp_path / "mine.toml"
    path.write_text(text)
    with pytest.raises(InputError) as err:
        load_scene(path)
    assert where in str(err.value) and "\n" not in str(err.value)


def test_layout_file_is_checked():
    """The felt's layout is data: a missing or wrong field names itself."""
    table = {k: dict(v) if isinstance(v, dict) else v for k, v in tt_layout().items()}
    table["units"] = dict(table["units"], slots=0)
    with pytest.raises(LayoutError, match=r"table.toml: \[units\] slots: must be 1..16, got 0"):
        check_layout(table, "table.toml")
    table = {k: dict(v) if isinstance(v, dict) else v for k, v in tt_layout().items()}
    table["piles"] = {"draw": [0, 0]}
    with pytest.raises(LayoutError, match=r"\[piles\] discard"):
        check_layout(table, "table.toml")


def test_places_do_not_overlap():
    """Every place on the felt (both sides' rows, piles and Base plates, the chain, the tray) is
    clear of every other: outlines of different places never intersect."""
    boxes = list(layout.outlines().items())
    for a, (name, (x0, y0, x1, y1)) in enumerate(boxes):
        for other, (u0, v0, u1, v1) in boxes[a + 1:]:
            assert x1 <= u0 or u1 <= x0 or y1 <= v0 or v1 <= y0, f"{name} overlaps {other}"


def test_felt_from_a_seat_view():
    """Card Types, Attacking and Defending, Actions and Timing: red's unit in red's unit row with
    two damage tokens on it and its equipment tucked under it (toward red), face-down traps lying
    face down in the support rows, blue's unit in blue's mirrored row, the hands held off the felt,
    the discard on red's discard pile face up, the draw piles as high as their counts, the chain's
    two plates in order across the middle and blue's sprung trap on the second."""
    felt = FeltLayer(DECKS, printed).lay(hand_view(None))
    at = {b.id: felt.poses[i] for i, b in enumerate(felt.bodies)}
    on = {b.id: bool(felt.present[i]) for i, b in enumerate(felt.bodies)}
    t = layout.card_size()[2]
    unit, equip = at[card_body("red-01")], at[card_body("red-03")]
    assert unit[1] == pytest.approx(-15.0) and equip[1] == pytest.approx(-15.0 - 2.2)      # tucked toward red
    assert equip[2] < unit[2] and unit[2] == pytest.approx(t / 2 + t)                       # under the unit
    assert at[card_body("blue-01")][1] == pytest.approx(15.0)
    for trap in ("red-04", "blue-04"):
        assert not lies_face_up(at[card_body(trap)]) and abs(at[card_body(trap)][1]) == pytest.approx(27.5)
    assert not on[card_body("red-30")] and not on[card_body("blue-30")]                     # held
    assert lies_face_up(at[card_body("red-20")]) and at[card_body("red-20")][:2] == pytest.approx([36.0, -15.0], abs=0.4)
    red_tokens = [at[f"damage-red-{j:02d}"] for j in range(DAMAGE_POOL) if on[f"damage-red-{j:02d}"]]
    assert len(red_tokens) == 2 and all(abs(p[0] - unit[0]) < 3.2 and abs(p[1] - unit[1]) < 4.4 for p in red_tokens)
    assert sum(on[f"damage-blue-{j:02d}"] for j in range(DAMAGE_POOL)) == 1
    draw = [at[card_body(i)] for i in DECKS["red"] if on[card_body(i)] and abs(at[card_body(i)][0] - 36) < 1
            and abs(at[card_body(i)][1] + 27.5) < 1]
    assert len(draw) == 30 and not any(lies_face_up(p) for p in draw)
    assert on["chain-0"] and on["chain-1"] and not on["chain-2"] and at["chain-0"][0] < at["chain-1"][0]
    assert at[card_body("blue-05")][0] == pytest.approx(at["chain-1"][0]) and lies_face_up(at[card_body("blue-05")])


@pytest.mark.parametrize("viewer", [None, "red", "blue"])
def test_hidden_faces_stay_backs(viewer):
    """Card Types - Traps, Battlefield Setup: a face-down card of another seat and another seat's
    hand get no face on the felt (their back on both sides): the felt names no card the viewer may
    not see; the viewer's own face-down trap carries its face underneath."""
    felt = FeltLayer(DECKS, printed).lay(hand_view(viewer))
    for seat in ("red", "blue"):
        mine = seat == viewer
        assert (card_body(f"{seat}-04") in felt.faces) == mine
        assert card_body(f"{seat}-30") not in felt.faces
    assert all(not b.startswith("card-") or b.removeprefix("card-") not in ("red-04", "blue-04", "red-30", "blue-30")
               or felt.cards[b] == load_cards()[felt.cards[b]].id for b in felt.cards)
    drawn = [card_body(i) for s in ("red", "blue") for i in DECKS[s][20:29]]
    assert not any(b in felt.faces for b in drawn)


def test_poses_do_not_depend_on_the_viewer():
    """The felt lies the same for everyone: only the faces differ between seat views."""
    layer = FeltLayer(DECKS, printed)
    poses = [layer.lay(hand_view(v)).poses for v in (None, "red", "blue")]
    assert np.array_equal(poses[0], poses[1]) and np.array_equal(poses[0], poses[2])
