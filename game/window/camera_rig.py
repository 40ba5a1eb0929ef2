"""The window's camera rig, without Panda3D: eased transitions between orbit poses and the preset
views of the table (unit-tested headless; game/window/app.py places the real camera from ``Orbit.eye``).

Decisions:

* A transition eases every orbit parameter (target, heading, pitch, distance) over ``EASE_S``
  = 0.4 s with smoothstep; heading takes the short way round (350 -> 10 deg turns 20 deg).
* Presets: ``overview`` (the whole city at 48 deg), ``top`` (straight down), ``eye`` (at the
  active figure's head, looking the way the table is: toward the city centre), ``tower`` (close on the zombie tower), ``focus``
  (keeps the heading, closes in on a piece).
* Wheel and +/- zoom are eased too: each notch moves a zoom goal (the notches add up) and the
  distance eases toward it in log space with smoothstep over ``ZOOM_EASE_S`` = 0.2 s from where
  it is; orbiting or panning meanwhile keep the zoom going, a preset takes over.
* While an animation plays the camera ``chase``s the moving pieces with a critically damped
  spring (game/render/follow_spring.py): a goal that changes (the animation passes to another
  piece) never stops the camera dead nor makes it jump, and it settles without overshoot.
* Mouse and key speeds scale with ``Settings.mouse_sensitivity``.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from feltbox.game.render.camera import Orbit
from feltbox.game.render.follow_spring import Spring

EASE_S = 0.4
CHASE_SETTLED = 0.05        # cm, degrees and log-distance: a chase this near its goal and slow ends
ZOOM_EASE_S = 0.2
MIN_DISTANCE, MAX_DISTANCE = 15.0, 400.0       # game/render/camera.Orbit.zoom's limits


def smoothstep(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return t * t * (3.0 - 2.0 * t)


def _heading_delta(a: float, b: float) -> float:
    return ((b - a + 180.0) % 360.0) - 180.0


def blend(a: Orbit, b: Orbit, t: float) -> Orbit:
    """The orbit a fraction ``t`` (0..1, eased) of the way from ``a`` to ``b``."""
    s = smoothstep(t)
    return Orbit(np.asarray(a.target, float) + (np.asarray(b.target, float) - a.target) * s,
                 (a.heading + _heading_delta(a.heading, b.heading) * s) % 360.0,
                 a.pitch + (b.pitch - a.pitch) * s,
                 a.distance * (b.distance / a.distance) ** s)      # zoom feels even in log space


def preset(name: str, current: Orbit, piece_xy=None, city_width: float = 90.0) -> Orbit:
    """The orbit for a named preset view (``piece_xy``: the piece for eye / tower / focus)."""
    if name == "overview":
        return Orbit(np.array([0.0, city_width * 0.02, 0.0]), 0.0, 48.0, city_width * 1.67)
    if name == "top":
        return Orbit(np.zeros(3), 0.0, 89.0, city_width * 1.75)
    if piece_xy is None:
        return current
    x, y = float(piece_xy[0]), float(piece_xy[1])
    if name == "eye":                  # at the figure's head, looking toward the city centre
        toward = np.degrees(np.arctan2(-y, -x)) if np.hypot(x, y) > 5.0 else 90.0
        heading = (toward - 90.0) % 360.0                  # Orbit heading 0 looks along +y
        ahead = np.array([np.cos(np.radians(toward)), np.sin(np.radians(toward))]) * 25.0
        return Orbit(np.array([x + ahead[0], y + ahead[1], 2.0]), heading, 10.0, 28.0)
    if name == "tower":
        return Orbit(np.array([x, y, 15.0]), current.heading, 24.0, 115.0)
    if name == "focus":
        return Orbit(np.array([x, y, 1.5]), current.heading, max(current.pitch, 40.0), 75.0)
    raise ValueError(f"unknown camera preset {name!r}")


@dataclass
class CameraRig:
    """The orbit the camera shows now, and the one it eases toward."""
    orbit: Orbit
    sensitivity: float = 1.0
    _from: Orbit | None = None
    _to: Orbit | None = None
    _t: float = 0.0
    _zoom: tuple[float, float, float] | None = None    # (distance from, goal, eased fraction)
    _chase: tuple[Spring, np.ndarray] | None = None     # following a moving piece: (spring, goal)

    def go(self, target: Orbit) -> None:
        """Start an eased transition from where the camera is to ``target``."""
        self._zoom = self._chase = None
        self._from, self._to, self._t = Orbit(np.array(self.orbit.target, float), self.orbit.heading,
                                              self.orbit.pitch, self.orbit.distance), target, 0.0

    def stop(self) -> None:
        """Stop where the camera is (no transition, no zoom easing, no chase)."""
        self._to = self._zoom = self._chase = None

    def chase(self, goal: Orbit) -> None:
        """Follow ``goal`` with a critically damped spring (game/render/follow_spring.py): a new
        goal while the camera moves keeps its speed, so the camera never stops dead or jumps when
        an animation passes to another piece; it settles without overshoot."""
        self._to = self._zoom = None
        here = _orbit_vector(self.orbit)
        spring = self._chase[0] if self._chase is not None else Spring(here)
        if not np.allclose(spring.x, here, atol=1e-6):          # moved by hand since: start from here
            spring = Spring(here)
        aim = _orbit_vector(goal)
        aim[3] = here[3] + _heading_delta(here[3], goal.heading)   # the short way round
        self._chase = (spring, aim)

    @property
    def moving(self) -> bool:
        return self._to is not None or self._zoom is not None or self._chase is not None

    @property
    def zoom_goal(self) -> float:
        """The distance the wheel asked for (the distance itself when no zoom is easing)."""
        return self._zoom[1] if self._zoom is not None else self.orbit.distance

    def step(self, dt: float) -> bool:
        """Advance a transition by ``dt`` seconds; True while the camera moved."""
        if self._chase is not None:
            spring, aim = self._chase
            _set_orbit(self.orbit, spring.step(aim, dt))
            if spring.settled(aim, within=CHASE_SETTLED):
                _set_orbit(self.orbit, aim)
                self._chase = None
            return True
        if self._zoom is not None:
            start, goal, t = self._zoom
            t = min(1.0, t + dt / ZOOM_EASE_S)
            self.orbit.distance = start * (goal / start) ** smoothstep(t)
            self._zoom = None if t >= 1.0 else (start, goal, t)
            if self._to is None:
                return True
        if self._to is None:
            return False
        self._t = min(1.0, self._t + dt / EASE_S)
        now = blend(self._from, self._to, self._t)
        self.orbit.target, self.orbit.heading = now.target, now.heading
        self.orbit.pitch, self.orbit.distance = now.pitch, now.distance
        if self._t >= 1.0:
            self._to = None
        return True

    # direct control cancels a transition
    def rotate(self, dh: float, dp: float) -> None:
        self._to = self._chase = None
        self.orbit.rotate(dh * self.sensitivity, dp * self.sensitivity)

    def pan(self, dx: float, dy: float) -> None:
        self._to = self._chase = None
        self.orbit.pan(dx * self.sensitivity, dy * self.sensitivity)

    def zoom(self, factor: float) -> None:
        """A wheel notch: the goal moves by ``factor`` and the distance eases toward it."""
        self._to = self._chase = None
        goal = float(np.clip(self.zoom_goal * factor ** self.sensitivity, MIN_DISTANCE, MAX_DISTANCE))
        self._zoom = (self.orbit.distance, goal, 0.0)

    def follow(self, xy, rate: float = 0.15) -> None:
        """Drift the target toward a moving piece (after a flick)."""
        t = np.asarray(self.orbit.target, float)
        t[:2] += (np.asarray(xy[:2], float) - t[:2]) * rate
        self.orbit.target = t


def _orbit_vector(orbit: Orbit) -> np.ndarray:
    """An orbit as the spring's coordinates: target x, y, z, heading, pitch, log distance."""
    return np.array([*np.asarray(orbit.target, float), orbit.heading, orbit.pitch, np.log(orbit.distance)])


def _set_orbit(orbit: Orbit, v: np.ndarray) -> None:
    orbit.target = np.array(v[:3], float)
    orbit.heading, orbit.pitch, orbit.distance = float(v[3]) % 360.0, float(v[4]), float(np.exp(v[5]))


def moving_body(frames: np.ndarray) -> int | None:
    """The body a flick's frames move the most (the disc, bullet or figure flicked): the camera
    follows it. Steps longer than 5 cm a frame are teleports (to the bin, into a building) and
    do not count."""
    if len(frames) < 2:
        return None
    steps = np.linalg.norm(np.diff(np.asarray(frames)[:, :, :2], axis=0), axis=2)
    travel = np.where(steps < 5.0, steps, 0.0).sum(axis=0)
    k = int(np.argmax(travel))
    return k if travel[k] > 1.0 else None
