"""``feltbox bench``, Tails and Tactics' speed (issue 16): whole bot games headless (the rules and
the bot, rules/tails_and_tactics/playout.py) and the time of one rules ``apply``, with their
targets (a game <= 5 s, apply <= 1 ms median). Timings live here, never in timed tests."""
from __future__ import annotations

import statistics
import time

from feltbox.rules.core import Measured
from feltbox.rules.tails_and_tactics import bot, flow, playout

TARGETS = {"game_s": 5.0, "apply_ms_median": 1.0}


def bench_tails_and_tactics(games: int = 10) -> dict:
    results = [playout.play(seed) for seed in range(1, games + 1)]
    applies = []
    for seed in (1, 2):
        state = flow.new_game(playout.setup_for(seed), seed)
        while state.flow.phase != "over":
            action = Measured({"faces": [6, 1]}) if state.flow.step == "roll" else bot.choose(state)
            t = time.perf_counter()
            state, _ = flow.apply(state, action)
            applies.append((time.perf_counter() - t) * 1e3)
    return {"games": games, "game_s_median": round(statistics.median(r.seconds for r in results), 3),
            "game_s_max": round(max(r.seconds for r in results), 3),
            "apply_ms_median": round(statistics.median(applies), 4),
            "apply_ms_p95": round(sorted(applies)[int(0.95 * len(applies))], 4),
            "applies": len(applies), "targets": TARGETS}
