"""Obstacles and markers (rulebook MATERIAL: barrels and boxes with numbered stickers, street
lamps in stands, barricades, 4 city limits in 2 parts each)."""
from __future__ import annotations

import numpy as np
import trimesh

from models.base import PieceModel, box, cylinder, finish
from models.dimensions import dims
from models.glyphs import digits_mesh, facing

WHITE = (0.95, 0.95, 0.95, 1.0)


def barrel(number: int = 1) -> PieceModel:
    b = dims()["barrel"]
    r, h = b["diameter"] / 2, b["height"]
    body = cylinder(r, 0.0, h)
    bands = [(cylinder(r + 0.04, z - 0.12, z + 0.12), (0.25, 0.25, 0.25, 1.0)) for z in (h * 0.25, h * 0.75)]
    label = facing(digits_mesh(str(number), h * 0.25, 0.03), "+x", (r + 0.02, 0.0, h * 0.5))
    return finish("barrel", [(body, (0.15, 0.40, 0.65, 1.0)), *bands, (label, WHITE)], [body],
                  mass=b["mass"], tags=frozenset({"object", "barrel"}))


def crate(number: int = 1) -> PieceModel:
    s = dims()["box"]["size"]
    body = box((s, s, s), (0.0, 0.0, s / 2))
    slats = [(box((s + 0.04, s + 0.04, 0.15), (0.0, 0.0, z)), (0.45, 0.30, 0.15, 1.0)) for z in (s * 0.1, s * 0.9)]
    labels = [(facing(digits_mesh(str(number), s * 0.4, 0.03), n, at), (0.15, 0.1, 0.05, 1.0))
              for n, at in (("+x", (s / 2 + 0.02, 0, s / 2)), ("-x", (-s / 2 - 0.02, 0, s / 2)))]
    return finish("box", [(body, (0.70, 0.52, 0.30, 1.0)), *slats, *labels], [body],
                  mass=dims()["box"]["mass"], tags=frozenset({"object", "box"}))


def street_lamp() -> PieceModel:
    lamp = dims()["street_lamp"]
    H, sw, sh = lamp["height"], lamp["stand_width"], lamp["stand_height"]
    stand = box((sw, sw, sh), (0.0, 0.0, sh / 2))
    pole = box((0.4, 0.4, H - sh), (0.0, 0.0, sh + (H - sh) / 2))
    arm = box((2.2, 0.3, 0.3), (1.0, 0.0, H - 0.3))
    head = box((1.0, 0.8, 0.5), (2.0, 0.0, H - 0.6))
    bulb = box((0.7, 0.5, 0.1), (2.0, 0.0, H - 0.9))
    upper = trimesh.util.concatenate([pole, arm, head]).convex_hull
    return finish("street_lamp", [(stand, (0.2, 0.2, 0.22, 1.0)), (pole, (0.3, 0.32, 0.35, 1.0)),
                                  (arm, (0.3, 0.32, 0.35, 1.0)), (head, (0.25, 0.25, 0.28, 1.0)),
                                  (bulb, (1.0, 0.92, 0.6, 1.0))],
                  [stand, upper], mass=lamp["mass"], mass_solids=[stand, pole, arm, head],
                  tags=frozenset({"object", "street_lamp"}))


def barricade() -> PieceModel:
    """A plank fence along y on two feet: it blocks a door (rulebook S4: BARRICADES)."""
    b = dims()["barricade"]
    L, H, t = b["length"], b["height"], b["thickness"]
    feet = [box((2.0, 0.8, 0.4), (0.0, y, 0.2)) for y in (-L / 2 + 0.8, L / 2 - 0.8)]
    posts = [box((t, 0.5, H - 0.4), (0.0, y, 0.4 + (H - 0.4) / 2)) for y in (-L / 2 + 0.8, L / 2 - 0.8)]
    planks = [box((t * 0.8, L, 0.7), (0.2, 0.0, z)) for z in (H * 0.4, H * 0.8)]
    cross = box((t * 0.6, L * 0.9, 0.4), (0.35, 0.0, H * 0.6))
    wood, dark = (0.62, 0.45, 0.28, 1.0), (0.40, 0.28, 0.18, 1.0)
    parts = [(m, dark) for m in feet + posts] + [(m, wood) for m in planks] + [(cross, (0.85, 0.75, 0.15, 1.0))]
    hull = trimesh.util.concatenate(feet + posts + planks).convex_hull
    return finish("barricade", parts, [hull], mass=b["mass"], mass_solids=feet + posts + planks,
                  tags=frozenset({"object", "barricade"}))


def city_limit() -> PieceModel:
    """An L-shaped corner (2 parts): arms along +x and +y from the corner at the local origin.

    Anchor "place" is the inner corner, the point a scene gives for the piece.
    """
    c = dims()["city_limit"]
    a, h, t = c["arm"], c["height"], c["thickness"]
    arm_x = box((a, t, h), (a / 2, -t / 2, h / 2))
    arm_y = box((t, a, h), (-t / 2, a / 2 - t, h / 2))
    stripes = [(box((0.8, t + 0.02, h + 0.02), (x, -t / 2, h / 2)), WHITE) for x in np.arange(1.2, a, 2.0)]
    stripes += [(box((t + 0.02, 0.8, h + 0.02), (-t / 2, y, h / 2)), WHITE) for y in np.arange(1.2, a - t, 2.0)]
    hull_parts = [arm_x, box((t, a - t, h), (-t / 2, (a - t) / 2, h / 2))]
    return finish("city_limit", [(arm_x, (0.85, 0.15, 0.10, 1.0)), (arm_y, (0.85, 0.15, 0.10, 1.0)), *stripes],
                  hull_parts, mass=c["mass"], tags=frozenset({"limit"}), anchors={"place": (0.0, 0.0, 0.0)})
