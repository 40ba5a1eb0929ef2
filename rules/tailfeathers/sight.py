"""Range and clear sight: laying the range finder (rulebook: Ranged Attack; Glossary: Range,
Clear Sight).

"When targeting to or from a flying figure, place the range finder touching any point on the base
of the figure. When targeting to or from ground figures on spaces ..., place the range finder at
the nearest point on the space that figure occupies. If the range finder touches both points, then
the target is in range." The target is in clear sight when the range finder, so laid, does not pass
through a flying figure, tree trunk, tail feather or drifting leaf.

So a flying figure's end of the twig may touch its base anywhere: :func:`range_check` first lays it
between the nearest points (the shortest reach, which decides range and close range); if that line
is blocked it searches the other placements that still reach. Between two flying bases: lines
meeting both discs (``LINE_TURNS`` directions each side of the line between the centres, up to the
steepest, times ``2 LINE_SHIFTS + 1`` parallel offsets across the band both discs cover); between a
flying base and a ground figure: points around the base every ``SIGHT_STEP`` degrees, each to the
nearest point of the space. Every search is symmetric about the line between the two, so
mirror-image positions are searched alike. Clear if any placement within range passes through no
blocker. Pure Python, no panda3d.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from feltbox.rules.tailfeathers.geometry import CLOSE_RANGE, RANGE, Thing
from feltbox.rules.tailfeathers.shapes import EPS, boxes_touch, closest_on_outline, inside, nearest, passes_through

SIGHT_STEP = 5.0          # degrees between the tried contact points on a flying base (to a ground figure)
LINE_TURNS = 12           # between two flying bases: directions tried each side of the centre line
LINE_SHIFTS = 6           # ... and parallel lines each side of the middle of each direction's band


@dataclass(frozen=True)
class RangeResult:
    in_range: bool
    close: bool
    clear: bool
    blocked_by: tuple[str, ...]
    gap: float = 0.0                                   # edge-to-edge distance (0 when touching)
    points: tuple[tuple[float, float], ...] = ()       # where the range finder touches a, b


def _blocked(pa, pb, a: Thing, b: Thing, blockers: Sequence[Thing]) -> list[str]:
    box = (min(pa[0], pb[0]), max(pa[0], pb[0]), min(pa[1], pb[1]), max(pa[1], pb[1]))
    out = []
    for t in blockers:
        if t.id in (a.id, b.id):
            continue
        shape = t.shape()
        if boxes_touch(box, shape.box) and passes_through(pa, pb, shape):
            out.append(t.id)
    return out


def _rim(t: Thing, toward: float) -> list[tuple[float, float]]:
    """Contact points around a flying base: at ``toward`` degrees (the direction of the other
    figure), then alternately +k and -k steps from it, all the way round."""
    x, y, r = t.circle
    out = []
    for k in range(int(180 // SIGHT_STEP) + 1):
        for sign in ((1,) if k == 0 or k * SIGHT_STEP >= 180 else (1, -1)):
            a = math.radians(toward + sign * k * SIGHT_STEP)
            out.append((x + r * math.cos(a), y + r * math.sin(a)))
    return out


def _near_point(t: Thing, p) -> tuple[float, float]:
    """The nearest point of a ground figure's space to ``p`` (p itself when inside it)."""
    if inside(p, t.polygon):
        return p
    return closest_on_outline(p, t.polygon)[1]


def _lines(ca, cb):
    """Twigs between two flying bases: straight lines that meet both discs, in ``LINE_TURNS``
    directions each side of the line between the centres (up to the steepest that still meets
    both) and ``LINE_SHIFTS`` offsets each side of the middle of the band both discs cover; each
    laid from where it leaves the first base to where it reaches the second. Symmetric about the
    line between the centres, nearest first."""
    (ax, ay, ra), (bx, by, rb) = ca, cb
    D = math.hypot(bx - ax, by - ay)
    if D <= ra + rb:
        return
    u = math.atan2(by - ay, bx - ax)
    steepest = math.asin(min(1.0, (ra + rb) / D))
    for i in range(LINE_TURNS + 1):
        for sign in ((1,) if i == 0 else (1, -1)):
            t = u + sign * steepest * i / (LINE_TURNS + 1)
            dx, dy = math.cos(t), math.sin(t)
            nx, ny = -dy, dx
            oa, ob = nx * ax + ny * ay, nx * bx + ny * by
            lo, hi = max(oa - ra, ob - rb), min(oa + ra, ob + rb)
            if lo > hi:
                continue
            mid, half = (lo + hi) / 2, (hi - lo) / 2 * 0.999
            for j in range(LINE_SHIFTS + 1):
                for side in ((1,) if j == 0 else (1, -1)):
                    o = mid + side * half * j / LINE_SHIFTS
                    ta = dx * ax + dy * ay + math.sqrt(max(ra * ra - (o - oa) ** 2, 0.0))
                    tb = dx * bx + dy * by - math.sqrt(max(rb * rb - (o - ob) ** 2, 0.0))
                    if tb > ta:
                        yield (o * nx + ta * dx, o * ny + ta * dy), (o * nx + tb * dx, o * ny + tb * dy)


def _placements(a: Thing, b: Thing, pa, pb):
    """Every other way to lay the twig from a to b (see the module docstring)."""
    ca = (a.circle[0], a.circle[1]) if a.circle else pa
    cb = (b.circle[0], b.circle[1]) if b.circle else pb
    ab = math.degrees(math.atan2(cb[1] - ca[1], cb[0] - ca[0]))
    if a.circle and b.circle:
        yield from _lines(a.circle, b.circle)
    elif a.circle:
        for p in _rim(a, ab):
            yield p, _near_point(b, p)
    elif b.circle:
        for q in _rim(b, ab + 180.0):
            yield _near_point(a, q), q


def range_check(a: Thing, b: Thing, blockers: Sequence[Thing]) -> RangeResult:
    """In range if the twig reaches between the nearest points (gap <= RANGE), close if its
    wrapped section does (gap <= CLOSE_RANGE); clear if some placement that reaches passes
    through no blocker except a and b. ``blocked_by`` and ``points``: the nearest placement's
    blockers and ends when none is clear, else the clear placement's ends."""
    g, pa, pb = nearest(a.shape(), b.shape())
    g = max(g, 0.0)
    in_range, close = g <= RANGE + EPS, g <= CLOSE_RANGE + EPS
    blocked = _blocked(pa, pb, a, b, blockers)
    if blocked and in_range and g > EPS:
        ba, bb = a.shape().box, b.shape().box
        hull = (min(ba[0], bb[0]), max(ba[1], bb[1]), min(ba[2], bb[2]), max(ba[3], bb[3]))
        near = [t for t in blockers if t.id not in (a.id, b.id) and boxes_touch(hull, t.shape().box)]
        for p, q in _placements(a, b, pa, pb):
            if math.dist(p, q) <= RANGE + EPS and not _blocked(p, q, a, b, near):
                return RangeResult(in_range, close, True, (), g, (p, q))
    return RangeResult(in_range, close, not blocked, tuple(blocked), g, (pa, pb))
