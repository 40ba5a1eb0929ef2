"""The theatre timeline of a card game rebuilt from its rules actions on its whole table (Snowbirds,
Tails and Tactics): such a replay records physics only for its dice throws, the game itself is in
its RULE records. ``rebuild_timeline`` re-applies every recorded action on a fresh bridge (the
game's own, for the header's scene and the revealed seed) and lays the table after each one as the
play window does. On the 60 Hz timeline (game/replay/timeline.Timeline):

* a roll shows its recorded throws: each episode's frames with the thrown dice moved from the
  tray's frame onto the table's tray (the other bodies still), held ``HOLD`` frames;
* any action that moves cards or tokens slides them from their old poses to the new ones over
  ``MOVE`` frames (eased, lifted over the cards in between: game/cards/layout.slide_path), then
  ``SETTLE`` frames of rest; an action that moves nothing but has events holds ``LABEL_HOLD``;
* markers are game/replay/timeline.py's (each rules event), and a turn marker at each turn's end.

Cards arriving from the box appear at their new place when the action starts; cards leaving for
the box stay until its slide ends.
"""
from __future__ import annotations

from collections.abc import Callable

import numpy as np

from feltbox.game.cards.layout import slide_path
from feltbox.game.replay.scene_source import scene_for_replay
from feltbox.game.replay.sealing import is_sealed, opened_action
from feltbox.game.replay.tailfeathers_timeline import RebuildError
from feltbox.game.replay.timeline import HOLD, QUIET_EVENTS, Marker, Timeline, follow_distance, follow_path, rule_markers
from feltbox.game.table.bodies import BodySpec
from feltbox.game.table.dice_throw import body_of
from feltbox.rules.core import IllegalAction, from_json

MOVE = 24                      # frames of a slide (0.4 s)
SETTLE = 8                     # frames of rest after it
LABEL_HOLD = 30                # frames an action with a shown event but no motion holds (0.5 s)


def rebuild_bridge(replay, make: Callable, game: str, noun: str, secret: str, surface: str = "table"):
    """A fresh bridge (``make(scene, seed)``) for the header's scene (``scene_for_replay``) and
    seed, a sealed game's as its REVL record opened it. RebuildError when the ``noun`` ("game",
    "migration") did not end and its seed stays sealed (``secret``: what the seed decides), or when
    ``game``'s scene cannot be rebuilt."""
    rules = replay.header["rules"]
    seed = rules.get("seed")
    if "commitment" in rules:
        if replay.reveal is None:
            raise RebuildError(f"the {noun} did not end: its seed stays sealed ({secret}), so the {surface} "
                               "cannot be rebuilt until it is over")
        seed = replay.reveal["seed"]
    try:
        return make(scene_for_replay(replay.header), seed)
    except (OSError, KeyError, ValueError) as exc:
        raise RebuildError(f"its {game} scene cannot be rebuilt ({exc})") from None


def throw_frames(episode, before: np.ndarray, tray: tuple[float, float], dice: list[int]) -> np.ndarray:
    """(F, N, 7): the table with the episode's thrown dice moving in the tray; kit die k is table
    body ``dice[k]`` (None: a die this table does not show)."""
    tx, ty = tray
    frames = np.concatenate([episode.start[None], episode.frames])
    out = np.repeat(before[None].astype(np.float32), len(frames), axis=0)
    for k, target in enumerate(dice):
        if target is not None and f"die-{k + 1}" in (episode.outcome or {}).get("dice", []):
            moving = frames[:, body_of(k)].astype(np.float32)
            moving[:, 0] += tx
            moving[:, 1] += ty
            out[:, target] = moving
    return out


def add_throw(shown: np.ndarray, was: np.ndarray, frames: list, present: list, live: list) -> np.ndarray:
    """Append a recorded throw's frames ``shown`` and ``HOLD`` frames of its result (``was``: what
    is on the table meanwhile); the pose it ends on."""
    shown = np.concatenate([shown, np.repeat(shown[-1:], HOLD, axis=0)])
    frames.extend(shown)
    present.extend([was] * len(shown))
    live.extend([True] * (len(shown) - HOLD) + [False] * HOLD)
    return shown[-1].astype(np.float64)


def add_slide(before: np.ndarray, was: np.ndarray, after: np.ndarray, now: np.ndarray, frames: list, present: list,
              live: list, move: int, settle: int) -> bool:
    """Append the pieces an action moved sliding from ``before`` to ``after`` over ``move`` frames
    (pieces coming or going shown meanwhile), then ``settle`` frames of rest; False (nothing
    appended) when nothing moved, came or went."""
    moved = np.flatnonzero(np.abs(after - before).max(axis=1) > 1e-4)
    if not (len(moved) or (was != now).any()):
        return False
    during = was | now
    paths = {i: slide_path(before[i], after[i], move - 1) for i in moved}
    for k in range(move):
        pose = before.copy()
        for i, path in paths.items():
            pose[i] = path[k]
        frames.append(pose.astype(np.float32))
        present.append(during if k < move - 1 else now.copy())
        live.append(True)
    frames.extend([after.astype(np.float32)] * settle)
    present.extend([now.copy()] * settle)
    live.extend([False] * settle)
    return True


def rebuild_timeline(replay, bridge, follow: Callable, dice: Callable, tray: tuple[float, float],
                     turn_ends: dict[str, str], game: str) -> tuple[Timeline, list[BodySpec]]:
    """(timeline, bodies) of a card game's replay on ``bridge`` (its engine fresh). ``follow(action,
    request, before_state, throws)`` lays the table after the engine applied ``action`` (applied
    while the rules waited for ``request``); ``dice(request)`` the table body of each kit die a
    roll throws; ``turn_ends`` action name -> its turn marker's label."""
    frames: list[np.ndarray] = [bridge.poses.astype(np.float32)]
    present: list[np.ndarray] = [bridge.present.copy()]
    live: list[bool] = [False]
    action_of: list[int] = [0]
    ends: dict[int, int] = {}
    for rec in replay.rules:
        kind = bridge.engine.action_types.get(rec.type)
        if kind is None:
            raise RebuildError(f"action {rec.index} ({rec.type}) is not a {game} action")
        data = rec.data
        if is_sealed(data):                                # a hidden choice: opened by the REVL record
            data, problem = opened_action((replay.reveal or {}).get("salt", ""), rec.index, data,
                                          (replay.reveal or {}).get("actions", {}))
            if problem:
                raise RebuildError(f"action {rec.index} ({rec.type}): {problem}")
        action = from_json(kind, data)
        request, state_before = bridge.pending(), bridge.engine.state
        before, was = bridge.poses.copy(), bridge.present.copy()
        for index in rec.episodes:                         # the throws, as recorded
            before = add_throw(throw_frames(replay.episodes[index], before, tray, dice(request)), was,
                               frames, present, live)
        try:
            bridge.engine.apply(action)
        except IllegalAction as exc:
            raise RebuildError(f"action {rec.index} ({rec.type}) is refused by the rules: {exc.reason}") from None
        follow(action, request, state_before, [Recorded(replay.episodes[i]) for i in rec.episodes])
        slid = add_slide(before, was, bridge.poses, bridge.present, frames, present, live, MOVE, SETTLE)
        if not slid and any(e.get("kind") not in QUIET_EVENTS for e in rec.events):
            frames.extend([frames[-1]] * LABEL_HOLD)
            present.extend([present[-1]] * LABEL_HOLD)
            live.extend([False] * LABEL_HOLD)
        action_of.extend([rec.index] * (len(frames) - len(action_of)))
        ends[rec.index] = len(frames) - 1
    if not replay.rules:
        raise ValueError(f"the {game} replay holds no rules actions: nothing to play")
    poses = np.ascontiguousarray(np.stack(frames))
    shown = np.ascontiguousarray(np.stack(present))
    markers = rule_markers([_AsEpisode(rec) for rec in replay.rules], ends)
    markers += [Marker(ends[rec.index], "turn", turn_ends[rec.type]) for rec in replay.rules if rec.type in turn_ends]
    markers.sort(key=lambda m: m.frame)
    target = follow_path(poses, shown, np.asarray(live))
    return (Timeline(poses, shown, markers, target, np.asarray(action_of, np.int32),
                     follow_distance=follow_distance(target)), list(bridge.bodies))


class Recorded:
    """A recorded throw as a bridge's ``lay_thrown`` reads it: its final poses and outcome."""

    def __init__(self, episode):
        self.outcome = episode.outcome or {}
        self.result = _Final(episode.frames[-1] if len(episode.frames) else episode.start)


class _Final:
    def __init__(self, final: np.ndarray):
        self.final = final


class _AsEpisode:
    """A RULE record whose ``episodes`` is itself (its place on the table's timeline)."""

    def __init__(self, rec):
        self.type, self.data, self.events, self.episodes = rec.type, rec.data, rec.events, [rec.index]
