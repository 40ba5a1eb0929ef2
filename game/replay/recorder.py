"""Recording sessions into replays and verifying them by re-simulation (same build only).

The first entry of every episode's inputs is a ``{"op": "world", ...}`` record: which bodies were
off the table, which started awake and which body's contacts were watched. With the start
snapshot that is everything a fresh world needs to re-run the episode bit for bit. A game's
recording also holds every rules action (RULE records, game/replay/rules_records.py), and ``verify``
rebuilds the rules from them with the game's rules check (replay/rules_check.py; which check a
game has is in feltbox.game.games).

A game with secrets is recorded sealed (game/replay/sealing.py): no seed in the header, state
hashes keyed with a secret salt, face-down tokens without their kind, events in their public view
(game/text/public.py), and the seed and salt in the REVL record once the rules say the game is
over. ``verify`` checks them against the header's commitment and then checks everything; a
sealed game that did not end is checked as far as it is public, and the result says what not.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from feltbox.game.replay.format import LEGACY_WAKE_BEFORE, VERSION, ReplayWriter
from feltbox.game.replay.reader import ReplayError, read_replay
from feltbox.game.replay.rules_check import RulesCheck
from feltbox.game.replay.rules_records import file_order, plain
from feltbox.game.replay.scene_source import scene_change, scene_entry
from feltbox.game.replay.sealing import RevealError, Seal, header_bodies, neutral_body, sealed_data
from feltbox.game.table.bodies import BodySpec
from feltbox.game.table.city import City, build_city
from feltbox.game.table.session import Episode
from feltbox.game.table.table import (
    RECORD_HZ,
    TICK_HZ,
    TICKS_PER_FRAME,
    EpisodeResult,
    Input,
    Table,
    build_info,
    legacy_wake_polling,
)
from feltbox.game.text.public import public_events
from feltbox.rules.core import GameOver, InputError, state_hash, to_json
from feltbox.scenes.deal import deal_tokens
from feltbox.scenes.loader import load_scene, source_path


def city_header(city: City, seed: int | None = 0) -> dict:
    """The header of a replay on a Dead of Winter city: build, units, rates, bodies (face-down
    tokens without their kind), scene; ``seed`` None in a sealed game."""
    scene = city.scene
    return {"build": build_info(), "units": "cm", "tick_hz": TICK_HZ, "record_hz": RECORD_HZ,
            "bodies": [neutral_body(b) for b in city.bodies], "seed": seed,
            "scene": scene_entry(scene.game, scene.number, scene.source)}


class Recorder:
    """Collects a session's episodes (and a game's rules actions) into one replay, atomically.

    ``header``: ``city_header`` for physics alone; a whole game's header also names the game,
    scenario, seed and starting state hash (``feltbox.game.games`` has each game's), so that
    ``verify`` can rebuild the rules. Pass ``action`` as the bridge's ``on_action``.

    A sealed game (``seal``; its header carries the commitment, not the seed) keys every state
    hash with the salt and writes the REVL record after the action that makes ``over(state)``
    true. Each action is flushed: a player reading the unfinished file sees all of it so far,
    and none of it tells a secret."""

    def __init__(self, path: str | Path, header: dict, seal: Seal | None = None,
                 over: Callable[[Any], bool] | None = None, hidden: Callable[[Any], bool] | None = None):
        """``hidden(action)``: the action is a hidden choice (sealed.py): its data is sealed in
        its RULE record and opened in the REVL record (a sealed recording only)."""
        self.path = Path(path)
        self.seal, self.over, self.hidden = seal, over, hidden
        if seal is not None and over is None:
            raise ValueError("a sealed recording needs over(state) to know when to reveal its seed")
        if hidden is not None and seal is None:
            raise ValueError("hidden choices need a sealed recording")
        self.count = 0                             # rules actions written
        self.opened: dict[str, Any] = {}           # index -> the data of each sealed action
        self.writer = ReplayWriter(self.path, header)
        self.writer.__enter__()

    def action(self, action, events, state) -> None:
        """One rules action applied: its JSON, its events as everyone sees them, the state hash;
        in a sealed game, the seed and salt once it is over."""
        hashed = self.seal.state_hash(state) if self.seal is not None else state_hash(state)
        data = plain(to_json(action))
        if self.hidden is not None and self.hidden(action):
            self.opened[str(self.count)] = data
            data = sealed_data(self.seal.salt, self.count, data)
        self.writer.add_rule(type(action).__name__, data, plain(public_events(events, state)), hashed)
        self.count += 1
        if self.seal is not None and not self.writer.revealed and self.over(state):
            self.writer.add_reveal({**self.seal.to_json(), **({"actions": self.opened} if self.opened else {})})
        self.writer.flush()

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
    unchecked: str = ""         # what could not be checked, one line (a sealed game that did not end)


def rerun(bodies: list[BodySpec], start: np.ndarray, inputs: list[dict], version: int = VERSION) -> EpisodeResult:
    """Re-run one recorded episode of a ``version`` file: its whole result (frames, final poses,
    contacts); a file older than v5 re-runs with the wake polling it was made with."""
    world = inputs[0]
    if world.get("op") != "world":
        raise ReplayError("episode does not start with its world record")
    present = np.ones(len(bodies), bool)
    present[world["absent"]] = False
    with legacy_wake_polling(version < LEGACY_WAKE_BEFORE):
        table = Table(bodies, start, present, world["awake"])
    return table.run([Input.from_json(i) for i in inputs[1:]], watch=world["watch"], touch=world.get("touch"))


def verify(path: str | Path, rules_check: Callable[[dict, list], RulesCheck] | None = None,
           actions_of: Callable[[str], dict | None] | None = None) -> VerifyResult:
    """Re-simulate every episode and, in a game's recording, re-apply every rules action with
    ``rules_check(header, episodes)`` (the game's check), in file order; report the first
    differing tick and body, or the first action that differs. A sealed game is opened with its
    REVL record first; without one (the game did not end) only its public records are checked.
    ``actions_of``: as for read_replay (each RULE record's data checked against its action)."""
    replay = read_replay(path, actions_of)
    header = replay.header
    if header.get("build") != build_info():
        return VerifyResult(False, 0, 0, f"recorded with {header.get('build')}, this build is "
                            f"{build_info()}: re-simulation is only exact on the same build")
    bodies = header_bodies(header)
    rules = None
    if "rules" in header:
        if rules_check is None:
            return VerifyResult(False, 0, 0, f"no rules check for game {header['rules'].get('game')!r}")
        opened, problem = _opened(header, replay.reveal)
        if problem:
            return VerifyResult(False, 0, 0, problem)
        rules = rules_check(opened, replay.episodes)
        if rules.start_error:
            return VerifyResult(False, 0, 0, rules.start_error + scene_change(header))
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
        again = rerun(bodies, ep.start, ep.inputs, header["version"])
        problem = _first_difference(ep, again.frames, bodies)
        if problem:
            return VerifyResult(False, ep.index, frames_total, problem)
        if rules is not None:
            rules.episode(ep, again)
        frames_total += len(again.frames)
    message = f"{len(replay.episodes)} episodes, {frames_total} frames bit-exact"
    if rules is None:
        return VerifyResult(True, len(replay.episodes), frames_total, message)
    if rules.sealed:
        return VerifyResult(True, len(replay.episodes), frames_total,
                            message + f"; {len(replay.rules)} rules actions, every measured outcome as its episode shows",
                            "the rules state after each action (its hash, its events, that the rules allow it) "
                            "and the deal: the game did not end, so its seed stays sealed")
    if replay.reveal is not None and not isinstance(rules.engine.game.pending(rules.engine.state), GameOver):
        return VerifyResult(False, len(replay.episodes), frames_total,
                            f"the seed is revealed after action {len(replay.rules) - 1}, before the game was over")
    message += f"; {len(replay.rules)} rules actions, every state hash and outcome as recorded"
    if replay.reveal is not None:
        message += "; the revealed seed matches the commitment"
    return VerifyResult(True, len(replay.episodes), frames_total, message)


def _opened(header: dict, reveal: dict | None) -> tuple[dict, str | None]:
    """The header as the rules check reads it: a sealed game's ``rules`` entry gets the seed and
    salt of its REVL record, once they match the commitment; (header, None) or (None, problem)."""
    rules = header["rules"]
    if "commitment" not in rules:
        if reveal is not None:
            raise RevealError("corrupt: a REVL record in a replay whose game is not sealed")
        return header, None
    if reveal is None:
        return header, None
    seal = Seal.from_json(reveal)
    if seal.commitment() != rules["commitment"]:
        return None, (f"the revealed seed {seal.seed} and its salt do not match the header's commitment "
                      f"{rules['commitment'][:16]}...: the file was changed")
    return {**header, "rules": {**rules, "seed": seal.seed, "salt": seal.salt,
                                "actions": dict(reveal.get("actions", {}))}}, None


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


def city_for_replay(header: dict, seed: int | None = None) -> City:
    """Rebuild the city a replay was recorded on: a whole game's with the face-down tokens its
    seed dealt (``seed``, else the header's; a sealed game not yet opened keeps the scene
    file's kinds, which no measurement depends on)."""
    scene = load_scene(source_path(header["scene"]["source"]))
    if seed is None and header.get("rules"):
        seed = header["rules"].get("seed", header.get("seed"))
    if header.get("rules") and seed is not None:
        scene = deal_tokens(scene, int(seed))
    return build_city(scene)


def city_bodies_for_replay(header: dict) -> list[BodySpec]:
    """The bodies to draw a Dead of Winter recording with: its city's, with the tokens its seed
    dealt; the header's own table when the game is sealed (a face-down token draws as its back,
    whatever its kind), or when the scene file moved or no longer matches it."""
    sealed = "commitment" in header.get("rules", {})
    if header.get("scene", {}).get("source") and not sealed:
        try:
            city = city_for_replay(header)
        except (OSError, InputError):          # the scene moved or changed: the header's table still draws
            city = None
        if city is not None and len(city.bodies) == len(header["bodies"]):
            return list(city.bodies)
    return header_bodies(header)
