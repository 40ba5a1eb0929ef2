"""Consistency of the Tail Feathers rules (OpenSpiel-style): seeded random legal playouts with
synthetic dice faces and feather landings (flights through the house geometry stand-in); at every
step the state survives a JSON round trip and a refused action leaves it untouched; the action log
replayed from the seed rebuilds the same state hashes."""
from __future__ import annotations

import random

import pytest

from feltbox.rules.core import GameOver, IllegalAction, Measured, PhysicsRequest, from_json, state_hash, to_json
from feltbox.rules.engine import Engine
from feltbox.rules.tailfeathers import data as tables
from feltbox.rules.tailfeathers.activation import EndActivation, Pass
from feltbox.rules.tailfeathers.flow import ACTIONS, TailFeathersGame
from feltbox.rules.tailfeathers.phases import Bid
from feltbox.rules.tailfeathers.state import TFState
from tests.tf_fixtures import setup

FACES = sorted(tables.faces())
HANDS = (("mouse", ("tailwind", "preen", "rally", "bullseye", "scrounge", "build_ballista", "sprint")),
         ("rat", ("dive", "rook_bash", "stab", "battle_cry", "rations", "douse", "build_ballista")))
ALL = ("action_cards", "structures", "foraging", "tail_feathers", "death_spirals", "leaves")


def outcome(request: PhysicsRequest, rng: random.Random) -> Measured:
    if request.kind == "roll":
        return Measured({"faces": [rng.choice(FACES) for _ in range(request.spec["dice"])]})
    return Measured({"landed": [[rng.uniform(0, 100), rng.uniform(0, 100), rng.uniform(0, 360)]
                                for _ in range(request.spec["count"])]})


@pytest.mark.parametrize("seed,rules", [(1, ()), (2, ALL), (3, ALL), (4, ("tail_feathers", "death_spirals"))])
def test_random_playouts_stay_consistent(seed, rules):
    game = TailFeathersGame(setup(rules, hands=HANDS, grudges=("aerijin", "grizzard") if rules else ()))
    engine = Engine(game, "tailfeathers", 1, seed=seed, action_types=ACTIONS)
    rng = random.Random(seed)
    hashes = [engine.hash()]
    kinds = set()
    for step in range(500):
        check = step % 8 == 0                    # the JSON checks are the slow part
        state = engine.state
        p = game.pending(state)
        if isinstance(p, GameOver):
            break
        if isinstance(p, PhysicsRequest):
            action = outcome(p, rng)
            wrong = Bid(0) if state.flow.waiting != "bid" else EndActivation()
        else:
            legal = game.legal_actions(state)
            assert legal, f"no legal action while waiting for {state.flow.waiting}"
            action = rng.choice(legal)
            wrong = Measured({"faces": ["bow"]}) if not state.flow.roll else Pass()
            if wrong in legal:
                wrong = None
        if wrong is not None:                    # a refused action leaves the state untouched
            before = state_hash(state) if check else None
            with pytest.raises(IllegalAction):
                game.apply(state, wrong)
            assert engine.state is state and (not check or state_hash(state) == before)
        engine.apply(action)
        kinds.add(type(action).__name__)
        if check:
            assert from_json(TFState, to_json(engine.state)) == engine.state
        hashes.append(engine.hash() if check else None)
    assert {"Activate", "Measured", "ChooseMission", "Bid"} <= kinds
    saved = engine.to_json()
    replay = Engine(game, "tailfeathers", 1, seed=seed, action_types=ACTIONS)
    rebuilt = [replay.hash()]
    for entry in saved["actions"]:
        replay.apply(from_json(ACTIONS[entry["type"]], entry["data"]))
        rebuilt.append(replay.hash() if len(rebuilt) % 8 == 1 or len(rebuilt) == 1 else None)
    assert [h for h in rebuilt if h] == [h for h in hashes if h] and len(rebuilt) == len(hashes)
    assert replay.hash() == engine.hash()


@pytest.mark.parametrize("scene", ["show_of_force", "glade_crossing"])
def test_random_playouts_on_the_scene_battlefields(scene):
    """The same checks on the scenes' battlefields (the bridge's Battlefield, real geometry)."""
    from feltbox.rules.tailfeathers.state import Setup
    from feltbox.scenes.loader import load_tailfeathers
    from feltbox.scenes.tailfeathers.battlefield import battlefield_from_scene
    from tests.tf_fixtures import UNITS
    game = TailFeathersGame(Setup(battlefield_from_scene(load_tailfeathers(scene)), UNITS, "mouse",
                                  rules=ALL, hands=HANDS))
    engine = Engine(game, "tailfeathers", 1, seed=5, action_types=ACTIONS)
    rng = random.Random(5)
    for _ in range(300):
        p = game.pending(engine.state)
        if isinstance(p, GameOver):
            break
        engine.apply(outcome(p, rng) if isinstance(p, PhysicsRequest) else rng.choice(game.legal_actions(engine.state)))
    assert from_json(TFState, to_json(engine.state)) == engine.state
    replay = Engine(game, "tailfeathers", 1, seed=5, action_types=ACTIONS)
    for entry in engine.to_json()["actions"]:
        replay.apply(from_json(ACTIONS[entry["type"]], entry["data"]))
    assert replay.hash() == engine.hash()
