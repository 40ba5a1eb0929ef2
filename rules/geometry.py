"""2D table geometry the rules reason with: distances between pieces and the glossary's NEXT TO.

Positions are (x, y) in centimetres on the table; the physics room measures them, the rules only
compare them. Ties are broken by id so every choice is deterministic.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

Point = tuple[float, float]


def distance(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def gap(a: Point, b: Point, radius_a: float, radius_b: float) -> float:
    """Edge-to-edge distance of two round footprints (negative when they overlap)."""
    return distance(a, b) - radius_a - radius_b


def next_to(a: Point, b: Point, radius_a: float, radius_b: float, disc_width: float) -> bool:
    """Glossary NEXT TO: components less than the width of the movement disc apart."""
    return gap(a, b, radius_a, radius_b) < disc_width


def by_distance(origin: Point, positions: Mapping[str, Point], ids: Iterable[str]) -> list[str]:
    """``ids`` sorted closest first from ``origin`` (ties by id, so the order is deterministic)."""
    return sorted(ids, key=lambda i: (distance(origin, positions[i]), i))


def to_rectangle(point: Point, centre: Point, heading: float, half_length: float, half_width: float) -> float:
    """Distance from ``point`` to an oriented rectangle's footprint (0 inside it)."""
    a = math.radians(heading)
    dx, dy = point[0] - centre[0], point[1] - centre[1]
    lx, ly = math.cos(a) * dx + math.sin(a) * dy, -math.sin(a) * dx + math.cos(a) * dy
    ox, oy = max(abs(lx) - half_length, 0.0), max(abs(ly) - half_width, 0.0)
    return math.hypot(ox, oy)
