"""The 6 buildings and the RV, each raised on 2 support blocks (rulebook: MATERIAL, ENTERING AND
EXITING A BUILDING, glossary DOOR and IN A BUILDING; the RV's awning carries the round track,
END OF THE ROUND).

Local frame at heading 0, origin = the building's placement point on the table: the door faces
+x. The 2 blocks run front to back (along x) under the building's left (+y, slot 0) and right
(-y, slot 1) edges: ``overlap`` of each block lies under the building and ``shelf`` sticks out
sideways; a figure or token on that shelf is IN the building. The building rests ON the blocks,
so its underside is the blocks' height (``support_block.height``) above the table and the
movement disc (0.8 high) slides under it between the blocks. The DOOR is the line flush with the
blocks' front faces, between their inner edges.

A building is one heavy dynamic body: collision = its body box and roof slab (the RV: coach box,
cab and over-cab hulls, awning); signs, windows and roof details are visual only and stay within
a few millimetres of the walls, except thin overhead canopies/awnings well above a figure's head.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from feltbox.models.base import RGBA, Part, PieceModel, box, convex_prism, cylinder, finish, regular_polygon, slab
from feltbox.models.dimensions import dims
from feltbox.models.glyphs import digits_mesh, facing
from feltbox.models.lazy import trimesh

GLASS, WHITE, DARK = (0.16, 0.22, 0.32, 1.0), (0.96, 0.96, 0.94, 1.0), (0.12, 0.12, 0.13, 1.0)
BLOCK, DOOR = (0.34, 0.34, 0.36, 1.0), (0.38, 0.24, 0.14, 1.0)
SNOW, SNOW_ON_ROOF = (0.90, 0.92, 0.96, 1.0), (0.01, 0.11)   # Dead of Winter: snow lies on every roof (cm: gap, depth)


@dataclass(frozen=True)
class Look:
    """How one building reads at a glance: colours, the word on its sign, its front windows."""
    wall: RGBA
    roof: RGBA
    sign: RGBA
    trim: RGBA                      # window frames, letters, columns
    word: str
    ground: tuple[float, ...] = (-5.0, 5.0)             # y of ground-floor front windows
    ground_size: tuple[float, float] = (3.0, 2.2)        # (width, height)
    upper: tuple[float, ...] = (-5.8, -2.0, 2.0, 5.8)   # y of upper-floor front windows
    upper_width: float = 2.2


LOOKS = {
    "library": Look((0.82, 0.74, 0.60, 1.0), (0.36, 0.26, 0.22, 1.0), (0.38, 0.22, 0.60, 1.0),
                    (0.96, 0.93, 0.85, 1.0), "LIBRARY", ground=(-4.8, 4.8), upper=(-4.8, 4.8),
                    upper_width=3.0),
    "grocery_store": Look((0.92, 0.87, 0.72, 1.0), (0.42, 0.44, 0.40, 1.0), (0.16, 0.58, 0.26, 1.0),
                          WHITE, "GROCERY", ground=(-4.9, 4.9), ground_size=(4.4, 2.8)),
    "police_station": Look((0.68, 0.72, 0.80, 1.0), (0.20, 0.22, 0.30, 1.0), (0.10, 0.22, 0.62, 1.0),
                           WHITE, "POLICE"),
    "gas_station": Look((0.93, 0.93, 0.89, 1.0), (0.30, 0.30, 0.32, 1.0), (0.98, 0.60, 0.08, 1.0),
                        (0.80, 0.12, 0.10, 1.0), "GAS", ground=(-5.4, 5.4), ground_size=(2.4, 2.2), upper=()),
    "hospital": Look((0.97, 0.97, 0.98, 1.0), (0.58, 0.64, 0.70, 1.0), (0.85, 0.10, 0.10, 1.0),
                     (0.72, 0.84, 0.92, 1.0), "HOSPITAL", upper=(-6.0, -3.4, 3.4, 6.0), upper_width=2.0),
    "school": Look((0.72, 0.34, 0.24, 1.0), (0.28, 0.30, 0.34, 1.0), (0.96, 0.80, 0.18, 1.0),
                   (0.96, 0.94, 0.88, 1.0), "SCHOOL"),
}
RV_LOOK = {"body": (0.94, 0.91, 0.82, 1.0), "stripe": (0.55, 0.30, 0.15, 1.0),
           "stripe2": (0.92, 0.50, 0.16, 1.0), "awning": (0.90, 0.42, 0.18, 1.0)}


# -- layout (pure geometry, shared with the game through BuildingGeom) ------------------------------

def _size(name: str) -> tuple[float, float, float, float]:
    """(width along y, depth along x, wall height, underside height) of a building or the RV."""
    if name != "rv" and name not in LOOKS:
        raise ValueError(f"unknown building {name!r} (known: {', '.join([*LOOKS, 'rv'])})")
    d = dims()["rv" if name == "rv" else "building"]
    return d["width"], d["depth"], d["height"], dims()["support_block"]["height"]


def _block_span(name: str) -> tuple[float, float]:
    """|y| of a block's inner edge (under the building) and outer edge (end of the shelf)."""
    s = dims()["support_block"]
    half = _size(name)[0] / 2
    return half - s["overlap"], half + s["shelf"]


def support_layout(name: str) -> list[tuple[float, float]]:
    """Local (x, y) centres of the 2 support blocks: slot 0 on the left (+y), slot 1 right."""
    inner, outer = _block_span(name)
    yc = (inner + outer) / 2
    return [(0.0, yc), (0.0, -yc)]


def door_line(name: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """The DOOR: flush with the blocks' front faces, between their inner edges (local)."""
    inner, _ = _block_span(name)
    front = dims()["support_block"]["depth"] / 2
    return (front, -inner), (front, inner)


def shelf_point(name: str, slot: int) -> tuple[float, float, float]:
    """Local top centre of the exposed shelf of block ``slot`` (where IN-building pieces go)."""
    if slot not in (0, 1):
        raise ValueError(f"support block slot must be 0 or 1, got {slot!r}")
    half = _size(name)[0] / 2
    y = half + dims()["support_block"]["shelf"] / 2
    return 0.0, (y if slot == 0 else -y), dims()["support_block"]["height"]


def support_block(building: str) -> PieceModel:
    """One support block; a band in its building's colour says which building it belongs to."""
    s = dims()["support_block"]
    if building != "rv" and building not in LOOKS:
        raise ValueError(f"unknown building {building!r} for a support block")
    colour = RV_LOOK["stripe2"] if building == "rv" else LOOKS[building].sign
    block = box((s["depth"], s["width"], s["height"]), (0.0, 0.0, s["height"] / 2))
    band = box((s["depth"] + 0.04, s["width"] + 0.04, s["height"] * 0.25), (0.0, 0.0, s["height"] * 0.55))
    return finish("support_block", [(block, BLOCK), (band, colour)], [block],
                  mass=s["mass"], tags=frozenset({"support"}))


# -- visual helpers ----------------------------------------------------------------------------------

def _on_face(face: str, u: float, z: float, su: float, sz: float, proud: float,
             half: tuple[float, float]) -> trimesh.Trimesh:
    """A thin box on a wall face ('+x', '-x', '+y', '-y') centred at (u along it, z), standing
    ``proud`` out of the wall; ``half`` = (half depth, half width) of the walls."""
    sign = 1.0 if face[0] == "+" else -1.0
    if face[1] == "x":
        return box((2 * proud, su, sz), (sign * half[0], u, z))
    return box((su, 2 * proud, sz), (u, sign * half[1], z))


def _window(face: str, u: float, z: float, su: float, sz: float, half: tuple[float, float],
            trim: RGBA) -> list[Part]:
    """Frame, pane and a mullion."""
    return [(_on_face(face, u, z, su + 0.3, sz + 0.3, 0.04, half), trim),
            (_on_face(face, u, z, su, sz, 0.07, half), GLASS),
            (_on_face(face, u, z, 0.12, sz, 0.09, half), trim)]


def _lettering(word: str, x: float, z: float, height: float, colour: RGBA) -> list[Part]:
    """Block letters on a sign facing +x: one block per letter, narrow for I, wide for M/W, so the
    word's shape reads from across the table without a font."""
    widths = [0.22 if c == "I" else 0.72 if c in "MW" else 0.5 for c in word]
    gap = 0.16
    y = (sum(widths) + gap * (len(word) - 1)) / 2
    parts = []
    for w in widths:
        parts.append((box((0.06, w, height), (x, y - w / 2, z)), colour))
        y -= w + gap
    return parts


# -- the six buildings ---------------------------------------------------------------------------

def _shell(look: Look, w: float, d: float, h: float, z0: float) -> list[Part]:
    """Walls' dressing common to every building: plinth, door, windows on 4 sides, sign band,
    lettering, roof parapet and a roof unit."""
    half, top = (d / 2, w / 2), z0 + h
    ground_z, upper_z, sign_z = z0 + 0.233 * h, z0 + 0.622 * h, z0 + 0.855 * h
    plinth = tuple(c * 0.7 for c in look.wall[:3]) + (1.0,)
    parts: list[Part] = [(box((d + 0.1, w + 0.1, 0.5), (0.0, 0.0, z0 + 0.25)), plinth)]
    # the door's trim stands 0.7 mm off the wall, proud of the plinth's front (0.5 mm): no shared plane
    parts += [(_on_face("+x", 0.0, z0 + 0.44 * h / 2 + 0.1, 3.4, 0.44 * h + 0.2, 0.07, half), look.trim),
              (_on_face("+x", 0.0, z0 + 0.44 * h / 2, 3.0, 0.44 * h, 0.08, half), DOOR),
              (_on_face("+x", 0.0, z0 + 0.3 * h, 2.2, 0.14 * h, 0.1, half), GLASS)]
    gw, gh = look.ground_size
    for y in look.ground:
        parts += _window("+x", y, ground_z + (gh - 2.2) / 2, gw, gh, half, look.trim)
    for y in look.upper:
        parts += _window("+x", y, upper_z, look.upper_width, 2.0, half, look.trim)
    for face in ("+y", "-y"):
        for x in (-0.3 * d, 0.0, 0.3 * d):
            for z in (ground_z, upper_z):
                parts += _window(face, x, z, 2.2, 2.0, half, look.trim)
    for y in (-5.8, -2.0, 2.0, 5.8):
        parts += _window("-x", y, upper_z, 2.2, 2.0, half, look.trim)
    band_h = 0.155 * h
    parts.append((_on_face("+x", 0.0, sign_z, 0.78 * w, band_h, 0.1, half), look.sign))
    letters = DARK if sum(look.sign[:3]) > 1.9 else WHITE
    parts += _lettering(look.word, d / 2 + 0.12, sign_z, band_h * 0.55, letters)
    rim = tuple(c * 0.8 for c in look.roof[:3]) + (1.0,)
    ro, rt = 0.2, 0.4     # roof overhang and thickness (the collision slab)
    for sx, sy, ex, ey in ((1, 0, 0.3, w + 2 * ro), (-1, 0, 0.3, w + 2 * ro),
                           (0, 1, d + 2 * ro, 0.3), (0, -1, d + 2 * ro, 0.3)):
        cx, cy = sx * (d / 2 + ro - 0.15), sy * (w / 2 + ro - 0.15)
        parts.append((box((ex, ey, 0.5), (cx, cy, top + rt + 0.25)), rim))
    parts.append((box((2.0, 2.6, 1.0), (-d / 4, -w / 4, top + rt + 0.5)), (0.62, 0.63, 0.64, 1.0)))
    gap, depth = SNOW_ON_ROOF                         # inside the parapet, clear of its faces
    parts.append((box((d - 0.3, w - 0.3, depth), (0.0, 0.0, top + rt + gap + depth / 2)), SNOW))
    return parts


def _library(look: Look, w: float, d: float, h: float, z0: float) -> list[Part]:
    """Classical front: columns with capitals, an entablature and a pediment above the roof."""
    top, x = z0 + h, d / 2 + 0.1
    parts: list[Part] = []
    for y in (-7.3, -2.2, 2.2, 7.3):
        parts.append((cylinder(0.38, z0 + 0.5, top - 0.2 * h, sides=10, center=(x, y)), look.trim))
        for z in (z0 + 0.6, top - 0.2 * h - 0.1):
            parts.append((box((0.8, 0.8, 0.25), (x, y, z)), look.trim))
    ped = np.array([[-0.44 * w, top + 0.4], [0.44 * w, top + 0.4], [0.0, top + 2.4]])
    parts.append((slab(ped, "x", d / 2 - 0.5, d / 2 + 0.25), look.trim))
    inner = np.array([[-0.3 * w, top + 0.6], [0.3 * w, top + 0.6], [0.0, top + 1.9]])
    parts.append((slab(inner, "x", d / 2 + 0.25, d / 2 + 0.3), look.roof))
    return parts


def _grocery(look: Look, w: float, d: float, h: float, z0: float) -> list[Part]:
    """A green-and-white striped awning over the shop windows."""
    z_in, z_out, reach = z0 + 0.48 * h, z0 + 0.41 * h, 1.4
    profile = np.array([[d / 2, z_in], [d / 2 + reach, z_out], [d / 2 + reach, z_out - 0.12],
                        [d / 2, z_in - 0.12]])
    n, span = 9, 0.9 * w
    return [(slab(profile, "y", -span / 2 + k * span / n, -span / 2 + (k + 1) * span / n),
             look.sign if k % 2 == 0 else WHITE) for k in range(n)]


def _star(radius: float) -> list[trimesh.Trimesh]:
    """A flat 5-point star in the x-y plane facing +z: a pentagon plus 5 convex points."""
    inner = radius * 0.42
    core = regular_polygon(inner, 5, np.pi / 2 + np.pi / 5)
    tips = regular_polygon(radius, 5, np.pi / 2)
    parts = [convex_prism(core, 0.0, 0.05)]
    for k in range(5):
        a, b = core[(k + 2) % 5], core[(k + 3) % 5]
        parts.append(convex_prism(np.array([a, b, tips[k]]), 0.0, 0.05))
    return parts


def _police(look: Look, w: float, d: float, h: float, z0: float) -> list[Part]:
    """A red/blue light bar on the roof's front edge and a gold star over the door."""
    roof = z0 + h + 0.4
    parts: list[Part] = [(box((0.8, 4.4, 0.3), (d / 2 - 1.0, 0.0, roof + 0.15)), DARK),
                         (box((0.7, 1.8, 0.5), (d / 2 - 1.0, 1.1, roof + 0.55)), (0.95, 0.10, 0.10, 1.0)),
                         (box((0.7, 1.8, 0.5), (d / 2 - 1.0, -1.1, roof + 0.55)), (0.10, 0.30, 0.95, 1.0))]
    for tip in _star(0.8):
        parts.append((facing(tip, "+x", (d / 2 + 0.05, 0.0, z0 + 0.622 * h)), (0.95, 0.78, 0.20, 1.0)))
    return parts


def _gas(look: Look, w: float, d: float, h: float, z0: float) -> list[Part]:
    """A canopy over the front with two pumps under it, and a price pylon on the roof."""
    top = z0 + h
    canopy_z, reach = z0 + 0.6 * h, 1.8
    parts: list[Part] = [(box((reach, 0.9 * w, 0.5), (d / 2 + reach / 2, 0.0, canopy_z)), WHITE),
                         (box((0.1, 0.9 * w, 0.35), (d / 2 + reach + 0.05, 0.0, canopy_z)), look.trim)]
    for y in (-2.6, 2.6):
        parts += [(box((0.4, 1.1, 0.42 * h), (d / 2 + 0.2, y, z0 + 0.21 * h)), look.trim),
                  (box((0.06, 0.8, 0.7), (d / 2 + 0.42, y, z0 + 0.30 * h)), WHITE),
                  (box((0.08, 0.15, 0.24 * h), (d / 2 + 0.44, y + 0.45, z0 + 0.16 * h)), DARK)]
    px, py = d / 2 - 1.0, w / 2 - 1.5
    parts += [(box((0.4, 0.4, 2.0), (px, py, top + 1.4)), DARK),
              (box((0.3, 2.4, 1.8), (px, py, top + 3.2)), look.sign)]
    price = facing(digits_mesh("299", 0.9, 0.04), "+x", (px + 0.15, py, top + 3.2))
    parts.append((price, WHITE))
    return parts


def _hospital(look: Look, w: float, d: float, h: float, z0: float) -> list[Part]:
    """A big red cross over the door, an entrance canopy, a helipad with an H on the roof."""
    roof = z0 + h + 0.4 + sum(SNOW_ON_ROOF)           # the helipad is swept: it lies on the snow
    at = (d / 2 + 0.08, 0.0, z0 + 0.622 * h)
    parts: list[Part] = [(box((0.16, 2.4, 0.8), at), look.sign), (box((0.16, 0.8, 2.4), at), look.sign)]
    parts.append((box((1.2, 4.2, 0.2), (d / 2 + 0.6, 0.0, z0 + 0.47 * h)), WHITE))
    parts.append((cylinder(3.2, roof, roof + 0.05, sides=16, center=(-0.5, 0.0)), (0.30, 0.32, 0.34, 1.0)))
    for y, sy, sx in ((-0.8, 0.3, 2.2), (0.8, 0.3, 2.2), (0.0, 1.9, 0.3)):
        parts.append((box((sx, sy, 0.04), (-0.5, y, roof + 0.07)), WHITE))
    return parts


def _school(look: Look, w: float, d: float, h: float, z0: float) -> list[Part]:
    """A bell tower on the roof: a base with a clock, an open belfry with a bell, a spire."""
    roof, x = z0 + h + 0.4, d / 2 - 2.2
    parts: list[Part] = [(box((3.2, 3.2, 2.4), (x, 0.0, roof + 1.2)), look.wall),
                         (cylinder(0.9, 0.0, 0.06, sides=16).apply_transform(
                             trimesh.transformations.rotation_matrix(np.pi / 2, (0, 1, 0)))
                          .apply_translation((x + 1.6, 0.0, roof + 1.3)), WHITE),
                         (box((0.05, 0.1, 0.7), (x + 1.68, 0.0, roof + 1.6)), DARK),
                         (box((0.05, 0.5, 0.1), (x + 1.68, 0.2, roof + 1.3)), DARK)]
    for sx in (-1, 1):
        for sy in (-1, 1):
            parts.append((box((0.35, 0.35, 1.8), (x + sx * 1.3, sy * 1.3, roof + 3.3)), look.trim))
    parts.append((box((3.2, 3.2, 0.3), (x, 0.0, roof + 4.35)), look.trim))
    parts.append((cylinder(0.55, roof + 2.7, roof + 3.6, sides=10, center=(x, 0.0)), look.sign))
    spire = [(x + sx * 1.9, sy * 1.9, roof + 4.5) for sx in (-1, 1) for sy in (-1, 1)] + [(x, 0.0, roof + 6.5)]
    parts.append((trimesh.convex.convex_hull(np.array(spire)), look.roof))
    return parts


DETAILS = {"library": _library, "grocery_store": _grocery, "police_station": _police,
           "gas_station": _gas, "hospital": _hospital, "school": _school}


def building(name: str) -> PieceModel:
    """One of the 6 buildings or the RV, resting on its blocks (heading 0: door toward +x)."""
    if name == "rv":
        return _rv()
    w, d, h, z0 = _size(name)
    look = LOOKS[name]
    top = z0 + h
    body = box((d, w, h), (0.0, 0.0, z0 + h / 2))
    roof = box((d + 0.4, w + 0.4, 0.4), (0.0, 0.0, top + 0.2))
    parts = [(body, look.wall), (roof, look.roof)] + _shell(look, w, d, h, z0) + DETAILS[name](look, w, d, h, z0)
    return finish("building", parts, [body, roof], mass=dims()["building"]["mass"], mass_solids=[body],
                  tags=frozenset({"building"}), anchors={"place": (0.0, 0.0, 0.0)})


# -- the RV ---------------------------------------------------------------------------------------

def _windshield(w: float, h: float, z0: float) -> tuple[tuple[float, float], tuple[float, float]]:
    """(y, z) of the bottom and top of the RV cab's sloping windshield."""
    return (w / 2 - 0.8, z0 + 0.38 * h), (w / 2 - 2.6, z0 + 0.65 * h)


def _rv_shapes(w: float, d: float, h: float, z0: float) -> dict[str, trimesh.Trimesh]:
    """The RV's solids: long along y with the cab at +y, its door side facing +x (the DOOR)."""
    cab_y = w / 2 - 5.0                     # where the coach ends and the cab begins
    bunk_z = z0 + 0.65 * h                  # underside of the over-cab bunk = cab roof
    coach = box((d, w / 2 + cab_y, h), (0.0, (cab_y - w / 2) / 2, z0 + h / 2))
    bunk = slab(np.array([[cab_y, bunk_z], [w / 2 - 2.0, bunk_z], [w / 2 - 1.4, bunk_z + 0.6],
                          [w / 2 - 1.4, z0 + h - 0.7], [w / 2 - 2.2, z0 + h], [cab_y, z0 + h]]),
                "x", -d / 2, d / 2)
    low, high = _windshield(w, h, z0)
    cab = slab(np.array([[cab_y, z0], [w / 2 - 0.4, z0], [w / 2, z0 + 0.6], [w / 2, z0 + 0.3 * h],
                         low, high, [cab_y, bunk_z]]),
               "x", -d / 2 + 0.3, d / 2 - 0.3)
    return {"coach": coach, "bunk": bunk, "cab": cab}


def _rv_sides(w: float, d: float, h: float, z0: float) -> list[Part]:
    """Windows, stripes, the entry door, cab glass, wheels, lights: visual dressing."""
    cab_y, half = w / 2 - 5.0, (d / 2, w / 2)
    stripe, stripe2 = RV_LOOK["stripe"], RV_LOOK["stripe2"]
    parts: list[Part] = []
    for face in ("+x", "-x"):
        for z, height, colour in ((z0 + 0.36 * h, 0.6, stripe), (z0 + 0.46 * h, 0.3, stripe2)):
            parts.append((_on_face(face, (cab_y - w / 2) / 2, z, w / 2 + cab_y, height, 0.04, half), colour))
        for y in (-w / 2 + 2.4, -w / 2 + 6.0, -w / 2 + 9.6):
            parts += _window(face, y, z0 + 0.66 * h, 2.6, 1.6, half, WHITE)
        sign = 1 if face == "+x" else -1
        side = np.array([[cab_y + 0.4, z0 + 0.40 * h], [w / 2 - 1.0, z0 + 0.40 * h],
                         [w / 2 - 2.5, z0 + 0.62 * h], [cab_y + 0.4, z0 + 0.62 * h]])
        parts.append((slab(side, "x", sign * (d / 2 - 0.3) - 0.05, sign * (d / 2 - 0.3) + 0.05), GLASS))
        parts.append((_on_face(face, w / 2 - 3.6, z0 + 0.83 * h, 1.6, 0.8, 0.04, half), GLASS))
        for y in (-w / 2 + 4.0, w / 2 - 2.6):      # wheels: discs along the sides, hubcaps
            hub = regular_polygon(1.5, 16) + (y, z0 + 0.5)
            parts.append((slab(hub, "x", sign * (d / 2 - 0.6), sign * (d / 2 + 0.2)), DARK))
            cap = regular_polygon(0.6, 12) + (y, z0 + 0.5)
            parts.append((slab(cap, "x", sign * (d / 2 + 0.1), sign * (d / 2 + 0.26)), (0.7, 0.7, 0.72, 1.0)))
    parts.append((_on_face("+x", cab_y - 1.4, z0 + 0.45 * h, 2.0, 0.84 * h, 0.06, half), DOOR))
    parts.append((_on_face("+x", cab_y - 1.4, z0 + 0.66 * h, 1.2, 1.2, 0.09, half), GLASS))
    low, high = np.array(_windshield(w, h, z0))          # the cab's sloping front, bottom to top
    out = np.array([high[1] - low[1], low[0] - high[0]]) / np.linalg.norm(high - low)
    a, b = low + 0.1 * (high - low), low + 0.9 * (high - low)
    glass = np.array([a, b, b + 0.06 * out, a + 0.06 * out])
    parts.append((slab(glass, "x", -d / 2 + 0.8, d / 2 - 0.8), GLASS))
    for y, colour in ((w / 2 + 0.03, (1.0, 0.95, 0.7, 1.0)), (-w / 2 - 0.03, (0.85, 0.1, 0.1, 1.0))):
        for x in (-d / 2 + 1.0, d / 2 - 1.0):
            parts.append((box((1.0, 0.1, 0.6), (x, y, z0 + 0.2 * h if y > 0 else z0 + 0.3 * h)), colour))
    parts.append((box((0.2, 0.1, 0.8 * h), (-1.2, -w / 2 - 0.08, z0 + 0.5 * h)), (0.7, 0.7, 0.72, 1.0)))
    parts.append((box((3.0, 3.6, 0.8), (-1.0, -w / 4, z0 + h + 0.4)), (0.86, 0.86, 0.84, 1.0)))
    return parts


def _rv_awning(w: float, d: float, h: float, z0: float) -> tuple[trimesh.Trimesh, list[Part], dict]:
    """The rolled-out awning on the door side (+x) with the round track: 7 spaces and the skull
    (round_0); anchors "round_N" = top centre of each space, where the time marker rests."""
    reach, top_z = 2.5, z0 + h - 0.5
    y0, y1 = -w / 2 + 1.0, w / 2 - 6.0
    awning = box((reach, y1 - y0, 0.2), (d / 2 + reach / 2, (y0 + y1) / 2, top_z - 0.1))
    parts: list[Part] = [(box((0.2, y1 - y0 + 0.1, 0.35), (d / 2 + reach, (y0 + y1) / 2, top_z - 0.15)),
                          RV_LOOK["stripe"])]
    for y in (y0 + 0.3, y1 - 0.3):        # struts from the awning's edge down to the wall
        strut = np.array([[d / 2 + reach - 0.2, top_z - 0.2], [d / 2 + reach - 0.05, top_z - 0.2],
                          [d / 2 + 0.1, z0 + 0.3 * h], [d / 2, z0 + 0.3 * h]])
        parts.append((slab(strut, "y", y - 0.08, y + 0.08), (0.7, 0.7, 0.72, 1.0)))
    anchors = {}
    pitch = (y1 - y0) / 8
    for k in range(8):                    # round_7 at the back end ... round_0 (skull) at the front
        y, x = y0 + pitch * (k + 0.5), d / 2 + reach / 2
        skull = k == 7
        parts.append((box((1.2, pitch - 0.25, 0.02), (x, y, top_z + 0.01)), DARK if skull else WHITE))
        mark = digits_mesh("X" if skull else str(7 - k), 0.6, 0.02)
        mark.apply_transform(trimesh.transformations.rotation_matrix(np.pi / 2, (0, 0, 1)))
        parts.append((mark.apply_translation((x, y, top_z + 0.02)), WHITE if skull else DARK))
        anchors[f"round_{7 - k}"] = (x, y, top_z)
    return awning, parts, anchors


def _rv() -> PieceModel:
    w, d, h, z0 = _size("rv")
    solids = _rv_shapes(w, d, h, z0)
    awning, awning_parts, anchors = _rv_awning(w, d, h, z0)
    parts: list[Part] = [(solids["coach"], RV_LOOK["body"]), (solids["bunk"], RV_LOOK["body"]),
                         (solids["cab"], RV_LOOK["body"]), (awning, RV_LOOK["awning"])]
    parts += _rv_sides(w, d, h, z0) + awning_parts
    anchors["place"] = (0.0, 0.0, 0.0)
    mass_solids = [solids["coach"], solids["bunk"], solids["cab"]]
    return finish("building", parts, [*mass_solids, awning], mass=dims()["rv"]["mass"],
                  mass_solids=mass_solids, tags=frozenset({"building", "rv"}), anchors=anchors)
