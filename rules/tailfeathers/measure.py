"""The one door from the rules to the table geometry (docs/tailfeathers-geometry.md;
rules/tailfeathers/geometry.py). Every geometric question the rules ask goes through these names,
so tests may monkeypatch them to name exactly what a flight crosses or what is in range."""
from __future__ import annotations

import math

from feltbox.rules.tailfeathers import geometry, path_cache, sight

Thing = geometry.Thing
FlightPath = geometry.FlightPath
Crossing = geometry.Crossing
RangeResult = sight.RangeResult
flight_path = path_cache.flight_path        # geometry's, remembered (the bot lays many)
crossings = path_cache.crossings
prepare = path_cache.prepare                # things ready for many crossings queries
position_at = geometry.position_at
range_check = sight.range_check
death_spiral_place = geometry.death_spiral_place
pivot_apart = geometry.pivot_apart
feather_polygon = geometry.feather_polygon

BASE_RADIUS = geometry.BIRD_BASE_RADIUS      # a bird base's radius (cm; data/templates.toml)


def completely_out(bounds, pose) -> bool:
    """Flight Movement: a bird base (BASE_RADIUS) ending wholly outside the battlefield bounds."""
    return geometry.completely_out(bounds, pose, BASE_RADIUS)


def feather_thing(feather) -> Thing:
    """A tail feather token on the battlefield: its 3.5 x 1.2 rectangle (data/templates.toml) at
    the pose physics reported, for crossings and clear sight."""
    return Thing("feather", feather.id, polygon=geometry.feather_polygon((feather.x, feather.y, feather.heading)))


def stop_touching(path, thing) -> tuple[float, float, float]:
    """Crossing a trunk: the base stops touching it, turned 180 degrees away."""
    return geometry.stop_touching(path, thing, BASE_RADIUS)


def inside(point: tuple[float, float], polygon) -> bool:
    x, y, ins = point[0], point[1], False
    for i in range(len(polygon)):
        (x1, y1), (x2, y2) = polygon[i], polygon[(i + 1) % len(polygon)]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            ins = not ins
    return ins


def centroid(polygon) -> tuple[float, float]:
    return (sum(p[0] for p in polygon) / len(polygon), sum(p[1] for p in polygon) / len(polygon))


def overlaps(a: tuple[float, float], b: tuple[float, float], radius: float = BASE_RADIUS) -> bool:
    """Two flying bases touching (both of ``radius``)."""
    return math.hypot(a[0] - b[0], a[1] - b[1]) < 2 * radius


def touching_base(pose, things) -> tuple[str, ...]:
    """Ids of the things touching a base at ``pose`` (a zero-length crossing query)."""
    out = []
    for t in things:
        if t.circle is not None:
            if math.hypot(pose[0] - t.circle[0], pose[1] - t.circle[1]) <= BASE_RADIUS + t.circle[2]:
                out.append(t.id)
        elif inside(pose[:2], t.polygon) or _near_polygon(pose, t.polygon):
            out.append(t.id)
    return tuple(sorted(out))


def _near_polygon(pose, poly) -> bool:
    for i in range(len(poly)):
        a, b = poly[i], poly[(i + 1) % len(poly)]
        dx, dy = b[0] - a[0], b[1] - a[1]
        n = dx * dx + dy * dy
        t = 0.0 if n == 0 else max(0.0, min(1.0, ((pose[0] - a[0]) * dx + (pose[1] - a[1]) * dy) / n))
        if math.hypot(pose[0] - a[0] - t * dx, pose[1] - a[1] - t * dy) <= BASE_RADIUS:
            return True
    return False
