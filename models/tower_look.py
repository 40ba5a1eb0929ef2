"""How the zombie tower looks from the table (visual parts only; its walls, slide and sizes are in
tower.py): a sheet-metal tower on four corner posts with a crenellated top, a yellow warning
sign with a zombie's Z on each side and the back, and hazard stripes round its exit, so that
from the default camera it reads as the thing zombies come out of, not as a chimney.

Every part stands out of the walls (ribs 0.4 mm, signs 0.6-1.2 mm, posts and merlons outside
the shaft), so nothing here touches what a rush simulates: the shaft, the plate and the slide.
"""
from __future__ import annotations

import numpy as np

from feltbox.models.base import RGBA, Part, box, convex_prism
from feltbox.models.glyphs import facing
from feltbox.models.lazy import trimesh
from feltbox.models.token_icons import icon

SHEET, RIB, POST = (0.34, 0.37, 0.33, 1.0), (0.43, 0.46, 0.41, 1.0), (0.17, 0.17, 0.19, 1.0)
WARNING, INK = (0.95, 0.78, 0.12, 1.0), (0.08, 0.08, 0.08, 1.0)
POST_SIDE, MERLON_HIGH = 0.9, 0.8


def _ribs(W: float, H: float, top: float, exit_h: float, exit_w: float) -> list[Part]:
    """Vertical ribs of corrugated sheet on every face (the front's stop above the exit)."""
    parts: list[Part] = []
    for a in np.linspace(-W / 2 + 1.2, W / 2 - 1.2, 7):
        rib = box((0.3, top, 0.04), (0.0, 0.0, 0.02))                  # facing +z: x across, y up
        for normal, at in (("-x", (-W / 2, -a, top / 2)), ("+y", (a, W / 2, top / 2)),
                           ("-y", (a, -W / 2, top / 2))):
            parts.append((facing(rib, normal, at), RIB))
        if abs(a) > exit_w / 2 + 0.6:                                    # beside the exit: full height
            parts.append((facing(rib, "+x", (W / 2, a, top / 2)), RIB))
        else:                                                           # over the exit
            short = box((0.3, top - exit_h - 0.6, 0.04), (0.0, 0.0, 0.02))
            parts.append((facing(short, "+x", (W / 2, a, (top + exit_h + 0.6) / 2)), RIB))
    return parts


def _warning_sign(size: float) -> list[tuple[trimesh.Trimesh, RGBA]]:
    """A yellow diamond with a black Z (the zombie token's icon), facing +z from z = 0."""
    half = size / 2
    diamond = convex_prism(np.array([[0.0, -half], [half, 0.0], [0.0, half], [-half, 0.0]]), 0.06, 0.09)
    border = convex_prism(np.array([[0.0, -half - 0.25], [half + 0.25, 0.0], [0.0, half + 0.25],
                                    [-half - 0.25, 0.0]]), 0.04, 0.07)
    z = trimesh.util.concatenate([convex_prism(p * size * 0.26, 0.085, 0.12) for p in icon("zombie")])
    return [(border, INK), (diamond, WARNING), (z, INK)]


def _signs(W: float, H: float) -> list[Part]:
    parts: list[Part] = []
    at_z = H * 0.62
    for normal, at in (("-x", (-W / 2, 0.0, at_z)), ("+y", (0.0, W / 2, at_z)), ("-y", (0.0, -W / 2, at_z))):
        for mesh, colour in _warning_sign(W * 0.42):
            parts.append((facing(mesh, normal, at), colour))
    return parts


def _hazard_frame(W: float, exit_h: float, exit_w: float) -> list[Part]:
    """Yellow and black stripes on the jambs and the lintel round the exit."""
    parts: list[Part] = []
    x = W / 2 + 0.05
    for s in (-1, 1):
        y = s * (exit_w / 2 + 0.35)
        for k, z in enumerate(np.arange(0.0, exit_h, 0.7)):
            high = min(0.7, exit_h - z)
            parts.append((box((0.1, 0.7, high), (x, y, z + high / 2)), WARNING if k % 2 == 0 else INK))
    for k, y in enumerate(np.arange(-exit_w / 2 - 0.7, exit_w / 2 + 0.7, 0.7)):
        parts.append((box((0.1, 0.7, 0.7), (x, y + 0.35, exit_h + 0.35)), WARNING if k % 2 == 0 else INK))
    return parts


def _posts_and_merlons(W: float, H: float, rim: float) -> list[Part]:
    """Corner posts from the foot to above the rim, and merlons on the rim between the numbers."""
    parts: list[Part] = []
    c = W / 2 + rim + 0.05 - POST_SIDE / 2           # a hair outside the rim's faces
    for sx in (-1, 1):
        for sy in (-1, 1):
            parts.append((box((POST_SIDE, POST_SIDE, H + MERLON_HIGH), (sx * c, sy * c, (H + MERLON_HIGH) / 2)), POST))
    mid = W / 2 + rim / 2
    for a in (-W / 4 - 0.3, 0.0, W / 4 + 0.3):        # between the slot numbers (tower.slot_points)
        for sx, sy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            if sx:
                centre, size = (sx * mid, a, H + MERLON_HIGH / 2), (rim, 1.0, MERLON_HIGH)
            else:
                centre, size = (a, sy * mid, H + MERLON_HIGH / 2), (1.0, rim, MERLON_HIGH)
            parts.append((box(size, centre), POST))
    return parts


def tower_look(W: float, H: float, exit_h: float, exit_w: float, rim: float) -> list[Part]:
    """The visual dressing of a tower of width ``W`` and height ``H`` (the walls are SHEET)."""
    return (_ribs(W, H, H - 0.6, exit_h, exit_w) + _signs(W, H) + _hazard_frame(W, exit_h, exit_w)
            + _posts_and_merlons(W, H, rim))
