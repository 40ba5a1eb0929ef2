"""The bodies and rest poses of a Tail Feathers scene: overlays, nests with their dials, leaves,
the axis marker, deployed figures and loose pieces (for rendering and the physics)."""
from __future__ import annotations

import numpy as np

from feltbox.game.table.bodies import BodySpec
from feltbox.game.table.city import rest_pose
from feltbox.models.tailfeathers import tf_dims
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
    return bodies, np.asarray(rows, dtype=np.float64)
