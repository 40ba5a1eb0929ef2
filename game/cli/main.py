"""The ``feltbox`` command line: parses the options and runs a command (commands.py).

Exit codes: 0 success, 1 a check failed (replay --verify found a difference), 2 bad input: the
project's own ``InputError`` (a broken scene, script, force list, save or replay file, a bad
argument) or a missing file, printed as one line naming what is wrong. Any other exception is a
bug and keeps its traceback.
"""
from __future__ import annotations

import argparse
import sys

from feltbox.game.cli.commands import (
    cmd_bench,
    cmd_demo,
    cmd_gallery,
    cmd_play,
    cmd_render,
    cmd_replay,
    cmd_scenes,
    cmd_sim,
    cmd_start,
)
from feltbox.game.cli.replay_commands import add_video_options
from feltbox.game.games import GAMES
from feltbox.rules.core import InputError


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
        return w, h
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x720, got {text!r}") from None


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="feltbox", description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="command")      # none: the start screen
    sub.add_parser("start", help="open the start screen (also: feltbox with no command)").set_defaults(func=cmd_start)
    sub.add_parser("scenes", help="list the scenes").set_defaults(func=cmd_scenes)
    r = sub.add_parser("render", help="render a scene offscreen to a PNG")
    r.add_argument("game", choices=tuple(GAMES))
    r.add_argument("number", help="scenario number (flickem) or scene name (tailfeathers)")
    r.add_argument("--out", default="shot.png")
    r.add_argument("--size", type=_size, default=(1280, 720))
    r.add_argument("--view", default="overview", choices=("overview", "top", "closeup"))
    r.set_defaults(func=cmd_render)
    g = sub.add_parser("gallery", help="render one of every piece kind to a PNG")
    g.add_argument("--out", default="pieces.png")
    g.add_argument("--game", default="flickem", choices=tuple(GAMES))
    g.add_argument("--size", type=_size, default=(1600, 1000))
    g.set_defaults(func=cmd_gallery)
    pl = sub.add_parser("play", help="open a window on a scenario's city, or play a game headless")
    pl.add_argument("game", choices=tuple(GAMES))
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
    s.add_argument("game", choices=("flickem",))
    s.add_argument("number")
    s.add_argument("--script", required=True)
    s.add_argument("--record")
    s.add_argument("--seed", type=int, default=0)
    s.set_defaults(func=cmd_sim)
    rp = sub.add_parser("replay", help="watch a replay in the theatre window, export a video, verify it")
    rp.add_argument("file")
    rp.add_argument("--info", action="store_true", help="print a summary instead of opening the window")
    rp.add_argument("--verify", action="store_true")
    rp.add_argument("--frames", help="render every frame to PNGs in this folder")
    rp.add_argument("--size", type=_size, default=None, help="WxH (video 1280x720, frames 640x360)")
    add_video_options(rp)
    rp.set_defaults(func=cmd_replay)
    dm = sub.add_parser("demo", help="attract mode: bots play a scenario, the theatre shows it, again")
    dm.add_argument("game", choices=tuple(GAMES))
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
    except InputError as exc:      # already one line naming the file, the record and the field
        print(f"feltbox: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
