"""Slingshot aiming maths, without Panda3D (game/window/app.py feeds it mouse positions).

The drag is measured in the window's mouse coordinates (-1..1 both ways). The flick goes
opposite to the drag: pulling straight down the screen flicks up the screen, which on the table
is the camera's forward direction turned by its heading. Power grows with the drag length and is
full at ``MAX_DRAG`` (a fraction of the window height).

Fine aim (decided here):

* **shift** held: mouse motion counts 1/5 (``FINE``) -- the drag point moves five times slower,
  for both direction and power;
* **ctrl** held: the power is locked at its value when ctrl went down and the drag only turns
  the direction.

So the drag is kept as an *effective* point that accumulates the mouse deltas, scaled.
"""
from __future__ import annotations

import numpy as np

MAX_DRAG = 0.6        # drag length (fraction of the window height) for full power
FINE = 0.2            # shift: mouse motion scale
MIN_POWER = 0.02      # below it a release is a click, not a flick


def aim_from_vector(dx: float, dy: float, heading: float) -> tuple[float, float]:
    """(direction deg on the table, power 0..1) for a drag of (dx, dy) seen from ``heading``."""
    power = float(np.clip(np.hypot(dx, dy) / (2 * MAX_DRAG), 0.0, 1.0))
    direction = (np.degrees(np.arctan2(-dy, -dx)) + heading) % 360.0
    return float(direction), power


class AimDrag:
    """One slingshot drag: press at ``start``, then ``update`` with every mouse position."""

    def __init__(self, start: tuple[float, float], heading: float):
        self.start = np.asarray(start, float)
        self.heading = heading
        self.point = self.start.copy()            # the effective drag point
        self.last = self.start.copy()             # the real mouse, last seen
        self.locked_power: float | None = None

    def update(self, mouse: tuple[float, float], shift: bool = False, ctrl: bool = False) -> tuple[float, float]:
        mouse = np.asarray(mouse, float)
        if ctrl and self.locked_power is None:
            self.locked_power = self.aim()[1]      # the power when ctrl went down
        self.point = self.point + (mouse - self.last) * (FINE if shift else 1.0)
        self.last = mouse
        direction, power = self.aim()
        if ctrl:
            power = self.locked_power
            # keep the effective drag at the locked length so releasing ctrl does not jump
            v = self.point - self.start
            n = np.hypot(*v)
            if n > 1e-9:
                self.point = self.start + v / n * power * 2 * MAX_DRAG
        else:
            self.locked_power = None
        return direction, power

    def aim(self) -> tuple[float, float]:
        d = self.point - self.start
        return aim_from_vector(float(d[0]), float(d[1]), self.heading)


def ticks(start: np.ndarray, direction_deg: float, length: float, every: float = 10.0) -> list[tuple[np.ndarray, np.ndarray]]:
    """Short cross marks along the direction line every ``every`` cm: (a, b) segment ends."""
    a = np.radians(direction_deg)
    along = np.array([np.cos(a), np.sin(a), 0.0])
    across = np.array([-np.sin(a), np.cos(a), 0.0])
    out = []
    for k in range(1, int(length // every) + 1):
        c = np.asarray(start, float) + along * every * k
        half = 1.2 if k % 5 else 2.4
        out.append((c - across * half, c + across * half))
    return out


def line_length(power: float) -> float:
    """How long the direction line is drawn (cm) for a power."""
    return 5.0 + 60.0 * power
