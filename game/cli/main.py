"""The ``feltbox`` command: scenes, render, gallery, play, sim, replay, bench.

Exit codes: 0 success, 1 a check failed (replay --verify found a difference), 2 bad input
(a broken scene, script or replay file; the message is one line naming what is wrong).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

GAMES = ("flickem", "tailfeathers")


def _scene(game: str, number: int):
    from feltbox.scenes.loader import load_flickem
    if game != "flickem":
        raise SystemExit(f"feltbox: {game}: only `feltbox render {game} NAME` is supported so far")
    return load_flickem(number)


def cmd_scenes(args) -> int:
    from feltbox.scenes.loader import list_scenes
    for game, number, title, path in list_scenes():
        print(f"{game} {number:>2}  {title}  ({path})")
    return 0


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
        return w, h
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x720, got {text!r}") from None


def cmd_render(args) -> int:
    from feltbox.game.render.offscreen import Renderer
    if args.game == "tailfeathers":     # number is the scene name, e.g. show_of_force
        from feltbox.game.tailfeathers.table import tf_table
        from feltbox.scenes.loader import load_tailfeathers
        bodies, poses = tf_table(load_tailfeathers(args.number))
    else:
        from feltbox.game.table.city import build_city
        city = build_city(_scene(args.game, _number(args.number)))
        bodies, poses = city.bodies, city.poses
    renderer = Renderer(*args.size)
    renderer.set_bodies(bodies)
    renderer.set_poses(poses)
    renderer.look(args.view)
    renderer.snapshot(args.out)
    print(f"wrote {args.out} ({args.size[0]}x{args.size[1]}, {renderer.pipe_name})")
    return 0


def _number(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise SystemExit(f"feltbox: scenario number must be an integer, got {text!r}") from None


def cmd_gallery(args) -> int:
    from feltbox.game.table.gallery import gallery
    from feltbox.game.render.offscreen import Renderer
    if args.game == "tailfeathers":
        from feltbox.game.tailfeathers.gallery import tf_gallery as gallery
    bodies, poses = gallery()
    renderer = Renderer(*args.size)
    renderer.set_bodies(bodies)
    renderer.set_poses(poses)
    renderer.look("gallery")
    renderer.snapshot(args.out)
    print(f"wrote {args.out}: {len(bodies)} pieces ({renderer.pipe_name})")
    return 0


def cmd_start(args) -> int:
    from feltbox.game.window.shell import start_or_explain
    return start_or_explain()


def cmd_play(args) -> int:
    if args.load or args.continue_:              # a saved game in the window (game/window/saves.py)
        from feltbox.game.window.saves import autosave_path
        from feltbox.game.window.shell import play_saved
        return play_saved(args.load or autosave_path(), args.bots)
    if args.headless:
        return _play_headless(args)
    if args.game == "tailfeathers":
        from feltbox.game.flickem.headless import GameScriptError
        from feltbox.game.window.play import play_tf_window
        from feltbox.scenes.loader import load_tailfeathers
        try:
            return play_tf_window(load_tailfeathers(args.number), args)
        except GameScriptError as exc:          # --bots names no alliance of the battle
            print(f"feltbox: {exc}", file=sys.stderr)
            return 2
    from feltbox.game.table.city import build_city
    from feltbox.game.window.play import play_window
    city = build_city(_scene(args.game, _number(args.number)))
    return play_window(city, args)


def _play_headless(args) -> int:
    """Bots on every seat play the scenario to its end; prints the result as JSON."""
    args.bots = args.bots or "all"
    from feltbox.game.table.city import build_city
    from feltbox.game.flickem.script import GameScriptError, load_game_script
    from feltbox.game.flickem.headless import play_headless, transcript
    from feltbox.game.replay.recorder import Recorder
    tf = args.game == "tailfeathers"
    if tf:
        from feltbox.rules.tailfeathers.flow import ACTIONS
        from feltbox.scenes.loader import load_tailfeathers
        scene = load_tailfeathers(args.number)
        if args.force_mouse or args.force_rat:
            from feltbox.game.tailfeathers.forces import scene_with_forces
            from feltbox.rules.tailfeathers.forces import ForceError, load_force
            try:
                forces = [load_force(p, a) for p, a in ((args.force_mouse, "mouse"), (args.force_rat, "rat")) if p]
                scene = scene_with_forces(scene, forces)
            except ForceError as exc:
                print(f"feltbox: {exc}", file=sys.stderr)
                return 2
    else:
        ACTIONS = None
        scene = _scene(args.game, _number(args.number))
    try:
        if args.script == "-":                 # hot-seat: the players answer at a prompt
            from feltbox.game.flickem.hotseat import Prompt
            script = Prompt()
        else:
            script = load_game_script(args.script, ACTIONS) if args.script else None
        if script is None and args.bots != "all":
            raise GameScriptError(f"--bots {args.bots}: the other seats need --script FILE headless "
                                  "(or play them in the window without --headless)")
    except GameScriptError as exc:
        print(f"feltbox: {exc}", file=sys.stderr)
        return 2
    from feltbox.scenes.deal import deal_tokens
    if tf:
        from feltbox.game.replay.tailfeathers_check import TFRecorder
        recorder = TFRecorder(args.record, scene, seed=args.seed) if args.record else None
    else:
        recorder = Recorder(args.record, build_city(deal_tokens(scene, args.seed)), seed=args.seed, rules=True) \
            if args.record else None
    try:
        result = play_headless(scene, args.seed, args.log, on_episode=recorder, bots=args.bots, script=script,
                               on_action=recorder and recorder.action)
    except GameScriptError as exc:
        if recorder:
            recorder.abort(exc)
        print(f"feltbox: {exc}", file=sys.stderr)
        return 2
    except BaseException as exc:
        if recorder:
            recorder.abort(exc)
        raise
    if recorder:
        recorder.close()
    if args.save_script:
        head = (f"# feltbox play {args.game} {args.number} --headless --seed {args.seed} --bots none "
                f"--script {args.save_script}\n")
        Path(args.save_script).write_text(head + "\n".join(result.script) + "\n", encoding="utf-8")
    if args.transcript:
        Path(args.transcript).write_text(transcript(result.log), encoding="utf-8")
    print(json.dumps({k: v for k, v in result.__dict__.items() if k not in ("log", "script")}))
    return 0


def cmd_sim(args) -> int:
    from feltbox.game.table.city import build_city
    from feltbox.game.replay.recorder import Recorder
    from feltbox.game.table.sim_script import ScriptError, load_script, run_script
    from feltbox.game.table.session import Session
    try:
        steps = load_script(args.script)
    except ScriptError as exc:
        print(f"feltbox: {exc}", file=sys.stderr)
        return 2
    city = build_city(_scene(args.game, args.number))
    recorder = Recorder(args.record, city, seed=args.seed) if args.record else None
    session = Session(city, on_episode=recorder)
    try:
        results = run_script(session, steps, args.script)
    except ScriptError as exc:
        if recorder:
            recorder.abort(exc)
        print(f"feltbox: {exc}", file=sys.stderr)
        return 2
    if recorder:
        recorder.close()
    for r in results:
        print(json.dumps(r, default=float))
    if args.record:
        print(f"recorded {session.episodes} episodes to {args.record}")
    return 0


def cmd_replay(args) -> int:
    """The theatre window by default; --info, --verify, --frames DIR, --video OUT (game/cli/replay_commands.py)."""
    from feltbox.game.replay.format import ReplayError, read_replay
    if not (args.verify or args.frames):
        from feltbox.game.cli.replay_commands import replay_command
        args.size = args.size or (1280, 720)
        return replay_command(args)
    try:
        if args.verify:
            from feltbox.game.replay.recorder import verify
            result = verify(args.file)
            print(("ok: " if result.ok else "DIFFERS: ") + result.message)
            return 0 if result.ok else 1
        replay = read_replay(args.file)
    except ReplayError as exc:
        print(f"feltbox: {args.file}: {exc}", file=sys.stderr)
        return 2
    from feltbox.game.render.offscreen import render_frames
    from feltbox.game.replay.video import replay_bodies
    import numpy as np
    frames = np.concatenate([ep.frames for ep in replay.episodes])
    render_frames(replay_bodies(replay.header), frames, args.frames, tuple(args.size or (640, 360)))
    print(f"wrote {len(frames)} frames to {args.frames}")
    return 0


def cmd_demo(args) -> int:
    from feltbox.game.cli.replay_commands import demo_command
    args.size = args.size or (1280, 720)
    return demo_command(args)


def cmd_bench(args) -> int:
    from feltbox.game.cli.bench import run_bench
    print(json.dumps(run_bench(quick=args.quick), indent=2))
    return 0


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="feltbox", description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="command")      # none: the start screen
    sub.add_parser("start", help="open the start screen (also: feltbox with no command)").set_defaults(func=cmd_start)
    sub.add_parser("scenes", help="list the scenes").set_defaults(func=cmd_scenes)
    r = sub.add_parser("render", help="render a scene offscreen to a PNG")
    r.add_argument("game", choices=GAMES)
    r.add_argument("number", help="scenario number (flickem) or scene name (tailfeathers)")
    r.add_argument("--out", default="shot.png")
    r.add_argument("--size", type=_size, default=(1280, 720))
    r.add_argument("--view", default="overview", choices=("overview", "top", "closeup"))
    r.set_defaults(func=cmd_render)
    g = sub.add_parser("gallery", help="render one of every piece kind to a PNG")
    g.add_argument("--out", default="pieces.png")
    g.add_argument("--game", default="flickem", choices=GAMES)
    g.add_argument("--size", type=_size, default=(1600, 1000))
    g.set_defaults(func=cmd_gallery)
    pl = sub.add_parser("play", help="open a window on a scenario's city, or play a game headless")
    pl.add_argument("game", choices=GAMES)
    pl.add_argument("number", help="scenario number (flickem) or scene name (tailfeathers)")
    pl.add_argument("--headless", action="store_true", help="no window: bots play the whole game")
    pl.add_argument("--bots", default=None,
                    help="the seats bots play: all, none, or teams such as teamB. Headless: all by default, "
                         "the other seats follow --script. Window: a rules game (none = hot-seat); "
                         "without --bots the window is a free table (tailfeathers: hot-seat)")
    pl.add_argument("--script", help="headless: a game script of decisions and aims (docs/scripts/); "
                                     "'-' asks the players at a prompt, in turn (hot-seat)")
    pl.add_argument("--transcript", help="headless: write the event log as readable text")
    pl.add_argument("--save-script", help="headless: write every decision and aim of the game as a script")
    pl.add_argument("--seed", type=int, default=0)
    pl.add_argument("--force-mouse", metavar="FILE", help="tailfeathers: a custom mouse force (build points; "
                    "docs/forces.md) in place of the scene's mouse figures")
    pl.add_argument("--force-rat", metavar="FILE", help="tailfeathers: a custom rat force in place of the scene's rat figures")
    pl.add_argument("--record", help="write every physics episode to this replay")
    pl.add_argument("--log", help="write the rules' events as JSON lines")
    pl.add_argument("--load", metavar="SAVE", help="window: go on with a saved game (a file, or a name in the saves folder)")
    pl.add_argument("--continue", dest="continue_", action="store_true", help="window: go on with the last autosave")
    pl.set_defaults(func=cmd_play)
    s = sub.add_parser("sim", help="run a physical command script headless")
    s.add_argument("game", choices=GAMES[:1])
    s.add_argument("number", type=int)
    s.add_argument("--script", required=True)
    s.add_argument("--record")
    s.add_argument("--seed", type=int, default=0)
    s.set_defaults(func=cmd_sim)
    from feltbox.game.cli.replay_commands import add_video_options
    rp = sub.add_parser("replay", help="watch a replay in the theatre window, export a video, verify it")
    rp.add_argument("file")
    rp.add_argument("--info", action="store_true", help="print a summary instead of opening the window")
    rp.add_argument("--verify", action="store_true")
    rp.add_argument("--frames", help="render every frame to PNGs in this folder")
    rp.add_argument("--size", type=_size, default=None, help="WxH (video 1280x720, frames 640x360)")
    add_video_options(rp)
    rp.set_defaults(func=cmd_replay)
    dm = sub.add_parser("demo", help="attract mode: bots play a scenario, the theatre shows it, again")
    dm.add_argument("game", choices=GAMES)
    dm.add_argument("number", help="scenario number (flickem) or scene name (tailfeathers)")
    dm.add_argument("--seed", type=int, default=0)
    dm.add_argument("--size", type=_size, default=None, help="video size WxH (default 1280x720)")
    add_video_options(dm)
    dm.set_defaults(func=cmd_demo)
    b = sub.add_parser("bench", help="measure speed; prints JSON")
    b.add_argument("--quick", action="store_true", help="fewer repetitions")
    b.set_defaults(func=cmd_bench)
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.command is None:
        args.func = cmd_start
    try:
        return args.func(args)
    except FileNotFoundError as exc:
        print(f"feltbox: {exc.filename}: no such file", file=sys.stderr)
        return 2
    except ValueError as exc:      # SceneError and friends: already one line naming the place
        print(f"feltbox: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
