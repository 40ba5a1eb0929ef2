"""A Root replay's theatre timeline on the whole Root table (not only the dice tray).

A game's replay records physics only for the battle dice; the game itself is in its RULE
records. ``build_root_timeline`` rebuilds it on a fresh game/root/bridge.RootBridge (a
spectator's view: the theatre shows what everyone at the table saw) for the header's scene and
the revealed seed (a sealed game that did not end cannot be rebuilt: RebuildError), re-applying
every action and laying the table after each one as the window does. A roll shows its recorded
throws in the tray (held ``HOLD`` frames); any other action that moves pieces slides them from
their old poses to the new ones over ``MOVE`` frames (game/cards/layout.slide_path), then
``SETTLE`` frames of rest. Markers are each rules event, and a turn marker at each turn's start.
"""
from __future__ import annotations

import numpy as np

from feltbox.game.replay.card_timeline import add_slide, add_throw, rebuild_bridge, throw_frames
from feltbox.game.replay.tailfeathers_timeline import RebuildError
from feltbox.game.replay.timeline import Marker, Timeline, follow_distance, follow_path, rule_markers
from feltbox.game.root import table
from feltbox.game.root.bridge import RootBridge
from feltbox.game.table.bodies import BodySpec
from feltbox.rules.core import IllegalAction, from_json

MOVE = 20
SETTLE = 6


class _Recorded:
    """A recorded throw as RootBridge.lay_thrown reads it: its final poses and outcome."""

    def __init__(self, episode):
        self.outcome = episode.outcome or {}
        self.result = type("Final", (), {"final": episode.frames[-1] if len(episode.frames) else episode.start})()


class _AsEpisode:
    def __init__(self, rec):
        self.type, self.data, self.events, self.episodes = rec.type, rec.data, rec.events, [rec.index]


def build_root_timeline(replay) -> tuple[Timeline, list[BodySpec]]:
    """(timeline, bodies) of a Root replay: the table, action by action, throws shown."""
    if not replay.rules:
        raise ValueError("the Root replay holds no rules actions: nothing to play")
    bridge = rebuild_bridge(replay, RootBridge, "Root", "game", "it deals every hand")
    frames, present, live, action_of = [bridge.poses.astype(np.float32)], [bridge.present.copy()], [False], [0]
    ends: dict[int, int] = {}
    opened = (replay.reveal or {}).get("actions", {})
    for rec in replay.rules:
        kind = bridge.engine.action_types.get(rec.type)
        data = opened.get(str(rec.index), rec.data)
        try:
            action = from_json(kind, data)
        except (TypeError, KeyError, ValueError) as exc:
            raise RebuildError(f"action {rec.index} ({rec.type}) cannot be rebuilt ({exc!r})") from None
        before, was = bridge.poses.copy(), bridge.present.copy()
        for index in rec.episodes:
            before = add_throw(throw_frames(replay.episodes[index], before, table.tray_centre(), bridge.dice),
                               was, frames, present, live)
        try:
            bridge.engine.apply(action)
        except IllegalAction as exc:
            raise RebuildError(f"action {rec.index} ({rec.type}) is refused by the rules: {exc.reason}") from None
        bridge.follow(action, [_Recorded(replay.episodes[i]) for i in rec.episodes])
        add_slide(before, was, bridge.poses, bridge.present, frames, present, live, MOVE, SETTLE)
        action_of.extend([rec.index] * (len(frames) - len(action_of)))
        ends[rec.index] = len(frames) - 1
    poses = np.ascontiguousarray(np.stack(frames))
    shown = np.ascontiguousarray(np.stack(present))
    markers = rule_markers([_AsEpisode(rec) for rec in replay.rules], ends)
    markers += [Marker(ends[rec.index], "turn", "turn") for rec in replay.rules
                if any(e.get("kind") == "turn" for e in rec.events)]
    markers.sort(key=lambda m: m.frame)
    target = follow_path(poses, shown, np.asarray(live))
    return (Timeline(poses, shown, markers, target, np.asarray(action_of, np.int32),
                     follow_distance=follow_distance(target)), list(bridge.bodies))
