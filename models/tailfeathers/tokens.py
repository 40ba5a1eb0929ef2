"""Tail Feathers tokens: tail feathers (front / notched back), wound and status markers."""
from __future__ import annotations

import numpy as np

from feltbox.models.base import PieceModel, box, convex_prism, cylinder, finish
from feltbox.models.tailfeathers import tf_dims

MARKERS = {"wound": (0.75, 0.08, 0.08, 1.0), "on_fire": (0.95, 0.45, 0.05, 1.0),
           "rattled": (0.55, 0.30, 0.70, 1.0), "grudge": (0.25, 0.25, 0.25, 1.0),
           "veteran": (0.80, 0.65, 0.20, 1.0), "resource": (0.35, 0.55, 0.30, 1.0)}
SYMBOL = {"wound": (0.98, 0.9, 0.9, 1.0), "on_fire": (0.98, 0.85, 0.2, 1.0), "rattled": (0.95, 0.95, 0.95, 1.0),
          "grudge": (0.85, 0.1, 0.1, 1.0), "veteran": (0.98, 0.95, 0.8, 1.0), "resource": (0.95, 0.9, 0.6, 1.0)}


def feather(side: str = "front") -> PieceModel:
    """A tail feather token lying flat, quill along +x. The back shows its 3 notches."""
    d = tf_dims()["feather"]
    L, w, h = d["length"], d["width"], d["height"]
    vane = np.array([[0.0, 0.0], [0.3 * L, w / 2], [0.8 * L, w * 0.42], [L, 0.0], [0.8 * L, -w * 0.42],
                     [0.3 * L, -w / 2]]) - (L / 2, 0.0)
    body = convex_prism(vane, 0.0, h)
    colour = (0.55, 0.40, 0.28, 1.0) if side == "front" else (0.45, 0.32, 0.22, 1.0)
    parts = [(body, colour), (box((L * 0.95, 0.1, 0.03), (0.0, 0.0, h + 0.015)), (0.92, 0.88, 0.78, 1.0))]
    if side == "notched":
        for k in range(3):
            x = L * (0.05 + 0.15 * k)
            parts.append((box((0.15, w * 0.5, 0.03), (x, w * 0.15, h + 0.015)), (0.1, 0.08, 0.06, 1.0)))
    else:
        for k in range(4):
            x = -L * 0.3 + L * 0.18 * k
            parts.append((box((0.1, w * 0.75, 0.02), (x, 0.0, h + 0.01)), (0.35, 0.45, 0.70, 1.0)))
    return finish("tf_feather", parts, [body], mass=0.3, tags=frozenset({"token", "feather"}))


def marker(marker: str = "wound") -> PieceModel:
    """A round wound / status marker with its raised symbol."""
    d = tf_dims()["marker"]
    r, h = d["diameter"] / 2, d["height"]
    disc = cylinder(r, 0.0, h, 18)
    parts = [(disc, MARKERS[marker])]
    sym = SYMBOL[marker]
    if marker == "wound":          # a drop
        parts.append((convex_prism(np.array([[0, 0.6], [-0.35, -0.1], [0, -0.45], [0.35, -0.1]]) * r, h, h + 0.03), sym))
    elif marker == "on_fire":      # a flame
        parts.append((convex_prism(np.array([[0, 0.7], [-0.4, -0.2], [0, -0.5], [0.4, -0.2]]) * r, h, h + 0.03), sym))
    elif marker == "rattled":      # a spiral of dashes
        for k in range(10):
            a, rr = k * 0.9, 0.1 + 0.06 * k
            parts.append((cylinder(0.08 * r, h, h + 0.03, 6, (rr * r * np.cos(a), rr * r * np.sin(a))), sym))
    else:                        # grudge, veteran, resource: a bar
        parts.append((box((1.2 * r, 0.3 * r, 0.03), (0.0, 0.0, h + 0.015)), sym))
    return finish("tf_marker", parts, [disc], mass=0.5, tags=frozenset({"token", "marker"}))


CHEESE_HOLES = (0.78, 0.58, 0.06, 1.0)


def cheese_token() -> PieceModel:
    """A cheese token: a round yellow wheel with holes, the cheese wheel's currency."""
    d = tf_dims()["cheese"]
    r, h = d["diameter"] / 2, d["height"]
    wheel = cylinder(r, 0.0, h, 20)
    parts = [(wheel, (0.95, 0.78, 0.10, 1.0))]
    for x, y, rr in ((0.3, 0.2, 0.18), (-0.35, 0.1, 0.12), (0.0, -0.4, 0.15), (-0.1, 0.45, 0.1)):
        parts.append((cylinder(rr * r, h, h + 0.01, 10, (x * r, y * r)), CHEESE_HOLES))
    return finish("tf_cheese", parts, [wheel], mass=1.0, tags=frozenset({"token", "cheese"}))
