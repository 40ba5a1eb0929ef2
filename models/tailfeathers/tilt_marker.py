"""The tilt marker on a bird's base and stand (rulebook "Tilt Phase": right, center and left tilt),
so a bird's tilt reads at table distance as well as from its bank.

Two drawn parts in the tilt's colour (left red, right green, as an aircraft's wing lights; center
white): an arrow printed on the back of the base, pointing to the side the bird banks to (a level
bar for center), which the wings never hide from above, and a vane on the stand, pointing the same
way (a short cross bar for center), seen from the sides and the front. Both are drawn only; the
base's collision solid is the plain disc (figures.py).
"""
from __future__ import annotations

import numpy as np

from feltbox.models.base import convex_prism
from feltbox.models.base import slab as upright_slab

COLOURS = {"left": (0.90, 0.12, 0.10, 1.0), "center": (0.96, 0.96, 0.94, 1.0),
           "right": (0.10, 0.75, 0.22, 1.0)}
ARROW_X = (-2.35, -1.55)         # the band across the back of the base the arrow lies in (cm, base frame)
LIFT = 0.1                       # the arrow's thickness on the base's top


def side(tilt: str) -> int:
    """+1 when the marker points to the bird's left (+y), -1 to its right, 0 for center."""
    return {"left": 1, "right": -1}.get(tilt, 0)


def marker_parts(tilt: str, base_top: float, stand_radius: float, stand_top: float) -> list[tuple]:
    """The arrow on the base's top and the vane on the stand for ``tilt`` (launch: none, the
    bird points its beak up instead)."""
    if tilt not in COLOURS:
        return []
    colour, s = COLOURS[tilt], side(tilt)
    x0, x1 = ARROW_X
    z0, z1 = base_top, base_top + LIFT
    if s == 0:
        arrow = [convex_prism(np.array([[x0, -1.3], [x1, -1.3], [x1, 1.3], [x0, 1.3]]), z0, z1)]
    else:
        shaft = np.array([[x0 + 0.2, -1.5], [x1 - 0.2, -1.5], [x1 - 0.2, 0.5], [x0 + 0.2, 0.5]])
        head = np.array([[x0 - 0.15, 0.5], [x1 + 0.15, 0.5], [(x0 + x1) / 2, 1.75]])
        arrow = [convex_prism(shaft * (1, s), z0, z1), convex_prism(head * (1, s), z0, z1)]
    low, high = base_top + 0.9, min(stand_top - 0.9, base_top + 2.9)
    mid = (low + high) / 2
    r = stand_radius * 0.9
    if s == 0:                               # a cross bar through the stand, both sides alike
        vane = [upright_slab(np.array([[-1.4, mid - 0.3], [1.4, mid - 0.3], [1.4, mid + 0.3], [-1.4, mid + 0.3]]),
                             "x", -0.14, 0.14)]
    else:                                    # an arrowhead plate out to the bank's side, in the y-z plane
        plate = np.array([[r * s, low], [2.6 * s, mid], [r * s, high]])
        vane = [upright_slab(plate, "x", -0.14, 0.14)]
    return [(m, colour) for m in arrow + vane]
