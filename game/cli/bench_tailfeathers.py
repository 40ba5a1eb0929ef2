"""``feltbox bench``, Tail Feathers' rest poses: a whole Show of Force bot battle with every figure's
rest pose computed once per model (game/tailfeathers/table.py ``standing_pose``, ``space_slots``)
against the same battle recomputing them after each action as before (``table.CACHED = False``:
``city.rest_pose`` and ``shapes.slots``), side by side in one run.

The two are interleaved (uncached, cached, uncached, cached...) after one warm-up battle, so a
change of load on the machine falls on both alike; the result gives each one's median wall time,
the speed-up of the medians, every repetition, the load average before and after, and checks that
both battles end alike (same result, same state hash: the cache changes no pose by a single bit).
Target: speed-up >= 2.

``python -m feltbox.game.cli.bench_tailfeathers [REPS]`` prints the JSON.
"""
from __future__ import annotations

import json
import os
import statistics
import sys
import time

from feltbox.game.games import play_headless
from feltbox.game.tailfeathers import table
from feltbox.scenes.loader import load_tailfeathers

SEED = 1
TARGET = 2.0


def _battle(scene, cached: bool) -> tuple[float, str, str]:
    table.CACHED = cached
    try:
        start = time.perf_counter()
        result = play_headless(scene, seed=SEED)
        return time.perf_counter() - start, result.result, result.state_hash
    finally:
        table.CACHED = True


def pose_cache_bench(reps: int = 5) -> dict:
    """Median wall seconds of a Show of Force bot battle, uncached and cached, interleaved."""
    scene = load_tailfeathers("show_of_force")
    load_before = os.getloadavg()
    _battle(scene, True)                             # warm-up: models built, imports done
    runs: dict[bool, list[float]] = {False: [], True: []}
    ends = set()
    for _ in range(reps):
        for cached in (False, True):
            wall, result, hashed = _battle(scene, cached)
            runs[cached].append(wall)
            ends.add((result, hashed))
    if len(ends) != 1:
        raise RuntimeError(f"the cached and uncached battles ended differently: {sorted(ends)}")
    slow, fast = statistics.median(runs[False]), statistics.median(runs[True])
    (result, hashed), = ends
    return {"scene": "show_of_force", "seed": SEED, "reps": reps, "result": result, "state_hash": hashed,
            "uncached_s_median": round(slow, 3), "cached_s_median": round(fast, 3),
            "speedup": round(slow / fast, 2), "target_speedup": TARGET,
            "uncached_s": [round(t, 3) for t in runs[False]], "cached_s": [round(t, 3) for t in runs[True]],
            "load_before": [round(v, 2) for v in load_before],
            "load_after": [round(v, 2) for v in os.getloadavg()], "cpus": os.cpu_count()}


if __name__ == "__main__":
    print(json.dumps(pose_cache_bench(int(sys.argv[1]) if len(sys.argv) > 1 else 5), indent=2))
