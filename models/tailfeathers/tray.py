"""The dice tray for the Tail Feathers action dice (not in the box: a house accessory,
models/dice_tray.py).

House size: 24 x 16 cm inside, walls 1.2 cm thick (no die can tunnel through at roll speeds: a die
at 2 m/s moves 0.83 cm per 240 Hz tick) and 5 cm high, floor 0.4 cm thick.
"""
from __future__ import annotations

from feltbox.models import dice_tray as generic
from feltbox.models.base import PieceModel

INNER_LENGTH = 24.0    # along x
INNER_WIDTH = 16.0     # along y
WALL = 1.2             # wall thickness
WALL_HEIGHT = 5.0      # above the floor's top
FLOOR = 0.4            # floor thickness; its top is FLOOR above the table
FRICTION = 0.6         # felt
RESTITUTION = 0.25
SIZE = generic.TraySize(INNER_LENGTH, INNER_WIDTH, WALL, WALL_HEIGHT, FLOOR, FRICTION, RESTITUTION)
WOOD, FELT = generic.WOOD, generic.FELT


def tray_solids() -> tuple[list, list]:
    """(floor, walls) boxes in the table frame: the tray centred at the origin on the table."""
    return generic.tray_solids(SIZE)


def dice_tray() -> PieceModel:
    """The tray as one static piece (mass 0); its floor's top is ``FLOOR`` above the table."""
    return generic.dice_tray("tf_dice_tray", SIZE, frozenset({"tailfeathers"}))


def floor_top() -> float:
    """Height of the tray floor's top above the table (cm)."""
    return FLOOR
