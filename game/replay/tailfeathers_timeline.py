"""A Tail Feathers replay's theatre timeline on the battlefield (not on the dice tray).

A Tail Feathers replay records physics only for the dice throws (the dice tray); the battle
itself is in its RULE records. ``build_tf_timeline`` rebuilds the battle: a fresh
game/tailfeathers/bridge.TFBridge for the header's scene and seed re-applies every recorded action in
order (a ``Measured`` roll with its recorded faces: no die is thrown again) and ``sync()`` puts
the battlefield's bodies where the rules state says, exactly as the play window does. After
each action the bodies' poses are laid on the 60 Hz timeline (game/replay/timeline.Timeline):

* an action that moves something gets a tween from the previous poses to the new ones: a bird
  moving along the flight it announced (``Fly``: rules/tailfeathers/geometry.flight_path from
  its start pose, templates and tilt) slides along that path's centreline over ``FLIGHT`` frames
  (~1 s, eased), facing along it; any other move is linear over ``MOVE`` frames (0.4 s); then
  ``SETTLE`` frames of rest. An action that moves nothing but has events worth a label holds
  ``LABEL_HOLD`` frames; bookkeeping actions take no time;
* the dice are thrown in their tray's own world; a roll's dice then lie in the tray beside the
  battlefield as the recorded throws left them (game/replay/tf_props.dice_lying) and the camera
  looks at them while the result's label holds; roll results are event markers with labels
  (``rolled: ...``), turns (``Activate``) are turn markers, as game/replay/timeline.py makes them
  for any replay;
* models that change during the game (a bird's tilt, a nest dial's life: TFBridge.bodies_now)
  get **one body per variant that occurs**: the body table is the bridge's, plus one extra body
  for each other (tilt / life) variant seen; the ``present`` mask shows only the current one,
  and every variant of a piece shares its pose. Exact models, no model rebuilds during playback,
  so a seek stays plain indexing.

Pieces that leave the battlefield (casualties, the mission box) stay at their last place until
the end of the action's tween; pieces that arrive (feathers, figures back from reserve) appear at
their new place when the action starts. A replay these rules rebuild differently (a state hash
differs, an action is refused) raises RebuildError; game/cli/replay_commands.py then shows the dice tray.
"""
from __future__ import annotations

import json
from itertools import pairwise

import numpy as np

from feltbox.game.replay.sealing import is_sealed, keyed_hash, opened_action
from feltbox.game.replay.tailfeathers_check import scene_for_replay
from feltbox.game.replay.tf_props import LIFT, RANGE_HOLD, Props, dice_lying, laying, ranged_shot
from feltbox.game.replay.timeline import QUIET_EVENTS, Timeline, follow_distance, follow_path, rule_markers
from feltbox.game.table.bodies import BodySpec, heading_quat
from feltbox.game.tailfeathers.bridge import TFBridge
from feltbox.game.tailfeathers.flight_builder import template_lays
from feltbox.game.tailfeathers.table import TRAY_ID
from feltbox.rules.core import IllegalAction, from_json, state_hash
from feltbox.rules.tailfeathers import flight, geometry
from feltbox.rules.tailfeathers.flight import Fly
from feltbox.rules.tailfeathers.measure import BASE_RADIUS

FLIGHT = 60                    # frames of a flight (1 s at 60 Hz)
MOVE = 24                      # frames of any other move (0.4 s)
SETTLE = 12                    # frames of rest after a move (0.2 s)
LABEL_HOLD = 30                # frames an action with a shown event but no motion holds (0.5 s)
ON_PATH = 2.0                  # cm: a bird this close to its announced flight path moves along it
EPS = 1e-5
FLOWN_CM = 5.0                 # a bird this far from where its flight's templates were laid has flown


class RebuildError(ValueError):
    """The recorded battle cannot be rebuilt by these rules (one line: where and why)."""


def is_tailfeathers(header: dict) -> bool:
    return header.get("scene", {}).get("game") == "tailfeathers" and "rules" in header


class _Variants:
    """Columns of the timeline's body table: (piece index, model params) -> column."""

    def __init__(self, bodies: list[BodySpec]):
        self.base = list(bodies)
        self.specs: list[BodySpec] = list(bodies)
        self.piece: list[int] = list(range(len(bodies)))
        self.col = {(i, _key(b)): i for i, b in enumerate(bodies)}

    def column(self, i: int, spec: BodySpec) -> int:
        key = (i, _key(spec))
        if key not in self.col:
            self.col[key] = len(self.specs)
            self.specs.append(BodySpec(f"{spec.id}~{len(self.specs)}", spec.kind, dict(spec.params)))
            self.piece.append(i)
        return self.col[key]


def _key(spec: BodySpec) -> str:
    return json.dumps(spec.params, sort_keys=True, default=str)


def _flight_of(bridge, action):
    """(bird id, FlightPath, its templates as laid) of a ``Fly`` about to be applied, else None."""
    if not isinstance(action, Fly):
        return None
    try:
        fig = flight.mover(bridge.engine.state)
        path = geometry.flight_path(fig.pose, BASE_RADIUS, action.templates, action.tilt)
        lays = template_lays(fig.pose, action.templates, action.tilt, bridge.base_z(fig) + LIFT)
        return fig.id, path, lays
    except (ValueError, IndexError):   # an odd flight: the bird moves linearly
        return None


def _project(line: np.ndarray, p: np.ndarray) -> tuple[float, float]:
    """(arc length, distance) of the point of polyline ``line`` (k,3: x, y, s) nearest ``p``."""
    best = (0.0, np.inf)
    for a, b in pairwise(line):
        d = b[:2] - a[:2]
        n2 = float(d @ d)
        u = 0.0 if n2 < EPS else float(np.clip((p - a[:2]) @ d / n2, 0.0, 1.0))
        dist = float(np.hypot(*(a[:2] + u * d - p)))
        if dist < best[1]:
            best = (a[2] + u * (b[2] - a[2]), dist)
    return best


def _along(line: np.ndarray, s: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Points (n,2) and headings (n,) in degrees at arc lengths ``s`` of the polyline."""
    seg = np.clip(np.searchsorted(line[:, 2], s, side="right") - 1, 0, len(line) - 2)
    a, b = line[seg], line[seg + 1]
    span = np.maximum(b[:, 2] - a[:, 2], EPS)
    u = np.clip((s - a[:, 2]) / span, 0.0, 1.0)[:, None]
    points = a[:, :2] + u * (b[:, :2] - a[:, :2])
    d = b[:, :2] - a[:, :2]
    return points, np.degrees(np.arctan2(d[:, 1], d[:, 0]))


def _ease(n: int) -> np.ndarray:
    u = np.arange(1, n + 1) / n
    return u * u * (3 - 2 * u)


def _slerp(q0: np.ndarray, q1: np.ndarray, u: np.ndarray) -> np.ndarray:
    """Normalised linear quaternion blend (n,4), along the short way."""
    q1 = np.where((q0 * q1).sum(-1, keepdims=True) < 0, -q1, q1)
    q = q0[None] * (1 - u[:, None, None]) + q1[None] * u[:, None, None]
    return q / np.maximum(np.linalg.norm(q, axis=-1, keepdims=True), EPS)


def _figures(bridge) -> dict:
    """id -> (x, y as an array, heading) of every figure in the rules state."""
    return {f.id: (np.array(f.pose[:2], float), float(f.pose[2])) for f in bridge.engine.state.data.figures}


def _tween(before, after, moved, paths, bridge, figs_before, n):
    """(n,P,7) poses of the pieces from ``before`` to ``after`` (piece-indexed); a bird with an
    announced flight path whose old and new places both lie on it moves along it."""
    u = _ease(n)
    out = np.repeat(after[None], n, 0)
    for i in moved:
        out[:, i, :3] = before[i, :3] + u[:, None] * (after[i, :3] - before[i, :3])
        out[:, i, 3:] = _slerp(before[i, 3:], after[i, 3:], u)[:, 0]
    figs_now = _figures(bridge)
    for fid, path in paths.items():
        i = bridge.index.get(fid)
        if i not in moved or fid not in figs_now or fid not in figs_before:
            continue
        line = np.asarray(path.centreline, float)
        now = figs_now[fid]
        s0, d0 = _project(line, figs_before[fid][0])
        s1, d1 = _project(line, now[0])
        if not (d0 < ON_PATH and s1 > s0):
            continue
        # a flight that ended off its path (a death spiral places the bird beside the enemy it
        # crossed) glides along the path to where it left it, then straight to its place
        along = n if d1 < ON_PATH else max(2, int(n * 0.8))
        points, heading = _along(line, s0 + _ease(along) * (s1 - s0))
        h_end = np.radians(now[1])
        c, s = np.cos(-h_end), np.sin(-h_end)
        offset = np.array([[c, -s], [s, c]]) @ (after[i, :2] - now[0])   # body vs. base centre
        r = np.radians(heading)
        rot = np.stack([np.stack([np.cos(r), -np.sin(r)], -1), np.stack([np.sin(r), np.cos(r)], -1)], -2)
        out[:along, i, :2] = points + rot @ offset
        out[:along, i, 3:] = np.stack([heading_quat(h) for h in heading])
        if along < n:                           # the last stretch: from the path to its place
            w = np.linspace(0.0, 1.0, n - along + 1)[1:, None]
            out[along:, i, :2] = out[along - 1, i, :2] + w * (after[i, :2] - out[along - 1, i, :2])
            out[along:, i, 3:] = _slerp(out[along - 1, i, 3:], after[i, 3:], w[:, 0])[:, 0]
        out[-1, i] = after[i]
    return out


def rebuild(replay):
    """Re-apply the replay's RULE records on a fresh TFBridge; yields (record, bridge, paths,
    figures before, poses before, presence before, laid) after each action (the bridge synced).
    ``paths``: each bird's last announced flight path; laid: a ``Fly``'s (bird id, its templates
    as game/tailfeathers/flight_builder.TemplateLay), else None."""
    rules = replay.header["rules"]
    seed, salt, opened = rules.get("seed"), None, {}
    if "commitment" in rules:                 # sealed: the REVL record opens seed and hidden choices
        if replay.reveal is None:
            raise RebuildError("the battle did not end: its hidden choices stay sealed, so the rules "
                               "cannot be rebuilt until it is over")
        seed, salt, opened = replay.reveal["seed"], replay.reveal["salt"], replay.reveal.get("actions", {})
    hashed = (lambda state: keyed_hash(salt, state_hash(state))) if salt else state_hash
    try:
        bridge = TFBridge(scene_for_replay(replay.header), seed)
    except (OSError, KeyError, ValueError) as exc:
        raise RebuildError(f"its battlefield scene cannot be rebuilt ({exc})") from None
    paths: dict = {}
    for rec in replay.rules:
        kind = bridge.engine.action_types.get(rec.type)
        if kind is None:
            raise RebuildError(f"action {rec.index} ({rec.type}) is not a Tail Feathers action")
        data = rec.data
        if is_sealed(data):
            data, problem = opened_action(salt, rec.index, data, opened)
            if problem:
                raise RebuildError(f"action {rec.index} ({rec.type}): {problem}")
        action = from_json(kind, data)
        flight = _flight_of(bridge, action)
        if flight is not None:
            paths[flight[0]] = flight[1]
        figs = _figures(bridge)
        before, present = bridge.poses.copy(), bridge.present.copy()
        try:
            bridge.engine.apply(action)
        except IllegalAction as exc:
            raise RebuildError(f"action {rec.index} ({rec.type}) is refused by the rules: {exc.reason}") from None
        if hashed(bridge.engine.state) != rec.hash:
            raise RebuildError(f"action {rec.index} ({rec.type}) rebuilds a different state than recorded")
        bridge.sync()
        yield rec, bridge, paths, figs, before, present, ((flight[0], flight[2]) if flight is not None else None)


def build_tf_timeline(replay) -> tuple[Timeline, list[BodySpec]]:
    """(timeline, bodies) of a Tail Feathers replay: the battlefield, action by action, with the
    templates and the range finder as they are laid (game/replay/tf_props.py)."""
    frames: list[np.ndarray] = []          # piece-indexed (P,7) poses per frame
    columns: list[list[int]] = []          # the columns shown per frame
    shown: list[dict] = []                 # the props (templates, range finder) on the table per frame
    focus: list = []                       # where the follow camera looks when no piece moves (None: held)
    live: list[bool] = []
    action_of: list[int] = []
    ends: dict[int, int] = {}
    variants, props = None, Props()
    laid: dict = {}                        # a flight's templates, until its bird has flown along them
    flyer: tuple[int, np.ndarray] | None = None     # (piece, where it stood when they were laid)
    dice: dict = {}                        # the last roll's dice, lying in the tray

    def emit(pose, cols, moving: bool, on_table: dict, look=None) -> None:
        frames.append(pose)
        columns.append(cols)
        live.append(moving)
        shown.append({**dice, **on_table})
        focus.append(look)

    for rec, bridge, paths, figs, before, was, laid_now in rebuild(replay):
        if variants is None:
            variants = _Variants(bridge.bodies)
            emit(before.astype(np.float32), _columns(variants, bridge, was), False, {})
        if laid_now:                        # a Fly: its templates are laid one by one, the bird waits
            bird, lays = laid_now
            for on_table in laying(props, lays):
                laid = on_table
                emit(frames[-1], columns[-1], False, laid, _middle(on_table))
            i = bridge.index.get(bird)
            flyer = (i, before[i, :2].copy()) if i is not None else None
        now = _columns(variants, bridge, bridge.present)
        delta = np.abs(bridge.poses - before).max(axis=1) > 1e-4
        moved = np.flatnonzero(delta & was & bridge.present).tolist()
        changed = bool(delta.any() or (was != bridge.present).any() or now != columns[-1])
        shot = ranged_shot(props, bridge, rec.events)
        tray = bridge.poses[bridge.index[TRAY_ID]]
        rolled = dice_lying(props, replay, rec, tray)
        if rolled is not None:              # a roll: its dice lie in the tray until the next one
            dice = rolled
        if changed:
            flying = any(bridge.index.get(fid) in moved for fid in paths)
            n = FLIGHT if flying else MOVE
            tween = _tween(before, bridge.poses, moved, paths, bridge, figs, n)
            leaving = set(columns[-1]) - set(now)
            gone = {c for c in leaving if not bridge.present[variants.piece[c]]}
            during = sorted(set(now) | gone)
            held = before.copy()
            for k in range(n):
                pose = tween[k].copy()
                if k < n - 1:
                    for c in gone:
                        pose[variants.piece[c]] = held[variants.piece[c]]
                emit(pose.astype(np.float32), during if k < n - 1 else now, True, laid)
            for _ in range(SETTLE):
                emit(frames[-1], now, False, laid)
        if shot is not None:                # a ranged attack: the range finder laid from attacker to target
            for _ in range(RANGE_HOLD):
                emit(frames[-1], now, False, {**laid, **shot[0]}, shot[1])
        elif not changed and any(e.get("kind") not in QUIET_EVENTS for e in rec.events):
            look = np.array([tray[0], tray[1], 0.0]) if rolled is not None else None   # at the dice
            for _ in range(LABEL_HOLD):
                emit(frames[-1], now, False, laid, look)
        if laid and _flown(flyer, bridge, rec):       # the bird has flown along its templates: picked up
            laid, flyer = {}, None
        action_of.extend([rec.index] * (len(frames) - len(action_of)))
        ends[rec.index] = len(frames) - 1
    if variants is None:
        raise ValueError("the Tail Feathers replay holds no rules actions: nothing to play")
    piece = np.asarray(variants.piece)
    pieces = np.stack(frames)                              # (F,P,7)
    n_var, n_props = len(variants.specs), len(props.specs)
    poses = np.zeros((len(frames), n_var + n_props, 7), np.float32)
    poses[:, :n_var] = pieces[:, piece]                    # variants share their piece's pose
    poses[:, n_var:, 3] = 1.0                              # a prop off the table: identity rotation
    present = np.zeros((len(frames), n_var + n_props), bool)
    for k, (cols, on_table) in enumerate(zip(columns, shown)):
        present[k, cols] = True
        for prop, pose in on_table.items():
            poses[k, n_var + prop] = pose
            present[k, n_var + prop] = True
    for k in range(1, len(frames)):                        # a prop keeps its last place when picked up
        off = ~present[k, n_var:]
        poses[k, n_var:][off] = poses[k - 1, n_var:][off]
    # markers: game/replay/timeline's, with each action standing for its own "episode"
    records = [_AsEpisode(rec) for rec in replay.rules]
    markers = rule_markers(records, ends)
    looks = np.array([f if f is not None else (np.nan, np.nan, np.nan) for f in focus], float)
    target = follow_path(poses, present, np.asarray(live), looks)
    episode_of = np.asarray(action_of, np.int32)              # here: the action each frame shows
    return (Timeline(poses, present, markers, target, episode_of, follow_distance=follow_distance(target)),
            variants.specs + props.specs)


def _flown(flyer, bridge, rec) -> bool:
    """Is the flight whose templates lie on the table over: its bird has left the place it flew
    from (``FLOWN_CM``), left the battlefield, or its activation ended?"""
    if flyer is None or rec.type == "EndActivation":
        return True
    i, start = flyer
    return not bridge.present[i] or float(np.hypot(*(bridge.poses[i, :2] - start))) > FLOWN_CM


def _middle(on_table: dict) -> np.ndarray:
    """The middle of the props laid (the follow camera's goal while a flight is laid)."""
    where = np.array([pose[:2] for pose in on_table.values()], float)
    return np.array([*(where.min(axis=0) + where.max(axis=0)) / 2, 0.0])


class _AsEpisode:
    """A RULE record whose ``episodes`` is itself (its place on the battlefield timeline)."""

    def __init__(self, rec):
        self.type, self.data, self.events, self.episodes = rec.type, rec.data, rec.events, [rec.index]


def _columns(variants: _Variants, bridge, present) -> list[int]:
    """The columns on the table now: each present piece in its current model variant."""
    specs = bridge.bodies_now()
    return sorted(variants.column(i, specs[i]) for i in np.flatnonzero(present).tolist())
