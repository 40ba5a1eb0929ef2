"""A small stand-in for the contract's geometry (rules/tailfeathers/geometry.py, written in another
clone): same function names and result types, with HOUSE sizes and straight templates that turn
by a fixed angle at each maneuver point. rules/tailfeathers/measure.py uses it only while the real
module is missing; it keeps the rules and their tests runnable on their own."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

Polygon = tuple[tuple[float, float], ...]
Pose = tuple[float, float, float]

SHORT, LONG = 8.0, 12.0          # HOUSE: template lengths (cm), the physical sizes were not found
RANGE, CLOSE_RANGE = 15.0, 5.0   # HOUSE: range finder and its notched (close range) section
TURN = 30.0                      # HOUSE: degrees a left/right flight line turns at a maneuver point
STEP = 0.5                       # centreline sample spacing


@dataclass(frozen=True)
class Thing:
    kind: str
    id: str
    polygon: Polygon | None = None
    circle: tuple[float, float, float] | None = None


@dataclass(frozen=True)
class FlightPath:
    templates: tuple[Polygon, ...]
    maneuver_points: tuple[Pose, ...]
    end: Pose
    centreline: tuple[tuple[float, float, float], ...]


@dataclass(frozen=True)
class Crossing:
    s: float
    kind: str
    id: str


@dataclass(frozen=True)
class RangeResult:
    in_range: bool
    close: bool
    clear: bool
    blocked_by: tuple[str, ...]


def flight_path(start: Pose, base_radius: float, templates: Sequence[str], tilt: str) -> FlightPath:
    x, y, h = start
    turn = {"left": TURN, "center": 0.0, "right": -TURN}[tilt]
    line, points, rects, s = [(x, y, 0.0)], [], [], 0.0
    for n, kind in enumerate(templates):
        length = SHORT if kind == "short" else LONG
        a = math.radians(h)
        steps = max(1, int(length / STEP))
        for i in range(1, steps + 1):
            d = length * i / steps
            line.append((x + d * math.cos(a), y + d * math.sin(a), s + d))
        ex, ey = x + length * math.cos(a), y + length * math.sin(a)
        w = base_radius * 0.4
        nx, ny = -math.sin(a) * w, math.cos(a) * w
        rects.append(((x - nx, y - ny), (ex - nx, ey - ny), (ex + nx, ey + ny), (x + nx, y + ny)))
        x, y, s = ex, ey, s + length
        if n < len(templates) - 1:
            points.append((x, y, h))
            h = (h + turn) % 360.0
    return FlightPath(tuple(rects), tuple(points), (x, y, h), tuple(line))


def _inside(p, poly) -> bool:
    x, y, inside = p[0], p[1], False
    for i in range(len(poly)):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % len(poly)]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _seg_point(p, a, b) -> float:
    ax, ay, bx, by = a[0], a[1], b[0], b[1]
    dx, dy = bx - ax, by - ay
    t = 0.0 if dx == dy == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


def _outline(t: Thing) -> Polygon:
    if t.polygon is not None:
        return t.polygon
    cx, cy, r = t.circle
    return tuple((cx + r * math.cos(k * math.pi / 8), cy + r * math.sin(k * math.pi / 8)) for k in range(16))


def _dist_point(p, t: Thing) -> float:
    if t.circle is not None:
        return max(0.0, math.hypot(p[0] - t.circle[0], p[1] - t.circle[1]) - t.circle[2])
    if _inside(p, t.polygon):
        return 0.0
    poly = t.polygon
    return min(_seg_point(p, poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly)))


def crossings(path: FlightPath, things: Sequence[Thing], base_radius: float) -> list[Crossing]:
    out = []
    for t in things:
        for x, y, s in path.centreline:
            if _dist_point((x, y), t) <= base_radius:
                out.append(Crossing(s, t.kind, t.id))
                break
    return sorted(out, key=lambda c: (c.s, c.kind, c.id))


def position_at(path: FlightPath, s: float) -> Pose:
    best = min(path.centreline, key=lambda p: abs(p[2] - s))
    i = path.centreline.index(best)
    j = min(i + 1, len(path.centreline) - 1)
    a, b = path.centreline[max(0, j - 1)], path.centreline[j]
    h = math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) % 360.0
    return (best[0], best[1], h)


def _nearest(a: Thing, b: Thing):
    pa, pb = _outline(a), _outline(b)
    best = (math.inf, pa[0], pb[0])
    for p in pa:
        for i in range(len(pb)):
            d = _seg_point(p, pb[i], pb[(i + 1) % len(pb)])
            if d < best[0]:
                best = (d, p, _closest(p, pb[i], pb[(i + 1) % len(pb)]))
    for p in pb:
        for i in range(len(pa)):
            d = _seg_point(p, pa[i], pa[(i + 1) % len(pa)])
            if d < best[0]:
                best = (d, _closest(p, pa[i], pa[(i + 1) % len(pa)]), p)
    if any(_inside(p, pb) for p in pa) or any(_inside(p, pa) for p in pb):
        return 0.0, best[1], best[1]
    return best


def _closest(p, a, b):
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = 0.0 if dx == dy == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)))
    return (a[0] + t * dx, a[1] + t * dy)


def range_check(a: Thing, b: Thing, blockers: Sequence[Thing]) -> RangeResult:
    d, pa, pb = _nearest(a, b)
    blocked = []
    for t in blockers:
        if t.id in (a.id, b.id):
            continue
        n = 12
        if any(_dist_point((pa[0] + (pb[0] - pa[0]) * k / n, pa[1] + (pb[1] - pa[1]) * k / n), t) == 0.0
               for k in range(1, n)):
            blocked.append(t.id)
    return RangeResult(d <= RANGE, d <= CLOSE_RANGE, not blocked, tuple(sorted(blocked)))
