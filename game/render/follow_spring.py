"""A follow camera that never jumps: a critically damped spring toward a moving goal (no Panda3D).

The theatre's and the video's follow camera (game/replay/timeline.py, game/replay/video.py) and
the window's camera while an animation plays (game/window/camera_rig.CameraRig.chase) aim where
this spring is, not where the moving piece is:

* critically damped (damping ratio 1): from rest toward a goal that jumps it closes the gap
  without overshoot, the fastest a spring does so; its speed never exceeds ``gap * OMEGA / e``,
  so a step per frame is bounded by the gap, never a cut;
* the step is the exact solution for a goal held still over ``dt`` (Game Programming Gems 4,
  "Critically Damped Ease-In/Ease-Out Smoothing"), so it is stable at any frame rate and the same
  path comes out of the 60 Hz timeline and a 30 fps video;
* a spring lags a goal moving at speed ``s`` by ``2 s / OMEGA``; ``LEAD`` (the same time) lets a
  caller that knows the path ahead (a recorded replay) aim that far ahead to cancel the lag.
"""
from __future__ import annotations

import math

import numpy as np

OMEGA = 5.0                 # rad/s: settles to 4 % of a jump in 1 s
LEAD = 2.0 / OMEGA          # s: how far ahead a known path is aimed to cancel the spring's lag


class Spring:
    """A point (any dimension) pulled toward a goal by a critically damped spring."""

    def __init__(self, at, omega: float = OMEGA):
        self.x = np.array(at, float)
        self.v = np.zeros_like(self.x)
        self.omega = float(omega)

    def step(self, goal, dt: float) -> np.ndarray:
        """Advance ``dt`` seconds toward ``goal``; the new position."""
        w, d = self.omega, self.x - np.asarray(goal, float)
        decay = math.exp(-w * dt)
        push = (self.v + w * d) * dt
        self.x = np.asarray(goal, float) + (d + push) * decay
        self.v = (self.v - w * push) * decay
        return self.x.copy()

    def settled(self, goal, within: float = 0.05) -> bool:
        return bool(np.linalg.norm(self.x - np.asarray(goal, float)) < within
                    and np.linalg.norm(self.v) < within * self.omega)


def spring_path(goals: np.ndarray, dt: float, omega: float = OMEGA, lead: float = 0.0) -> np.ndarray:
    """(n, d): the spring's place at each of ``goals`` (n, d) sampled ``dt`` apart, starting at rest
    on the first goal; ``lead`` seconds: aim that far ahead along the goals (the last held)."""
    goals = np.asarray(goals, float)
    if not len(goals):
        return goals.copy()
    ahead = int(round(lead / dt))
    aim = goals[np.minimum(np.arange(len(goals)) + ahead, len(goals) - 1)]
    spring = Spring(aim[0], omega)
    return np.stack([spring.step(g, dt) for g in aim])
