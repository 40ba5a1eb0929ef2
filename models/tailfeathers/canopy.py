"""The tall part of a Tail Feathers tree: the trunk rising above its rules column, boughs at
different heights and a layered canopy of leaf clumps (rulebook "Trees": the overlays are trees
seen from above, their spaces patches of bark and moss on the branches).

Visual only. The rules measure the spaces (flat prisms at their heights, shapes.py) and the trunk
column (``trunk_height``) and the physics collides with exactly those; nothing here is a collision
solid. Everything here keeps clear of what stands on the spaces: no bough or leaf clump comes
lower than ``canopy_floor`` above the table, which is above the top of any bird perched on any
space, even at launch (tests/test_tf_trees.py), so no perched or flying figure is ever inside
the foliage; and the pointer passes through all of it (the model's ``see_through`` parts), so a
click reaches a figure under the canopy. All sizes are house values in dimensions.toml
``[overlay.crown]``.
"""
from __future__ import annotations

import numpy as np

from feltbox.models.base import cylinder
from feltbox.models.lazy import trimesh
from feltbox.models.tailfeathers import tf_dims
from feltbox.models.tailfeathers.shapes import OverlayShape

BARK = (0.30, 0.20, 0.12, 1.0)
RIDGE = (0.24, 0.15, 0.09, 1.0)
BOUGH = (0.36, 0.24, 0.14, 1.0)
FOLIAGE = [(0.20, 0.42, 0.16, 1.0), (0.28, 0.52, 0.20, 1.0), (0.16, 0.36, 0.14, 1.0), (0.36, 0.56, 0.22, 1.0)]


def crown_dims(sapling: bool) -> dict[str, float]:
    """The crown's house sizes for a tree or for the sapling."""
    c = tf_dims()["overlay"]["crown"]
    key = "sapling_" if sapling else ""
    return {"top": c[f"{key}trunk_top"], "taper": c["taper"], "floor": c["canopy_floor"],
            "step": c["bough_step"], "clump": c[f"{key}clump_radius"], "reach": c["reach"],
            "squash": c["squash"]}


def _ring(poly: np.ndarray, scale: float, z: float) -> np.ndarray:
    return np.column_stack([np.asarray(poly, float) * scale, np.full(len(poly), z)])


def _limb(a: np.ndarray, b: np.ndarray, r0: float, r1: float, sides: int = 5) -> trimesh.Trimesh:
    """A tapering round limb from point ``a`` (radius r0) to point ``b`` (radius r1)."""
    d = (b - a) / np.linalg.norm(b - a)
    u = np.cross(d, (0.0, 0.0, 1.0) if abs(d[2]) < 0.9 else (1.0, 0.0, 0.0))
    u /= np.linalg.norm(u)
    v = np.cross(d, u)
    ang = np.arange(sides) * 2 * np.pi / sides
    circle = np.outer(np.cos(ang), u) + np.outer(np.sin(ang), v)
    return trimesh.convex.convex_hull(np.vstack([a + r0 * circle, b + r1 * circle]))


def _clump(centre, radius: float, squash: float) -> trimesh.Trimesh:
    mesh = trimesh.creation.icosphere(1, 1.0)
    mesh.apply_scale((radius, radius, radius * squash))
    mesh.apply_translation(centre)
    return mesh


def trunk_parts(shape: OverlayShape, sapling: bool) -> tuple[list[tuple], list[tuple]]:
    """(column, upper): the trunk's rules column (0 .. trunk_height, the collision solid's outline)
    with its bark ridges, and above it the same outline narrowing to ``taper`` at the crown, with
    its ridges (drawn only)."""
    c = crown_dims(sapling)
    h, top = shape.trunk_height, c["top"]
    column = [(trimesh.convex.convex_hull(np.vstack([_ring(shape.trunk, 1.0, 0.0), _ring(shape.trunk, 1.0, h)])),
               BARK)]
    upper = [(trimesh.convex.convex_hull(np.vstack([_ring(shape.trunk, 1.0, h), _ring(shape.trunk, c["taper"], top)])),
              BARK)]
    for a, b in zip(shape.trunk, np.roll(shape.trunk, -1, axis=0)):
        mid = (a + b) / 2
        column.append((cylinder(0.18, 0.0, h, 6, tuple(mid * 1.04)), RIDGE))
        low = np.array([*(mid * 1.04), h - 0.01])
        high = np.array([*(mid * c["taper"] * 1.02), top * 0.92])
        upper.append((_limb(low, high, 0.18, 0.12), RIDGE))
    return column, upper


def crown_parts(shape: OverlayShape, sapling: bool) -> list[tuple]:
    """Boughs out of the upper trunk, one over each ring space at one of three heights, each
    ending in a leaf clump, and a clump over the trunk's top: a canopy in layers."""
    c = crown_dims(sapling)
    n = len(shape.trunk)
    rings = [s for s in shape.spaces if s.name.startswith("r")]
    branched = {s.name[1:-1] for s in shape.spaces if s.name.startswith("b")}
    ring_r = max(float(np.linalg.norm(p)) for s in rings for p in s.polygon)
    trunk_r = float(np.max(np.linalg.norm(shape.trunk, axis=1)))
    squash, floor = c["squash"], c["floor"]
    parts = []
    for k, space in enumerate(rings):
        centre = space.polygon.mean(axis=0)
        u = centre / np.linalg.norm(centre)
        level = k % 3 if n % 3 or k < n - 1 else 1          # neighbours never share a level
        radius = c["clump"] * (1.0 if str(k + 1) in branched else 0.8)
        middle = floor + radius * squash + c["step"] * level   # the clump's bottom stays above the floor
        z0 = middle - 0.5 * radius * squash + 0.35              # and so does the bough's underside
        t = 1.0 - (1.0 - c["taper"]) * (z0 - shape.trunk_height) / (c["top"] - shape.trunk_height)
        start = np.array([*(u * trunk_r * max(t, c["taper"]) * 0.8), z0])
        end = np.array([*(u * ring_r * c["reach"]), middle])
        parts.append((_limb(start, end, 0.35, 0.2), BOUGH))
        parts.append((_clump(end, radius, squash), FOLIAGE[k % len(FOLIAGE)]))
    top_r = c["clump"] * 1.25
    middle = max(c["top"] + c["clump"] * squash * 0.6, floor + top_r * squash)
    parts.append((_clump((0.0, 0.0, middle), top_r, squash),
                  FOLIAGE[1 if n % 2 else 3]))
    return parts
