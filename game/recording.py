"""Recording sessions into replays and verifying them by re-simulation (same build only).

The first entry of every episode's inputs is a ``{"op": "world", ...}`` record: which bodies were
off the table, which started awake and which body's contacts were watched. With the start
snapshot that is everything a fresh world needs to re-run the episode bit for bit.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import panda3d
from panda3d import bullet

from game.bodies import BodySpec
from game.city import City, build_city
from game.replay import ReplayError, ReplayWriter, read_replay
from game.session import Episode
from game.table import RECORD_HZ, TICK_HZ, TICKS_PER_FRAME, Input, Table
from scenes.loader import load_scene


def build_info() -> dict:
    return {"panda3d": panda3d.__version__, "bullet": str(bullet.getBulletVersion())}


def replay_header(city: City, seed: int = 0) -> dict:
    scene = city.scene
    return {"build": build_info(), "units": "cm", "tick_hz": TICK_HZ, "record_hz": RECORD_HZ,
            "bodies": [b.to_json() for b in city.bodies], "seed": seed,
            "scene": {"game": scene.game, "number": scene.number, "source": _portable(scene.source)}}


def _portable(source: str) -> str:
    """Scene path relative to the package, so a replay opens on another checkout."""
    path = Path(source).resolve()
    root = Path(__file__).resolve().parent.parent
    try:
        return str(path.relative_to(root))
    except ValueError:
        return str(path)


class Recorder:
    """Collects a session's episodes and writes them as one replay file, atomically."""

    def __init__(self, path: str | Path, city: City, seed: int = 0):
        self.path = Path(path)
        self.writer = ReplayWriter(self.path, replay_header(city, seed))
        self.writer.__enter__()

    def __call__(self, episode: Episode) -> None:
        inputs = [{"op": "world", **episode.world}] + list(episode.inputs)
        self.writer.add_episode(episode.kind, episode.start, inputs, episode.result.frames,
                                _jsonable(episode.outcome))

    def close(self) -> None:
        self.writer.__exit__(None, None, None)

    def abort(self, exc: BaseException) -> None:
        self.writer.__exit__(type(exc), exc, exc.__traceback__)


def _jsonable(value):
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, np.generic):
        return value.item()
    return value


@dataclass
class VerifyResult:
    ok: bool
    episodes: int
    frames: int
    message: str


def resimulate(bodies: list[BodySpec], start: np.ndarray, inputs: list[dict]) -> np.ndarray:
    """Re-run one recorded episode and return its (T,N,7) frames."""
    world = inputs[0]
    if world.get("op") != "world":
        raise ReplayError("episode does not start with its world record")
    present = np.ones(len(bodies), bool)
    present[world["absent"]] = False
    table = Table(bodies, start, present, world["awake"])
    result = table.run([Input.from_json(i) for i in inputs[1:]], watch=world["watch"])
    return result.frames


def verify(path: str | Path) -> VerifyResult:
    """Re-simulate every episode; report the first differing tick and body, if any."""
    replay = read_replay(path)
    header = replay.header
    if header.get("build") != build_info():
        return VerifyResult(False, 0, 0, f"recorded with {header.get('build')}, this build is "
                            f"{build_info()}: re-simulation is only exact on the same build")
    bodies = [BodySpec.from_json(b) for b in header["bodies"]]
    frames_total = 0
    for ep in replay.episodes:
        again = resimulate(bodies, ep.start, ep.inputs)
        recorded = ep.frames
        n = min(len(again), len(recorded))
        diff = np.flatnonzero(np.any(again[:n].view(np.uint32) != recorded[:n].view(np.uint32), axis=2).ravel())
        if diff.size:
            frame, body = divmod(int(diff[0]), len(bodies))
            tick = (frame + 1) * TICKS_PER_FRAME
            return VerifyResult(False, ep.index, frames_total,
                                f"episode {ep.index}: first difference at tick {tick}, body "
                                f"{bodies[body].id!r}")
        if len(again) != len(recorded):
            tick = (n + 1) * TICKS_PER_FRAME
            return VerifyResult(False, ep.index, frames_total,
                                f"episode {ep.index}: first difference at tick {tick}: recorded "
                                f"{len(recorded)} frames, re-simulated {len(again)}")
        frames_total += n
    return VerifyResult(True, len(replay.episodes), frames_total,
                        f"{len(replay.episodes)} episodes, {frames_total} frames bit-exact")


def city_for_replay(header: dict) -> City:
    """Rebuild the city a replay was recorded on (for rendering its frames)."""
    source = Path(header["scene"]["source"])
    if not source.is_absolute():
        source = Path(__file__).resolve().parent.parent / source
    return build_city(load_scene(source))
