"""The engine contract (rules/core.py, rules/engine.py): pure apply, rejected actions leave the
state untouched, randomness in the state, JSON round trips, undo stops at revealed information,
atomic saves that replay to the same state. Exercised through a two-player race fixture."""
from __future__ import annotations

import json
from dataclasses import dataclass, replace

import pytest

from feltbox.rules.core import ChanceRequest, Decision, Event, GameOver, IllegalAction, Rng, Roll, from_json, state_hash, to_json
from feltbox.rules.engine import Engine, SaveError


@dataclass(frozen=True)
class Flow:
    turn: int = 0
    rolled: int = 0            # 0: the die must be rolled


@dataclass(frozen=True)
class RaceState:
    positions: tuple[int, ...]
    flow: Flow
    rng: Rng


@dataclass(frozen=True)
class Move:
    steps: int


class Race:
    """Fixture game: roll a die, then move 1..rolled squares; first to 10 wins."""

    def new_game(self, scenario: int, seed: int) -> RaceState:
        return RaceState((0, 0), Flow(), Rng(seed))

    def pending(self, state: RaceState):
        if max(state.positions) >= 10:
            return GameOver((f"p{state.positions.index(max(state.positions))}",), "reached 10")
        if not state.flow.rolled:
            return ChanceRequest("roll", {"dice": 1})
        return Decision(f"p{state.flow.turn}", "move")

    def legal_actions(self, state: RaceState):
        return [Move(k) for k in range(1, state.flow.rolled + 1)] if state.flow.rolled else []

    def apply(self, state: RaceState, action):
        if isinstance(action, Roll):
            if state.flow.rolled:
                raise IllegalAction("the die is already rolled")
            return replace(state, flow=replace(state.flow, rolled=action.faces[0])), [Event("rolled", {"face": action.faces[0]})]
        if not isinstance(action, Move) or action not in self.legal_actions(state):
            raise IllegalAction(f"{action} is not legal now")
        pos = list(state.positions)
        pos[state.flow.turn] += action.steps
        flow = Flow(turn=1 - state.flow.turn)
        return RaceState(tuple(pos), flow, state.rng), [Event("moved", {"steps": action.steps})]


ACTIONS = {"Roll": Roll, "Move": Move}


def _draws(seed: int, n: int) -> list[int]:
    values, rng = [], Rng(seed)
    for _ in range(n):
        value, rng = rng.below(6)
        values.append(value)
    return values


def test_rng_is_deterministic_unbiased_and_lives_in_the_state():
    values = _draws(7, 6000)
    assert values == _draws(7, 6000) and values != _draws(8, 6000)
    assert all(900 < values.count(k) < 1100 for k in range(6))
    shuffled, _ = Rng(7).shuffled(tuple(range(10)))
    assert sorted(shuffled) == list(range(10)) and shuffled != tuple(range(10))
    with pytest.raises(ValueError):
        Rng(1).below(0)


def test_state_json_round_trip_and_hash():
    state = RaceState((3, 4), Flow(1, 5), Rng(99))
    data = json.loads(json.dumps(to_json(state)))
    assert from_json(RaceState, data) == state
    assert state_hash(state) == state_hash(from_json(RaceState, data))
    assert state_hash(state) != state_hash(replace(state, positions=(4, 3)))


def test_rejected_action_leaves_the_state_untouched():
    engine = Engine(Race(), "race", 1, 5, ACTIONS)
    before, h = engine.state, engine.hash()
    with pytest.raises(IllegalAction, match="not legal"):
        engine.apply(Move(3))                  # the die is not rolled yet
    assert engine.state is before and engine.hash() == h and engine.history == []


def test_undo_goes_back_but_never_past_a_roll():
    engine = Engine(Race(), "race", 1, 5, ACTIONS)
    engine.apply(Roll((4,)))
    assert not engine.can_undo()
    with pytest.raises(IllegalAction, match="revealed"):
        engine.undo()
    after_roll = engine.hash()
    engine.apply(Move(2))
    assert engine.can_undo()
    assert engine.undo() == Move(2) and engine.hash() == after_roll


def test_save_is_atomic_and_load_replays_to_the_same_state(tmp_path):
    engine = Engine(Race(), "race", 1, 5, ACTIONS)
    for action in (Roll((6,)), Move(6), Roll((3,)), Move(1)):
        engine.apply(action)
    path = tmp_path / "game.json"
    engine.save(path)
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]
    loaded = Engine.load(path, Race(), "race", ACTIONS)
    assert loaded.hash() == engine.hash() and loaded.state == engine.state
    data = json.loads(path.read_text())
    data["actions"][1]["data"]["steps"] = 9     # tampered: not legal after rolling a 6
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="action 1 \\(Move\\) is refused"):
        Engine.load(path, Race(), "race", ACTIONS)
    path.write_text("{ broken")
    with pytest.raises(SaveError, match="cannot read save"):
        Engine.load(path, Race(), "race", ACTIONS)


def test_hidden_event_data_is_only_seen_by_its_players():
    event = Event("took token", {"token": "key"}, visible_to=("p1",))
    assert event.seen_by("p1").data == {"token": "key"}
    assert event.seen_by("p2").data == {} and event.seen_by("p2").kind == "took token"
