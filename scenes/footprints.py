"""Where each piece of a scene stands on the felt, and whether two of them overlap.

A scene that puts two buildings on one spot, or a barrel inside a car, would start its first
episode with Bullet pushing them apart. The loader refuses it instead, naming both pieces: each
piece standing on the table (not ``on`` another, ``under`` a vehicle or in ``reserve``) is
projected onto the table from its own collision parts (models/catalog.py; a building with its two
support blocks, laid where game/table/city.py lays them), every convex part a convex polygon,
and two pieces overlap when two of their parts do by more than ``TOLERANCE`` (separating-axis
test). Numpy and models only, like the rest of scenes/.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from feltbox.models import buildings as building_models
from feltbox.models.catalog import build
from feltbox.scenes.schema import Placement

TOLERANCE = 0.1    # cm: a hull's Bullet margin (0.04 cm) on each side is still clear


@dataclass(frozen=True)
class Footprint:
    """One piece's shadow on the table: convex polygons ((M,2) each, counter-clockwise)."""

    placement: Placement
    parts: tuple[np.ndarray, ...]
    centre: np.ndarray
    radius: float            # every part lies within it of ``centre``


def _rotation(heading: float, fallen: bool) -> np.ndarray:
    c, s = np.cos(np.radians(heading)), np.sin(np.radians(heading))
    turn = np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])
    if not fallen:
        return turn
    return turn @ np.array([[1.0, 0.0, 0.0], [0.0, 0.0, -1.0], [0.0, 1.0, 0.0]])   # on its side, as city.rest_pose


def _part_points(part) -> np.ndarray:
    if part.kind == "box":
        corners = np.array([[sx, sy, sz] for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)], dtype=float)
        return corners * np.asarray(part.half_extents) + np.asarray(part.offset)
    return np.asarray(part.points, dtype=float)


def _hull(points: np.ndarray) -> np.ndarray:
    """Convex hull of (M,2) points, counter-clockwise (Andrew's monotone chain)."""
    pts = sorted(set(map(tuple, np.round(points, 6))))
    if len(pts) < 3:
        return np.asarray(pts, dtype=float)

    def turns_left(o, a, b) -> bool:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]) > 0

    def half(seq):
        out: list = []
        for p in seq:
            while len(out) >= 2 and not turns_left(out[-2], out[-1], p):
                out.pop()
            out.append(p)
        return out
    lower, upper = half(pts), half(reversed(pts))
    return np.asarray(lower[:-1] + upper[:-1], dtype=float)


def _model_parts(kind: str, params: dict, x: float, y: float, heading: float, fallen: bool) -> list[np.ndarray]:
    model = build(kind, **params)
    rot = _rotation(heading, fallen)
    shift = np.array([x, y])
    if "place" in model.anchors:                 # the scene names a point other than the centre of mass
        shift = shift - (rot @ np.asarray(model.anchors["place"], dtype=float))[:2]
    return [_hull((_part_points(part) @ rot.T)[:, :2] + shift) for part in model.collision]


def footprint(p: Placement) -> Footprint:
    """The shadow of a piece standing on the table (a building with its support blocks)."""
    parts = _model_parts(p.kind, p.params, p.x, p.y, p.heading, p.fallen)
    if p.kind == "building":
        name = p.params["name"]
        c, s = np.cos(np.radians(p.heading)), np.sin(np.radians(p.heading))
        for lx, ly in building_models.support_layout(name):
            bx, by = p.x + c * lx - s * ly, p.y + s * lx + c * ly
            parts += _model_parts("support_block", {"building": name}, bx, by, p.heading, False)
    points = np.vstack(parts)
    centre = points.mean(axis=0)
    return Footprint(p, tuple(parts), centre, float(np.linalg.norm(points - centre, axis=1).max()))


def _overlap(a: np.ndarray, b: np.ndarray) -> float:
    """How deep convex polygons ``a`` and ``b`` overlap (<= 0: apart), by separating axes."""
    depth = np.inf
    for poly in (a, b):
        if len(poly) < 2:
            continue
        edges = np.roll(poly, -1, axis=0) - poly
        normals = np.column_stack([edges[:, 1], -edges[:, 0]])
        lengths = np.linalg.norm(normals, axis=1)
        normals = normals[lengths > 1e-9] / lengths[lengths > 1e-9, None]
        pa, pb = a @ normals.T, b @ normals.T
        gaps = np.minimum(pa.max(axis=0) - pb.min(axis=0), pb.max(axis=0) - pa.min(axis=0))
        depth = min(depth, float(gaps.min()))
    return depth


def first_overlap(placements: list[Placement]) -> tuple[Placement, Placement, float] | None:
    """The first two pieces standing on the table that overlap (in file order), and by how much;
    a pair one of which lists the other in its ``overlaps`` is let be."""
    prints = [footprint(p) for p in placements if not (p.reserve or p.on or p.under)]
    for j, b in enumerate(prints):
        for a in prints[:j]:
            if np.linalg.norm(a.centre - b.centre) > a.radius + b.radius:
                continue
            if a.placement.id in b.placement.overlaps or b.placement.id in a.placement.overlaps:
                continue
            depth = max(_overlap(pa, pb) for pa in a.parts for pb in b.parts)
            if depth > TOLERANCE:
                return a.placement, b.placement, depth
    return None
