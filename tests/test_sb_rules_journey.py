"""Snowbirds rules: Actions & Play Order (NEW DAY, REST, FORAGE, FLIGHT, VIGOR, TENACITY), Risk &
Dice, Flock & Health's modifiers. The journey in most tests is North -> Delta Marsh (house values):
Distance 1+2 = 3, Risk 2+2 = 4, Hunger 1+1 = 2."""
from __future__ import annotations

import pytest

from feltbox.rules.core import GameOver, IllegalAction, Measured, PhysicsRequest
from feltbox.rules.snowbirds.actions import AcceptFailure, Fly, PlayFlight, PlayForage, PlayRest, PlayTenacity, RestDay
from tests.sb_fixtures import apply, at, legal_actions, pending, play, roll, texts

HAND = ("tailwind", "grit", "rice_paddy", "thermal", "jet_stream")   # flight 4,2,1,3,4; forage 1,1,3,1,1


def test_NEW_DAY_draws_up_to_the_flock_and_places_the_next_map_card():
    s = at(hand=("tailwind",))
    s = play(s, PlayFlight("tailwind"), Fly())            # 4 >= Distance 3
    s, events = apply(s, roll_action(6, 6))               # 12 >= Risk 4: lands
    assert s.data.position == 1 and len(s.data.route) == 3     # a new map card: journey 2 ahead
    assert len(s.data.hand) == 5 and len(s.data.pile) == 24    # 0 in hand + 5 drawn
    assert s.flow.stage == "rest" and s.flow.flight == 0
    assert any(t.startswith("drew ") for t in texts(events))
    assert any(t.startswith("journey 2: Delta Marsh to ") for t in texts(events))


def roll_action(*faces):
    return Measured({"faces": list(faces)})


def test_REST_face_down_removes_1_exhaustion_and_is_kept_apart():
    s = play(at(hand=HAND, exhaustion=2), PlayRest("rice_paddy"))
    assert s.data.exhaustion == 1 and s.data.rested == ("rice_paddy",) and "rice_paddy" not in s.data.gone
    with pytest.raises(IllegalAction, match="not exhausted"):
        apply(at(hand=HAND, exhaustion=0), PlayRest("grit"))


def test_REST_comes_first_in_the_play_order():
    s = play(at(hand=HAND, exhaustion=2, hunger=2), PlayForage("rice_paddy"))
    with pytest.raises(IllegalAction, match="Rest comes first"):
        apply(s, PlayRest("grit"))


def test_FORAGE_decreases_hunger_before_the_flight():
    s = play(at(hand=HAND, hunger=3), PlayForage("rice_paddy"))    # 3 - 3 = 0
    assert s.data.hunger == 0 and s.data.gone == ("rice_paddy",)
    s = play(at(hand=HAND, hunger=3), PlayFlight("tailwind"))
    with pytest.raises(IllegalAction, match="birds must eat before their flight"):
        apply(s, PlayForage("rice_paddy"))


def test_FORAGE_gorge_to_minus_1_and_no_lower():
    s = play(at(hand=HAND, hunger=1), PlayForage("rice_paddy"))    # 1 - 3 = -2 -> -1 (gorged)
    assert s.data.hunger == -1
    with pytest.raises(IllegalAction, match="already gorged"):
        apply(s, PlayForage("grit"))


def test_FLOCK_AND_HEALTH_hunger_modifier_lengthens_or_shortens_the_distance():
    # Hunger 4: Distance 3 + 2 = 5; Tailwind 4 is short, Tailwind + Grit 6 is enough
    s = play(at(hand=HAND, hunger=4), PlayFlight("tailwind"))
    assert Fly() not in legal_actions(s)
    with pytest.raises(IllegalAction, match="short of the Distance of 5"):
        apply(s, Fly())
    assert Fly() in legal_actions(play(s, PlayFlight("grit")))
    # gorged (-1): Distance 3 - 1 = 2; Grit's 2 is enough
    assert Fly() in legal_actions(play(at(hand=HAND, hunger=-1), PlayFlight("grit")))
    assert Fly() not in legal_actions(play(at(hand=HAND, hunger=0), PlayFlight("grit")))


def test_FLIGHT_must_meet_the_distance_and_excess_is_wasted():
    s = play(at(hand=HAND), PlayFlight("grit"))                  # 2 of 3
    assert Fly() not in legal_actions(s)
    s = play(s, PlayFlight("tailwind"))                          # 6 of 3: 3 wasted
    assert s.flow.flight == 6 and Fly() in legal_actions(s)
    with pytest.raises(IllegalAction, match="already covers the Distance of 3"):
        apply(s, PlayFlight("thermal"))
    s = roll(play(s, Fly()), 5, 5)
    assert s.flow.flight == 0                                    # nothing carried to journey 2


def test_FLIGHT_refused_when_the_hand_cannot_reach_the_distance():
    s = at(hand=("rice_paddy", "grit"), hunger=4)                 # reach 3 < 3 + 2
    with pytest.raises(IllegalAction, match="forage first or take a rest day"):
        apply(s, PlayFlight("grit"))


def test_VIGOR_two_dice_from_the_physics_tray_against_risk():
    s = play(at(hand=HAND), PlayFlight("tailwind"), Fly())
    p = pending(s)
    assert p == PhysicsRequest("roll", {"dice": 2, "why": "vigor", "player": "flock", "risk": 4})
    assert legal_actions(s) == []
    with pytest.raises(IllegalAction, match="faces are awaited"):
        apply(s, PlayFlight("grit"))
    with pytest.raises(IllegalAction, match="2 dice were rolled, 1 faces"):
        apply(s, roll_action(4))
    with pytest.raises(IllegalAction, match="1 to 6"):
        apply(s, roll_action(7, 1))
    assert roll(s, 2, 2).data.position == 1                      # 4 meets Risk 4
    failed = roll(s, 1, 2)                                       # 3 < 4
    assert failed.data.position == 0 and failed.flow.stage == "tenacity"


def test_TENACITY_pips_replace_a_die():
    s = roll(play(at(hand=HAND), PlayFlight("tailwind"), Fly()), 1, 2)
    s, events = apply(s, PlayTenacity("thermal", 0))             # Thermal's 6 replaces the 1: 6+2 = 8 >= 4
    assert s.data.position == 1 and "thermal" in s.data.gone
    assert "tenacity: Thermal turns the 1 into a 6" in texts(events)


def test_TENACITY_pips_that_do_not_raise_the_die_are_refused():
    s = roll(play(at(hand=HAND), PlayFlight("thermal"), Fly()), 3, 1)
    assert s.data.position == 1                                            # 3+1 = 4 meets Risk 4: landed
    s = roll(play(at(hand=HAND, exhaustion=1), PlayFlight("thermal"), Fly()), 3, 1)   # 4 < Risk 5
    with pytest.raises(IllegalAction, match="would not raise the die showing 3"):
        apply(s, PlayTenacity("tailwind", 0))                              # Tailwind's 3 on a 3
    assert PlayTenacity("tailwind", 0) not in legal_actions(s)
    assert PlayTenacity("tailwind", 1) in legal_actions(s)                 # 3 on the 1: 3+3 = 6 >= 5


def test_TENACITY_R_re_rolls_one_die_through_the_tray():
    s = roll(play(at(hand=HAND), PlayFlight("tailwind"), Fly()), 1, 2)
    s = play(s, PlayTenacity("jet_stream", 0))                   # Jet Stream: R
    assert pending(s) == PhysicsRequest("roll", {"dice": 1, "why": "tenacity", "player": "flock", "die": 0, "risk": 4})
    with pytest.raises(IllegalAction, match="1 dice were rolled, 2 faces"):
        apply(s, roll_action(3, 3))
    again = roll(s, 1)                                           # 1+2 = 3: still short
    assert again.flow.stage == "tenacity" and again.flow.dice == (1, 2)
    assert roll(s, 5).data.position == 1                         # 5+2 = 7 >= 4


def test_RISK_AND_DICE_accepting_a_failure_adds_1_exhaustion_and_still_lands():
    s = roll(play(at(hand=HAND), PlayFlight("tailwind"), Fly()), 1, 1)
    s = play(s, AcceptFailure())
    assert s.data.exhaustion == 1 and s.data.position == 1 and s.data.flock == 5


def test_RISK_AND_DICE_a_failure_at_2_exhaustion_costs_a_bird():
    s = roll(play(at(hand=HAND, exhaustion=2), PlayFlight("tailwind"), Fly()), 1, 1)
    s, events = apply(s, AcceptFailure())
    assert (s.data.exhaustion, s.data.flock) == (2, 4)
    assert any("the flock loses 1 bird (4 left)" in t for t in texts(events))


def test_EXHAUSTION_modifier_raises_the_risk():
    # Exhaustion 2: Risk 4 + 2 = 6; a 5 fails where it would pass fresh
    s = play(at(hand=HAND, exhaustion=2), PlayFlight("tailwind"), Fly())
    assert pending(s).spec["risk"] == 6
    assert roll(s, 3, 2).flow.stage == "tenacity"
    assert roll(play(at(hand=HAND, exhaustion=1), PlayFlight("tailwind"), Fly()), 3, 2).data.position == 1  # 5 >= 5


def test_ACTIONS_one_use_each_a_card_played_is_gone():
    s = play(at(hand=HAND, exhaustion=1, hunger=2), PlayRest("grit"), PlayForage("rice_paddy"),
             PlayFlight("tailwind"), Fly())
    assert set(s.data.hand) == {"thermal", "jet_stream"}
    assert s.data.gone == ("rice_paddy", "tailwind") and s.data.rested == ("grit",)


def test_actions_refused_after_the_game_is_over():
    s = at(route=("north", "delta_marsh"), hand=("rice_paddy",), exhaustion=1, pile=())
    s, _ = apply(s, PlayRest("rice_paddy"))                      # nothing left: failure
    assert isinstance(pending(s), GameOver)
    with pytest.raises(IllegalAction, match="over"):
        apply(s, RestDay())
