"""Snowbirds rules: Setup, Game Difficulty (set-up half), hidden order of the piles, JSON round
trip, and the engine wrapper (rules/engine.py) saving and loading a migration."""
from __future__ import annotations

from dataclasses import replace

import pytest

from feltbox.rules.core import Decision, Draw, IllegalAction, from_json, state_hash, to_json
from feltbox.rules.engine import Engine
from feltbox.rules.snowbirds import day
from feltbox.rules.snowbirds.actions import PlayFlight, RestDay
from feltbox.rules.snowbirds.data import tables
from feltbox.rules.snowbirds.flow import ACTIONS, PROMPTS, SnowbirdsGame, whose
from feltbox.rules.snowbirds.state import SBState, Setup
from tests.sb_fixtures import apply, legal_actions, new_game, pending


def test_SETUP_hand_of_5_pile_of_25_north_flipped_mat_at_0_0_5():
    s = new_game(Setup(), seed=7)
    assert len(s.data.hand) == 5 and len(s.data.pile) == 25               # 30 Action cards - 5
    assert set(s.data.hand) | set(s.data.pile) == set(tables().actions)
    assert s.data.route[0] == "north" and s.data.position == 0             # token on North
    assert len(s.data.route) == 2                                          # NEW DAY placed journey 1's card
    assert (s.data.exhaustion, s.data.hunger, s.data.flock) == (0, 0, 5)
    assert s.flow.stage == "rest" and isinstance(pending(s), Decision)
    assert pending(s).player == "flock" == whose(s)


def test_SETUP_nine_random_map_cards_between_north_and_south():
    s = new_game(Setup(), seed=3)
    for _ in range(9):                    # place the other 9 cards as NEW DAYs would
        s = day.place_map(s, [])
    route = s.data.route
    assert len(route) == 11 and route[0] == "north" and route[-1] == "south"   # 10 journeys
    middle = route[1:-1]
    assert len(set(middle)) == 9 and not {"north", "south"} & set(middle)


def test_SETUP_shuffles_are_seeded_and_the_pile_keeps_no_order():
    a, b, c = new_game(Setup(), 11), new_game(Setup(), 11), new_game(Setup(), 12)
    assert state_hash(a) == state_hash(b)
    assert (a.data.hand, a.data.route) != (c.data.hand, c.data.route)
    assert list(a.data.pile) == sorted(a.data.pile)       # nothing in a save says what comes next


def test_SETUP_the_routes_spread_over_the_pool():
    firsts = {new_game(Setup(), seed).data.route[1] for seed in range(60)}
    assert len(firsts) >= 10                               # 13 possible first cards


def test_GAME_DIFFICULTY_starts_with_1_exhaustion_and_2_hunger():
    s = new_game(Setup(difficult=True), seed=7)
    assert (s.data.exhaustion, s.data.hunger, s.data.flock) == (1, 2, 5)


def test_state_round_trips_through_json():
    s = new_game(Setup(difficult=True), seed=5)
    assert from_json(SBState, to_json(s)) == s


def test_actions_round_trip_and_prompts_cover_every_decision_stage():
    for name, cls in ACTIONS.items():
        assert cls.__name__ == name
    assert set(PROMPTS) == {"rest", "forage", "flight", "tenacity"}
    a = PlayFlight("tailwind")
    assert from_json(PlayFlight, to_json(a)) == a


def test_an_illegal_action_is_refused_with_a_reason_and_changes_nothing():
    s = new_game(Setup(), seed=2)
    before = state_hash(s)
    not_held = sorted(set(tables().actions) - set(s.data.hand))[0]
    with pytest.raises(IllegalAction, match="is not in your hand"):
        apply(s, PlayFlight(not_held))
    with pytest.raises(IllegalAction, match="not a Snowbirds action"):
        apply(s, Draw(("tailwind",)))
    assert state_hash(s) == before


def test_engine_saves_and_reloads_a_migration(tmp_path):
    e = Engine(SnowbirdsGame(), "snowbirds", 0, 4, ACTIONS)
    e.apply(legal_actions(e.state)[0])
    path = tmp_path / "sb.json"
    e.save(path)
    back = Engine.load(path, SnowbirdsGame(), "snowbirds", ACTIONS)
    assert back.hash() == e.hash()
    hard = Engine(SnowbirdsGame(), "snowbirds", 1, 4, ACTIONS)            # scenario 1 = difficult
    assert hard.state.setup.difficult and not e.state.setup.difficult


def test_a_draw_cannot_be_undone():
    """NEW DAY draws with the state's Rng, so the engine refuses to undo past it."""
    e = Engine(SnowbirdsGame(), "snowbirds", 0, 4, ACTIONS)
    s = replace(e.state, data=replace(e.state.data, hand=e.state.data.hand[:4]))
    e.state = s
    e.apply(RestDay())                    # draws a card: revealed
    assert not e.can_undo()
