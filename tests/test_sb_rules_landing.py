"""Snowbirds rules: Landing, Flock & Health (Hunger over 4, birds lost), Special Situations (the
rest day, oversized hands) and Special Locations (Plentiful, Limited, Storms). House values:
North -> Delta Marsh is Distance 3, Risk 4, Hunger 2."""
from __future__ import annotations

import pytest

from feltbox.rules.core import IllegalAction, Measured
from feltbox.rules.snowbirds.actions import Fly, PlayFlight, PlayForage, PlayRest, RestDay
from tests.sb_fixtures import apply, at, legal_actions, pending, play, roll, texts

HAND = ("tailwind", "grit", "rice_paddy", "thermal", "jet_stream")   # flight 4,2,1,3,4; forage 1,1,3,1,1


def test_LANDING_moves_the_token_and_adds_the_journeys_hunger():
    s = roll(play(at(hand=HAND, hunger=1), PlayFlight("tailwind"), Fly()), 4, 4)
    assert s.data.position == 1 and s.data.hunger == 3                  # 1 + (1 + 1)


def test_HUNGER_over_4_loses_a_bird_per_point_and_stays_at_4():
    s, events = apply(play(at(hand=HAND, hunger=3), PlayFlight("tailwind"), Fly()), roll_faces(4, 4))
    assert (s.data.hunger, s.data.flock) == (4, 4)                       # 3 + 2 = 5: 1 over
    s = roll(play(at(hand=HAND, hunger=4), PlayFlight("tailwind"), PlayFlight("grit"), Fly()), 4, 4)
    assert (s.data.hunger, s.data.flock) == (4, 3)                       # 4 + 2 = 6: 2 over
    assert any("Hunger 5 is past 4: the flock loses 1 bird" in t for t in texts(events))


def roll_faces(*faces):
    return Measured({"faces": list(faces)})


def test_FLOCK_SIZE_is_the_hand_size_and_lost_birds_are_not_regained():
    s = roll(play(at(hand=HAND, hunger=3), PlayFlight("tailwind"), Fly()), 4, 4)
    assert s.data.flock == 4 and len(s.data.hand) == 4                   # 4 kept, nothing drawn


def test_OVERSIZED_HAND_is_kept_without_discard():
    hand = HAND + ("sandbar", "pond_weed")                              # 7 cards, flock 5
    s = roll(play(at(hand=hand, hunger=3), PlayFlight("tailwind"), Fly()), 4, 4)
    assert s.data.flock == 4 and len(s.data.hand) == 6                   # no discard, no draw
    assert len(s.data.pile) == 23


def test_REST_DAY_hunger_plus_1_when_drawing_back_to_a_full_hand():
    s = play(at(hand=("rice_paddy", "tailwind"), hunger=1), PlayForage("rice_paddy"))   # 1 - 3 -> -1
    route = s.data.route
    s, events = apply(s, RestDay())
    assert s.data.hunger == 0 and len(s.data.hand) == 5                  # -1 + 1; 1 + 4 drawn
    assert s.data.route == route and s.data.position == 0                # the same journey ahead
    assert s.flow.stage == "rest" and s.flow.day == 2 and s.flow.rest_days == 1
    assert texts(events)[0] == "the flock rests a day at North"


def test_REST_DAY_only_rest_and_forage_that_turn_and_only_pre_flight():
    s = play(at(hand=HAND, exhaustion=1), PlayRest("grit"))
    assert RestDay() in legal_actions(s)
    s = play(s, PlayFlight("tailwind"))
    assert RestDay() not in legal_actions(s)
    with pytest.raises(IllegalAction, match="before the flight"):
        apply(s, RestDay())


def test_REST_DAY_hunger_past_4_costs_a_bird():
    s = play(at(hand=HAND, hunger=4), RestDay())
    assert (s.data.hunger, s.data.flock) == (4, 4)


def test_PLENTIFUL_FOOD_plus_1_forage_once_if_any_forage_is_played():
    route = ("north", "prairie_potholes", "delta_marsh")               # the flock stands on Prairie Potholes
    s = play(at(route=route, position=1, hand=HAND + ("pond_weed",), hunger=4), PlayForage("pond_weed"))
    assert s.data.hunger == 1                                            # 4 - (2 + 1)
    s = play(s, PlayForage("grit"))
    assert s.data.hunger == 0                                            # 1 - 1: the bonus came once
    s = play(at(route=route, position=1, hand=HAND, hunger=4), PlayFlight("tailwind"), PlayFlight("grit"))
    assert s.data.hunger == 4                                            # no Forage card: no effect


def test_LIMITED_FOOD_max_forage_2_a_day_also_on_a_rest_day():
    route = ("north", "boreal_forest", "delta_marsh")
    s = play(at(route=route, position=1, hand=HAND + ("sedge_roots",), hunger=4), PlayForage("rice_paddy"))
    assert s.data.hunger == 2                                            # 3 played, 2 at most
    with pytest.raises(IllegalAction, match="food is limited at Boreal Forest"):
        apply(s, PlayForage("sedge_roots"))
    s = play(s, RestDay())                                               # Hunger 3; a new day
    s = play(s, PlayForage("sedge_roots"))
    assert s.data.hunger == 1                                            # 3 - 2 again


def test_STORMS_each_rest_or_forage_card_adds_1_risk_when_leaving():
    route = ("north", "cape_hatteras", "delta_marsh")                  # Risk 3 + 2 = 5
    s = at(route=route, position=1, hand=HAND, exhaustion=1, hunger=2)  # +1 Exhaustion
    s = play(s, PlayRest("grit"), PlayForage("rice_paddy"), PlayFlight("tailwind"), Fly())
    # Exhaustion 0 now: 5 + 0, two non-flight cards: +2
    assert pending(s).spec["risk"] == 7
    calm = play(at(route=("north", "chesapeake", "delta_marsh"), position=1, hand=HAND, exhaustion=1, hunger=2),
                PlayRest("grit"), PlayForage("rice_paddy"), PlayFlight("tailwind"), Fly())
    assert pending(calm).spec["risk"] == 5                               # 3 + 2, no storm


def test_STORMS_count_over_a_rest_day_at_the_same_location():
    route = ("north", "cape_hatteras", "delta_marsh")
    s = play(at(route=route, position=1, hand=HAND, hunger=3), PlayForage("rice_paddy"), RestDay())
    assert s.flow.storm == 1
    s = play(s, PlayFlight("tailwind"), Fly())
    assert pending(s).spec["risk"] == 6                                  # 5 + 1
