"""The flat shapes of the Tail Feathers terrain, shared by the 3D models and the rules' battlefield.

Pure numpy (no panda3d, no trimesh), so the scene loader computes the same polygons the overlay
models are extruded from: the 3D and the rules always agree.

An overlay (a tree or the sapling) is a trunk polygon with ``sides`` sides and, around it, one
*ring space* per trunk side; from some ring spaces a branch grows out in one or more segments,
each segment its own space. Every polygon is convex and counter-clockwise; neighbours share an
exact edge (ring spaces share radial edges, a branch shares the chord of its ring space, branch
segments share their cross edges). A branch's last segment ends in a straight *tip* edge: its
midpoint is the connecting point where a leaf's stem or a nest attaches.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from feltbox.models.tailfeathers import tf_dims

OVERLAYS = ("oak", "elm", "ash", "beech", "sapling")
TREE_OVERLAYS = OVERLAYS[:4]


@dataclass(frozen=True)
class SpaceShape:
    """One space of an overlay in the overlay's own frame (trunk centre at the origin)."""
    name: str                 # "r1".. ring spaces, "b1a", "b1b".. branch segments
    kind: str                 # "branch" (tree) or "sapling"
    polygon: np.ndarray       # (N, 2), convex, counter-clockwise
    height: float             # top of the space above the table
    tint: int                 # index into the overlay palette: neighbours differ
    tip: tuple[tuple[float, float], tuple[float, float]] | None = None  # far edge (branch ends)


@dataclass(frozen=True)
class OverlayShape:
    name: str
    trunk: np.ndarray         # (sides, 2) convex, counter-clockwise
    trunk_height: float
    spaces: tuple[SpaceShape, ...]

    def space(self, name: str) -> SpaceShape:
        for s in self.spaces:
            if s.name == name:
                return s
        raise KeyError(f"overlay {self.name!r} has no space {name!r} "
                       f"(spaces: {', '.join(s.name for s in self.spaces)})")

    def tips(self) -> list[str]:
        """Names of the branch ends (their far edge takes a leaf or a nest)."""
        return [s.name for s in self.spaces if s.tip is not None]


def _polar(r: float, deg: float) -> np.ndarray:
    a = np.radians(deg)
    return np.array([r * np.cos(a), r * np.sin(a)])


def ccw(poly: np.ndarray) -> np.ndarray:
    """The polygon in counter-clockwise order."""
    poly = np.asarray(poly, dtype=float)
    return poly if signed_area(poly) > 0 else poly[::-1].copy()


def signed_area(poly: np.ndarray) -> float:
    x, y = np.asarray(poly, dtype=float).T
    return 0.5 * float(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1)))


@cache
def overlay_shape(name: str) -> OverlayShape:
    """The trunk and spaces of overlay ``name`` (one of OVERLAYS)."""
    if name not in OVERLAYS:
        raise KeyError(f"unknown overlay {name!r} (known: {', '.join(OVERLAYS)})")
    common, spec = tf_dims()["overlay"], tf_dims()["overlay"][name]
    n, rt, rr, phase = spec["sides"], spec["trunk"], spec["ring"], spec["phase"]
    kind = "sapling" if name == "sapling" else "branch"
    step, h0 = common["space_step"], common["space_height"]
    angles = [phase + k * 360.0 / n for k in range(n + 1)]
    trunk = np.array([_polar(rt, a) for a in angles[:n]])
    spaces: list[SpaceShape] = []
    levels = [2 + k % 2 for k in range(n)]
    tints = [k % 3 for k in range(n)]
    if n % 2:
        levels[-1] = 4                       # an odd ring: the last space differs from both ends
    if tints[-1] == tints[0]:
        tints[-1] = 5
    for k in range(n):
        a0, a1 = angles[k], angles[k + 1]
        mid, half = (a0 + a1) / 2, (a1 - a0) / 2 * common["chord"]
        outer = [_polar(rr, a) for a in (a1, mid + half, mid - half, a0)]
        poly = np.array([_polar(rt, a0), _polar(rt, a1), *outer])
        spaces.append(SpaceShape(f"r{k + 1}", kind, ccw(poly), h0 + step * levels[k], tints[k]))
        segments = list(spec["branches"][k])
        if not segments:
            continue
        u, v = _polar(1.0, mid), _polar(1.0, mid + 90.0)
        d, w0 = rr * np.cos(np.radians(half)), rr * np.sin(np.radians(half))
        w_end, total, done, w = min(common["tip_width"], w0), sum(segments), 0.0, w0
        for j, length in enumerate(segments):
            done += length
            d1, w1 = d + length, w0 + (w_end - w0) * done / total
            poly = np.array([u * d - v * w, u * d1 - v * w1, u * d1 + v * w1, u * d + v * w])
            tip = (tuple(u * d1 - v * w1), tuple(u * d1 + v * w1)) if j == len(segments) - 1 else None
            spaces.append(SpaceShape(f"b{k + 1}{'abc'[j]}", kind, ccw(poly), h0 + step * (j % 2),
                                     3 + j % 2, tip))
            d, w = d1, w1
    height = common["sapling_trunk_height" if name == "sapling" else "trunk_height"]
    return OverlayShape(name, ccw(trunk), height, tuple(spaces))


def tip_frame(tip) -> tuple[np.ndarray, np.ndarray, float]:
    """(midpoint, outward unit normal, half-length) of a branch's far edge (p, q): the branch lies
    to the left of p -> q, so the outward normal is p -> q turned clockwise."""
    p, q = np.asarray(tip[0], float), np.asarray(tip[1], float)
    mid, along = (p + q) / 2, q - p
    out = np.array([along[1], -along[0]]) / np.linalg.norm(along)
    return mid, out, float(np.linalg.norm(along) / 2)


def nest_polygon(tip) -> np.ndarray:
    """A regular octagon standing on the branch tip: one of its edges lies on the tip edge."""
    mid, out, half = tip_frame(tip)
    r = tf_dims()["nest"]["radius"]
    edge = 2 * r * np.sin(np.pi / 8)
    if edge > 2 * half + 1e-9:
        r = half / np.sin(np.pi / 8)
    centre = mid + out * r * np.cos(np.pi / 8)
    base = np.degrees(np.arctan2(-out[1], -out[0]))       # the edge facing the branch
    return ccw(np.array([centre + _polar(r, base + 22.5 + 45.0 * k) for k in range(8)]))


def leaf_polygon(tip) -> np.ndarray:
    """A pointed convex leaf beyond the branch tip (the stem bridges the gap)."""
    mid, out, _ = tip_frame(tip)
    d = tf_dims()["leaf"]
    side = np.array([-out[1], out[0]])
    profile = [(0.0, 0.12), (0.15, 0.38), (0.4, 0.5), (0.7, 0.4), (1.0, 0.0)]
    pts = [(t, s * w) for t, w in profile for s in (1, -1) if not (w == 0 and s < 0)]
    base = mid + out * d["stem"]
    poly = np.array([base + out * t * d["length"] + side * w * d["width"] for t, w in pts])
    centre = poly.mean(axis=0)
    order = np.argsort(np.arctan2(poly[:, 1] - centre[1], poly[:, 0] - centre[0]))
    return poly[order]


def _cross(a, b) -> float:
    return float(a[0] * b[1] - a[1] * b[0])


def transform(poly: np.ndarray, x: float, y: float, rotation: float) -> np.ndarray:
    """Overlay frame -> table frame: rotate by ``rotation`` degrees, then move to (x, y)."""
    c, s = np.cos(np.radians(rotation)), np.sin(np.radians(rotation))
    return np.asarray(poly, float) @ np.array([[c, s], [-s, c]]) + (x, y)


def shared_border(a: np.ndarray, b: np.ndarray, eps: float = 1e-6) -> float:
    """Length of the border polygons ``a`` and ``b`` share (collinear overlapping edges)."""
    total = 0.0
    for p0, p1 in zip(a, np.roll(a, -1, axis=0)):
        d = p1 - p0
        length = float(np.linalg.norm(d))
        if length < eps:
            continue
        u = d / length
        for q0, q1 in zip(b, np.roll(b, -1, axis=0)):
            if abs(_cross(u, q0 - p0)) > 1e-4 or abs(_cross(u, q1 - p0)) > 1e-4:
                continue
            t0, t1 = sorted((float(np.dot(q0 - p0, u)), float(np.dot(q1 - p0, u))))
            total += max(0.0, min(t1, length) - max(t0, 0.0))
    return total


def inside(poly: np.ndarray, point, margin: float = 0.0) -> bool:
    """Whether ``point`` lies inside the convex counter-clockwise polygon, ``margin`` from its edges."""
    p = np.asarray(point, float)
    for a, b in zip(poly, np.roll(poly, -1, axis=0)):
        e = b - a
        if _cross(e, p - a) / np.linalg.norm(e) < margin:
            return False
    return True


def overlap_area(a: np.ndarray, b: np.ndarray) -> float:
    """Area of the intersection of two convex counter-clockwise polygons (Sutherland-Hodgman)."""
    out = [tuple(p) for p in a]
    for c0, c1 in zip(b, np.roll(b, -1, axis=0)):
        if not out:
            return 0.0
        e = c1 - c0
        side = [_cross(e, np.asarray(p) - c0) for p in out]
        clipped = []
        for i, p in enumerate(out):
            q, sp, sq = out[(i + 1) % len(out)], side[i], side[(i + 1) % len(out)]
            if sp >= 0:
                clipped.append(p)
            if (sp >= 0) != (sq >= 0):
                t = sp / (sp - sq)
                clipped.append(tuple(np.asarray(p) + t * (np.asarray(q) - np.asarray(p))))
        out = clipped
    return abs(signed_area(np.array(out))) if len(out) >= 3 else 0.0


def slots(poly: np.ndarray, count: int, radius: float) -> list[np.ndarray]:
    """Up to ``count`` standing points for figure bases of ``radius`` inside a convex space."""
    centre = np.asarray(poly, float).mean(axis=0)
    if count <= 1:
        return [centre]
    angles = np.arange(count) * 2 * np.pi / count + np.pi / 4
    for spread in np.linspace(2.6, 0.4, 12) * radius:
        pts = [centre + spread * np.array([np.cos(a), np.sin(a)]) for a in angles]
        if all(inside(poly, p, radius * 0.6) for p in pts):
            return pts
    return [centre + 0.4 * radius * np.array([np.cos(a), np.sin(a)]) for a in angles]
