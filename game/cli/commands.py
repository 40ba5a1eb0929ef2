"""The ``feltbox`` commands: each takes the parsed arguments and returns the exit code.

Exit codes: 0 success, 1 a check failed (replay --verify found a difference), 2 bad input (the
message is one line naming what is wrong). Input errors (``InputError``) are raised here and
turned into exit 2 by main.py; anything else is a bug and keeps its traceback.
"""
from __future__ import annotations

import importlib
import json

import numpy as np

from feltbox.game.cli.headless_command import play_headless_command
from feltbox.game.cli.replay_commands import demo_command, replay_command
from feltbox.game.games import GAMES, game_of, read_game_replay, recorded_game, seat_name, verify
from feltbox.game.render.labels import label
from feltbox.game.render.mood import mood_for
from feltbox.game.render.offscreen import Renderer, render_frames
from feltbox.game.render.top_view import look_top
from feltbox.game.replay.reader import ReplayError
from feltbox.game.replay.recorder import Recorder, city_header
from feltbox.game.table.city import build_city
from feltbox.game.table.session import Session
from feltbox.game.table.sim_script import check_script, load_script, run_script
from feltbox.game.text.scenario_info import scenarios
from feltbox.game.window.closeup import close_target, closeup_orbit, picture_actor
from feltbox.game.window.framing import Lens
from feltbox.game.window.play import play_game_window, play_table_window
from feltbox.game.window.saves import autosave_path
from feltbox.game.window.shell import play_saved, start_or_explain
from feltbox.rules.core import InputError


def cmd_scenes(args) -> int:
    """Every game's scenes: the key ``feltbox play GAME KEY`` takes, the title, its seats."""
    for kind in GAMES.values():
        print(f"{kind.title} (feltbox play {kind.name} KEY):")
        for info in scenarios(kind.name):
            seats = ", ".join(seat_name(kind, t) for t in info.teams)
            print(f"  {info.key:<16} {info.label}  -  {info.mode}; seats: {seats}")
    return 0


def _picture(bodies, poses, size, view: str, out: str, kind=None, night: bool = False) -> Renderer:
    """A picture of the table; ``kind`` (games.GameKind) may dress its cards, frame its own overview
    and has its look by day or ``night`` (game/render/mood.py)."""
    renderer = Renderer(*size)
    renderer.set_mood(mood_for(kind.name, night) if kind is not None else None)
    renderer.set_bodies(bodies)
    renderer.set_poses(poses)
    if kind is not None and kind.dresser is not None:      # a card game: the faces anyone at the table sees
        kind.dresser(bodies)(renderer, poses)
    renderer.look(view)
    if view == "top":                                      # orthographic, the whole table (game/render/top_view.py)
        look_top(renderer, poses)
    if view == "closeup":                                  # a piece and its target (game/window/closeup.py)
        _closeup(renderer, bodies, poses)
    if kind is not None and kind.overview is not None and view == "overview":
        renderer.look_from(*kind.overview())
    renderer.snapshot(out)
    return renderer


def _closeup(renderer: Renderer, bodies, poses) -> None:
    kinds = [b.kind for b in bodies]
    actor = picture_actor(kinds)
    if actor is None:
        return
    target = close_target(kinds, poses, None, actor)
    fov = renderer.camera.node().getLens().getFov()
    lens = Lens(float(np.tan(np.radians(fov[0]) / 2)), float(np.tan(np.radians(fov[1]) / 2)))
    orbit = closeup_orbit(np.asarray(poses), [actor] + ([target] if target is not None else []), lens)
    renderer.look_from(tuple(orbit.eye()), tuple(orbit.target))


def cmd_render(args) -> int:
    kind = game_of(args.game)
    renderer = _picture(*kind.table(kind.load_scene(args.number)), args.size, args.view, args.out, kind, args.night)
    print(f"wrote {args.out} ({args.size[0]}x{args.size[1]}, {renderer.pipe_name})")
    return 0


def cmd_gallery(args) -> int:
    bodies, poses = game_of(args.game).gallery()
    renderer = _picture(bodies, poses, args.size, "gallery", args.out, game_of(args.game))
    if args.labels:                                   # every piece named (game/render/labels.py)
        label(renderer, bodies, poses, renderer.image()).save(args.out)
    print(f"wrote {args.out}: {len(bodies)} pieces{', labelled' if args.labels else ''} ({renderer.pipe_name})")
    return 0


def cmd_start(args) -> int:
    return start_or_explain()


def cmd_play(args) -> int:
    if args.load or args.continue_:              # a saved game in the window (game/window/saves.py)
        return play_saved(args.load or autosave_path(), args.bots)
    if args.headless:
        return play_headless_command(args)
    kind = game_of(args.game)
    scene = kind.load_scene(args.number)
    if args.bots is None and kind.free_table is not None:    # no rules: a free table to flick on
        return play_table_window(kind.free_table(scene), args)
    return play_game_window(kind, scene, args)


def cmd_sim(args) -> int:
    steps = load_script(args.script)
    city = build_city(game_of(args.game).load_scene(args.number))
    check_script(Session(city), steps, args.script)        # before anything runs or is recorded
    recorder = Recorder(args.record, city_header(city, args.seed)) if args.record else None
    session = Session(city, on_episode=recorder)
    try:
        results = run_script(session, steps, args.script)
    except BaseException as exc:
        if recorder:
            recorder.abort(exc)
        raise
    if recorder:
        recorder.close()
    for r in results:
        print(json.dumps(r, default=float))
    if args.record:
        print(f"recorded {session.episodes} episodes to {args.record}")
    return 0


def cmd_replay(args) -> int:
    """The theatre window by default; --info, --video OUT (replay_commands.py), --verify, --frames DIR."""
    if not (args.verify or args.frames):
        args.size = args.size or (1280, 720)
        return replay_command(args)
    try:
        if args.verify:
            result = verify(args.file)
            print(("ok: " if result.ok else "DIFFERS: ") + result.message)
            if result.unchecked:                # a sealed game that did not end: one line on what is not checked
                print(f"cannot check: {result.unchecked}")
            return 0 if result.ok else 1
        replay = read_game_replay(args.file)
    except InputError as exc:                   # the format's messages do not name the file
        raise ReplayError(f"{args.file}: {exc}") from None
    if not replay.episodes:
        raise ReplayError(f"{args.file}: no physics episodes, so no frames to render")
    frames = np.concatenate([ep.frames for ep in replay.episodes])
    kind = recorded_game(replay.header)
    render_frames(kind.replay_bodies(replay.header), frames, args.frames, tuple(args.size or (640, 360)),
                  dresser=kind.dresser)
    print(f"wrote {len(frames)} frames to {args.frames}")
    return 0


def cmd_demo(args) -> int:
    args.size = args.size or (1280, 720)
    return demo_command(args)


def cmd_bench(args) -> int:
    # imported when asked for: the bench pulls in every room (and pybullet), which every other
    # command (replay --verify: 1 s of its 3) paid for at start-up
    bench = importlib.import_module("feltbox.game.cli.bench")
    print(json.dumps(bench.run_bench(quick=args.quick, compare=args.compare), indent=2))
    return 0
