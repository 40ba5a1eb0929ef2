"""Flight paths, crossings and range for Tail Feathers (contract: /work/tf-contract.md, Geometry).

Everything is measured on OUTLINES, as the rulebook does: a template crosses whatever any part of
it touches (Crossing; Glossary: Cross), the range finder is laid between the nearest points of two
bases or spaces (Ranged Attack; Glossary: Range). Sizes are house values from data/templates.toml;
docs/tailfeathers-geometry.md explains them and the conventions. Units: cm, degrees (heading 0 = +x,
counter-clockwise). Pure Python, no panda3d.

A flight path (Flight Movement): the first template starts at the base's edge on its raised line;
each template's strip runs to its maneuver point (a disc); the next template starts at that
point's centre on the left / centre / right flight line (turning by ``TURN`` degrees per maneuver
point); the last is an END template whose cavity (the end point) holds the base. Arc length ``s``
runs along the centre line from the start base's centre.
"""
from __future__ import annotations

import functools
import math
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from feltbox.rules.tailfeathers.shapes import (
    EPS,
    Polygon,
    Shape,
    boxes_touch,
    first_contact,
    local_to_table,
    min_along,
    nearest,
    rotate,
    shared_shape,
)

with (Path(__file__).with_name("data") / "templates.toml").open("rb") as _f:
    SIZES = tomllib.load(_f)

WIDTH = SIZES["template"]["width"]
MANEUVER_RADIUS = SIZES["template"]["maneuver_radius"]
TURN = SIZES["template"]["flight_line_angle"]
SHORT = SIZES["short"]["length"]
LONG = SIZES["long"]["length"]
SHORT_END = SIZES["end"]["short_length"]
LONG_END = SIZES["end"]["long_length"]
END_RIM = SIZES["end"]["rim"]
BIRD_BASE_RADIUS = SIZES["bases"]["bird_radius"]
SMALL_BASE_RADIUS = SIZES["bases"]["small_radius"]
RANGE = SIZES["range_finder"]["length"]
CLOSE_RANGE = SIZES["range_finder"]["close_length"]
DEATH_SPIRAL = (SIZES["death_spiral"]["length"], SIZES["death_spiral"]["width"])
FEATHER = (SIZES["tail_feather"]["length"], SIZES["tail_feather"]["width"])
LEAF_HOLE_INSET = SIZES["leaf"]["hole_inset"]

LENGTHS = {"short": SHORT, "long": LONG}
END_LENGTHS = {"short": SHORT_END, "long": LONG_END}
TILTS = {"left": 1.0, "center": 0.0, "right": -1.0}
ARC_STEPS = 16                       # outline points per half circle in the polygons handed out

Pose = tuple[float, float, float]    # x, y, heading of a figure base (its raised facing line)
CACHED = True     # False: no memo anywhere (shapes, template outlines, path_cache); the bench compares


@dataclass(frozen=True)
class Thing:
    kind: str      # "space", "trunk", "flying", "feather", "leaf" (drifting), "mission", "nest"
    id: str
    polygon: Polygon | None = None
    circle: tuple[float, float, float] | None = None     # x, y, radius

    def shape(self) -> Shape:
        """The exact outline, built once per Thing (cached outside the dataclass fields)."""
        s = self.__dict__.get("_shape")
        if s is None:
            s = shared_shape(self.circle, self.polygon) if CACHED else \
                Shape(circle=self.circle) if self.circle is not None else Shape(poly=self.polygon)
            object.__setattr__(self, "_shape", s)
        return s


@dataclass(frozen=True)
class FlightPath:
    templates: tuple[Polygon, ...]
    maneuver_points: tuple[Pose, ...]    # heading = the flight line the next template follows
    end: Pose
    centreline: tuple[tuple[float, float, float], ...]   # (x, y, s): start centre, base edge, maneuver points, end


@dataclass(frozen=True)
class Crossing:
    s: float
    kind: str
    id: str


def _dir(h: float) -> tuple[float, float]:
    return math.cos(math.radians(h)), math.sin(math.radians(h))


def _arc(cu: float, cv: float, r: float, a0: float, a1: float, steps: int) -> list[tuple[float, float]]:
    return [(cu + r * math.cos(a0 + (a1 - a0) * k / steps), cv + r * math.sin(a0 + (a1 - a0) * k / steps))
            for k in range(steps + 1)]


def template_polygon(origin: tuple[float, float], heading: float, length: float) -> Polygon:
    """A regular template: strip from ``origin`` to its maneuver point, round disc at the end."""
    return local_to_table(origin, heading, _template_local(length) if CACHED else _template_local.__wrapped__(length))


@functools.lru_cache(maxsize=8)
def _template_local(length: float) -> tuple[tuple[float, float], ...]:
    """A regular template's outline in its own (u along, v left) frame."""
    hw, r = WIDTH / 2, MANEUVER_RADIUS
    b = math.asin(hw / r)
    cut = length - r * math.cos(b)
    pts = [(0.0, -hw), (cut, -hw)] + _arc(length, 0.0, r, -math.pi + b, math.pi - b, 2 * ARC_STEPS)[1:-1]
    return tuple(pts + [(cut, hw), (0.0, hw)])


def end_template_polygon(origin: tuple[float, float], heading: float, length: float,
                         cavity: float = BIRD_BASE_RADIUS) -> Polygon:
    """An end template: strip widening into a head whose rounded cavity (the end point, centre at
    ``length``) cradles the base."""
    hw, H = WIDTH / 2, cavity + END_RIM
    uh = length - cavity - END_RIM
    cav = _arc(length, 0.0, cavity, -math.pi / 2, -3 * math.pi / 2, ARC_STEPS)
    pts = [(0.0, -hw), (uh, -hw), (uh, -H), (length, -H)] + cav + [(length, H), (uh, H), (uh, hw), (0.0, hw)]
    return local_to_table(origin, heading, pts)


def flight_path(start: Pose, base_radius: float, templates: Sequence[str], tilt: str) -> FlightPath:
    """Lay the announced templates ("short" | "long"; the last one as its END template)."""
    if not templates or any(t not in LENGTHS for t in templates):
        raise ValueError(f"templates must be 'short' / 'long', got {list(templates)}")
    if tilt not in TILTS:
        raise ValueError(f"tilt must be left / center / right, got {tilt!r}")
    x, y, h = (float(v) for v in start)
    dx, dy = _dir(h)
    anchor, s = (x + base_radius * dx, y + base_radius * dy), float(base_radius)
    line = [(x, y, 0.0), (anchor[0], anchor[1], s)]
    polys, points = [], []
    for name in templates[:-1]:
        L = LENGTHS[name]
        polys.append(template_polygon(anchor, h, L))
        dx, dy = _dir(h)
        anchor, s = (anchor[0] + L * dx, anchor[1] + L * dy), s + L
        h = (h + TILTS[tilt] * TURN) % 360.0
        points.append((anchor[0], anchor[1], h))
        line.append((anchor[0], anchor[1], s))
    L = END_LENGTHS[templates[-1]]
    polys.append(end_template_polygon(anchor, h, L))
    dx, dy = _dir(h)
    end = (anchor[0] + L * dx, anchor[1] + L * dy, h)
    line.append((end[0], end[1], s + L))
    return FlightPath(tuple(polys), tuple(points), end, tuple(line))


# -- the path as exact pieces (rectangles and discs), each with its arc-length origin ----------------
def _rect(origin, heading, u0, u1, hw) -> Shape:
    return Shape(poly=local_to_table(origin, heading, ((u0, -hw), (u1, -hw), (u1, hw), (u0, hw))))


def _pieces(path: FlightPath, base_radius: float) -> list[tuple[Shape, tuple[float, float], tuple[float, float], float]]:
    """(shape, origin, unit direction, s at origin): s of a point p of the shape = s0 + (p - o)·d."""
    line, n = path.centreline, len(path.centreline) - 2          # n templates
    return [p for k in range(n) for p in segment_pieces(line[k + 1], line[k + 2], k == n - 1, base_radius, path.end[2])]


def segment_pieces(a, b, last: bool, base_radius: float, end_heading: float) -> list:
    """The pieces of one template laid from centre-line point ``a`` to ``b`` (x, y, s); ``last``:
    the END template, whose head holds the base (``end_heading`` only for a zero-length one)."""
    (ax, ay, s0), (bx, by, s1), o = a, b, (a[0], a[1])
    L = s1 - s0
    d = ((bx - ax) / L, (by - ay) / L) if L > 0 else _dir(end_heading)
    h = math.degrees(math.atan2(d[1], d[0]))
    if not last:
        return [(_rect(o, h, 0.0, L, WIDTH / 2), o, d, s0), (Shape(circle=(bx, by, MANEUVER_RADIUS)), (bx, by), d, s1)]
    uh = L - BIRD_BASE_RADIUS - END_RIM
    return [(_rect(o, h, 0.0, uh, WIDTH / 2), o, d, s0), (_rect(o, h, uh, L, BIRD_BASE_RADIUS + END_RIM), o, d, s0),
            (Shape(circle=(bx, by, base_radius)), o, d, s0)]


def crossings(path: FlightPath, things: Sequence[Thing], base_radius: float, swept: bool = False) -> list[Crossing]:
    """Everything the path touches, ordered by the arc length s where it is first touched.

    The footprint is the templates plus the moving base resting in the end point (so a path
    ending on a flying base crosses it). ``swept=True`` also counts the base along the whole
    centre line (its first contact s). Leave the moving figure itself out of ``things``."""
    pieces = _pieces(path, base_radius)
    xs = [b for p in pieces for b in (p[0].box[0], p[0].box[1])]
    ys = [b for p in pieces for b in (p[0].box[2], p[0].box[3])]
    box = (min(xs), max(xs), min(ys), max(ys))
    if swept:
        line = path.centreline
        box = (min(box[0], min(p[0] for p in line) - base_radius), max(box[1], max(p[0] for p in line) + base_radius),
               min(box[2], min(p[1] for p in line) - base_radius), max(box[3], max(p[1] for p in line) + base_radius))
    out = []
    for t in things:
        shape = t.shape()
        if not boxes_touch(box, shape.box, EPS):
            continue
        best = None
        for piece, o, d, s0 in pieces:
            if best is not None and s0 - BIRD_BASE_RADIUS - MANEUVER_RADIUS > best:
                break
            if boxes_touch(piece.box, shape.box, EPS):
                m = min_along(o, d, piece, shape)
                if m is not None and (best is None or s0 + m < best):
                    best = s0 + m
        if swept:
            c = contact_s(path, t, base_radius)
            if c is not None and (best is None or c < best):
                best = c
        if best is not None:
            out.append(Crossing(max(0.0, best), t.kind, t.id))
    out.sort(key=lambda c: (c.s, c.kind, c.id))
    return out


def position_at(path: FlightPath, s: float) -> Pose:
    """Where a figure stopped at arc length s stands (heading of the template it is on; at a
    maneuver point, the flight line it follows next)."""
    line = path.centreline
    if s >= line[-1][2]:
        return path.end
    s = max(0.0, s)
    for k in range(len(line) - 1):
        (ax, ay, s0), (bx, by, s1) = line[k], line[k + 1]
        if s0 <= s < s1:
            t = (s - s0) / (s1 - s0)
            h = _heading(line, max(k, 1))     # the base-centre-to-edge stretch follows the first template
            return (ax + t * (bx - ax), ay + t * (by - ay), h)
    return path.end


def _heading(line, k: int) -> float:
    (ax, ay, _), (bx, by, _) = line[k], line[k + 1]
    return math.degrees(math.atan2(by - ay, bx - ax)) % 360.0


def contact_s(path: FlightPath, thing: Thing, base_radius: float) -> float | None:
    """First arc length where the moving base (centred on the centre line) touches ``thing``."""
    shape, line = thing.shape(), path.centreline
    for k in range(len(line) - 1):
        (ax, ay, s0), (bx, by, s1) = line[k], line[k + 1]
        seg_box = (min(ax, bx) - base_radius, max(ax, bx) + base_radius, min(ay, by) - base_radius, max(ay, by) + base_radius)
        if not boxes_touch(seg_box, shape.box, EPS):
            continue
        t = first_contact((ax, ay), (bx, by), base_radius, shape)
        if t is not None:
            return s0 + t * (s1 - s0)
    return None


def stop_touching(path: FlightPath, thing: Thing, base_radius: float, turn_around: bool = True) -> Pose:
    """Crossing a tree trunk: "end your figure's movement with its base touching the trunk and turn
    it 180 degrees away from the trunk". The base stops where it first touches ``thing`` along
    the centre line (if only the template reaches it: slid from where the template first touches
    it until the base touches); the heading is then reversed."""
    s = contact_s(path, thing, base_radius)
    if s is None:
        hit = crossings(path, [thing], base_radius)
        s = hit[0].s if hit else path.centreline[-1][2]
    x, y, h = position_at(path, s)
    g, pa, pb = nearest(Shape(circle=(x, y, base_radius)), thing.shape())
    if g > EPS:                                   # slide straight toward the thing until touching
        x, y = x + (pb[0] - pa[0]), y + (pb[1] - pa[1])
    return (x, y, (h + 180.0) % 360.0 if turn_around else h)


def base_at(pose: Pose, radius: float, id: str = "", kind: str = "flying") -> Thing:
    return Thing(kind, id, circle=(pose[0], pose[1], radius))


def overlapping(pose: Pose, radius: float, flying: Sequence[Thing], touch: bool = False) -> tuple[str, ...]:
    """Ids of the flying bases a base at ``pose`` would stand on (``touch``: touching counts too,
    as for a shift's end point)."""
    me = Shape(circle=(pose[0], pose[1], radius))
    lim = EPS if touch else -1e-6
    return tuple(t.id for t in flying if boxes_touch(me.box, t.shape().box, EPS) and nearest(me, t.shape())[0] <= lim)


def ends_on(path: FlightPath, flying: Sequence[Thing], base_radius: float) -> tuple[str, ...]:
    """The flying figures the moving figure would end its movement on."""
    return overlapping(path.end, base_radius, flying)


def last_free_maneuver_point(path: FlightPath, flying: Sequence[Thing], base_radius: float) -> int | None:
    """Index in ``path.maneuver_points`` of "the last maneuver point on your flight path that would
    not result in ending on a flying figure" (None: every one would; the rules decide)."""
    for i in range(len(path.maneuver_points) - 1, -1, -1):
        if not overlapping(path.maneuver_points[i], base_radius, flying):
            return i
    return None


def maneuver_s(path: FlightPath, index: int) -> float:
    """Arc length of maneuver point ``index`` (to compare with crossings' s)."""
    return path.centreline[index + 2][2]


def feather_polygon(pose: Pose) -> Polygon:
    """A landed tail feather's footprint (house rectangle) at the pose physics reported."""
    L, W = FEATHER
    return local_to_table((pose[0], pose[1]), pose[2], ((-L / 2, -W / 2), (L / 2, -W / 2), (L / 2, W / 2), (-L / 2, W / 2)))


# -- death spirals (Death Spirals, steps 1-2 and 3b) -------------------------------------------------
def death_spiral_place(enemy: Thing, toward: tuple[float, float], own_radius: float,
                       obstacles: Sequence[Thing], step: float = 5.0) -> tuple[Pose, Polygon] | None:
    """Place the template against the enemy base on the side facing ``toward`` (where the
    attacker made contact) and the attacker's base against its far side, facing the enemy;
    "if you cannot place your bird ..., rotate the death spiral template around the enemy bird's
    base until you can place your bird" (alternately +step, -step degrees) until the attacker's
    base overlaps none of ``obstacles`` (other flying bases, trunks; touching is allowed; the
    enemy itself and the attacker are left out by id). Returns (own pose, template polygon) or
    None when no angle is free."""
    ex, ey, er = enemy.circle
    a0 = math.degrees(math.atan2(toward[1] - ey, toward[0] - ex))
    L, W = DEATH_SPIRAL
    others = [t for t in obstacles if t.id != enemy.id]
    for k in range(int(180 // step) + 1):
        for sign in ((1,) if k == 0 or k * step >= 180 else (1, -1)):
            a = a0 + sign * k * step
            dx, dy = _dir(a)
            d = er + L + own_radius
            pose = (ex + d * dx, ey + d * dy, (a + 180.0) % 360.0)
            me = Shape(circle=(pose[0], pose[1], own_radius))
            if not any(boxes_touch(me.box, t.shape().box) and nearest(me, t.shape())[0] < -1e-6 for t in others):
                poly = local_to_table((ex, ey), a, ((er, -W / 2), (er + L, -W / 2), (er + L, W / 2), (er, W / 2)))
                return pose, poly
    return None


def pivot_apart(a: Pose, b: Pose) -> tuple[Pose, Pose]:
    """Death Spirals 3b, "pivot both birds 180 degrees away from each other": the two birds face
    the template between them; each turns on its base until it faces straight away from their
    common point (the middle of the line joining the two centres), back to back."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    ha = math.degrees(math.atan2(a[1] - my, a[0] - mx)) % 360.0
    hb = math.degrees(math.atan2(b[1] - my, b[0] - mx)) % 360.0
    return (a[0], a[1], ha), (b[0], b[1], hb)


def completely_out(bounds: tuple[float, float, float, float], pose: Pose, radius: float) -> bool:
    """Flight Movement, "If you end a figure's movement completely out of the battlefield": the
    whole base (a disc of ``radius``) lies outside the bounds rectangle (touching its edge is in)."""
    x0, x1, y0, y1 = bounds
    dx = max(x0 - pose[0], 0.0, pose[0] - x1)
    dy = max(y0 - pose[1], 0.0, pose[1] - y1)
    return math.hypot(dx, dy) > radius + EPS


# -- drifting leaves (Moving a Drifting Leaf) ------------------------------------------------------
def leaf_holes(polygon: Polygon) -> tuple[tuple[float, float], tuple[float, float]]:
    """The range-finder holes: LEAF_HOLE_INSET inside the two tips (farthest-apart outline points)."""
    best = (0.0, polygon[0], polygon[0])
    for i, p in enumerate(polygon):
        for q in polygon[i + 1:]:
            d = math.hypot(p[0] - q[0], p[1] - q[1])
            if d > best[0]:
                best = (d, p, q)
    d, p, q = best
    ux, uy = (q[0] - p[0]) / d, (q[1] - p[1]) / d
    return (p[0] + ux * LEAF_HOLE_INSET, p[1] + uy * LEAF_HOLE_INSET), (q[0] - ux * LEAF_HOLE_INSET, q[1] - uy * LEAF_HOLE_INSET)


def spin_leaf(polygon: Polygon, toward: tuple[float, float], degrees: float = 180.0,
              obstacles: Sequence[Thing] = (), step: float = 5.0) -> tuple[Polygon, tuple[float, float], float, str]:
    """One spin: rotate the leaf about the hole at the end nearer ``toward`` (the destination) by
    ``degrees`` (positive = counter-clockwise). Stops early, touching, at the first obstacle it
    meets (checked every ``step`` degrees, then refined). Obstacles touching the leaf before the
    spin are ignored. Returns (polygon, pivot, degrees turned, id of the obstacle met or "")."""
    h0, h1 = leaf_holes(polygon)
    pivot = min((h0, h1), key=lambda p: math.hypot(p[0] - toward[0], p[1] - toward[1]))

    def at(a):
        return tuple(rotate(p, pivot, a) for p in polygon)

    def hit(a):
        shape = Shape(poly=at(a))
        return next((t.id for t in live if nearest(shape, t.shape())[0] <= EPS), "")

    start = Shape(poly=polygon)
    live = [t for t in obstacles if nearest(start, t.shape())[0] > EPS]
    n = max(1, math.ceil(abs(degrees) / step))
    prev = 0.0
    for k in range(1, n + 1):
        a = degrees * k / n
        who = hit(a)
        if who:
            lo, hi = prev, a
            for _ in range(30):
                mid = (lo + hi) / 2
                lo, hi = (lo, mid) if hit(mid) else (mid, hi)
            return at(lo), pivot, lo, who
        prev = a
    return at(degrees), pivot, float(degrees), ""
