"""World geometry of a Tail Feathers scene, and the rules' :class:`Battlefield` built from it.

The polygons come from the same overlay shapes the 3D models are extruded from
(:mod:`models.tailfeathers.shapes`), moved by each tree's position and rotation, so what the
picture shows and what the rules judge agree. Adjacency is geometric (spaces sharing a border of
positive length), plus each leaf with the branch its stem is attached to (rulebook "Leaves").
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from feltbox.models.tailfeathers import tf_dims
from feltbox.models.tailfeathers.shapes import leaf_polygon, nest_polygon, overlay_shape, shared_border, transform
from feltbox.rules.tailfeathers.battlefield import Battlefield, Space, Trunk
from feltbox.scenes.tailfeathers.schema import TFScene

CAPACITY = {"branch": 4, "sapling": 4, "leaf": 3, "nest": 99}
MIN_BORDER = 0.05     # cm of shared border that makes two spaces adjacent


@dataclass(frozen=True)
class WorldSpace:
    id: str
    tree: str
    kind: str
    polygon: np.ndarray       # table frame, convex, counter-clockwise
    height: float             # top of the space above the table (where figures stand)
    owner: str = ""
    attached: str = ""        # leaves: the branch space their stem is attached to
    line: int = 0             # scene line of the tree / nest / leaf that made it


def world_tip(tree, space_name: str):
    """The straight far edge (two points) of a branch space's last segment, in table coordinates:
    where a nest stands or a leaf's stem attaches (rulebook "Leaves": leaves attach to the tree
    branches' connecting points), moved by the tree's position and rotation."""
    shape = overlay_shape(tree.overlay)
    tip = shape.space(space_name).tip
    return tuple(tuple(p) for p in transform(np.array(tip), tree.x, tree.y, tree.rotation))


def world_spaces(scene: TFScene) -> list[WorldSpace]:
    """Every space of the battlefield in table coordinates: tree spaces, nests, leaves."""
    out: list[WorldSpace] = []
    trees = {t.id: t for t in scene.trees}
    for t in scene.trees:
        for s in overlay_shape(t.overlay).spaces:
            out.append(WorldSpace(f"{t.id}.{s.name}", t.id, s.kind, transform(s.polygon, t.x, t.y, t.rotation),
                                  s.height, line=t.line))
    for n in scene.nests:
        out.append(WorldSpace(n.id, n.tree, "nest", nest_polygon(world_tip(trees[n.tree], n.branch)),
                              tf_dims()["nest"]["floor"], owner=n.owner, line=n.line))
    for leaf in scene.leaves:
        out.append(WorldSpace(leaf.id, leaf.tree, "leaf", leaf_polygon(world_tip(trees[leaf.tree], leaf.branch)),
                              tf_dims()["leaf"]["height"], attached=f"{leaf.tree}.{leaf.branch}", line=leaf.line))
    return out


def world_trunks(scene: TFScene) -> list[tuple[str, str, np.ndarray]]:
    """(trunk id, tree id, polygon) of every tree and sapling."""
    return [(f"{t.id}.trunk", t.id, transform(overlay_shape(t.overlay).trunk, t.x, t.y, t.rotation))
            for t in scene.trees]


def adjacency(spaces: list[WorldSpace]) -> dict[str, set[str]]:
    adj: dict[str, set[str]] = {s.id: set() for s in spaces}
    boxes = [(s.polygon.min(axis=0) - 1e-3, s.polygon.max(axis=0) + 1e-3) for s in spaces]
    for i, a in enumerate(spaces):
        for j in range(i + 1, len(spaces)):
            b = spaces[j]
            if (boxes[i][0] > boxes[j][1]).any() or (boxes[j][0] > boxes[i][1]).any():
                continue
            if shared_border(a.polygon, b.polygon) > MIN_BORDER:
                adj[a.id].add(b.id)
                adj[b.id].add(a.id)
    for s in spaces:
        if s.attached:
            adj[s.id].add(s.attached)
            adj[s.attached].add(s.id)
    return adj


def _poly(p: np.ndarray) -> tuple[tuple[float, float], ...]:
    return tuple((round(float(x), 4), round(float(y), 4)) for x, y in p)


def battlefield_from_scene(scene: TFScene) -> Battlefield:
    """The contract's Battlefield (rules/tailfeathers/battlefield.py) of a loaded scene."""
    spaces = world_spaces(scene)
    adj = adjacency(spaces)
    return Battlefield(
        spaces=tuple(Space(s.id, s.tree, s.kind, _poly(s.polygon), CAPACITY[s.kind], tuple(sorted(adj[s.id])),
                           s.owner) for s in spaces),
        trunks=tuple(Trunk(tid, tree, _poly(p)) for tid, tree, p in world_trunks(scene)),
        bounds=tuple(float(v) for v in scene.bounds),
        axis_marker=tuple(float(v) for v in scene.axis_marker),
        home_trees=tuple(sorted(scene.home_trees.items())))
