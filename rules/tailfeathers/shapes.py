"""Exact 2D primitives for the Tail Feathers geometry: discs and simple polygons (outlines).

Everything is plain Python floats (the shapes are small; numpy's call overhead would cost more
than it saves). Polygons are counter-clockwise tuples of (x, y), not closed. ``EPS`` is the
touching tolerance: things closer than it count as touching (the rulebook's "any part touching").
"""
from __future__ import annotations

import math
from collections.abc import Sequence

EPS = 1e-7
Pt = tuple[float, float]
Polygon = tuple[Pt, ...]           # counter-clockwise, not closed (spaces, trunks, templates)


class Shape:
    """A disc (``r`` > 0, ``poly`` None) or a polygon, with its bounding box."""
    __slots__ = ("cx", "cy", "r", "poly", "box")

    def __init__(self, circle: tuple[float, float, float] | None = None, poly: Sequence[Pt] | None = None):
        if circle is not None:
            self.cx, self.cy, self.r = (float(v) for v in circle)
            self.poly = None
            self.box = (self.cx - self.r, self.cx + self.r, self.cy - self.r, self.cy + self.r)
        else:
            pts = tuple(poly) if type(poly) is tuple else tuple(tuple(p) for p in poly)
            if len(pts) < 3:
                raise ValueError("a polygon needs 3 points")
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            self.poly = pts if signed_area(pts) >= 0 else pts[::-1]
            self.cx, self.cy, self.r = 0.0, 0.0, 0.0
            self.box = (min(xs), max(xs), min(ys), max(ys))


_SHARED: dict = {}
_SHARED_MAX = 20000


def shared_shape(circle=None, poly=None) -> Shape:
    """The one Shape of an outline of these exact numbers (a memo: the same space or base met again
    in another query is the same object, so per-shape results can be remembered by identity)."""
    try:
        key = ("c", tuple(circle)) if circle is not None else ("p", tuple(poly))
        hash(key)
    except TypeError:                  # points given as lists: no key, a fresh shape
        return Shape(circle=circle, poly=poly)
    s = _SHARED.get(key)
    if s is None:
        if len(_SHARED) >= _SHARED_MAX:
            _SHARED.clear()
        s = _SHARED[key] = Shape(circle=circle, poly=poly)
    return s


def boxes_touch(a, b, pad: float = 0.0) -> bool:
    return a[0] <= b[1] + pad and b[0] <= a[1] + pad and a[2] <= b[3] + pad and b[2] <= a[3] + pad


def signed_area(poly: Sequence[Pt]) -> float:
    total, (px, py) = 0.0, poly[-1]
    for x, y in poly:
        total += px * y - x * py
        px, py = x, y
    return 0.5 * total


def rotate(p: Pt, c: Pt, deg: float) -> Pt:
    a = math.radians(deg)
    ca, sa = math.cos(a), math.sin(a)
    dx, dy = p[0] - c[0], p[1] - c[1]
    return (c[0] + ca * dx - sa * dy, c[1] + sa * dx + ca * dy)


def local_to_table(origin: Pt, heading: float, pts: Sequence[Pt]) -> tuple[Pt, ...]:
    """(u, v) along / left of ``heading`` from ``origin`` -> table (x, y)."""
    a = math.radians(heading)
    ca, sa = math.cos(a), math.sin(a)
    return tuple((origin[0] + ca * u - sa * v, origin[1] + sa * u + ca * v) for u, v in pts)


def inside(p: Pt, poly: Sequence[Pt]) -> bool:
    """Strictly-ish inside (ray casting; points on the outline may go either way)."""
    x, y = p
    hit = False
    j = len(poly) - 1
    for i in range(len(poly)):
        xi, yi = poly[i]
        xj, yj = poly[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            hit = not hit
        j = i
    return hit


def closest_on_segment(p: Pt, a: Pt, b: Pt) -> tuple[float, Pt]:
    dx, dy = b[0] - a[0], b[1] - a[1]
    L2 = dx * dx + dy * dy
    t = 0.0 if L2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / L2))
    q = (a[0] + t * dx, a[1] + t * dy)
    return math.hypot(p[0] - q[0], p[1] - q[1]), q


def closest_on_outline(p: Pt, poly: Sequence[Pt]) -> tuple[float, Pt]:
    best = (math.inf, poly[0])
    for i in range(len(poly)):
        d = closest_on_segment(p, poly[i - 1], poly[i])
        if d[0] < best[0]:
            best = d
    return best


def segment_cross(a: Pt, b: Pt, c: Pt, d: Pt) -> Pt | None:
    """The point where segments ab and cd meet (None if they do not, or are parallel)."""
    rx, ry, sx, sy = b[0] - a[0], b[1] - a[1], d[0] - c[0], d[1] - c[1]
    den = rx * sy - ry * sx
    if abs(den) < 1e-15:
        return None
    qx, qy = c[0] - a[0], c[1] - a[1]
    t, u = (qx * sy - qy * sx) / den, (qx * ry - qy * rx) / den
    if -1e-12 <= t <= 1 + 1e-12 and -1e-12 <= u <= 1 + 1e-12:
        return (a[0] + t * rx, a[1] + t * ry)
    return None


# -- nearest points ---------------------------------------------------------------------------
def nearest(a: Shape, b: Shape) -> tuple[float, Pt, Pt]:
    """(gap, point on a, point on b): the edge-to-edge distance (<= 0 when they touch or overlap)
    and the nearest points of the two outlines (one shared point when they overlap)."""
    if a.poly is None and b.poly is None:
        dx, dy = b.cx - a.cx, b.cy - a.cy
        d = math.hypot(dx, dy)
        ux, uy = (dx / d, dy / d) if d > 0 else (1.0, 0.0)
        gap = d - a.r - b.r
        pa = (a.cx + ux * a.r, a.cy + uy * a.r)
        pb = (b.cx - ux * b.r, b.cy - uy * b.r)
        if gap < 0:
            m = (a.cx + ux * (a.r + gap / 2), a.cy + uy * (a.r + gap / 2))
            return gap, m, m
        return gap, pa, pb
    if a.poly is None:
        return _circle_poly(a, b.poly)
    if b.poly is None:
        g, pb, pa = _circle_poly(b, a.poly)
        return g, pa, pb
    return _poly_poly(a.poly, b.poly)


def _circle_poly(c: Shape, poly) -> tuple[float, Pt, Pt]:
    centre = (c.cx, c.cy)
    d, q = closest_on_outline(centre, poly)
    if inside(centre, poly):
        return -(d + c.r), centre, centre
    if d < c.r:
        return d - c.r, q, q
    ux, uy = ((q[0] - c.cx) / d, (q[1] - c.cy) / d) if d > 0 else (1.0, 0.0)
    return d - c.r, (c.cx + ux * c.r, c.cy + uy * c.r), q


def _poly_poly(P, Q) -> tuple[float, Pt, Pt]:
    for i in range(len(P)):
        for j in range(len(Q)):
            x = segment_cross(P[i - 1], P[i], Q[j - 1], Q[j])
            if x is not None:
                return 0.0, x, x
    if inside(P[0], Q):
        return 0.0, P[0], P[0]
    if inside(Q[0], P):
        return 0.0, Q[0], Q[0]
    best = (math.inf, P[0], Q[0])
    for p in P:
        d, q = closest_on_outline(p, Q)
        if d < best[0]:
            best = (d, p, q)
    for q in Q:
        d, p = closest_on_outline(q, P)
        if d < best[0]:
            best = (d, p, q)
    return best


def gap(a: Shape, b: Shape) -> float:
    return nearest(a, b)[0]


# -- first touch along a direction (crossing order) -------------------------------------------
def min_along(o: Pt, d: Pt, piece: Shape, thing: Shape) -> float | None:
    """min over the points p of (piece ∩ thing) of (p - o)·d, d a unit vector; None if they do
    not touch. ``piece`` is a disc or a CONVEX polygon; ``thing`` a disc or any simple polygon."""
    if piece.poly is None and thing.poly is None:
        return _min_disc_disc(o, d, piece, thing)
    if piece.poly is None:
        return _min_disc_poly(o, d, piece, thing.poly)
    if thing.poly is None:
        return _min_disc_poly(o, d, thing, piece.poly)
    clipped = clip(thing.poly, piece.poly)
    if not clipped:
        return None
    return min((p[0] - o[0]) * d[0] + (p[1] - o[1]) * d[1] for p in clipped)


def _f(o, d, p) -> float:
    return (p[0] - o[0]) * d[0] + (p[1] - o[1]) * d[1]


def _min_disc_disc(o, d, a: Shape, b: Shape) -> float | None:
    dx, dy = b.cx - a.cx, b.cy - a.cy
    dist = math.hypot(dx, dy)
    if dist > a.r + b.r + EPS:
        return None
    cands = []
    for s, t in ((a, b), (b, a)):
        e = (s.cx - s.r * d[0], s.cy - s.r * d[1])
        if math.hypot(e[0] - t.cx, e[1] - t.cy) <= t.r + EPS:
            cands.append(_f(o, d, e))
    if dist > 0:
        x = (dist * dist + a.r * a.r - b.r * b.r) / (2 * dist)
        h = math.sqrt(max(a.r * a.r - x * x, 0.0))
        mx, my = a.cx + dx / dist * x, a.cy + dy / dist * x
        for sgn in (1, -1):
            cands.append(_f(o, d, (mx - sgn * dy / dist * h, my + sgn * dx / dist * h)))
    return min(cands) if cands else None


def _min_disc_poly(o, d, c: Shape, poly) -> float | None:
    cands = []
    r2 = (c.r + EPS) ** 2
    for i in range(len(poly)):
        a, b = poly[i - 1], poly[i]
        if (b[0] - c.cx) ** 2 + (b[1] - c.cy) ** 2 <= r2:
            cands.append(_f(o, d, b))
        ex, ey = b[0] - a[0], b[1] - a[1]
        fx, fy = a[0] - c.cx, a[1] - c.cy
        A = ex * ex + ey * ey
        B = 2 * (fx * ex + fy * ey)
        C = fx * fx + fy * fy - c.r * c.r
        disc = B * B - 4 * A * C
        if A == 0 or disc < -1e-9 * max(1.0, A):
            continue
        sq = math.sqrt(max(disc, 0.0))
        for t in ((-B - sq) / (2 * A), (-B + sq) / (2 * A)):
            if -1e-12 <= t <= 1 + 1e-12:
                cands.append(_f(o, d, (a[0] + t * ex, a[1] + t * ey)))
    e = (c.cx - c.r * d[0], c.cy - c.r * d[1])
    if inside(e, poly) or closest_on_outline(e, poly)[0] <= EPS:
        cands.append(_f(o, d, e))
    return min(cands) if cands else None


def clip(subject: Sequence[Pt], convex: Sequence[Pt]) -> list[Pt]:
    """Sutherland-Hodgman: ``subject`` clipped by the CCW convex polygon grown by EPS. The result
    may hold zero-width bridges along the clip outline; extremes of linear functions are exact."""
    out = list(subject)
    for i in range(len(convex)):
        if not out:
            break
        a, b = convex[i - 1], convex[i]
        ex, ey = b[0] - a[0], b[1] - a[1]
        L = math.hypot(ex, ey)
        if L == 0:
            continue

        def side(p, a=a, ex=ex, ey=ey, L=L):    # this edge's values, bound now
            return (ex * (p[1] - a[1]) - ey * (p[0] - a[0])) / L + EPS

        src, out = out, []
        prev = src[-1]
        sp = side(prev)
        for cur in src:
            sc = side(cur)
            if sc >= 0:
                if sp < 0:
                    out.append(_lerp(prev, cur, sp / (sp - sc)))
                out.append(cur)
            elif sp >= 0:
                out.append(_lerp(prev, cur, sp / (sp - sc)))
            prev, sp = cur, sc
    return out


def _lerp(a: Pt, b: Pt, t: float) -> Pt:
    return (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))


# -- a moving disc and a straight segment -----------------------------------------------------
def first_contact(a: Pt, b: Pt, radius: float, thing: Shape) -> float | None:
    """First t in [0, 1] where a disc of ``radius`` centred at a + t (b - a) touches ``thing``."""
    if thing.poly is None:
        return _hit_circle(a, b, (thing.cx, thing.cy), thing.r + radius)
    poly = thing.poly
    if inside(a, poly) or closest_on_outline(a, poly)[0] <= radius + EPS:
        return 0.0
    best = None
    dx, dy = b[0] - a[0], b[1] - a[1]
    for i in range(len(poly)):
        p, q = poly[i - 1], poly[i]
        cands = [_hit_circle(a, b, q, radius)]
        ex, ey = q[0] - p[0], q[1] - p[1]
        L = math.hypot(ex, ey)
        if L > 0:
            nx, ny = -ey / L, ex / L
            den = dx * nx + dy * ny
            if den != 0:
                for off in (radius, -radius):
                    t = (off - ((a[0] - p[0]) * nx + (a[1] - p[1]) * ny)) / den
                    if 0 <= t <= 1:
                        x, y = a[0] + t * dx, a[1] + t * dy
                        u = ((x - p[0]) * ex + (y - p[1]) * ey) / (L * L)
                        if 0 <= u <= 1:
                            cands.append(t)
        for t in cands:
            if t is not None and (best is None or t < best):
                best = t
    return best


def _hit_circle(a: Pt, b: Pt, c: Pt, R: float) -> float | None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    fx, fy = a[0] - c[0], a[1] - c[1]
    C = fx * fx + fy * fy - R * R
    if C <= 2 * R * EPS:
        return 0.0
    A = dx * dx + dy * dy
    B = 2 * (fx * dx + fy * dy)
    disc = B * B - 4 * A * C
    if A == 0 or disc < 0:
        return None
    t = (-B - math.sqrt(disc)) / (2 * A)
    return t if 0 <= t <= 1 else None


def passes_through(a: Pt, b: Pt, thing: Shape, tol: float = 1e-6) -> bool:
    """Does segment ab pass through the INSIDE of ``thing`` (grazing its outline does not count)?"""
    if thing.poly is None:
        return closest_on_segment((thing.cx, thing.cy), a, b)[0] < thing.r - tol
    poly = thing.poly
    dx, dy = b[0] - a[0], b[1] - a[1]
    L = math.hypot(dx, dy)
    if L == 0:
        return inside(a, poly) and closest_on_outline(a, poly)[0] > tol
    ts = [0.0, 1.0]
    for i in range(len(poly)):
        x = segment_cross(a, b, poly[i - 1], poly[i])
        if x is not None:
            ts.append(((x[0] - a[0]) * dx + (x[1] - a[1]) * dy) / (L * L))
    ts.sort()
    for t0, t1 in zip(ts, ts[1:]):
        if (t1 - t0) * L > tol:
            m = ((t0 + t1) / 2, )
            p = (a[0] + m[0] * dx, a[1] + m[0] * dy)
            if inside(p, poly) and closest_on_outline(p, poly)[0] > tol / 2:
                return True
    return False
