"""The ``feltbox`` command line: parses the options and runs a command (commands.py).

Exit codes: 0 success, 1 a check failed (replay --verify found a difference), 2 bad input: the
project's own ``InputError`` (a broken scene, script, force list, save or replay file, a bad
argument) or a missing file, printed as one line naming what is wrong. Any other exception is a
bug and keeps its traceback.
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from feltbox.game.cli import arg_types
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
from feltbox.game.cli.tournament import tournament_command
from feltbox.game.games import GAMES, fresh_seed
from feltbox.game.text.scenario_info import scenarios
from feltbox.rules.core import InputError

DESCRIPTION = """feltbox: a 3D tabletop with real physics (Panda3D and Bullet) for
Flick'em Up! Dead of Winter, Tail Feathers and Snowbirds. With no command it opens the start screen.
Every command has its own --help with an example."""

EXAMPLES = """examples:
  feltbox                                              the start screen: pick a game, a scenario, the seats
  feltbox scenes                                       every game's scenes and their teams
  feltbox play flickem 1 --bots none                   S1 in the window, every team at the window
  feltbox play flickem 7 --headless --bots all --seed 3 --record s7.fbr
  feltbox play tailfeathers show_of_force --bots rat   a battle in the window against the rat bot
  feltbox replay s7.fbr                                watch it in the theatre (--verify: re-simulate it)
  feltbox render flickem 4 --out s4.png                a picture of a scene, no window needed
  feltbox sim flickem 1 --script docs/examples/s01.toml
  feltbox demo flickem 1                               attract mode
  feltbox bench --quick                                speed, as JSON
  feltbox tournament flickem 1-5 --seeds 20 --workers 2   bots play many seeds; wins and lengths as JSON
  feltbox play snowbirds normal --headless --seed 4       the Snowbirds bot flies a whole migration
  feltbox tournament snowbirds --seeds 100 --plot sb.png  its success rate and scores, the random player beside"""


def _sub(sub, name: str, help_text: str, example: str) -> argparse.ArgumentParser:
    return sub.add_parser(name, help=help_text, description=help_text[0].upper() + help_text[1:] + ".",
                          epilog=f"example:\n  {example}", formatter_class=argparse.RawDescriptionHelpFormatter)


KEY_HELP = ("the scene: a scenario number 1-10 (flickem) or a scene name (see feltbox scenes), "
            "or your own scene file (a .toml path; docs/scene-format.md); default: the game's first scene")


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="feltbox", description=DESCRIPTION, epilog=EXAMPLES,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", title="commands")      # none: the start screen
    _sub(sub, "start", "open the start screen (also: feltbox with no command)", "feltbox start").set_defaults(
        func=cmd_start)
    _sub(sub, "scenes", "list every game's scenes with their teams", "feltbox scenes").set_defaults(func=cmd_scenes)
    r = _sub(sub, "render", "render a scene offscreen to a PNG", "feltbox render tailfeathers show_of_force --view top")
    r.add_argument("game", choices=tuple(GAMES), help="the game: " + ", ".join(GAMES))
    r.add_argument("number", nargs="?", default=None, help=KEY_HELP)
    r.add_argument("--out", default="shot.png", help="the PNG to write (default shot.png)")
    r.add_argument("--size", type=arg_types.size, default=(1280, 720), help="picture size WxH (default 1280x720)")
    r.add_argument("--view", default="overview", choices=("overview", "top", "closeup"), help="camera (default overview)")
    r.add_argument("--night", action="store_true", help="a night round's look (Dead of Winter: dark, street lamps lit)")
    r.set_defaults(func=cmd_render)
    g = _sub(sub, "gallery", "render one of every piece kind to a PNG", "feltbox gallery --game tailfeathers")
    g.add_argument("--out", default="pieces.png", help="the PNG to write (default pieces.png)")
    g.add_argument("--game", default="flickem", choices=tuple(GAMES), help="whose pieces (default flickem)")
    g.add_argument("--size", type=arg_types.size, default=(1600, 1000), help="picture size WxH (default 1600x1000)")
    g.add_argument("--labels", action="store_true", help="name every piece in the picture")
    g.set_defaults(func=cmd_gallery)
    _play_parser(sub)
    s = _sub(sub, "sim", "run a physical command script headless (flicks, rushes, hordes)",
             "feltbox sim flickem 1 --script docs/examples/s01.toml --record sim.fbr")
    s.add_argument("game", choices=("flickem",), help="the game (sim scripts are Dead of Winter only)")
    s.add_argument("number", help="the scenario number, 1-10, or your own scene file (a .toml path)")
    s.add_argument("--script", required=True, help="the TOML command script (docs/examples/)")
    s.add_argument("--record", help="write every physics episode to this replay")
    s.add_argument("--seed", type=int, default=0, help="the seed of the replay's header (default 0)")
    s.set_defaults(func=cmd_sim)
    rp = _sub(sub, "replay", "watch a replay in the theatre window, export a video, verify it",
              "feltbox replay run.fbr --video run.mp4 --camera follow")
    rp.add_argument("file", help="a replay written by --record")
    rp.add_argument("--info", action="store_true", help="print a summary instead of opening the window")
    rp.add_argument("--verify", action="store_true", help="re-simulate every episode and re-apply every rules "
                    "action: exit 0 when all is bit-exact, 1 naming the first difference")
    rp.add_argument("--frames", help="render every frame to PNGs in this folder")
    rp.add_argument("--size", type=arg_types.size, default=None, help="WxH (video 1280x720, frames 640x360)")
    add_video_options(rp)
    rp.set_defaults(func=cmd_replay)
    dm = _sub(sub, "demo", "attract mode: bots play a scenario, the theatre shows it, again", "feltbox demo flickem 1")
    dm.add_argument("game", choices=tuple(GAMES), help="the game: " + ", ".join(GAMES))
    dm.add_argument("number", nargs="?", default=None, help=KEY_HELP)
    dm.add_argument("--seed", type=int, default=0, help="the first game's seed; each next game takes the next one")
    dm.add_argument("--size", type=arg_types.size, default=None, help="video size WxH (default 1280x720)")
    add_video_options(dm)
    dm.set_defaults(func=cmd_demo)
    b = _sub(sub, "bench", "measure speed against its targets; prints JSON", "feltbox bench --quick")
    b.add_argument("--quick", action="store_true", help="fewer repetitions")
    b.add_argument("--compare", action="store_true",
                   help="also pybullet side by side (pip install 'feltbox[compare]') and replay --verify "
                        "with and without the model cache")
    b.set_defaults(func=cmd_bench)
    _tournament_parser(sub)
    return p


def _tournament_parser(sub) -> None:
    t = _sub(sub, "tournament", "bots play every seat of scenes for many seeds, in parallel; prints JSON "
             "(wins per team, why games were lost, game lengths, rules events per game)",
             "feltbox tournament flickem 1-5 --seeds 20 --workers 2")
    t.add_argument("game", choices=tuple(GAMES), help="the game: " + ", ".join(GAMES))
    t.add_argument("keys", nargs="?", default=None,
                   help="the scenes: a key (see feltbox scenes), a list 1,3,7, a range 1-5, all, "
                   "or your own scene file (a .toml path); snowbirds: normal (default) or difficult; "
                   "tailsandtactics: standard (default)")
    t.add_argument("--seeds", type=int, default=20, help="games per scene, seeds --first-seed on (default 20)")
    t.add_argument("--first-seed", type=int, default=1, help="the first seed (default 1)")
    t.add_argument("--workers", type=arg_types.workers, default=1,
                   help="games played at once, each in its own process, 1-64 (default 1)")
    t.add_argument("--check-agreement", action="store_true",
                   help="count, per game, the actions after which the rules and the table disagree")
    t.add_argument("--pretty", action="store_true", help="indent the JSON")
    t.add_argument("--difficult", action="store_true", help="snowbirds: the difficult mode (Game Difficulty)")
    t.add_argument("--plot", metavar="PNG", help="snowbirds: the score histograms of the bot and the random "
                   "player as a PNG (needs matplotlib: pip install 'feltbox[plot]')")
    t.set_defaults(func=tournament_command)


def _play_parser(sub) -> None:
    pl = _sub(sub, "play", "play a game in the window (a rules game with --bots, else a free table), or headless",
              "feltbox play flickem 7 --headless --bots all --seed 3 --transcript s7.txt")
    pl.add_argument("game", choices=tuple(GAMES), help="the game: " + ", ".join(GAMES))
    pl.add_argument("number", nargs="?", default=None, help=KEY_HELP)
    pl.add_argument("--headless", action="store_true", help="no window: bots play the whole game")
    pl.add_argument("--bots", default=None,
                    help="the seats bots play: all, none, or teams such as teamB (feltbox scenes lists each "
                         "scene's teams). Headless: all by default, the other seats follow --script. Window: a "
                         "rules game (none = hot-seat); without --bots the window is a free table (tailfeathers: "
                         "hot-seat)")
    pl.add_argument("--script", help="headless: a game script of decisions and aims (docs/scripts/); "
                                     "'-' asks the players at a prompt, in turn (hot-seat)")
    pl.add_argument("--transcript", help="headless: write the event log as readable text")
    pl.add_argument("--save-script", help="headless: write every decision and aim of the game as a script")
    pl.add_argument("--seed", type=int, default=None,
                    help="the game's seed: the same seed plays the same game (default: 0 for bots alone; a "
                         "random one when people play, so nobody can rebuild the face-down deal from it)")
    pl.add_argument("--force-mouse", metavar="FILE", help="tailfeathers: a custom mouse force (build points; "
                    "docs/forces.md) in place of the scene's mouse figures")
    pl.add_argument("--force-rat", metavar="FILE",
                    help="tailfeathers: a custom rat force in place of the scene's rat figures")
    pl.add_argument("--record", help="headless: write every physics episode and rules action to this replay")
    pl.add_argument("--log", help="headless: write the rules' events as JSON lines")
    pl.add_argument("--check-agreement", action="store_true",
                    help="headless: after every action compare the rules state with the table (each figure's "
                         "place and stance; Tail Feathers: place, height, heading, tilt, feathers); "
                         "exit 1 naming where they disagree")
    pl.add_argument("--load", metavar="SAVE",
                    help="window: go on with a saved game (a file, or a name in the saves folder)")
    pl.add_argument("--continue", dest="continue_", action="store_true", help="window: go on with the last autosave")
    pl.set_defaults(func=cmd_play)


def play_seed(args) -> int:
    """The seed of a game given none: the seed a script file says it was written for (its first
    line, ``# feltbox play ... --seed S ...``, as ``--save-script`` writes it), since the deal and
    the dice follow the seed; 0 when only bots play (the same game each time); when people play
    (the window, or --script - at a terminal), a fresh random one, since the seed deals the
    face-down tokens and the secret objectives (a replay reveals it once the game is over)."""
    if getattr(args, "script", None) not in (None, "-"):
        written_for = script_seed(Path(args.script))
        if written_for is not None:
            return written_for
    people = not args.headless or args.script == "-"
    return fresh_seed() if people else 0


def script_seed(path: Path) -> int | None:
    """The ``--seed`` on a script file's header line, or None (no header, no seed, unreadable:
    the script reader reports an unreadable file itself)."""
    try:
        with path.open(encoding="utf-8") as f:
            first = f.readline()
    except (OSError, UnicodeDecodeError):
        return None
    found = re.match(r"#\s*feltbox play\b.*?--seed\s+(\d+)\b", first)
    return int(found.group(1)) if found else None


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.command is None:
        args.func = cmd_start
    if getattr(args, "number", "") is None:       # no scene named: the game's first (feltbox scenes lists them)
        args.number = scenarios(args.game)[0].key
    if args.command == "play" and args.seed is None:
        args.seed = play_seed(args)
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
