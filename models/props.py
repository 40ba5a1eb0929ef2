"""Obstacles and markers (rulebook MATERIAL: 3 barrels and 3 boxes "with stickers" — numbered
1-3 here —, 3 street lamps in stands, 2 barricades, 4 city limits "in 2 parts each"; glossary
OBJECT and IN THE CITY).

Every piece stands at its rest pose with z = 0 on the table, heading 0 toward +x. Collision is one
convex hull or box per solid part (a lamp's pole and head), so no
hull fills the space between parts where a figure could stand.
"""
from __future__ import annotations

import numpy as np

from feltbox.models.base import RGBA, Part, PieceModel, box, cylinder, finish, slab
from feltbox.models.dimensions import dims
from feltbox.models.glyphs import digits_mesh, facing
from feltbox.models.lazy import trimesh

WHITE = (0.95, 0.95, 0.95, 1.0)
IRON, DARK = (0.30, 0.32, 0.35, 1.0), (0.18, 0.18, 0.20, 1.0)
WOOD, WOOD_DARK = (0.66, 0.48, 0.29, 1.0), (0.42, 0.29, 0.18, 1.0)
LIMIT_RED = (0.85, 0.15, 0.10, 1.0)


def _number_stickers(number: int, height: float, faces: list[tuple[str, tuple[float, float, float]]],
                     sticker: RGBA, ink: RGBA, size: float) -> list[Part]:
    """A square sticker with a raised digit on each of ``faces`` (normal, centre)."""
    if number not in (1, 2, 3):
        raise ValueError(f"barrels and boxes are numbered 1-3, got {number!r}")
    parts = []
    for normal, at in faces:
        plate = facing(box((size, size, 0.02), (0.0, 0.0, 0.01)), normal, at)
        # the digit starts inside the plate, so its back face never coincides with the plate's
        digit = facing(digits_mesh(str(number), height, 0.025).apply_translation((0.0, 0.0, 0.005)), normal, at)
        parts += [(plate, sticker), (digit, ink)]
    return parts


def barrel(number: int = 1) -> PieceModel:
    """A steel drum: 16-gon body, two rolling hoops, a lid rim, its number front and back."""
    b = dims()["barrel"]
    r, h = b["diameter"] / 2, b["height"]
    body = cylinder(r, 0.0, h)
    parts: list[Part] = [(body, (0.15, 0.40, 0.65, 1.0))]
    parts += [(cylinder(r + 0.05, z - 0.1, z + 0.1), DARK) for z in (h * 0.3, h * 0.7)]
    # the lid's rim (chime) stands 0.4 mm above the body's top and the bung sits on it: no two
    # faces share a height, so nothing z-fights on the lid
    parts += [(cylinder(r + 0.02, h - 0.15, h + 0.04), DARK),
              (cylinder(r * 0.25, h + 0.04, h + 0.07, 8, (r * 0.5, 0.0)), IRON)]
    # the sticker sits on the flat of the 16-gon facing +x (its inscribed radius)
    flat = r * np.cos(np.pi / 16)
    parts += _number_stickers(number, h * 0.22, [("+x", (flat, 0.0, h / 2)), ("-x", (-flat, 0.0, h / 2))],
                              (0.95, 0.85, 0.25, 1.0), DARK, 2 * flat * np.sin(np.pi / 16) * 2.2)
    return finish("barrel", parts, [body], mass=b["mass"], tags=frozenset({"object", "barrel"}))


def crate(number: int = 1) -> PieceModel:
    """A wooden box (the catalog's kind "box"): planked sides, edge battens, numbered front and back."""
    s = dims()["box"]["size"]
    body = box((s, s, s), (0.0, 0.0, s / 2))
    parts: list[Part] = [(body, WOOD)]
    for z in (s * 0.08, s * 0.92):          # battens round the top and bottom edges
        parts.append((box((s + 0.06, s + 0.06, s * 0.12), (0.0, 0.0, z)), WOOD_DARK))
    for sx in (-1, 1):                       # vertical corner battens
        for sy in (-1, 1):
            parts.append((box((0.3, 0.3, s * 0.8), (sx * (s / 2 - 0.12), sy * (s / 2 - 0.12), s / 2)), WOOD_DARK))
    parts.append((box((s * 0.96, s * 0.96, 0.02), (0.0, 0.0, s + 0.01)), WOOD_DARK))
    faces = [(n, (sx * (s / 2 + 0.03), sy * (s / 2 + 0.03), s / 2))
             for n, sx, sy in (("+x", 1, 0), ("-x", -1, 0), ("+y", 0, 1), ("-y", 0, -1))]
    parts += _number_stickers(number, s * 0.35, faces, WHITE, (0.15, 0.10, 0.05, 1.0), s * 0.5)
    return finish("box", parts, [body], mass=dims()["box"]["mass"], tags=frozenset({"object", "box"}))


def street_lamp() -> PieceModel:
    """A lamp standee in a stand: a flat pole, an arm toward +x and a lamp head with a lit glass."""
    lamp = dims()["street_lamp"]
    H, sw, sh = lamp["height"], lamp["stand_width"], lamp["stand_height"]
    stand = box((sw, sw, sh), (0.0, 0.0, sh / 2))
    pole = box((0.45, 0.35, H - sh - 0.3), (0.0, 0.0, sh + (H - sh - 0.3) / 2))
    reach = sw * 0.8                                      # the head overhangs by less than a stand
    arm = slab(np.array([[0.0, H - 0.6], [reach - 0.4, H - 0.45], [reach - 0.4, H - 0.2], [0.0, H - 0.3]]),
               "y", -0.15, 0.15)
    head = slab(np.array([[reach - 0.9, H - 0.5], [reach + 0.5, H - 0.5], [reach + 0.2, H], [reach - 0.6, H]]),
                "y", -0.4, 0.4)
    glass = slab(np.array([[reach - 0.75, H - 0.75], [reach + 0.35, H - 0.75], [reach + 0.45, H - 0.5],
                           [reach - 0.85, H - 0.5]]), "y", -0.3, 0.3)
    parts: list[Part] = [(stand, DARK), (pole, IRON), (arm, IRON), (head, DARK), (glass, (1.0, 0.92, 0.55, 1.0)),
                         (box((0.8, 0.6, 0.4), (0.0, 0.0, sh + 0.2)), IRON)]
    return finish("street_lamp", parts, [stand, pole, trimesh.util.concatenate([arm, head]).convex_hull],
                  mass=lamp["mass"], mass_solids=[stand, pole, arm, head],
                  tags=frozenset({"object", "street_lamp"}))


def barricade() -> PieceModel:
    """A barricade token: a low plank that lies in a building's doorway, in the space between its
    support blocks under the building (rulebook S4 STARVATION, BARRICADES: blocking is a token
    occupying "the space between the building's support blocks"; house shape, dimensions.toml).

    Long along y, its front face toward +x. Two boards nailed one above the other with a
    black-and-yellow hazard band across the front, so it reads as boarded up from the street.
    Collision is the plank's one box."""
    b = dims()["barricade"]
    L, H, t = b["length"], b["height"], b["thickness"]
    plank = box((t, L, H), (0.0, 0.0, H / 2))
    gap = 0.06                                      # the seam between the two boards
    boards = [box((t, L, H / 2 - gap / 2), (0.0, 0.0, z)) for z in (H / 4 - gap / 4, 3 * H / 4 + gap / 4)]
    seam = box((t - 0.04, L - 0.04, gap), (0.0, 0.0, H / 2))
    band = [(box((0.03, 0.7, H * 0.5), (t / 2 + 0.015, y, H * 0.5)), (0.92, 0.80, 0.12, 1.0) if k % 2 == 0 else DARK)
            for k, y in enumerate(np.arange(-L / 2 + 0.5, L / 2 - 0.3, 0.7))]
    nails = [(box((0.04, 0.18, 0.18), (t / 2 + 0.02, y, z)), IRON)
             for y in (-L / 2 + 0.3, L / 2 - 0.3) for z in (H / 4, 3 * H / 4)]
    parts = [(m, WOOD) for m in boards] + [(seam, WOOD_DARK)] + band + nails
    return finish("barricade", parts, [plank], mass=b["mass"], friction=b["friction"],
                  tags=frozenset({"object", "barricade"}))


def city_limit() -> PieceModel:
    """An L-shaped city corner in 2 parts: arms along +x and +y from the corner.

    The inner corner (where the two arms' inner faces meet) is the local origin of the build and
    the anchor "corner" (also "place", the point a scene gives for the piece): the city lies in
    the quadrant x > 0, y > 0 of it. The body frame is the centre of mass, as for every piece.
    """
    c = dims()["city_limit"]
    a, h, t = c["arm"], c["height"], c["thickness"]
    # the x part owns the outer corner square, so the two parts meet without overlapping
    arm_x = box((a, t, h), (a / 2 - t, -t / 2, h / 2))
    arm_y = box((t, a - t, h), (-t / 2, (a - t) / 2, h / 2))
    stripes = [(box((0.8, t + 0.04, h + 0.02), (x, -t / 2, h / 2)), WHITE) for x in np.arange(0.6, a - t, 1.8)]
    stripes += [(box((t + 0.04, 0.8, h + 0.02), (-t / 2, y, h / 2)), WHITE) for y in np.arange(0.9, a - t, 1.8)]
    seam = box((t + 0.06, 0.06, h + 0.04), (-t / 2, 0.0, h / 2))    # where the 2 parts join
    parts = [(arm_x, LIMIT_RED), (arm_y, LIMIT_RED), *stripes, (seam, DARK)]
    return finish("city_limit", parts, [arm_x, arm_y], mass=c["mass"], tags=frozenset({"limit"}),
                  anchors={"corner": (0.0, 0.0, 0.0), "place": (0.0, 0.0, 0.0)})
