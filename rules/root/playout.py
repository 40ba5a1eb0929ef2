"""A bot-against-bot game from a seed to the end (rules only: the dice are drawn from the state's
own Rng with the data's d12 faces, standing in for the physics tray the felt will use).

``python -m feltbox.rules.root.playout --seeds 200`` prints the tally: wins per faction, games
ended at 30 VP against the round limit, seconds per game and the median ``apply`` time."""
from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass, field

from feltbox.rules.core import GameOver, Measured, PhysicsRequest, Rng
from feltbox.rules.root import bots
from feltbox.rules.root.data import tables
from feltbox.rules.root.flow import apply, new_game, pending

MAX_STEPS = 20000


@dataclass
class Result:
    seed: int
    winners: tuple[str, ...]
    reason: str
    score: dict
    rounds: int
    steps: int
    seconds: float
    apply_times: list[float] = field(default_factory=list)

    @property
    def by_score(self) -> bool:
        return "VP" in self.reason and "round limit" not in self.reason


def throw(dice_rng: Rng) -> tuple[list[int], Rng]:
    faces = tables().game["die_faces"]
    out = []
    for _ in range(2):
        i, dice_rng = dice_rng.below(len(faces))
        out.append(faces[i])
    return out, dice_rng


def play(seed: int, timed: bool = False) -> Result:
    start = time.perf_counter()
    state = new_game(seed)
    dice = Rng(seed ^ 0x5EED)
    times: list[float] = []
    for steps in range(MAX_STEPS):
        p = pending(state)
        if isinstance(p, GameOver):
            return Result(seed, p.winners, p.reason, dict(state.data.score), state.flow.round, steps,
                          time.perf_counter() - start, times)
        if isinstance(p, PhysicsRequest):
            faces, dice = throw(dice)
            action = Measured({"faces": faces})
        else:
            action = bots.choose(state)
        t0 = time.perf_counter() if timed else 0.0
        state, _ = apply(state, action)
        if timed:
            times.append(time.perf_counter() - t0)
    raise RuntimeError(f"seed {seed}: no end after {MAX_STEPS} steps")


def tally(results: list[Result]) -> dict:
    n = len(results)
    wins = {s: sum(1 for r in results if r.winners == (s,)) for s in ("duchy", "corvids")}
    applies = [t for r in results for t in r.apply_times]
    return {"games": n, "wins": wins, "draws": n - sum(wins.values()),
            "by_30": sum(1 for r in results if r.by_score), "by_limit": sum(1 for r in results if not r.by_score),
            "seconds_mean": statistics.fmean(r.seconds for r in results),
            "seconds_max": max(r.seconds for r in results),
            "apply_median_ms": statistics.median(applies) * 1000 if applies else 0.0,
            "apply_p95_ms": sorted(applies)[int(len(applies) * 0.95)] * 1000 if applies else 0.0,
            "apply_max_ms": max(applies) * 1000 if applies else 0.0,
            "rounds_mean": statistics.fmean(r.rounds for r in results)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Root bot-against-bot games")
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--first", type=int, default=0)
    args = parser.parse_args(argv)
    results = [play(s, timed=True) for s in range(args.first, args.first + args.seeds)]
    for key, value in tally(results).items():
        print(f"{key}: {value}")


if __name__ == "__main__":
    main()
