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
