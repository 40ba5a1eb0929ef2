"""One playback timeline for a whole replay: poses, markers and a follow-camera path (no Panda3D).

Decisions (docs/theatre.md):

* The timeline runs at the replay's 60 Hz. Each episode contributes its start snapshot (one
  frame: between episodes the table may change without physics, e.g. a zombie placed or a piece
  removed, and the snapshot shows that), then its frames, then ``HOLD`` copies of its last frame
  so a viewer sees the outcome before the next episode starts.
* ``present`` (F,N) says which bodies are on the table: an episode's world record lists the
  absent ones; replays without it show every body.
* Markers: a *turn* marker where a rules action starts a turn (``TURN_ACTIONS``), an *event*
  marker per public event worth showing (``QUIET_EVENTS`` are left out: they repeat what the
  picture shows). An action sits at the last frame of its episodes (the outcome); an action
  without episodes sits at the point the previous one reached.
* The follow camera aims at the body moving fastest in each frame (numpy over the whole
  timeline at once), held while nothing moves, and follows that goal with a critically damped
  spring aimed ``LEAD`` ahead (game/render/follow_spring.py: no overshoot, no jump when the goal
  passes to another body), computed once, so ``seek`` and ``follow_target`` are plain indexing.
  Its distance grows with the area the action covers (2.5x its spread, 30..95 cm): close over a dice tray, far over a city.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from feltbox.game.render.follow_spring import LEAD, spring_path
from feltbox.game.text.event_feed import name, sentence
from feltbox.rules.core import Event

HZ = 60
HOLD = 36                      # frames the last frame of an episode is held (0.6 s)
MOVING = 0.02                  # cm per frame: slower bodies do not pull the follow camera
TURN_ACTIONS = {"ChooseSurvivor": "survivor", "Activate": "unit"}
QUIET_EVENTS = {"flick requested", "move succeeded", "survivor chosen", "activated", "turn ended",
                "dice chosen", "assigned to mission", "mission chosen", "rush result", "launch"}
LABEL_CHARS = 78


@dataclass(frozen=True)
class Marker:
    frame: int
    kind: str                  # "turn" or "event"
    label: str


@dataclass
class Timeline:
    poses: np.ndarray          # (F,N,7) float32
    present: np.ndarray        # (F,N) bool
    markers: list[Marker]
    target: np.ndarray         # (F,3) float32: the follow camera's smoothed look-at point
    episode_of: np.ndarray     # (F,) int32: the episode each frame belongs to
    hz: int = HZ
    follow_distance: float = 95.0   # cm from the follow camera to its target
    _event_frames: np.ndarray = field(default=None, repr=False)

    def __post_init__(self):
        self._event_frames = np.array([m.frame for m in self.markers], dtype=np.int64)

    @property
    def frames(self) -> int:
        return len(self.poses)

    @property
    def duration(self) -> float:
        """Seconds from the first frame to the last."""
        return max(self.frames - 1, 0) / self.hz

    def frame_at(self, t: float) -> int:
        """The frame shown at ``t`` seconds, clamped to the timeline."""
        return int(np.clip(round(t * self.hz), 0, self.frames - 1))

    def seek(self, t: float) -> tuple[np.ndarray, np.ndarray]:
        """Poses (N,7) and presence (N,) at ``t`` seconds: O(1) indexing."""
        k = self.frame_at(t)
        return self.poses[k], self.present[k]

    def follow_target(self, t: float) -> np.ndarray:
        return self.target[self.frame_at(t)]

    def next_event(self, t: float) -> Marker | None:
        """The first marker strictly after ``t`` (None after the last)."""
        i = int(np.searchsorted(self._event_frames, self.frame_at(t), side="right"))
        return self.markers[i] if i < len(self.markers) else None

    def prev_event(self, t: float) -> Marker | None:
        """The last marker strictly before ``t`` (None before the first)."""
        i = int(np.searchsorted(self._event_frames, self.frame_at(t), side="left")) - 1
        return self.markers[i] if i >= 0 else None

    def label_at(self, t: float, within: float = 3.0) -> str:
        """Labels of the markers at the latest marker frame within ``within`` seconds before ``t``."""
        k = self.frame_at(t)
        i = int(np.searchsorted(self._event_frames, k, side="right")) - 1
        if i < 0 or k - self.markers[i].frame > within * self.hz:
            return ""
        at = self.markers[i].frame
        labels = [m.label for m in self.markers if m.frame == at]
        return "  |  ".join(labels[-3:])


def build_timeline(replay, hold: int = HOLD) -> Timeline:
    """The playback timeline of a read replay (game/replay/format.py's Replay)."""
    n = len(replay.header["bodies"])
    pieces, present, episode_of, moving = [], [], [], []
    ends: dict[int, int] = {}
    at = 0
    for ep in replay.episodes:
        block = np.concatenate([ep.start[None], ep.frames, np.repeat((ep.frames[-1:] if len(ep.frames)
                                                                      else ep.start[None]), hold, 0)])
        block = block.astype(np.float32, copy=False)
        here = np.ones(n, bool)
        world = ep.inputs[0] if ep.inputs and isinstance(ep.inputs[0], dict) else {}
        if world.get("op") == "world":
            here[[i for i in world.get("absent", []) if 0 <= i < n]] = False
        pieces.append(block)
        present.append(np.broadcast_to(here, (len(block), n)))
        episode_of.append(np.full(len(block), ep.index, np.int32))
        live = np.zeros(len(block), bool)
        live[2:1 + len(ep.frames)] = True        # frame-to-frame motion inside the physics only
        moving.append(live)
        ends[ep.index] = at + len(ep.frames)     # the last physics frame (the start if none)
        at += len(block)
    if not pieces:
        raise ValueError("the replay holds no episodes: nothing to play")
    poses = np.concatenate(pieces)
    present_all = np.ascontiguousarray(np.concatenate(present))
    markers = rule_markers(replay.rules, ends)
    target = follow_path(poses, present_all, np.concatenate(moving))
    return Timeline(poses, present_all, markers, target, np.concatenate(episode_of),
                    follow_distance=follow_distance(target))


def follow_distance(target: np.ndarray) -> float:
    """Close for action in a small area (Tail Feathers' dice tray), far over a whole city."""
    spread = float(np.ptp(target[:, :2], axis=0).max()) if len(target) else 0.0
    return float(np.clip(2.5 * spread, 30.0, 95.0))


def rule_markers(rules, ends: dict[int, int]) -> list[Marker]:
    """The timeline's turn and event markers for the replay's rules actions (``ends``: the frame
    each episode ends at, so an action is marked where it happened)."""
    out: list[Marker] = []
    point = 0
    for rule in rules:
        if rule.episodes:
            point = ends.get(rule.episodes[-1], point)
        if rule.type in TURN_ACTIONS:
            data = rule.data if isinstance(rule.data, dict) else {}
            who = data.get(TURN_ACTIONS[rule.type], "")
            out.append(Marker(point, "turn", f"{name(who)}'s turn" if who else "turn"))
        for event in rule.events:
            if event.get("kind") not in QUIET_EVENTS:
                out.append(Marker(point, "event", event_label(event)))
    out.sort(key=lambda m: m.frame)           # stable: same-frame markers keep file order
    return out


def event_label(event: dict) -> str:
    """One readable line for a RULE record's public event: the HUD feed's sentence
    (game/text/event_feed.py), cut to the label's width."""
    data = event.get("data")
    label = sentence(Event(str(event.get("kind", "?")), data if isinstance(data, dict) else {},
                           event.get("visible_to")))
    return label if len(label) <= LABEL_CHARS else label[:LABEL_CHARS - 3] + "..."


def follow_path(poses: np.ndarray, present: np.ndarray, live: np.ndarray,
                focus: np.ndarray | None = None) -> np.ndarray:
    """(F,3): where the fastest moving body is, held while nothing moves, followed by the spring;
    ``focus`` (F,3, NaN where none): a point to look at in frames where something is laid rather
    than moved (a Tail Feathers flight's templates, the range finder)."""
    pos = poses[:, :, :3]
    speed = np.zeros(present.shape, np.float32)
    speed[1:] = np.linalg.norm(pos[1:] - pos[:-1], axis=2)
    speed[~present] = 0.0
    speed[~live] = 0.0
    fastest = np.argmax(speed, axis=1)
    moving = speed[np.arange(len(speed)), fastest] > MOVING
    where = pos[np.arange(len(pos)), fastest]
    if focus is not None:
        looked = np.isfinite(focus[:, 0])
        where = np.where(looked[:, None], focus, where)
        moving = moving | looked
    if not moving.any():
        return np.zeros((len(poses), 3), np.float32)
    source = np.where(moving, np.arange(len(poses)), -1)
    source = np.maximum.accumulate(source)
    source[source < 0] = int(np.flatnonzero(moving)[0])    # before the first motion: its place
    held = where[source].astype(np.float64)
    held[:, 2] = 0.0                                       # aim at the table, not a flying bullet
    return spring_path(held, 1.0 / HZ, lead=LEAD).astype(np.float32)
