"""The bodies and rest poses of a Tail Feathers scene: overlays, nests with their dials, leaves,
the axis marker, deployed figures, loose pieces and the dice tray beside the battlefield (for
rendering and the physics), and
``standing_pose``: a piece's rest pose from its model's lowest point computed once per model."""
from __future__ import annotations

import numpy as np

from feltbox.game.table.bodies import BodySpec, heading_quat
from feltbox.game.table.city import rest_pose
from feltbox.models.base import inflation
from feltbox.models.tailfeathers import tf_dims
from feltbox.models.tailfeathers import tray as tray_model
from feltbox.models.tailfeathers.shapes import slots, tip_frame
from feltbox.scenes.tailfeathers.battlefield import world_spaces, world_tip
from feltbox.scenes.tailfeathers.schema import TFScene


def tf_table(scene: TFScene) -> tuple[list[BodySpec], np.ndarray]:
    """(bodies, (N, 7) poses) of the scene as it stands at setup."""
    bodies: list[BodySpec] = []
    rows: list[np.ndarray] = []

    def add(spec: BodySpec, x: float, y: float, heading: float, base_z: float = 0.0) -> None:
        bodies.append(spec)
        rows.append(rest_pose(spec, x, y, heading, base_z))

    trees = {t.id: t for t in scene.trees}
    for t in scene.trees:
        if t.overlay == "sapling":
            add(BodySpec(t.id, "tf_sapling", {}), t.x, t.y, t.rotation)
        else:
            add(BodySpec(t.id, "tf_tree", {"overlay": t.overlay}), t.x, t.y, t.rotation)
    for n in scene.nests:
        mid, out, _ = tip_frame(world_tip(trees[n.tree], n.branch))
        heading = float(np.degrees(np.arctan2(out[1], out[0])))
        add(BodySpec(n.id, "tf_nest", {"owner": n.owner}), mid[0], mid[1], heading)
        side = np.array([-out[1], out[0]])
        r = tf_dims()["nest"]["radius"]
        dial = mid + out * r + side * (r + tf_dims()["nest_dial"]["diameter"] / 2 + 0.3)
        add(BodySpec(f"{n.id}-dial", "tf_nest_dial", {"life": n.life, "owner": n.owner}), dial[0], dial[1], heading)
    for leaf in scene.leaves:
        mid, out, _ = tip_frame(world_tip(trees[leaf.tree], leaf.branch))
        add(BodySpec(leaf.id, "tf_leaf", {"side": leaf.side}), mid[0], mid[1],
            float(np.degrees(np.arctan2(out[1], out[0]))))
    add(BodySpec("axis-marker", "tf_axis_marker", {}), *scene.axis_marker, 0.0)
    spaces = {s.id: s for s in world_spaces(scene)}
    on_space: dict[str, list] = {}
    for f in scene.figures:
        if f.space:
            on_space.setdefault(f.space, []).append(f)
        else:
            add(BodySpec(f.id, f.kind, dict(f.params)), f.x, f.y, f.heading)
    for space_id, figures in on_space.items():
        space = spaces[space_id]
        radius = tf_dims()["rodent"]["base_radius"]
        points = slots(space.polygon, len(figures), radius) if space.kind != "nest" else \
            slots(space.polygon, max(4, len(figures)), radius)
        tree = trees[space.tree]
        for f, p in zip(figures, points):
            away = p - (tree.x, tree.y)
            heading = float(np.degrees(np.arctan2(away[1], away[0])))
            add(BodySpec(f.id, f.kind, dict(f.params)), p[0], p[1], heading, space.height)
    for piece in scene.pieces:
        add(BodySpec(piece.id, piece.kind, dict(piece.params)), piece.x, piece.y, piece.heading)
    add(BodySpec(TRAY_ID, "tf_dice_tray", {}), *tray_spot(scene), 90.0)
    return bodies, np.asarray(rows, dtype=np.float64)


TRAY_ID = "dice-tray"


def tray_spot(scene: TFScene) -> tuple[float, float]:
    """Where the dice tray stands: beside the battlefield's east edge, its long side along it,
    a little toward the players' side so the overview camera sees it (house, dimensions.toml)."""
    spot = tf_dims()["dice_tray"]
    west, east, south, north = scene.bounds
    width = tray_model.SIZE.outer[1]
    return east + spot["beside"] + width / 2, (south + north) / 2 - spot["toward_players"]


_LIFT: dict[int, tuple] = {}   # id(model) -> (model, lowest point, margin, "place" anchor or None)
CACHED = True            # False: every call recomputes as city.rest_pose does (the bench compares)


def standing_pose(spec: BodySpec, x: float, y: float, heading: float, base_z: float = 0.0) -> np.ndarray:
    """``city.rest_pose(spec, x, y, heading, base_z)`` (standing, not fallen), bit for bit, without
    rotating every collision point again: a turn about the vertical leaves each point's height as
    it is (quat_rotate with q = (w, 0, 0, s) adds exactly 0 to z), so the lowest point, and with
    the margin the lift above ``base_z``, is one number per model, computed the first time. The
    "place" anchor is turned with quat_rotate's own operations, in scalars."""
    if not CACHED:
        return rest_pose(spec, x, y, heading, base_z)
    model = spec.model
    known = _LIFT.get(id(model))
    if known is None or known[0] is not model:
        lowest = np.vstack([p.points for p in model.collision])[:, 2].min()
        place = model.anchors.get("place")
        known = _LIFT[id(model)] = (model, lowest, inflation(model) if model.mass > 0 else 0.0,
                                    None if place is None else tuple(float(v) for v in place))
    q = heading_quat(heading)
    if known[3] is not None:
        px, py = _turned(float(q[0]), float(q[3]), *known[3])
        x, y = x - px, y - py
    return np.array([x, y, base_z - known[1] + known[2], *q], dtype=np.float64)


_SLOTS: dict[tuple, list[np.ndarray]] = {}


def space_slots(polygon: np.ndarray, count: int, radius: float) -> list[np.ndarray]:
    """``shapes.slots(polygon, count, radius)``, kept per polygon and count: a space's standing
    points are the same after every action until the space (a drifting leaf) moves."""
    if not CACHED:
        return slots(polygon, count, radius)
    poly = np.asarray(polygon, float)
    key = (poly.shape, poly.tobytes(), count, radius)
    if key not in _SLOTS:
        if len(_SLOTS) > 4096:                 # drifting leaves make new polygons: keep it small
            _SLOTS.clear()
        _SLOTS[key] = slots(polygon, count, radius)
    return [p.copy() for p in _SLOTS[key]]


def _turned(w: float, s: float, vx: float, vy: float, vz: float) -> tuple[float, float]:
    """x and y of quat_rotate((w, 0, 0, s), v): v + w t + u x t with t = 2 (u x v), u = (0, 0, s),
    operation by operation as numpy does them (so the same doubles)."""
    t0, t1, t2 = 2.0 * (0.0 * vz - s * vy), 2.0 * (s * vx - 0.0 * vz), 2.0 * (0.0 * vy - 0.0 * vx)
    return vx + w * t0 + (0.0 * t2 - s * t1), vy + w * t1 + (s * t0 - 0.0 * t2)
