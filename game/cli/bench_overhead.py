"""What an episode costs beyond Bullet: the full episode as the game runs it against bare stepping
of the same world for the same ticks, measured in the same run, interleaved (issue 14).

Full: ``Session.flick`` / ``Session.rush`` / ``Session.horde`` exactly as a game calls them
(laying the pieces with the spawn check, the fresh world, the contact watch the game uses, the
settle detector, measuring, the rules' physical consequences). Bare: a world built from the
episode's own start snapshot, the same inputs at the same ticks, then nothing but
``doPhysics(h, 1, h)`` for the episode's number of ticks (the world build is not counted), with
Panda3D's transform states made as an episode makes them (table.unshared_states). Both
must end in bit-identical poses, or the comparison is not of the same world and says so.

overhead = (full - bare) / bare, the median over interleaved repetitions (target <= 0.25), in
wall time. ``overhead_cpu`` is the same ratio in this thread's CPU time (``time.thread_time``): on
a machine shared with other work, wall time also counts the time other processes held the core,
which CPU time leaves out; both are printed, the target is judged on wall time.
"""
from __future__ import annotations

import os
import resource
import statistics
import time

import numpy as np

from feltbox.game.table.city import City
from feltbox.game.table.flick import Aim
from feltbox.game.table.session import Episode, Session
from feltbox.game.table.table import DT, Input, Table, collect_states, unshared_states

TARGET = 0.25


def load() -> list[float]:
    """The machine's 1, 5 and 15 minute load averages, printed beside every figure."""
    return [round(v, 2) for v in os.getloadavg()]


def max_rss_mb() -> float:
    """This process's peak resident memory (Linux reports KiB)."""
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0, 1)


def bare_stepping(city: City, episode: Episode) -> tuple[float, float, bool]:
    """Seconds (wall, CPU) spent stepping the episode's world for its ticks, and whether it ended
    in the same poses as the full episode."""
    world = episode.world
    present = np.ones(len(city.bodies), bool)
    present[world["absent"]] = False
    table = Table(city.bodies, episode.start, present, world["awake"])
    pending = sorted((Input.from_json(i) for i in episode.inputs), key=lambda i: i.tick)
    ticks = episode.result.ticks
    do_physics, apply = table.world.doPhysics, table.apply
    with unshared_states():                    # the engine set up as the game's episodes step it
        t0, c0 = time.perf_counter(), time.thread_time()
        for tick in range(ticks):
            while pending and pending[0].tick == tick:
                apply(pending.pop(0))
            do_physics(DT, 1, DT)
        bare, cpu = time.perf_counter() - t0, time.thread_time() - c0
    # free the transform states these ticks made, as the full episode frees its own (in its
    # time): else the next full episode would pay for the bare run's states too
    collect_states()
    # read every body Bullet may have moved (a removed one keeps its parked pose)
    table.woken[:] = [node is not None for node in table.nodes]
    final = table.poses()
    return bare, cpu, bool(np.array_equal(final[present], episode.result.final[present]))


def targets(city: City) -> tuple[str, list[str], float]:
    survivors = [city.bodies[i].id for i in city.ids("survivor") if city.present[i]]
    s = city.index(survivors[0])
    zombies = sorted((i for i in city.ids("zombie") if city.present[i]),
                     key=lambda i: float(np.linalg.norm(city.poses[i, :2] - city.poses[s, :2])))
    toward = city.poses[zombies[0], :2] - city.poses[s, :2]
    return survivors[0], [city.bodies[i].id for i in zombies], float(np.degrees(np.arctan2(toward[1], toward[0])))


def _episode_runner(city: City, kind: str):
    """A function that runs one full episode of ``kind`` from S1's start as the game does and
    returns (wall seconds, CPU seconds, the recorded episode)."""
    survivor, zombies, direction = targets(city)
    waiting = [city.bodies[i].id for i in city.ids("zombie") if not city.present[i]]

    def run(k: int) -> tuple[float, float, Episode]:
        got: list[Episode] = []
        session = Session(city, on_episode=got.append)
        t0, c0 = time.perf_counter(), time.thread_time()
        if kind == "flick":
            session.flick(survivor, "movement_disc", Aim(direction + 2.0 * k, 0.35 + 0.1 * (k % 3)))
        elif kind == "rush":
            session.rush(zombies[:3], tuple(float(v) for v in city.poses[city.index(survivor), :2]))
        else:
            session.horde(waiting[:8])
        return time.perf_counter() - t0, time.thread_time() - c0, got[-1]
    return run


def overhead(city: City, kind: str, reps: int) -> dict:
    """Interleaved: each repetition runs the full episode, then the bare stepping of its world."""
    run = _episode_runner(city, kind)
    run(0)                                     # warm caches (models, shapes) outside the count
    full, bare, ratios, cpu_ratios, same, sim = [], [], [], [], True, []
    before = load()
    for k in range(reps):
        wall, cpu, episode = run(k)
        stepped, stepped_cpu, identical = bare_stepping(city, episode)
        full.append(wall)
        bare.append(stepped)
        ratios.append((wall - stepped) / stepped)
        cpu_ratios.append((cpu - stepped_cpu) / stepped_cpu)
        same &= identical
        sim.append(episode.result.sim_seconds)
    return {"reps": reps, "full_ms": round(statistics.median(full) * 1e3, 2),
            "bare_ms": round(statistics.median(bare) * 1e3, 2),
            "overhead": round(statistics.median(ratios), 3), "target": TARGET,
            "overhead_cpu": round(statistics.median(cpu_ratios), 3),
            "x_realtime": round(statistics.median(s / w for s, w in zip(sim, full)), 1),
            "sim_s": round(statistics.median(sim), 3), "bit_identical": same,
            "load": [before, load()]}
