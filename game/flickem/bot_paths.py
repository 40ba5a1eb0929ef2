"""Where a movement disc can slide without touching anything: a bot's map of the street.

Rulebook MOVE: a disc that touches any object, figure or building fails, so a bot looks for
straight lanes before it simulates anything. ``Clearance`` lays every piece on the table at the
disc's height as oriented rectangles (from the collision parts, each turned by its body's
heading; figures as squares, larger when fallen) and answers two questions: how far a point is
from the nearest piece, and whether a straight slide from one point to another stays clear.
The planners (bot_aim.py) use it to choose waypoints in front of a door from which the entry is a
clear straight flick, and to prefer landings that leave such a line open. A lane is only a
guess: every flick is still simulated before it is played.
"""
from __future__ import annotations

import numpy as np

from feltbox.game.table.bodies import quat_rotate
from feltbox.game.table.flick import heading_of
from feltbox.models.dimensions import dims

DISC_R = dims()["movement_disc"]["diameter"] / 2
MARGIN = 0.25               # cm kept between a sliding disc and any piece (each flick is simulated anyway)
LOW, HIGH = 0.0, 1.2        # cm: the height a sliding disc occupies
REACH_BAND = (2.5, 4.8)     # cm from a landed disc's centre to an object's footprint: within reach, untouched


def _part_points(part) -> np.ndarray:
    if part.points is not None:
        return np.asarray(part.points, dtype=float)
    half, offset = np.asarray(part.half_extents, dtype=float), np.asarray(part.offset, dtype=float)
    corners = np.array([[sx, sy, sz] for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)], dtype=float)
    return offset + corners * half


class Clearance:
    """The table's footprints at disc height (rows: centre x, y, heading cos, sin, half length, half width)."""

    def __init__(self, session, ignore: set[str] | frozenset[str] = frozenset()):
        city = session.city
        rows = []
        for i, body in enumerate(city.bodies):
            if not session.present[i] or body.id in ignore:
                continue
            pose = session.poses[i].astype(float)
            if "figure" in body.model.tags:
                up = quat_rotate(pose[3:7], np.array([0.0, 0.0, 1.0]))[2] > 0.7
                half = 1.3 if up else 3.0
                rows.append((pose[0], pose[1], 1.0, 0.0, half, half))
                continue
            angle = np.radians(heading_of(pose))
            c, s = float(np.cos(angle)), float(np.sin(angle))
            for part in body.model.collision:
                pts = _part_points(part)
                if pose[2] + pts[:, 2].min() > HIGH or pose[2] + pts[:, 2].max() < LOW:
                    continue
                lo, hi = pts[:, :2].min(axis=0), pts[:, :2].max(axis=0)
                mx, my = (lo + hi) / 2
                rows.append((pose[0] + c * mx - s * my, pose[1] + s * mx + c * my, c, s,
                             (hi[0] - lo[0]) / 2, (hi[1] - lo[1]) / 2))
        self.rects = np.array(rows, dtype=float).reshape(-1, 6)
        self.limits = getattr(city, "limits", None)

    def gap(self, points: np.ndarray) -> np.ndarray:
        """Distance from each point (M, 2) to the nearest footprint (0 inside one)."""
        pts = np.atleast_2d(np.asarray(points, dtype=float))
        if not len(self.rects):
            return np.full(len(pts), 99.0)
        r = self.rects
        dx = pts[:, None, 0] - r[None, :, 0]
        dy = pts[:, None, 1] - r[None, :, 1]
        lx = np.abs(r[None, :, 2] * dx + r[None, :, 3] * dy) - r[None, :, 4]
        ly = np.abs(-r[None, :, 3] * dx + r[None, :, 2] * dy) - r[None, :, 5]
        return np.hypot(np.maximum(lx, 0.0), np.maximum(ly, 0.0)).min(axis=1)

    def in_city(self, point: np.ndarray, margin: float = 4.0) -> bool:
        if self.limits is None:
            return True
        xmin, xmax, ymin, ymax = self.limits
        return xmin + margin < point[0] < xmax - margin and ymin + margin < point[1] < ymax - margin

    def free_many(self, starts: np.ndarray, ends: np.ndarray, step: float = 1.5, wide: float = DISC_R + MARGIN,
                  skip: float = 0.0) -> np.ndarray:
        """``free`` for many slides at once (rows of ``starts`` to rows of ``ends``), each staying
        ``wide`` cm from every piece (the disc's first ``skip`` cm only the disc's own width and
        margin: room to spare is asked of the lane, not of where the disc already lies)."""
        starts, ends = np.asarray(starts, dtype=float), np.asarray(ends, dtype=float)
        if not len(starts):
            return np.zeros(0, dtype=bool)
        lengths = np.linalg.norm(ends - starts, axis=1)
        samples = max(2, int(float(lengths.max()) / step) + 1)
        t = np.linspace(0.0, 1.0, samples)
        pts = starts[:, None, :] + (ends - starts)[:, None, :] * t[None, :, None]
        gaps = self.gap(pts.reshape(-1, 2)).reshape(len(starts), samples)
        start = t[None, :] * lengths[:, None] < skip
        return ((gaps > wide) | (start & (gaps > DISC_R + MARGIN))).all(axis=1)

    def free(self, a: np.ndarray, b: np.ndarray, skip: float = 0.0) -> bool:
        """Whether a disc slides from ``a`` to ``b`` clear of every piece (the first ``skip`` cm
        are not checked: a disc starting between a building's blocks)."""
        a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
        length = float(np.linalg.norm(b - a))
        steps = max(2, int(length / 1.0) + 1)
        t = np.linspace(min(skip / max(length, 1e-6), 1.0), 1.0, steps)
        pts = a[None, :] + (b - a)[None, :] * t[:, None]
        return bool((self.gap(pts) > DISC_R + MARGIN).all())


# -- doors -------------------------------------------------------------------------------------
STAGE = 12.0          # cm in front of the door line: where a staged approach lines up
ENTRY_ANGLE = 55.0    # degrees off the door's normal from which a straight entry is tried
AHEAD = (9.0, 13.0, 18.0, 24.0, 31.0, 40.0)   # cm in front of a door line: the door waypoints
SIDES = (0.0, -0.25, 0.25, -0.5, 0.5)         # aside, over the cm ahead
FAR_AHEAD, FAR_SIDES = (50.0, 60.0), (-0.7, 0.7)   # and farther out (S5: far entries, measured)
LONG_ENTRY = 0.3      # cm of way charged a waypoint (S5) for each cm its straight entry slides


def door_centre(city, building: str) -> np.ndarray:
    return city.buildings[building].door_world().mean(axis=0)


def inside_point(city, building: str, across: float = 0.0) -> np.ndarray:
    g = city.buildings[building]
    return g.to_world(np.array([(g.door_x + g.back_x) / 2, across]))[0]


def stage_point(city, building: str) -> np.ndarray:
    g = city.buildings[building]
    return g.to_world(np.array([g.door_x + STAGE, 0.0]))[0]


def in_front(city, building: str, xy: np.ndarray) -> bool:
    """Standing in the cone in front of the door from which a straight flick goes in."""
    g = city.buildings[building]
    lx, ly = g.to_local(np.asarray(xy, dtype=float))[0]
    ahead = lx - g.door_x
    return ahead > 3.0 and abs(ly) < 0.35 * ahead + g.door_half_span - 3.5


def sees_door(city, building: str, xy: np.ndarray) -> bool:
    """In front of the door line, within ENTRY_ANGLE of its normal: a straight entry may work."""
    g = city.buildings[building]
    lx, ly = g.to_local(np.asarray(xy, dtype=float))[0]
    ahead = lx - g.door_x
    return ahead > 2.0 and abs(ly) - g.door_half_span / 2 < ahead * np.tan(np.radians(ENTRY_ANGLE))


def door_waypoints(city, building: str, clear: Clearance, here: np.ndarray | None = None,
                   far: bool = False) -> list[np.ndarray]:
    """Points in front of ``building``'s door from which a straight slide goes in clear, best
    first (close to the door, then close to ``here``); with ``here``, only those a straight
    slide from ``here`` reaches clear; ``far``: out to 60 cm and 35 degrees aside too (S5)."""
    g = city.buildings[building]
    entry = inside_point(city, building)
    out = []
    for ahead in AHEAD + (FAR_AHEAD if far else ()):
        for side in SIDES + (FAR_SIDES if far else ()):
            w = g.to_world(np.array([g.door_x + ahead, side * ahead]))[0]
            if clear.gap(w)[0] < DISC_R + 1.5 or not clear.in_city(w) or not clear.free(w, entry):
                continue
            if here is not None and not clear.free(here, w):
                continue
            out.append(w)
    ref = here if here is not None else entry
    return sorted(out, key=lambda w: (float(np.linalg.norm(w - entry)) + 0.15 * float(np.linalg.norm(w - ref)),
                                      float(w[0]), float(w[1])))


def door_field(city, building: str, clear: Clearance, points: list[np.ndarray] | None = None,
               far: bool = False) -> Field:
    """The way to go to ``building``: to any of its door waypoints (``points``, or
    door_waypoints'). ``far`` (S5): waypoints out to 60 cm, each charged LONG_ENTRY a cm of its
    entry flick (a long entry strays more), so a near one wins unless reaching it costs a move."""
    points = door_waypoints(city, building, clear, far=far) if points is None else points
    if not far:
        return Field(clear, points)
    entry = inside_point(city, building)
    return Field(clear, points, costs=[LONG_ENTRY * float(np.linalg.norm(w - entry)) for w in points])


def door_way(city, building: str, clear: Clearance, far: bool = False) -> tuple[list[np.ndarray], Field]:
    """The goals of a walk into ``building`` (its door waypoints; the staging point in front of
    its door when none is clear) and the way to them (door_field)."""
    points = door_waypoints(city, building, clear, far=far)
    if not points:
        stage = [stage_point(city, building)]
        return stage, Field(clear, stage)
    return points, door_field(city, building, clear, points, far=far)


class Field:
    """Distance to go along the street (around every piece) to the nearest of ``goals``, on a
    grid of spots where a disc fits (8 neighbours, 2.5 cm apart): a shortest-path map."""

    STEP = 2.0

    def __init__(self, clear: Clearance, goals: list[np.ndarray], near: tuple | None = None,
                 costs: list[float] | None = None):
        """``goals``: spots to reach; or ``near`` = (x, y, heading, half length, half width, low,
        high): every spot whose distance to that footprint is within [low, high] (S3 objects);
        ``costs``: the way already charged at each goal (0 when none)."""
        xmin, xmax, ymin, ymax = clear.limits if clear.limits is not None else (-45.0, 45.0, -45.0, 45.0)
        xs = np.arange(xmin + 3.0, xmax - 3.0 + 1e-6, self.STEP)
        ys = np.arange(ymin + 3.0, ymax - 3.0 + 1e-6, self.STEP)
        self.origin, self.shape = np.array([xs[0], ys[0]]), (len(xs), len(ys))
        grid = np.stack(np.meshgrid(xs, ys, indexing="ij"), axis=-1).reshape(-1, 2)
        gaps = clear.gap(grid)
        ok = gaps > DISC_R + MARGIN
        # narrow spots cost more: the way keeps to open street, where a disc can land and lanes are long
        toll = 1.0 + 1.5 * np.clip(DISC_R + 2.5 - gaps, 0.0, 2.5) / 2.5
        nx, ny = self.shape
        index = np.arange(nx * ny).reshape(nx, ny)
        rows, cols, weights = [], [], []
        for di, dj in ((1, 0), (0, 1), (1, 1), (1, -1)):
            i0, i1, j0, j1 = max(0, -di), nx - max(0, di), max(0, -dj), ny - max(0, dj)
            a, b = index[i0:i1, j0:j1], index[i0 + di:i1 + di, j0 + dj:j1 + dj]
            a, b = a.ravel(), b.ravel()
            both = ok[a] & ok[b]
            rows.append(a[both])
            cols.append(b[both])
            weights.append(self.STEP * float(np.hypot(di, dj)) * (toll[a[both]] + toll[b[both]]) / 2)
        from scipy.sparse import csr_matrix  # noqa: PLC0415  (scipy only when a bot plans: fast start-up)
        from scipy.sparse.csgraph import dijkstra  # noqa: PLC0415
        graph = csr_matrix((np.concatenate(weights), (np.concatenate(rows), np.concatenate(cols))),
                           shape=(nx * ny, nx * ny))
        sources = sorted({self._cell(g) for g in goals if ok[self._cell(g)]})
        if near is not None:
            x, y, heading, hl, hw, low, high = near
            a = np.radians(heading)
            dx, dy = grid[:, 0] - x, grid[:, 1] - y
            lx = np.abs(np.cos(a) * dx + np.sin(a) * dy) - hl
            ly = np.abs(-np.sin(a) * dx + np.cos(a) * dy) - hw
            d = np.hypot(np.maximum(lx, 0.0), np.maximum(ly, 0.0))
            sources = sorted(set(sources) | set(np.flatnonzero(ok & (d >= low) & (d <= high)).tolist()))
        if costs is not None and sources:        # one extra node, joined to each goal by its cost
            start = {}
            for g, c in zip(goals, costs):
                cell = self._cell(g)
                if ok[cell]:
                    start[cell] = min(start.get(cell, np.inf), max(float(c), 1e-6))   # 0: no edge
            n = nx * ny
            graph = csr_matrix((np.concatenate([*weights, list(start.values())]),
                                (np.concatenate([*rows, np.full(len(start), n)]),
                                 np.concatenate([*cols, list(start.keys())]))), shape=(n + 1, n + 1))
            self.togo = dijkstra(graph, directed=False, indices=[n], min_only=True)[:n]
        else:
            self.togo = dijkstra(graph, directed=False, indices=sources, min_only=True) if sources \
                else np.full(nx * ny, np.inf)

    def _cell(self, point: np.ndarray) -> int:
        i, j = np.round((np.asarray(point, dtype=float) - self.origin) / self.STEP).astype(int)
        i, j = int(np.clip(i, 0, self.shape[0] - 1)), int(np.clip(j, 0, self.shape[1] - 1))
        return i * self.shape[1] + j

    def cost(self, point: np.ndarray) -> float:
        return float(self.togo[self._cell(point)])

    def cost_near(self, point: np.ndarray, reach: int = 2) -> float:
        """The way left from ``point``, or from the nearest open spot around it within ``reach``
        cells (a survivor's own spot is blocked by its figure)."""
        nx, ny = self.shape
        i, j = divmod(self._cell(point), ny)
        block = self.togo.reshape(nx, ny)[max(i - reach, 0):i + reach + 1, max(j - reach, 0):j + reach + 1]
        finite = block[np.isfinite(block)]
        return float(finite.min()) + reach * self.STEP if finite.size else np.inf

    def path(self, start: np.ndarray, steps: int = 60) -> list[np.ndarray]:
        """The way from ``start`` downhill to a goal, cell by cell (empty when none is reachable)."""
        nx, ny = self.shape
        togo = self.togo.reshape(nx, ny)
        i, j = divmod(self._cell(start), ny)
        if not np.isfinite(togo[i, j]):               # start on a blocked cell: the nearest open ones
            for r in (2, 5):                          # (a survivor beside a vehicle, a zombie, Anita)
                near = [(togo[a, b] + self.STEP * float(np.hypot(a - i, b - j)), a, b)
                        for a in range(max(i - r, 0), min(i + r + 1, nx))
                        for b in range(max(j - r, 0), min(j + r + 1, ny)) if np.isfinite(togo[a, b])]
                if near:
                    break
            if not near:
                return []
            _, i, j = min(near)
        out = []
        for _ in range(steps):
            out.append(self.origin + self.STEP * np.array([i, j], dtype=float))
            best = min(((togo[a, b], a, b) for a in range(max(i - 1, 0), min(i + 2, nx))
                        for b in range(max(j - 1, 0), min(j + 2, ny))), key=lambda t: t[0])
            if best[0] >= togo[i, j]:
                break
            _, i, j = best
        return out

    def along(self, here: np.ndarray, clear: Clearance) -> list[np.ndarray]:
        """Points on the way from ``here`` that a straight slide reaches clear, farthest first
        (where a disc fits), at most 60 cm away."""
        way = [p for p in self.path(here) if float(np.linalg.norm(p - here)) <= 60.0]
        if not way:
            return []
        pts = np.array(way)
        lane = clear.free_many(np.repeat(here[None, :], len(pts), axis=0), pts)
        gaps = clear.gap(pts)
        for room in (0.8, MARGIN):                      # roomy landings first, then any that fits
            ok = lane & (gaps > DISC_R + room)
            out = [pts[k] for k in range(len(pts) - 1, -1, -1) if ok[k] and np.linalg.norm(pts[k] - here) > 3.0]
            if out:
                return out[:3]
        return []

    def far(self, here: np.ndarray, clear: Clearance, reach: float = 95.0, room: float = 0.3,
            count: int = 4) -> list[tuple[np.ndarray, float]]:
        """Landings a straight slide from ``here`` reaches clear (``room`` cm to spare beside the
        lane, for a finger's noise) that leave the least way to go, anywhere on the map within
        ``reach`` cm, not only on the way's path (whose clear lanes end at its first corner: the
        shortest way hugs the blocks); with the way each leaves, best first, ``count`` of them at
        least 6 cm apart."""
        ny = self.shape[1]
        here = np.asarray(here, dtype=float)
        cells = np.flatnonzero(np.isfinite(self.togo))
        pts = self.origin + self.STEP * np.stack(divmod(cells, ny), axis=-1).astype(float)
        span = np.linalg.norm(pts - here, axis=1)
        keep = (span > 8.0) & (span < reach) & (self.togo[cells] < self.cost_near(here) - 8.0)
        cells, pts = cells[keep], pts[keep]
        order = np.argsort(self.togo[cells], kind="stable")
        cells, pts = cells[order], pts[order]
        wide = DISC_R + MARGIN + room
        roomy = clear.gap(pts) > wide
        cells, pts = cells[roomy], pts[roomy]
        out: list[tuple[np.ndarray, float]] = []
        for lo in range(0, len(pts), 300):          # best first, a chunk at a time
            ends = pts[lo:lo + 300]
            lane = clear.free_many(np.repeat(here[None, :], len(ends), axis=0), ends, wide=wide, skip=3.0)
            for k in lo + np.flatnonzero(lane):
                if all(float(np.linalg.norm(pts[k] - p)) >= 6.0 for p, _ in out):
                    out.append((pts[k], float(self.togo[cells[k]])))
            if len(out) >= count:
                break
        return out[:count]


def blocking_zombies(session, survivor: str, here: np.ndarray, goals: list[np.ndarray], zombies: list[str],
                     reach: float = 60.0) -> tuple[list[str], float]:
    """Zombies standing (or lying) in the way: on the shortest way from ``here`` to ``goals``
    were the zombies gone, within ``reach`` cm, nearest along the way first; and how much longer
    the way is with them there (cm; inf when they shut it)."""
    clear = Clearance(session, ignore={survivor, *zombies})
    open_field = Field(clear, goals)
    way = [p for p in open_field.path(here) if float(np.linalg.norm(p - here)) <= reach]
    city = session.city
    spots = {z: session.poses[city.index(z), :2].astype(float) for z in zombies if session.present[city.index(z)]}
    out: list[tuple[int, str]] = []
    for z, xy in spots.items():
        close = [k for k, p in enumerate(way) if float(np.linalg.norm(p - xy)) < DISC_R + 3.0 + MARGIN]
        if close:
            out.append((close[0], z))
    detour = Field(Clearance(session, ignore={survivor}), goals).cost_near(here) - open_field.cost_near(here)
    return [z for _, z in sorted(out)], float(detour)
