"""Snowbirds rules: Success or Failure? (both ways to fail), Scoring (the rulebook's worked
example, the -12 per incomplete journey estimate), Final Score (the four bands), Game Difficulty
(the flock doubled at scoring)."""
from __future__ import annotations

from dataclasses import replace

from feltbox.rules.core import GameOver
from feltbox.rules.snowbirds.actions import AcceptFailure, Fly, PlayFlight, PlayRest, RestDay
from feltbox.rules.snowbirds.scoring import band, score
from tests.sb_fixtures import at, legal_actions, pending, play, roll

ROUTE = ("north", "hudson_bay", "james_bay", "great_lakes", "mississippi", "platte_river", "appalachians",
         "chesapeake", "ozark_plateau", "delta_marsh", "south")          # Delta Marsh -> South: Distance 3, Risk 4


def test_SUCCESS_any_bird_reaching_the_south():
    s = at(route=ROUTE, position=9, hand=("tailwind", "grit"), pile=(), flock=1)
    s = roll(play(s, PlayFlight("tailwind"), Fly()), 3, 3)
    over = pending(s)
    assert isinstance(over, GameOver) and over.winners == ("flock",)
    assert s.flow.success and s.data.position == 10
    # Grit's 2 unspent + 1 bird - 0 - Hunger 2 (0 + 1 + 1) - 0 rested = 1
    assert s.flow.score == 1 and "migration successful" in over.reason and "Good attempt" in over.reason


def test_FAILURE_1_all_birds_die():
    s = roll(play(at(hand=("tailwind",), exhaustion=2, flock=1), PlayFlight("tailwind"), Fly()), 1, 1)
    s = play(s, AcceptFailure())                                         # at 2 Exhaustion: the last bird
    over = pending(s)
    assert isinstance(over, GameOver) and over.winners == () and "all the birds died" in over.reason
    assert s.data.flock == 0 and not s.flow.success


def test_FAILURE_1_hunger_can_kill_the_last_bird_on_a_rest_day():
    s = play(at(hand=("grit",), hunger=4, flock=1), RestDay())
    assert isinstance(pending(s), GameOver) and s.data.flock == 0


def test_FAILURE_2_all_action_cards_spent():
    s = at(hand=("tailwind",), pile=())
    s = roll(play(s, PlayFlight("tailwind"), Fly()), 6, 6)              # lands with nothing left
    over = pending(s)
    assert isinstance(over, GameOver) and over.winners == ()
    assert "all the Action cards are spent" in over.reason
    # estimate: 0 unspent + 5 birds - 0 - Hunger 2 - 0 rested - 12 x 9 incomplete = -105
    assert s.flow.score == -105


def test_FAILURE_2_insufficient_flight_cards_for_the_next_journey():
    # Pond Weed rested, Rice Paddy (flight 1) alone cannot make Distance 3, and eaten (Hunger -1,
    # Distance 2) it flies nothing; the pile is empty, so a rest day would draw nothing.
    s = at(hand=("rice_paddy", "pond_weed"), exhaustion=1, pile=())
    s = play(s, PlayRest("pond_weed"))
    over = pending(s)
    assert isinstance(over, GameOver) and "cannot make the next journey" in over.reason


def test_FAILURE_2_not_yet_while_a_rest_day_can_draw():
    s = play(at(hand=("rice_paddy", "pond_weed"), exhaustion=1), PlayRest("pond_weed"))
    assert not isinstance(pending(s), GameOver) and RestDay() in legal_actions(s)


def test_FAILURE_2_a_split_between_forage_and_flight_still_counts():
    # Hunger 4: Distance 3 + 2 = 5. Tailwind + Rice Paddy fly 4 + 1 = 5: not stuck. Grit + Rice
    # Paddy fly 3 < 5; Rice Paddy eaten: Hunger 1, Distance 3 > Grit's 2; Grit eaten: Hunger 3,
    # Distance 4 > 1: no split works and the pile is empty: stuck.
    assert not isinstance(pending(play(at(hand=("tailwind", "rice_paddy", "pond_weed"), hunger=4, exhaustion=1,
                                          pile=()), PlayRest("pond_weed"))), GameOver)
    stuck = play(at(hand=("grit", "rice_paddy", "pond_weed"), hunger=4, exhaustion=1, pile=()), PlayRest("pond_weed"))
    assert isinstance(pending(stuck), GameOver)


def _example(position=10, difficult=False):
    """The rulebook's example: unspent Distance 4 (Tailwind), 5 birds, Exhaustion 1, Hunger 1, 3
    face-down Rest cards."""
    s = at(hand=("tailwind",), pile=(), flock=5, exhaustion=1, hunger=1, difficult=difficult,
           rested=("grit", "rice_paddy", "thermal"))
    return replace(s, data=replace(s.data, position=position))


def test_SCORING_the_rulebooks_worked_example():
    s = score(_example())
    # 4 + 5 - 2 x 1 - 1 - 3 = 3
    assert (s.distance, s.flock, s.exhaustion, s.hunger, s.rested, s.total) == (4, 5, 2, 1, 3, 3)


def test_SCORING_unspent_cards_include_the_undrawn_pile():
    s = at(hand=("tailwind",), pile=("grit", "rice_paddy"))
    assert score(replace(s, data=replace(s.data, position=10))).distance == 4 + 2 + 1


def test_SCORING_estimate_minus_12_per_incomplete_journey():
    assert score(_example(position=7)).total == 3 - 12 * 3               # 3 journeys short: -33


def test_FINAL_SCORE_bands():
    assert band(-1).startswith("Look, you made it")
    assert band(0).startswith("Good attempt") and band(4).startswith("Good attempt")
    assert band(5).startswith("Great work") and band(9).startswith("Great work")
    assert band(10).startswith("Excellent flying") and band(25).startswith("Excellent flying")


def test_GAME_DIFFICULTY_doubles_the_flock_at_scoring():
    assert score(_example(difficult=True)).total == 4 + 2 * 5 - 2 - 1 - 3   # 8
