"""Battlefield Setup and Your Turn (Tails and Tactics rulebook sections): the Rule Changer search,
draw 9, face-down deployment with face-down requirements, the hand limit of 7, who starts by the
dice, the reveal; draw two a turn, the reshuffle, the hand limit at the end of a turn."""
from __future__ import annotations

import pytest

from feltbox.rules.core import IllegalAction, Measured, PhysicsRequest
from feltbox.rules.tails_and_tactics import flow
from feltbox.rules.tails_and_tactics.actions import ChooseRuleChanger, Discard, EndTurn, Ready, SetupDeploy
from feltbox.rules.tails_and_tactics.state import side
from feltbox.rules.tails_and_tactics.zones import card_of
from tests.tt_fixtures import run, table, zone_of


def _dealt(seed=3):
    s = flow.new_game(None, seed)
    return run(s, ChooseRuleChanger("fox-night-raid"), ChooseRuleChanger(None))


def test_battlefield_setup_rule_changer_search_and_draw_9():
    s, ev = _dealt()
    red, blue = side(s, "red"), side(s, "blue")
    assert len(red.hand) == 9 and len(blue.hand) == 9
    assert len(red.draw) == 44 - 9 - 1 and len(blue.draw) == 44 - 9
    assert [card_of(s, f.iid).id for f in red.field] == ["fox-night-raid"] and not red.field[0].face_up
    assert flow.legal_actions(flow.new_game(None, 3))[1:] == [ChooseRuleChanger("fox-night-raid")]
    assert s.flow.step == "deploy" and flow.whose(s) == "red"


def _hand_with(s, seat, pred):
    return [i for i in side(s, seat).hand if pred(card_of(s, i))]


def test_battlefield_setup_face_down_deployment_hand_limit_and_reveal():
    s, _ = _dealt()
    with pytest.raises(IllegalAction, match="hand limit"):
        flow.apply(s, Ready())                               # 9 cards > 7
    for seat in ("red", "blue"):
        while len(side(s, seat).hand) > 7:
            plain = [a for a in flow.legal_actions(s) if isinstance(a, SetupDeploy) and not a.requirements]
            s, _ = run(s, plain[0] if plain else Discard(side(s, seat).hand[0]))
        assert all(not f.face_up for f in side(s, seat).field)
        s, _ = run(s, Ready())
    assert isinstance(flow.pending(s), PhysicsRequest)
    assert flow.pending(s).spec == {"dice": 2, "why": "first player", "players": ["red", "blue"]}
    s, _ = run(s, Measured({"faces": [2, 5]}))
    assert s.flow.phase == "play" and s.flow.seat == "blue"          # blue rolled higher
    for seat in ("red", "blue"):
        for f in side(s, seat).field:
            assert f.face_up == (card_of(s, f.iid).kind != "trap")   # everything but Traps revealed
    assert card_of(s, side(s, "red").field[0].iid).id == "fox-night-raid" and side(s, "red").field[0].face_up


def test_battlefield_setup_who_starts_a_tie_rolls_again():
    s, _ = _dealt()
    s, _ = run(s, *[Discard(i) for i in side(s, "red").hand[:2]], Ready())
    s, _ = run(s, *[Discard(i) for i in side(s, "blue").hand[:2]], Ready())
    s2, ev = run(s, Measured({"faces": [4, 4]}))
    assert s2.flow.step == "roll" and "roll again" in ev[0].data["text"]
    with pytest.raises(IllegalAction):
        flow.apply(s, Measured({"faces": [7, 1]}))
    s3, _ = run(s2, Measured({"faces": [6, 1]}))
    assert s3.flow.seat == "red" and len(side(s3, "red").hand) == 10  # 7 + 3 (Night Raid, revealed: draw 3)


def _setup_table(field, hand=()):
    """Red's set-up deploy step on the table fixture's cards."""
    from dataclasses import replace
    s = table({"field": field, "hand": list(hand), "draw": ["fox-forage"] * 4}, {"draw": ["bdg-digger"] * 4})
    return replace(s, flow=replace(s.flow, phase="setup", step="deploy", seat="red", turn=0, priority=None))


def test_battlefield_setup_requirements_face_down_met_are_discarded_unmet_discard_the_card():
    s = _setup_table([], ["fox-den-mother", "fox-kit-scout", "fox-captain-rusty", "fox-burrow-nest"])
    assert SetupDeploy("red-01", ("red-02",)) in flow.legal_actions(s)
    s, _ = run(s, SetupDeploy("red-01", ("red-02",)), SetupDeploy("red-03", ("red-04",)))   # Rusty: 2 Troops, given a Position
    assert [f.requirement_of for f in side(s, "red").field] == [None, "red-01", None, "red-03"]
    s, _ = run(s, Ready(), Ready(), Measured({"faces": [5, 1]}))
    assert zone_of(s, "red-01") == "field" and zone_of(s, "red-02") == "discard"   # met: requirement discarded
    assert zone_of(s, "red-03") == "discard" and zone_of(s, "red-04") == "discard"  # unmet: the card discarded


def test_battlefield_setup_only_units_traps_turfs_new_rules():
    s = _setup_table([], ["fox-forage", "fox-bayonet", "fox-snare"])
    with pytest.raises(IllegalAction, match="set-up deploys"):
        flow.apply(s, SetupDeploy("red-01"))
    assert [a.card for a in flow.legal_actions(s) if isinstance(a, SetupDeploy)] == ["red-03"]


def test_your_turn_draw_two_when_the_turn_begins():
    s = table({"field": ["fox-kit-scout"]}, {"draw": ["bdg-digger"] * 5})
    s, ev = run(s, EndTurn())
    assert s.flow.seat == "blue" and len(side(s, "blue").hand) == 2 and len(side(s, "blue").draw) == 3
    drawn = [e for e in ev if e.kind == "drew"]
    assert len(drawn) == 2 and all(e.visible_to == ("blue",) for e in drawn)


def test_your_turn_empty_draw_pile_shuffles_the_discard_into_a_new_one():
    s = table({}, {"draw": ["bdg-digger"], "discard": ["bdg-tractor", "bdg-tank", "bdg-bunker"]})
    s, ev = run(s, EndTurn())
    blue = side(s, "blue")
    assert len(blue.hand) == 2 and len(blue.draw) == 2 and blue.discard == ()
    assert any(e.kind == "reshuffle" for e in ev)


def test_your_turn_hand_limit_at_the_end_of_the_turn_discarding_is_not_an_action():
    s = table({"hand": ["fox-forage"] * 9}, {"draw": ["bdg-digger"] * 4})
    s, _ = run(s, EndTurn())
    assert s.flow.step == "discard" and flow.whose(s) == "red"
    assert all(isinstance(a, Discard) for a in flow.legal_actions(s))
    s, _ = run(s, Discard("red-01"))
    assert s.flow.chain == () and s.flow.step == "discard"          # nothing was pushed: no response
    s, _ = run(s, Discard("red-02"))
    assert s.flow.seat == "blue" and len(side(s, "red").hand) == 7
