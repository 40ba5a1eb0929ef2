"""A playing card: a thin box with rounded corners whose top face carries the face texture and
whose bottom face the back (card sizes in ``cards.toml``, one catalog kind ``card`` per size).

Body frame: the card lies flat, face up, its long side along y with the face's top edge toward +y.
Visual parts, in this order (the card renderer relies on it, ``FACE``, ``BACK``, ``EDGE``):
the face (top, z = +t/2) and the back (bottom, z = -t/2), both with texture coordinates in their
``visual.uv`` (the face's u runs along +x, v along +y; the back's u along -x, so a card turned
over about its long side shows its back the right way round), then the edge band. The collision
shape is the plain box: the corners are rounded only to the eye.
"""
from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from feltbox.models.base import PieceModel, box, finish
from feltbox.models.lazy import trimesh

CARDS_PATH = Path(__file__).with_name("cards.toml")
FACE, BACK, EDGE = 0, 1, 2                          # indices into a card model's visuals
FACE_WHITE = (0.96, 0.95, 0.91, 1.0)
BACK_BLUE = (0.20, 0.30, 0.55, 1.0)
EDGE_CREAM = (0.90, 0.88, 0.82, 1.0)
FIELDS = ("width", "length", "thickness", "corner_radius", "mass", "corner_segments")


@cache
def card_sizes() -> Mapping[str, Mapping[str, Any]]:
    """Every card size of ``cards.toml`` by name, checked: a missing or bad field names itself."""
    with CARDS_PATH.open("rb") as f:
        table = tomllib.load(f)
    for name, size in table.items():
        for key in FIELDS:
            value = size.get(key)
            if not isinstance(value, int | float) or isinstance(value, bool) or value <= 0:
                raise ValueError(f"{CARDS_PATH.name}: [{name}] {key} must be a positive number, got {value!r}")
        if 2 * size["corner_radius"] >= min(size["width"], size["length"]):
            raise ValueError(f"{CARDS_PATH.name}: [{name}] corner_radius {size['corner_radius']} is too big")
    return table


def rounded_rectangle(width: float, length: float, radius: float, segments: int) -> np.ndarray:
    """(4 * (segments + 1), 2) outline of a rounded rectangle centred at the origin, counter-clockwise."""
    hx, hy = width / 2 - radius, length / 2 - radius
    points = []
    for cx, cy, start in ((hx, hy, 0.0), (-hx, hy, 90.0), (-hx, -hy, 180.0), (hx, -hy, 270.0)):
        for a in np.radians(start + np.linspace(0.0, 90.0, segments + 1)):
            points.append((cx + radius * np.cos(a), cy + radius * np.sin(a)))
    return np.array(points)


def _flat_face(outline: np.ndarray, z: float, up: bool, width: float, length: float) -> trimesh.Trimesh:
    """A fan of triangles from the centre over a convex outline, facing +z (``up``) or -z, with UVs."""
    n = len(outline)
    vertices = np.vstack([[0.0, 0.0, z], np.column_stack([outline, np.full(n, z)])])
    k = np.arange(n)
    faces = np.column_stack([np.zeros(n, int), 1 + k, 1 + (k + 1) % n])
    if not up:
        faces = faces[:, ::-1]
    u = vertices[:, 0] / width + 0.5
    uv = np.column_stack([u if up else 1.0 - u, vertices[:, 1] / length + 0.5])
    mesh = trimesh.Trimesh(vertices, faces, process=False)
    mesh.visual = trimesh.visual.TextureVisuals(uv=uv)
    return mesh


def _edge_band(outline: np.ndarray, z0: float, z1: float) -> trimesh.Trimesh:
    """The card's thin side: one outward-facing quad per outline segment."""
    n = len(outline)
    vertices = np.vstack([np.column_stack([outline, np.full(n, z0)]), np.column_stack([outline, np.full(n, z1)])])
    k = np.arange(n)
    nxt = (k + 1) % n
    faces = np.vstack([np.column_stack([k, nxt, n + nxt]), np.column_stack([k, n + nxt, n + k])])
    return trimesh.Trimesh(vertices, faces, process=False)


def card(size: str = "poker") -> PieceModel:
    """One card of ``size`` (a section of cards.toml), lying face up."""
    sizes = card_sizes()
    if size not in sizes:
        raise ValueError(f"unknown card size {size!r} (known: {', '.join(sizes)})")
    s = sizes[size]
    w, length, t = float(s["width"]), float(s["length"]), float(s["thickness"])
    outline = rounded_rectangle(w, length, float(s["corner_radius"]), int(s["corner_segments"]))
    parts = [(_flat_face(outline, t, True, w, length), FACE_WHITE),
             (_flat_face(outline, 0.0, False, w, length), BACK_BLUE),
             (_edge_band(outline, 0.0, t), EDGE_CREAM)]
    solid = box((w, length, t), (0.0, 0.0, t / 2))
    return finish("card", parts, [solid], mass=float(s["mass"]), friction=0.45, restitution=0.05,
                  angular_damping=0.4, tags=frozenset({"card"}))
