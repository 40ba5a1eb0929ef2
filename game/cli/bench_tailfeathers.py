"""``feltbox bench``, Tail Feathers' speed (issue 12): a whole Show of Force bot battle as it runs
now against the same battle run as before the issue's speed work, side by side in one run.
"Now" computes every figure's rest pose once per model (game/tailfeathers/table.py
``standing_pose``, ``space_slots``) and remembers the flight geometry the bot asks for again and
again (rules/tailfeathers/path_cache.py: paths, their pieces, what each piece touches; shapes
shared by value; template outlines once per length). "Before" turns both off: ``table.CACHED =
False`` (``city.rest_pose`` and ``shapes.slots`` after each action) and ``geometry.CACHED = False``
(every path laid and every crossing tested afresh, geometry.crossings' own loop).

The two are interleaved (uncached, cached, uncached, cached...) after one warm-up battle, so a
change of load on the machine falls on both alike; the result gives each one's median wall time,
the speed-up of the medians, every repetition, the load average before and after, and checks that
both battles are alike (same result, same state hash, same hash of the whole action log: the
caches change no pose by a single bit and no decision).
Target: speed-up >= 2.

``python -m feltbox.game.cli.bench_tailfeathers [REPS]`` prints the JSON.
"""
from __future__ import annotations

import hashlib
import json
import os
import statistics
import sys
import time

from feltbox.game.games import play_headless
from feltbox.game.tailfeathers import table
from feltbox.rules.tailfeathers import geometry
from feltbox.scenes.loader import load_tailfeathers

SEED = 1
TARGET = 2.0


def _battle(scene, cached: bool) -> tuple[float, str, str]:
    table.CACHED = geometry.CACHED = cached
    try:
        log = hashlib.sha256()
        start = time.perf_counter()
        result = play_headless(scene, seed=SEED, on_action=lambda action, events, state: log.update(repr(action).encode()))
        return time.perf_counter() - start, result.result, f"{result.state_hash}/{log.hexdigest()}"
    finally:
        table.CACHED = geometry.CACHED = True


def pose_cache_bench(reps: int = 5) -> dict:
    """Median wall seconds of a Show of Force bot battle, before (uncached) and now (cached), interleaved."""
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
    state_hash, log_hash = hashed.split("/")
    return {"scene": "show_of_force", "seed": SEED, "reps": reps, "result": result, "state_hash": state_hash,
            "action_log_sha256": log_hash,
            "uncached_s_median": round(slow, 3), "cached_s_median": round(fast, 3),
            "speedup": round(slow / fast, 2), "target_speedup": TARGET,
            "uncached_s": [round(t, 3) for t in runs[False]], "cached_s": [round(t, 3) for t in runs[True]],
            "load_before": [round(v, 2) for v in load_before],
            "load_after": [round(v, 2) for v in os.getloadavg()], "cpus": os.cpu_count()}


if __name__ == "__main__":
    print(json.dumps(pose_cache_bench(int(sys.argv[1]) if len(sys.argv) > 1 else 5), indent=2))
