"""Many flight paths against one set of things, fast, with the answers of geometry.crossings and
geometry.flight_path to the last bit (the bot lays hundreds of paths per decision: every
announcement, tilt and launch heading, from the same few starts, over the same spaces).

What makes it fast, and why nothing changes:
- flight paths are remembered by (start, base radius, templates, tilt): the same numbers give the
  same path;
- a path is cut into the same pieces as geometry's (``segment_pieces``: each template's strip,
  maneuver disc, end head and base), and a piece is remembered by its two centre-line points, so
  announcements sharing their first templates share those pieces, and what a piece touches is
  worked out once per piece and thing (``min_along``, remembered per shape: spaces and bases are
  shared shapes, shapes.shared_shape);
- which things a piece may touch is one numpy test of its bounding box against all the things'
  boxes at once (the same comparisons, ``boxes_touch``, on the same float64 numbers);
- geometry.crossings stops a thing's pieces early only when no later piece can come first, so the
  crossing's s is the least s0 + min_along over every touching piece: that least is taken here.
``geometry.CACHED = False`` turns all of it off (the bench compares the two)."""
from __future__ import annotations

import numpy as np

from feltbox.rules.tailfeathers import geometry
from feltbox.rules.tailfeathers.geometry import Crossing, FlightPath, Thing
from feltbox.rules.tailfeathers.shapes import EPS, min_along

_MAX = 50000                    # entries per memo before it starts again (memory stays bounded)
_PATHS: dict = {}
_SEGMENTS: dict = {}


class Things:
    """Things prepared once for many crossing queries: their shapes and bounding boxes as arrays."""
    __slots__ = ("things", "shapes", "x0", "x1", "y0", "y1")

    def __init__(self, things):
        self.things = tuple(things)
        self.shapes = [t.shape() for t in self.things]
        boxes = np.array([s.box for s in self.shapes], dtype=float).reshape(-1, 4)
        self.x0, self.x1, self.y0, self.y1 = (np.ascontiguousarray(boxes[:, k]) for k in range(4))

    def __iter__(self):
        return iter(self.things)

    def __len__(self) -> int:
        return len(self.things)


class _Piece:
    """One piece of a path (geometry._pieces' tuple) with what it touches, remembered."""
    __slots__ = ("shape", "o", "d", "s0", "seen", "hits", "memo")

    def __init__(self, shape, o, d, s0):
        self.shape, self.o, self.d, self.s0 = shape, o, d, s0
        self.seen, self.hits, self.memo = None, (), {}

    def touching(self, ts: Things) -> tuple:
        """(index in ``ts``, min_along) of every thing of ``ts`` this piece touches."""
        if self.seen is ts:
            return self.hits
        bx0, bx1, by0, by1 = self.shape.box
        near = np.flatnonzero((bx0 <= ts.x1 + EPS) & (ts.x0 <= bx1 + EPS) & (by0 <= ts.y1 + EPS) & (ts.y0 <= by1 + EPS))
        hits = []
        for i in near.tolist():
            shape = ts.shapes[i]
            known = self.memo.get(id(shape))
            if known is None or known[0] is not shape:
                known = self.memo[id(shape)] = (shape, min_along(self.o, self.d, self.shape, shape))
            if known[1] is not None:
                hits.append((i, known[1]))
        self.seen, self.hits = ts, tuple(hits)
        return self.hits


def flight_path(start, base_radius: float, templates, tilt: str) -> FlightPath:
    """geometry.flight_path, remembered."""
    if not geometry.CACHED:
        return geometry.flight_path(start, base_radius, templates, tilt)
    key = (tuple(start), base_radius, tuple(templates), tilt)
    path = _PATHS.get(key)
    if path is None:
        if len(_PATHS) >= _MAX:
            _PATHS.clear()
        path = _PATHS[key] = geometry.flight_path(start, base_radius, templates, tilt)
    return path


def prepare(things) -> Things | list:
    """``things`` ready for many ``crossings`` calls (a plain list when the memo is off)."""
    if isinstance(things, Things):
        return things
    return Things(things) if geometry.CACHED else list(things)


def _pieces(path: FlightPath, base_radius: float) -> list[_Piece]:
    line, out = path.centreline, []
    n = len(line) - 2
    for k in range(n):
        a, b, last = line[k + 1], line[k + 2], k == n - 1
        key = (a, b, last, base_radius if last else 0.0, path.end[2] if b[2] <= a[2] else 0.0)
        pieces = _SEGMENTS.get(key)
        if pieces is None:
            if len(_SEGMENTS) >= _MAX:
                _SEGMENTS.clear()
            pieces = _SEGMENTS[key] = [_Piece(*p) for p in geometry.segment_pieces(a, b, last, base_radius, path.end[2])]
        out += pieces
    return out


def crossings(path: FlightPath, things, base_radius: float, swept: bool = False) -> list[Crossing]:
    """geometry.crossings (the same list), remembered piece by piece."""
    if swept or not geometry.CACHED:
        return geometry.crossings(path, list(things), base_radius, swept)
    ts = prepare(things)
    least: dict[int, float] = {}
    for piece in _pieces(path, base_radius):
        for i, m in piece.touching(ts):
            v = piece.s0 + m
            if i not in least or v < least[i]:
                least[i] = v
    out = [Crossing(max(0.0, least[i]), ts.things[i].kind, ts.things[i].id) for i in sorted(least)]
    out.sort(key=lambda c: (c.s, c.kind, c.id))
    return out


__all__ = ["Things", "Thing", "crossings", "flight_path", "prepare"]
