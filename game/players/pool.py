"""Running a tournament's games: ``fn(*job)`` for every job, in this process or in ``workers``
spawned ones (a fresh interpreter, so no module state is shared with the parent)."""
from __future__ import annotations

import multiprocessing
from collections.abc import Callable


def run_jobs(fn: Callable, jobs: list[tuple], workers: int = 1, fresh: bool = False) -> list:
    """The results of ``fn(*job)`` in the jobs' order. ``workers`` <= 1 runs them here unless
    ``fresh``: then every job gets a process of its own (no state, cache or RNG carries over from
    one game to the next)."""
    if workers <= 1 and not fresh:
        return [fn(*job) for job in jobs]
    processes = max(1, min(workers, len(jobs)))     # never more processes than games
    with multiprocessing.get_context("spawn").Pool(processes, maxtasksperchild=1 if fresh else None) as pool:
        return pool.starmap(fn, jobs, chunksize=1)
