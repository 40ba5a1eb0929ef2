"""Framing pieces with the camera, clear of the HUD and of buildings -- no Panda3D (the window reads
its lens and the HUD's free area and passes them in; game/window/sight.py answers the line-of-sight
question on the real table).

After a flick (and when a survivor starts to play) the camera eases to an orbit that shows the
active piece and what it acted on inside the free middle of the window, the part no HUD panel
covers (game/window/hud_layout.free_area). How:

* the camera's axes for a heading and pitch are those of game/render/camera.Orbit (eye offset
  (sin h cos p, -cos h cos p, sin p), looking at the target); a point projects as a pinhole camera
  with the window lens's half-angle tangents (``Lens``), which is what Panda3D's PerspectiveLens
  does;
* the eye sits on the ray through the centre of the free area that passes through the middle of
  the pieces, as close as it may while every piece projects inside the free area less a margin
  (bisection: farther away the pieces draw together toward that centre);
* the orbit's target is where the view's central ray meets the table, so orbiting afterwards
  turns around the table under the view;
* a view is chosen among headings near the current one and steeper pitches, least change first,
  so that no building stands between the eye and any framed piece (``choose_view``).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from feltbox.game.render.camera import Orbit

MIN_DISTANCE, MAX_DISTANCE = 60.0, 320.0
MARGIN = 0.12              # of the free area's half size, kept clear round the framed pieces
HEADING_STEPS = (0, 30, -30, 60, -60, 90, -90, 120, -120, 150, -150, 180)


@dataclass(frozen=True)
class Lens:
    """A pinhole lens: the tangents of half its horizontal and vertical field of view."""
    tan_x: float
    tan_y: float

    @property
    def aspect(self) -> float:
        return self.tan_x / self.tan_y


@dataclass(frozen=True)
class Rect:
    """An area of the window in normalised device coordinates (-1..1 both ways, y up)."""
    left: float
    right: float
    bottom: float
    top: float

    def contains(self, xy: np.ndarray) -> np.ndarray:
        xy = np.atleast_2d(xy)
        return (xy[:, 0] >= self.left) & (xy[:, 0] <= self.right) & (xy[:, 1] >= self.bottom) & (xy[:, 1] <= self.top)

    def shrunk(self, fraction: float) -> Rect:
        dx, dy = (self.right - self.left) / 2 * fraction, (self.top - self.bottom) / 2 * fraction
        return Rect(self.left + dx, self.right - dx, self.bottom + dy, self.top - dy)


def axes(heading: float, pitch: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(forward, right, up) of an Orbit camera at ``heading`` and ``pitch`` (degrees)."""
    h, p = np.radians(heading), np.radians(pitch)
    forward = -np.array([np.sin(h) * np.cos(p), -np.cos(h) * np.cos(p), np.sin(p)])
    right = np.array([np.cos(h), np.sin(h), 0.0])
    return forward, right, np.cross(right, forward)


def project(points: np.ndarray, eye: np.ndarray, heading: float, pitch: float, lens: Lens) -> np.ndarray:
    """Normalised device coordinates (n, 2) of ``points`` seen from ``eye``; NaN behind the eye."""
    forward, right, up = axes(heading, pitch)
    d = np.atleast_2d(points) - eye
    depth = d @ forward
    with np.errstate(divide="ignore", invalid="ignore"):
        xy = np.stack([(d @ right) / depth / lens.tan_x, (d @ up) / depth / lens.tan_y], axis=1)
    xy[depth <= 1e-6] = np.nan
    return xy


def frame(points: np.ndarray, heading: float, pitch: float, lens: Lens, free: Rect, ground: float = 1.5,
          margin: float = MARGIN) -> Orbit:
    """The orbit at ``heading`` and ``pitch`` that shows every point inside ``free`` (less
    ``margin`` of its half size), as close as ``MIN_DISTANCE`` allows."""
    points = np.atleast_2d(np.asarray(points, float))
    forward, right, up = axes(heading, pitch)
    cx, cy = (free.left + free.right) / 2, (free.bottom + free.top) / 2
    ray = forward + right * cx * lens.tan_x + up * cy * lens.tan_y
    ray /= np.linalg.norm(ray)
    middle = (points.min(axis=0) + points.max(axis=0)) / 2
    inside = free.shrunk(margin)

    def fits(distance: float) -> bool:
        xy = project(points, middle - ray * distance, heading, pitch, lens)
        return bool(np.all(np.isfinite(xy)) and inside.contains(xy).all())

    lo, hi = MIN_DISTANCE, MAX_DISTANCE
    if not fits(lo):
        for _ in range(40):
            mid = (lo + hi) / 2
            lo, hi = (lo, mid) if fits(mid) else (mid, hi)
        lo = hi
    eye = middle - ray * lo
    along = (eye[2] - ground) / max(-forward[2], 1e-3)      # the central ray down to the table
    return Orbit(eye + forward * along, heading % 360.0, pitch, float(along))


def choose_view(points: np.ndarray, heading: float, pitch: float, lens: Lens, free: Rect,
                clear: Callable[[np.ndarray, np.ndarray], bool],
                pitches: Sequence[float] = ()) -> tuple[Orbit, bool]:
    """The framing orbit nearest the current view (heading first, then steeper) from whose eye
    ``clear(eye, point)`` holds for every point; (orbit, True), or (the steepest framing at the
    current heading, False) when no candidate sees them all."""
    pitch = float(np.clip(pitch, 25.0, 70.0))        # the player's own pitch, within reason
    pitches = tuple(pitches) or (pitch, max(pitch, 50.0), 65.0, 80.0)
    candidates = sorted(((abs(dh) / 30.0 + (p - pitch) / 12.0, dh, p) for dh in HEADING_STEPS for p in pitches),
                        key=lambda c: c[0])
    points = np.atleast_2d(np.asarray(points, float))
    for _, dh, p in candidates:
        orbit = frame(points, heading + dh, p, lens, free)
        eye = orbit.eye()
        if all(clear(eye, q) for q in points):
            return orbit, True
    return frame(points, heading, 85.0, lens, free), False
