"""``feltbox replay FILE`` (theatre, --info, --video) and ``feltbox demo GAME N`` (attract mode).

Kept out of game/cli/main.py, which only parses the options and calls these. Exit codes as there:
0 done, 2 bad input or no display (one line naming the file, or saying what to use instead).
"""
from __future__ import annotations

import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from feltbox.game.cli import arg_types
from feltbox.game.games import game_of, read_game_replay, recorded_game
from feltbox.game.render.mood import mood_for
from feltbox.game.replay.tailfeathers_timeline import RebuildError
from feltbox.game.replay.timeline import build_timeline
from feltbox.game.replay.video import CAMERAS, export_video, replay_bodies, stderr_progress
from feltbox.game.window.app import NoDisplayError
from feltbox.game.window.theatre import has_display, open_theatre
from feltbox.rules.core import InputError

NO_DISPLAY = ("feltbox: no display to open the replay theatre on; use `feltbox replay FILE --info` "
              "for a summary or `--video OUT.mp4` to export a video")


def _err(text: str) -> int:
    print(text, file=sys.stderr)
    return 2


def load(path: str):
    """(replay, timeline, bodies) of a replay file; raises ReplayError (an InputError)."""
    replay = read_game_replay(path)
    try:
        return (replay, *recorded_game(replay.header).replay_timeline(replay))
    except RebuildError as exc:                 # the rules rebuild the battle differently
        print(f"feltbox: {path}: {exc}; showing its physics episodes", file=sys.stderr)
    return replay, build_timeline(replay), replay_bodies(replay.header)


def info(path: str, replay, timeline) -> str:
    header = replay.header
    turns = sum(m.kind == "turn" for m in timeline.markers)
    scene = header["scene"]
    where = (f"{scene.get('game', 'flickem')} {scene.get('name') or scene.get('number', '?')}"
             if isinstance(scene, dict) else str(scene))
    return (f"{path}: scene {where}, {len(replay.episodes)} episodes, "
            f"{sum(len(e.frames) for e in replay.episodes)} frames at {header['record_hz']} Hz"
            + (f", {len(replay.rules)} rules actions" if "rules" in header else "")
            + f"; theatre {timeline.duration:.1f} s, {turns} turns, {len(timeline.markers) - turns} events")


def replay_command(args) -> int:
    """The theatre (default), ``--info`` or ``--video OUT`` for an already checked file name."""
    try:
        replay, timeline, bodies = load(args.file)
    except InputError as exc:
        return _err(f"feltbox: {args.file}: {exc}")
    if not args.info and not args.video:
        if not has_display():
            return _err(NO_DISPLAY)
    if args.info:
        print(info(args.file, replay, timeline))
        return 0
    if args.video:
        return video(timeline, bodies, args, recorded_game(replay.header))
    return theatre(timeline, bodies, f"feltbox replay {Path(args.file).name}",
                   mood=mood_for(recorded_game(replay.header).name))


def video(timeline, bodies, args, kind) -> int:
    """``--video OUT``: the recording of a game of ``kind`` (games.GameKind: its cards' dresser, its look)."""
    try:
        result = export_video(timeline, bodies, args.video, size=tuple(args.size), fps=args.fps,
                              start=args.start or 0.0, end=args.end, camera=args.camera,
                              progress=stderr_progress, dresser=kind.dresser, mood=mood_for(kind.name),
                              skip_idle=not args.keep_idle)
    except InputError as exc:
        return _err(f"feltbox: {args.video}: {exc}")
    print(f"wrote {args.video}: {result['frames']} frames, {result['width']}x{result['height']} at "
          f"{result['fps']} fps ({result['seconds']:g} s of video for {result['replay_seconds']:g} s of replay) "
          f"in {result['wall_s']:g} s")
    return 0


def theatre(timeline, bodies, title: str, attract: bool = False, next_timeline=None, mood=None) -> int:
    try:
        open_theatre(timeline, bodies, title, attract=attract, next_timeline=next_timeline, mood=mood)
    except NoDisplayError:
        return _err(NO_DISPLAY)
    return 0


def record_command(game: str, number: str, seed: int, out: Path) -> list[str]:
    return [sys.executable, "-m", "feltbox", "play", game, str(number), "--headless", "--bots", "all",
            "--seed", str(seed), "--record", str(out)]


def record_demo(game: str, number: str, seed: int, out: Path) -> int:
    """Play one bot game headless into ``out``, printing a line while it runs and when done."""
    print(f"demo: the bots play {game} {number} (seed {seed}) ...", flush=True)
    began = time.perf_counter()
    with tempfile.TemporaryFile("w+") as log, tempfile.TemporaryFile("w+") as errors:
        proc = subprocess.Popen(record_command(game, number, seed, out), stdout=log, stderr=errors, text=True)
        shown = 0.0
        while proc.poll() is None:
            time.sleep(0.25)
            elapsed = time.perf_counter() - began
            if sys.stdout.isatty() or elapsed - shown >= 5.0:
                shown = elapsed
                # the recorder writes to a temporary name next to ``out`` until the game ends
                size = sum(p.stat().st_size for p in out.parent.glob(f".{out.name}.*.tmp"))
                print(("\r" if sys.stdout.isatty() else "") + f"demo: recording ... {elapsed:4.0f} s, "
                      f"{size // 1024} KiB of replay", end="" if sys.stdout.isatty() else "\n", flush=True)
        if sys.stdout.isatty():
            print()
        log.seek(0)
        errors.seek(0)
        stdout, stderr = log.read(), errors.read()
    if proc.returncode != 0:
        lines = (stderr or stdout).strip().splitlines() or ["the bot game failed"]
        print(lines[-1], file=sys.stderr)
        return proc.returncode or 2
    print(f"demo: recorded {out.stat().st_size // 1024} KiB in {time.perf_counter() - began:.0f} s: "
          f"{stdout.strip().splitlines()[-1]}", flush=True)
    return 0


class NextGame:
    """Attract mode's next game: a bot game on the next seed recorded in the background while
    the current one plays; ``__call__`` gives its timeline once it is ready (else None)."""

    def __init__(self, game: str, number: str, seed: int, folder: Path):
        self.game, self.number, self.seed, self.folder = game, number, seed, folder
        self.proc: subprocess.Popen | None = None
        self.path: Path | None = None
        self._start()

    def _start(self) -> None:
        self.seed += 1
        self.path = self.folder / f"demo-{self.seed}.fbr"
        self.proc = subprocess.Popen(record_command(self.game, self.number, self.seed, self.path),
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def __call__(self):
        if self.proc is None or self.proc.poll() is None:
            return None                         # still recording: the current game plays again
        ok = self.proc.returncode == 0
        path = self.path
        self._start()
        if not ok:
            return None
        try:
            replay, timeline, bodies = load(str(path))
        except InputError:                  # the next game could not be read: replay this one
            return None
        path.unlink(missing_ok=True)
        print(f"demo: next game, seed {self.seed - 1}", flush=True)
        return timeline, bodies

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=10)


def demo_command(args) -> int:
    """Record a bot game, then play it in the theatre in attract mode (or export it with --video)."""
    if not args.video:
        if not has_display():
            return _err(NO_DISPLAY.replace("replay theatre", "demo").replace(
                "`feltbox replay FILE --info` for a summary or `--video OUT.mp4`",
                "`feltbox demo ... --video OUT.mp4`"))
    game_of(args.game).load_scene(args.number)     # a bad scene (a player's own file too) is one line now
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))   # clean up the recordings when killed
    with tempfile.TemporaryDirectory(prefix="feltbox-demo-") as folder:
        path = Path(folder) / f"demo-{args.seed}.fbr"
        rc = record_demo(args.game, args.number, args.seed, path)
        if rc:
            return rc
        try:
            replay, timeline, bodies = load(str(path))
        except InputError as exc:
            return _err(f"feltbox: {path}: {exc}")
        if args.video:
            return video(timeline, bodies, args, game_of(args.game))
        upcoming = NextGame(args.game, args.number, args.seed, Path(folder))
        try:
            return theatre(timeline, bodies, f"feltbox demo {args.game} {args.number}", attract=True,
                           next_timeline=upcoming, mood=mood_for(args.game))
        finally:
            upcoming.stop()


def add_video_options(p) -> None:
    p.add_argument("--video", metavar="OUT.mp4", help="export an H.264 video instead of opening the window")
    p.add_argument("--from", dest="start", type=arg_types.seconds, default=None, metavar="T", help="video: start at T s")
    p.add_argument("--to", dest="end", type=arg_types.seconds, default=None, metavar="T", help="video: end at T s")
    p.add_argument("--camera", default="follow", choices=CAMERAS, help="video camera (default follow)")
    p.add_argument("--fps", type=arg_types.fps, default=30, help="video frames per second, 1-60 (default 30)")
    p.add_argument("--keep-idle", action="store_true",
                   help="video: keep the still stretches (by default each is cut to 0.4 s)")
