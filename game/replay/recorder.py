"""Recording sessions into replays and verifying them by re-simulation (same build only).

The first entry of every episode's inputs is a ``{"op": "world", ...}`` record: which bodies were
off the table, which started awake and which body's contacts were watched. With the start
snapshot that is everything a fresh world needs to re-run the episode bit for bit. A game's
recording also holds every rules action (RULE records, game/replay/rules_records.py), and ``verify``
rebuilds the rules from them with the game's rules check (replay/rules_check.py; which check a
game has is in feltbox.game.games).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from feltbox.game.replay.format import ReplayError, ReplayWriter, read_replay
from feltbox.game.replay.rules_check import RulesCheck
from feltbox.game.replay.rules_records import file_order, public_events
from feltbox.game.table.bodies import BodySpec
from feltbox.game.table.city import City, build_city
from feltbox.game.table.session import Episode
from feltbox.game.table.table import RECORD_HZ, TICK_HZ, TICKS_PER_FRAME, EpisodeResult, Input, Table, build_info
from feltbox.rules.core import InputError, state_hash, to_json
from feltbox.scenes.deal import deal_tokens
from feltbox.scenes.loader import load_scene, portable_source, source_path


def city_header(city: City, seed: int = 0) -> dict:
    """The header of a replay on a Dead of Winter city: build, units, rates, bodies, scene."""
    scene = city.scene
    return {"build": build_info(), "units": "cm", "tick_hz": TICK_HZ, "record_hz": RECORD_HZ,
            "bodies": [b.to_json() for b in city.bodies], "seed": seed,
            "scene": {"game": scene.game, "number": scene.number, "source": portable_source(scene.source)}}


class Recorder:
    """Collects a session's episodes (and a game's rules actions) into one replay, atomically.

    ``header``: ``city_header`` for physics alone; a whole game's header also names the game,
    scenario, seed and starting state hash (``feltbox.game.games`` has each game's), so that
    ``verify`` can rebuild the rules. Pass ``action`` as the bridge's ``on_action``."""

    def __init__(self, path: str | Path, header: dict):
        self.path = Path(path)
        self.writer = ReplayWriter(self.path, header)
        self.writer.__enter__()

    def action(self, action, events, state) -> None:
        """One rules action applied: its JSON, its events as everyone sees them, the state hash."""
        self.writer.add_rule(type(action).__name__, to_json(action), public_events(events), state_hash(state))

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
    return rerun(bodies, start, inputs).frames


def rerun(bodies: list[BodySpec], start: np.ndarray, inputs: list[dict]) -> EpisodeResult:
    """Re-run one recorded episode: its whole result (frames, final poses, contacts)."""
    world = inputs[0]
    if world.get("op") != "world":
        raise ReplayError("episode does not start with its world record")
    present = np.ones(len(bodies), bool)
    present[world["absent"]] = False
    table = Table(bodies, start, present, world["awake"])
    return table.run([Input.from_json(i) for i in inputs[1:]], watch=world["watch"])


def verify(path: str | Path, rules_check: Callable[[dict, list], RulesCheck] | None = None) -> VerifyResult:
    """Re-simulate every episode and, in a game's recording, re-apply every rules action with
    ``rules_check(header, episodes)`` (the game's check), in file order; report the first
    differing tick and body, or the first action that differs."""
    replay = read_replay(path)
    header = replay.header
    if header.get("build") != build_info():
        return VerifyResult(False, 0, 0, f"recorded with {header.get('build')}, this build is "
                            f"{build_info()}: re-simulation is only exact on the same build")
    bodies = [BodySpec.from_json(b) for b in header["bodies"]]
    rules = None
    if "rules" in header:
        if rules_check is None:
            return VerifyResult(False, 0, 0, f"no rules check for game {header['rules'].get('game')!r}")
        rules = rules_check(header, replay.episodes)
        if rules.start_error:
            return VerifyResult(False, 0, 0, rules.start_error)
    elif replay.rules:
        return VerifyResult(False, 0, 0, "rules actions recorded without the header's rules entry")
    frames_total = 0
    for kind, i in file_order(replay.rules, len(replay.episodes)):
        if kind == "action":
            problem = rules.action(replay.rules[i])
            if problem:
                return VerifyResult(False, len(replay.episodes), frames_total, problem)
            continue
        ep = replay.episodes[i]
        again = rerun(bodies, ep.start, ep.inputs)
        problem = _first_difference(ep, again.frames, bodies)
        if problem:
            return VerifyResult(False, ep.index, frames_total, problem)
        if rules is not None:
            rules.episode(ep, again)
        frames_total += len(again.frames)
    message = f"{len(replay.episodes)} episodes, {frames_total} frames bit-exact"
    if rules is not None:
        message += f"; {len(replay.rules)} rules actions, every state hash and outcome as recorded"
    return VerifyResult(True, len(replay.episodes), frames_total, message)


def _first_difference(ep, again: np.ndarray, bodies: list[BodySpec]) -> str | None:
    recorded = ep.frames
    n = min(len(again), len(recorded))
    diff = np.flatnonzero(np.any(again[:n].view(np.uint32) != recorded[:n].view(np.uint32), axis=2).ravel())
    if diff.size:
        frame, body = divmod(int(diff[0]), len(bodies))
        tick = (frame + 1) * TICKS_PER_FRAME
        return f"episode {ep.index}: first difference at tick {tick}, body {bodies[body].id!r}"
    if len(again) != len(recorded):
        tick = (n + 1) * TICKS_PER_FRAME
        return (f"episode {ep.index}: first difference at tick {tick}: recorded "
                f"{len(recorded)} frames, re-simulated {len(again)}")
    return None


def city_for_replay(header: dict) -> City:
    """Rebuild the city a replay was recorded on (for rendering its frames)."""
    scene = load_scene(source_path(header["scene"]["source"]))
    if header.get("rules"):                  # a whole game: its face-down tokens were dealt by its seed
        scene = deal_tokens(scene, int(header.get("seed", 0)))
    return build_city(scene)


def city_bodies_for_replay(header: dict) -> list[BodySpec]:
    """The bodies to draw a Dead of Winter recording with: its city's, with the tokens its seed
    dealt; the header's own table when the scene file moved or no longer matches it."""
    if header.get("scene", {}).get("source"):
        try:
            city = city_for_replay(header)
        except (OSError, InputError):          # the scene moved or changed: the header's table still draws
            city = None
        if city is not None and len(city.bodies) == len(header["bodies"]):
            return list(city.bodies)
    return [BodySpec.from_json(b) for b in header["bodies"]]
