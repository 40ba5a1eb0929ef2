"""Slingshot aiming maths, without Panda3D (game/window/app.py feeds it mouse positions).

The mouse arrives in the window's mouse coordinates (-1..1 both ways); the drag is measured in
*screen-independent* units, fractions of the window height in both directions (``to_height``), so
a horizontal pixel counts as much as a vertical one and the same hand movement gives the same
power in any window. The flick goes opposite to the drag: pulling straight down the screen flicks
up the screen, which on the table is the camera's forward direction turned by its heading. Power
follows the drag length through the piecewise-linear table of game/window/drag_power.toml (a
natural ~90 px drag at 1280x720, an eighth of the height, is power 0.5; ``power_of_drag``).

Fine aim (decided here):

* **shift** held: mouse motion counts 1/5 (``FINE``) -- the drag point moves five times slower,
  for both direction and power;
* **ctrl** held: the power is locked at its value when ctrl went down and the drag only turns
  the direction.

So the drag is kept as an *effective* point that accumulates the mouse deltas, scaled.
"""
from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

import numpy as np

from feltbox.rules.core import InputError

FINE = 0.2            # shift: mouse motion scale
MIN_POWER = 0.02      # below it a release is a click, not a flick
DRAG_POWER_FILE = Path(__file__).with_name("drag_power.toml")


class DragPowerError(InputError):
    """game/window/drag_power.toml is broken (names the file, the point and the field)."""


@cache
def drag_power_table(path: Path = DRAG_POWER_FILE) -> tuple[np.ndarray, np.ndarray]:
    """(drag lengths, powers) of the mapping file: drags rising from 0, powers rising from 0 to 1."""
    try:
        points = tomllib.loads(path.read_text(encoding="utf-8"))["point"]
        drag = np.array([float(p["drag"]) for p in points])
        power = np.array([float(p["power"]) for p in points])
    except (OSError, tomllib.TOMLDecodeError, KeyError, TypeError, ValueError) as exc:
        raise DragPowerError(f"{path}: drag-power table not read: {exc!r}") from None
    bad = next((k for k in range(1, len(drag)) if drag[k] <= drag[k - 1] or power[k] < power[k - 1]), None)
    if len(drag) < 2 or drag[0] != 0.0 or power[0] != 0.0 or power[-1] != 1.0 or bad is not None:
        raise DragPowerError(f"{path}: point {bad or 0}: drag must rise from 0 and power from 0 to 1")
    return drag, power


def power_of_drag(length: float) -> float:
    """Power 0..1 for a drag ``length`` in fractions of the window height."""
    drag, power = drag_power_table()
    return float(np.interp(length, drag, power))


def drag_of_power(power: float) -> float:
    """The drag length (fractions of the window height) that gives ``power`` (ctrl's lock)."""
    drag, powers = drag_power_table()
    return float(np.interp(power, powers, drag))


def to_height(mouse: tuple[float, float], aspect: float) -> np.ndarray:
    """A mouse point (-1..1 both ways) in fractions of the window height from its centre."""
    return np.array([mouse[0] * aspect / 2.0, mouse[1] / 2.0])


def aim_from_vector(dx: float, dy: float, heading: float) -> tuple[float, float]:
    """(direction deg on the table, power 0..1) for a drag of (dx, dy), in fractions of the window
    height, seen from ``heading``."""
    direction = (np.degrees(np.arctan2(-dy, -dx)) + heading) % 360.0
    return float(direction), power_of_drag(float(np.hypot(dx, dy)))


class AimDrag:
    """One slingshot drag: press at ``start``, then ``update`` with every mouse position (mouse
    coordinates; ``aspect``: the window's width / height, so the drag is measured isotropically)."""

    def __init__(self, start: tuple[float, float], heading: float, aspect: float = 1.0):
        self.aspect = aspect
        self.start = to_height(start, aspect)
        self.heading = heading
        self.point = self.start.copy()            # the effective drag point
        self.last = self.start.copy()             # the real mouse, last seen
        self.locked_power: float | None = None

    def update(self, mouse: tuple[float, float], shift: bool = False, ctrl: bool = False) -> tuple[float, float]:
        mouse = to_height(mouse, self.aspect)
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
                self.point = self.start + v / n * drag_of_power(power)
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
