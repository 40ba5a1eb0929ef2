"""Play whole Snowbirds migrations at rules level, the dice drawn from a seeded numpy RNG.

ONLY for tuning the house cards and for tests: the real game throws two physical dice in the
tray (the bridge answers the rules' PhysicsRequest("roll") with the faces it reads). ``play``
returns the outcome of one migration; ``measure`` a success rate over many seeds. Run
``python -m feltbox.game.snowbirds.simulate [--seeds 1000] [--difficult] [--random]``."""
from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass

import numpy as np

from feltbox.game.snowbirds.bot import SBBot
from feltbox.game.snowbirds.random_player import RandomPlayer
from feltbox.rules.core import GameOver, IllegalAction, Measured, PhysicsRequest
from feltbox.rules.snowbirds.flow import apply, legal_actions, new_game, pending
from feltbox.rules.snowbirds.state import Setup

MAX_STEPS = 1000        # a migration takes about 40-60 actions; a bound, not a limit


@dataclass(frozen=True)
class Outcome:
    seed: int
    success: bool
    score: int
    journeys: int       # journeys completed (10 = the South)
    steps: int
    reasons: tuple[str, ...] = ()


def play(seed: int, player, difficult: bool = False, explain: bool = False) -> Outcome:
    """One migration: ``player.decide(legal, state)`` chooses; dice from numpy seeded with ``seed``."""
    dice = np.random.default_rng(seed)
    state = new_game(Setup(difficult=difficult), seed)
    reasons = []
    for step in range(MAX_STEPS):
        p = pending(state)
        if isinstance(p, GameOver):
            return Outcome(seed, state.flow.success, state.flow.score, state.data.position, step, tuple(reasons))
        if isinstance(p, PhysicsRequest):
            action = Measured({"faces": [int(x) for x in dice.integers(1, 7, size=p.spec["dice"])]})
        else:
            legal = legal_actions(state)
            action = player.decide(legal, state)
            if action not in legal:
                raise IllegalAction(f"the player chose {action}, not among the legal actions")
            if explain:
                reasons.append(getattr(player, "reason", ""))
        state, _ = apply(state, action)
    raise RuntimeError(f"seed {seed}: no end after {MAX_STEPS} actions")


def measure(make_player, seeds: range, difficult: bool = False) -> dict:
    start = time.perf_counter()
    outcomes = [play(s, make_player(s), difficult) for s in seeds]
    took = time.perf_counter() - start
    wins = [o for o in outcomes if o.success]
    return {"games": len(outcomes), "success_rate": len(wins) / len(outcomes),
            "mean_score": float(np.mean([o.score for o in wins])) if wins else None,
            "mean_journeys": float(np.mean([o.journeys for o in outcomes])),
            "seconds_per_game": took / len(outcomes)}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=1000)
    ap.add_argument("--difficult", action="store_true")
    ap.add_argument("--random", action="store_true")
    a = ap.parse_args(argv)
    make = (lambda s: RandomPlayer(s)) if a.random else (lambda s: SBBot())
    print(json.dumps(measure(make, range(a.seeds), a.difficult)))


if __name__ == "__main__":
    main()
