"""Camera maths shared by the offscreen renderer and the window: presets and an orbit rig."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from feltbox.models.dimensions import dims


def preset_view(preset: str, target: tuple[float, float, float] | None = None):
    """(eye, look-at) for a named view of the city."""
    city = dims()["city"]["width"]
    if preset == "overview":
        return (0.0, -city * 1.25, city * 1.15), (0.0, city * 0.02, 0.0)
    if preset == "top":
        return (0.0, -0.01, city * 1.75), (0.0, 0.0, 0.0)
    if preset == "gallery":
        return (0.0, -city * 1.3, city * 0.8), (0.0, -city * 0.14, 0.0)
    if preset == "closeup":
        tx, ty, tz = target or (0.0, 0.0, 0.0)
        return (tx, ty - 28.0, tz + 20.0), (tx, ty, tz + 2.0)
    raise ValueError(f"unknown camera preset {preset!r} (overview, top, closeup, gallery)")


@dataclass
class Orbit:
    """An orbit camera around a target: heading/pitch in degrees, distance in cm."""
    target: np.ndarray
    heading: float = 0.0
    pitch: float = 40.0
    distance: float = 120.0

    def eye(self) -> np.ndarray:
        h, p = np.radians(self.heading), np.radians(self.pitch)
        offset = np.array([np.sin(h) * np.cos(p), -np.cos(h) * np.cos(p), np.sin(p)])
        return self.target + self.distance * offset

    def rotate(self, d_heading: float, d_pitch: float) -> None:
        self.heading = (self.heading + d_heading) % 360.0
        self.pitch = float(np.clip(self.pitch + d_pitch, 8.0, 89.0))

    def zoom(self, factor: float) -> None:
        self.distance = float(np.clip(self.distance * factor, 15.0, 400.0))

    def pan(self, dx: float, dy: float) -> None:
        h = np.radians(self.heading)
        right = np.array([np.cos(h), np.sin(h), 0.0])
        forward = np.array([-np.sin(h), np.cos(h), 0.0])
        self.target = self.target + (right * dx + forward * dy) * self.distance / 100.0


def overview_eye(box: tuple[float, float, float, float], pitch_deg: float, margin: float,
                 from_far_side: bool = False, fov_deg: float = 58.0, aspect: float = 1280 / 720):
    """(eye, look-at) of a picture of a flat table: ``box`` (x0, y0, x1, y1) seen from its near
    edge (or its far edge, ``from_far_side``) at ``pitch_deg`` above the felt, the look-at its
    middle, the eye just far enough that every corner is inside a frame of ``aspect`` with
    ``margin`` (a fraction) kept clear (the offscreen renderer's horizontal ``fov_deg``)."""
    x0, y0, x1, y1 = box
    at = np.array([(x0 + x1) / 2, (y0 + y1) / 2, 0.0])
    p = np.radians(pitch_deg)
    m = -1.0 if from_far_side else 1.0
    back = np.array([0.0, -m * np.cos(p), np.sin(p)])
    tan_h = np.tan(np.radians(fov_deg) / 2) * (1 - margin)
    tan_v = np.tan(np.radians(fov_deg) / 2) / aspect * (1 - margin)
    corners = np.array([[x, y, 0.0] for x in (x0, x1) for y in (y0, y1)])
    forward, right = -back, np.array([m, 0.0, 0.0])
    up = np.cross(right, forward)
    distance = 10.0
    while distance < 1000.0:                      # the nearest eye that sees every corner
        rel = corners - (at + distance * back)
        depth = rel @ forward
        if np.all(np.abs(rel @ right) <= depth * tan_h) and np.all(np.abs(rel @ up) <= depth * tan_v):
            break
        distance += 0.5
    eye = at + distance * back
    return tuple(float(v) for v in eye), tuple(float(v) for v in at)
