"""``feltbox bench``: the speed targets of the foundation issue, measured on the full S1 city.

Prints JSON. Targets: flick episode >= 20x real time; 3-zombie rush and 8-zombie horde >= 10x;
fresh world from a snapshot <= 10 ms; overhead (full episode as the game runs it - bare stepping
of the same world for the same ticks) / bare stepping <= 0.25, interleaved in the same run
(bench_overhead.py); replay <= 20 KiB per simulated second for a typical flick turn. Issue 13: an
offscreen 1280x720 frame with shadows and anti-aliasing <= 40 ms (``render_1280x720``), the window
with both >= 30 fps mean and >= 24 at p5 on S1 and on Tail Feathers' battlefield (``window``,
``window_tailfeathers``), 10 s of 720p video <= 60 s wall (``theatre``). Tail Feathers: a whole
Show of Force bot battle <= 180 s, crossing / range queries <= 1 ms, and the same battle with
rest poses computed once per model against recomputed, side by side (bench_tailfeathers). Every
section prints the machine load (1, 5, 15 min) when it started; the process's max RSS is printed
last. ``--compare``: feltbox against pybullet and replay --verify with and without the model cache
(bench_compare.py).
"""
from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

import numpy as np

from feltbox.game.cli.bench_compare import compare_pybullet, compare_verify
from feltbox.game.cli.bench_overhead import load, max_rss_mb, overhead
from feltbox.game.cli.bench_tailfeathers import pose_cache_bench
from feltbox.game.cli.bench_tailsandtactics import bench_tails_and_tactics
from feltbox.game.cli.bench_theatre import theatre_bench
from feltbox.game.cli.bench_window import window_fps
from feltbox.game.flickem.bot import Bot
from feltbox.game.flickem.bridge import FlickemBridge
from feltbox.game.games import play_headless
from feltbox.game.render.mood import mood_for
from feltbox.game.render.offscreen import Renderer
from feltbox.game.replay.reader import replay_size_report
from feltbox.game.replay.recorder import Recorder, city_header
from feltbox.game.table.city import City, build_city
from feltbox.game.table.flick import Aim
from feltbox.game.table.session import Session
from feltbox.game.table.table import Table
from feltbox.game.tailfeathers.bridge import TFBridge
from feltbox.rules.flickem.flow import ChooseSurvivor, EndTurn, apply
from feltbox.rules.tailfeathers import measure
from feltbox.rules.tailfeathers.stats import blockers, figure_thing, flight_things, nest_thing
from feltbox.scenes.loader import load_flickem, load_tailfeathers

FRAME_TARGET_MS = 40.0     # issue 13: an offscreen 1280x720 frame with shadows and anti-aliasing


def _survivor_and_zombies(city: City) -> tuple[str, list[str]]:
    survivors = [city.bodies[i].id for i in city.ids("survivor") if city.present[i]]
    zombies = [i for i in city.ids("zombie") if city.present[i]]
    s = city.index(survivors[0])
    zombies.sort(key=lambda i: float(np.linalg.norm(city.poses[i, :2] - city.poses[s, :2])))
    return survivors[0], [city.bodies[i].id for i in zombies]


def bench_build(city: City, reps: int) -> float:
    times = []
    for _ in range(reps):
        t = time.perf_counter()
        Table(city.bodies, city.poses, city.present)
        times.append((time.perf_counter() - t) * 1e3)
    return round(statistics.median(times), 3)


def bench_replay(city: City) -> dict:
    survivor, zombies = _survivor_and_zombies(city)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "turn.fbr"
        recorder = Recorder(path, city_header(city))
        session = Session(city, on_episode=recorder)
        s, z = city.index(survivor), city.index(zombies[0])
        toward = city.poses[z, :2] - city.poses[s, :2]
        direction = float(np.degrees(np.arctan2(toward[1], toward[0])))
        session.flick(survivor, "movement_disc", Aim(direction + 20.0, 0.3))
        session.flick(survivor, "bullet", Aim(direction, 0.5))
        session.rush(zombies[1:4], tuple(session.poses[s, :2]))
        recorder.close()
        return replay_size_report(path)


def bench_frame(rounds: int = 5, frames: int = 10) -> dict:
    """The full S1 city in Dead of Winter's snow, 1280x720, shadows and anti-aliasing: ``frame_ms``
    with the shadow map drawn every frame (pieces moving: the target's case) and
    ``frame_ms_camera_only`` with it kept (shadow_cache.py), interleaved ``rounds`` times, medians;
    the CPU ms per frame of each (llvmpipe's threads included) and the load beside them."""
    try:
        city = build_city(load_flickem(1))
        renderer = Renderer(1280, 720)
        renderer.set_mood(mood_for("flickem"))
        renderer.set_bodies(city.bodies)
        renderer.set_poses(city.poses)
        renderer.look("overview")
        load_at = load()
        wall: dict[bool, list[float]] = {True: [], False: []}
        cpu: dict[bool, list[float]] = {True: [], False: []}
        for _ in range(rounds):
            for moving in (True, False):
                began = time.process_time()
                wall[moving].append(renderer.frame_ms(frames, pieces_moved=moving))
                cpu[moving].append((time.process_time() - began) * 1000.0 / (frames + 1))
        return {"pipe": renderer.pipe_name, "shadows": renderer.shadows, "antialiased": renderer.antialiased,
                "frame_ms": round(statistics.median(wall[True]), 2),
                "frame_cpu_ms": round(statistics.median(cpu[True]), 2),
                "frame_ms_camera_only": round(statistics.median(wall[False]), 2),
                "frame_cpu_ms_camera_only": round(statistics.median(cpu[False]), 2),
                "target_ms": FRAME_TARGET_MS, "load": load_at, "load_after": load()}
    except Exception as exc:   # rendering is reported, not required, for the physics numbers
        return {"error": f"{type(exc).__name__}: {exc}"}


def bench_rules_and_bots(quick: bool) -> dict:
    """Rules issue targets, measured on what exists: planner candidates per wall second, rules
    apply time on a game state, and a whole headless bot game of S1."""
    scene = load_flickem(1)
    bridge = FlickemBridge(scene, 1)
    bot = Bot(bridge)
    survivor = bridge.setup.survivors[0].id
    start = time.perf_counter()
    plan = bot.plan(survivor, "movement_disc")
    planner_rate = plan.simulated / (time.perf_counter() - start)
    state = bridge.engine.state
    times = []
    for _ in range(200):
        t = time.perf_counter()
        chosen, _ = apply(state, ChooseSurvivor(survivor))
        apply(chosen, EndTurn())
        times.append((time.perf_counter() - t) / 2 * 1e3)
    start = time.perf_counter()
    game = play_headless(scene, seed=2)
    wall = time.perf_counter() - start
    return {"planner_candidates_per_s": round(planner_rate, 1),
            "rules_apply_ms_median": round(statistics.median(times), 4),
            "bot_game_s1": {"wall_s": round(wall, 2), "turns": game.turns, "episodes": game.episodes,
                            "s_per_turn": round(wall / max(game.turns, 1), 3), "result": game.result}}


def bench_tailfeathers(quick: bool) -> dict:
    """Tail Feathers: a whole bot battle of Show of Force headless (physical dice and feathers;
    target <= 180 s wall) and the geometry's crossing and range queries (target <= 1 ms each),
    timed on the battle's battlefield with a bird flying from its home tree."""
    scene = load_tailfeathers("show_of_force")
    start = time.perf_counter()
    battle = play_headless(scene, seed=1)
    wall = time.perf_counter() - start
    state = TFBridge(scene, 1).engine.state
    bird = next(f for f in state.data.figures if f.size == "L")
    things, walls = flight_things(state, bird.id), blockers(state)
    me, nest = figure_thing(state, bird), nest_thing(state, "rat")
    reps = 20 if quick else 100
    cross, rng = [], []
    for k in range(reps):
        path = measure.flight_path(bird.pose, measure.BASE_RADIUS, ("long", "short", "long")[:2 + k % 2],
                                   ("left", "center", "right")[k % 3])
        t = time.perf_counter()
        measure.crossings(path, things, measure.BASE_RADIUS)
        cross.append((time.perf_counter() - t) * 1e3)
        t = time.perf_counter()
        measure.range_check(me, nest, walls)
        rng.append((time.perf_counter() - t) * 1e3)
    return {"battle_show_of_force": {"wall_s": round(wall, 2), "turns": battle.turns, "episodes": battle.episodes,
                                     "result": battle.result, "target_wall_s": 180},
            "crossings_ms_median": round(statistics.median(cross), 4), "crossings_ms_max": round(max(cross), 4),
            "range_check_ms_median": round(statistics.median(rng), 4), "range_check_ms_max": round(max(rng), 4),
            "things": len(things), "target_query_ms": 1.0,
            "battle_pose_cache": pose_cache_bench(3 if quick else 5)}


def run_bench(quick: bool = False, compare: bool = False) -> dict:
    reps = 3 if quick else 15
    city = build_city(load_flickem(1))
    out: dict = {"scene": "flickem S1", "bodies": len(city.bodies), "on_table": int(city.present.sum()),
                 "load_at": {}}
    sections = {
        "flick": lambda: overhead(city, "flick", reps),
        "rush3": lambda: overhead(city, "rush", max(3, reps // 2)),       # S1: watched for the RV, as the game runs it
        "horde8": lambda: overhead(city, "horde", max(3, reps // 2)),
        "world_build_ms": lambda: bench_build(city, 20),
        "replay": lambda: bench_replay(city),
        "render_1280x720": bench_frame,
        "rules_and_bots": lambda: bench_rules_and_bots(quick),
        "tailfeathers": lambda: bench_tailfeathers(quick),
        "tailsandtactics": lambda: bench_tails_and_tactics(3 if quick else 10),
        # the real window with shadows and anti-aliasing, under Xvfb when there is no DISPLAY
        "window": lambda: window_fps(shadows=True),
        "window_tailfeathers": lambda: window_fps(shadows=True, game="tailfeathers"),
        "theatre": lambda: theatre_bench(10 if quick else 30),
    }
    if compare:
        sections["compare_pybullet"] = lambda: compare_pybullet(city, reps)
        sections["compare_replay_verify"] = lambda: compare_verify(3 if quick else 5)
    for name, run in sections.items():
        out["load_at"][name] = load()
        out[name] = run()
    out["targets"] = {"flick_x_realtime": 20, "rush_x_realtime": 10, "world_build_ms": 10,
                      "overhead": 0.25, "replay_kib_per_sim_s": 20, "pybullet_ratio": 1.3,
                      "verify_speedup": 2.0, "frame_ms": FRAME_TARGET_MS, "window_fps_mean": 30,
                      "window_fps_p5": 24, "video_10s_720p_wall_s": 60}
    out["max_rss_mb"] = max_rss_mb()
    return out
