"""A dice tray (a house accessory of every dice game here): a static felt-lined floor and four
walls, all Bullet boxes (physics-notes §0.2 allows boxes for walls; the floor is a box too, so the
tray can stand anywhere). Sizes come from each game's dimensions (a :class:`TraySize`)."""
from __future__ import annotations

from dataclasses import dataclass

from feltbox.models.base import RGBA, PieceModel, box, finish

WOOD: RGBA = (0.45, 0.28, 0.15, 1.0)
FELT: RGBA = (0.12, 0.35, 0.20, 1.0)


@dataclass(frozen=True)
class TraySize:
    inner_length: float    # along x (cm)
    inner_width: float     # along y
    wall: float            # wall thickness: no die tunnels through it at roll speeds
    wall_height: float     # above the floor's top
    floor: float           # floor thickness; its top is ``floor`` above the table
    friction: float = 0.6  # felt
    restitution: float = 0.25

    @property
    def outer(self) -> tuple[float, float]:
        """Outside length and width of the tray (cm)."""
        return self.inner_length + 2 * self.wall, self.inner_width + 2 * self.wall


def tray_solids(size: TraySize) -> tuple[list, list]:
    """(floor, walls) boxes in the table frame: the tray centred at the origin on the table."""
    ox, oy = size.inner_length / 2 + size.wall, size.inner_width / 2 + size.wall
    floor = box((2 * ox, 2 * oy, size.floor), (0.0, 0.0, size.floor / 2))
    top = size.floor + size.wall_height
    zc = size.floor + size.wall_height / 2
    walls = [box((size.wall, 2 * oy, size.wall_height), (sx * (ox - size.wall / 2), 0.0, zc)) for sx in (-1, 1)]
    walls += [box((size.inner_length, size.wall, size.wall_height), (0.0, sy * (oy - size.wall / 2), zc))
              for sy in (-1, 1)]
    assert all(abs(w.bounds[1][2] - top) < 1e-9 for w in walls)
    return [floor], walls


def dice_tray(kind: str, size: TraySize, tags: frozenset[str]) -> PieceModel:
    """The tray as one static piece (mass 0); its floor's top is ``size.floor`` above the table."""
    floors, walls = tray_solids(size)
    felt = box((size.inner_length, size.inner_width, 0.01), (0.0, 0.0, size.floor + 0.005))
    parts = [(floors[0], WOOD), (felt, FELT)] + [(w, WOOD) for w in walls]
    return finish(kind, parts, floors + walls, density=0.7, static=True,
                  friction=size.friction, restitution=size.restitution, tags=frozenset({"tray"}) | tags)
