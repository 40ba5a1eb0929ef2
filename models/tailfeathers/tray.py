"""A dice tray for the Tail Feathers action dice (not in the box: a house accessory).

A static felt-lined floor and four walls, all Bullet boxes (physics-notes §0.2 allows boxes for
walls; the floor is a box too, so the tray can stand anywhere). House size: 24 x 16 cm inside,
walls 1.2 cm thick (no die can tunnel through at roll speeds: a die at 2 m/s moves 0.83 cm per
240 Hz tick) and 5 cm high, floor 0.4 cm thick.
"""
from __future__ import annotations

from feltbox.models.base import RGBA, PieceModel, box, finish

INNER_LENGTH = 24.0    # along x
INNER_WIDTH = 16.0     # along y
WALL = 1.2             # wall thickness
WALL_HEIGHT = 5.0      # above the floor's top
FLOOR = 0.4            # floor thickness; its top is FLOOR above the table
FRICTION = 0.6         # felt
RESTITUTION = 0.25

WOOD: RGBA = (0.45, 0.28, 0.15, 1.0)
FELT: RGBA = (0.12, 0.35, 0.20, 1.0)


def tray_solids() -> tuple[list, list]:
    """(floor, walls) boxes in the table frame: the tray centred at the origin on the table."""
    ox, oy = INNER_LENGTH / 2 + WALL, INNER_WIDTH / 2 + WALL
    floor = box((2 * ox, 2 * oy, FLOOR), (0.0, 0.0, FLOOR / 2))
    top = FLOOR + WALL_HEIGHT
    zc = FLOOR + WALL_HEIGHT / 2
    walls = [box((WALL, 2 * oy, WALL_HEIGHT), (sx * (ox - WALL / 2), 0.0, zc)) for sx in (-1, 1)]
    walls += [box((INNER_LENGTH, WALL, WALL_HEIGHT), (0.0, sy * (oy - WALL / 2), zc)) for sy in (-1, 1)]
    assert all(abs(w.bounds[1][2] - top) < 1e-9 for w in walls)
    return [floor], walls


def dice_tray() -> PieceModel:
    """The tray as one static piece (mass 0); its floor's top is ``FLOOR`` above the table."""
    floors, walls = tray_solids()
    felt = box((INNER_LENGTH, INNER_WIDTH, 0.01), (0.0, 0.0, FLOOR + 0.005))
    parts = [(floors[0], WOOD), (felt, FELT)] + [(w, WOOD) for w in walls]
    return finish("tf_dice_tray", parts, floors + walls, density=0.7, static=True,
                  friction=FRICTION, restitution=RESTITUTION, tags=frozenset({"tray", "tailfeathers"}))


def floor_top() -> float:
    """Height of the tray floor's top above the table (cm)."""
    return FLOOR
