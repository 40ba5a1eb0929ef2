"""Tail Feathers terrain: tree overlays, the sapling, leaves, nests and nest dials, the battlefield
axis marker and mission cards (rulebook "Other Components").

A tree overlay is built from :func:`models.tailfeathers.shapes.overlay_shape`: each space is its
own flat prism at its own height in its own tint (the rulebook: "spaces are determined by
noticeable differences in color and texture"), with an inset of a lighter shade on top for a
texture-like look; the trunk is a solid column in the middle (the collision solid), drawn rising
on into boughs and a layered canopy high above the spaces (canopy.py, drawn only). Overlays are static pieces whose
``place`` anchor is the trunk centre, so a scene's (x, y) is where the trunk stands.
"""
from __future__ import annotations

import numpy as np

from feltbox.models.base import PieceModel, Print, box, convex_prism, cylinder, finish, regular_polygon
from feltbox.models.glyphs import digits_mesh
from feltbox.models.lazy import trimesh
from feltbox.models.tailfeathers import canopy, printing, tf_dims
from feltbox.models.tailfeathers.shapes import leaf_polygon, overlay_shape, tip_frame

# Space tints: rings (bark, moss, pale wood), branch segments (two woods), a spare ring tint.
PALETTE = [(0.45, 0.30, 0.18, 1.0), (0.36, 0.48, 0.20, 1.0), (0.70, 0.56, 0.36, 1.0),
           (0.55, 0.38, 0.22, 1.0), (0.62, 0.50, 0.30, 1.0), (0.42, 0.40, 0.28, 1.0)]
LEAF_SIDES = {"green": (0.28, 0.60, 0.18, 1.0), "orange": (0.90, 0.48, 0.10, 1.0)}
ALLIANCE = {"mouse": (0.22, 0.42, 0.75, 1.0), "rat": (0.70, 0.16, 0.14, 1.0)}
WHITE = (0.95, 0.95, 0.92, 1.0)
PRINT_LIFT = 0.004     # a print lies this far above its face (as the Snowbirds mat's)
MISSIONS = printing.ORDER


def _lighter(colour, f: float = 0.18):
    return tuple(min(1.0, max(0.0, c + f)) for c in colour[:3]) + (1.0,)


def _inset(poly: np.ndarray, scale: float) -> np.ndarray:
    c = poly.mean(axis=0)
    return c + (poly - c) * scale


def build_overlay(name: str) -> PieceModel:
    """Tree overlay (oak, elm, ash, beech) or the sapling: spaces around a trunk column."""
    shape = overlay_shape(name)
    parts, solids = [], []
    for space in shape.spaces:
        colour = PALETTE[space.tint]
        slab = convex_prism(space.polygon, 0.0, space.height)
        parts.append((slab, colour))
        parts.append((convex_prism(_inset(space.polygon, 0.62), space.height, space.height + 0.03),
                      _lighter(colour, 0.1)))
        solids.append(slab)
        # a dark skirt a hair outside the slab and under its top: the step to a lower neighbour
        # shows as a dark edge, so the spaces' levels read from across the table
        grow = 1.0 + 0.04 / float(np.linalg.norm(space.polygon - space.polygon.mean(axis=0), axis=1).min())
        parts.append((convex_prism(_inset(space.polygon, grow), 0.0, space.height - 0.04), _lighter(colour, -0.16)))
    trunk = convex_prism(shape.trunk, 0.0, shape.trunk_height)          # the rules' solid column
    solids.append(trunk)
    sapling = name == "sapling"
    column, upper = canopy.trunk_parts(shape, sapling)
    parts += column
    drawn_only = upper + canopy.crown_parts(shape, sapling)      # the pointer passes through these
    see_through = frozenset(range(len(parts), len(parts) + len(drawn_only)))
    parts += drawn_only
    return finish(f"tf_{'sapling' if name == 'sapling' else 'tree'}", parts, solids, static=True, see_through=see_through,
                  tags=frozenset({"terrain", "overlay"}), friction=0.7, anchors={"place": (0.0, 0.0, 0.0)})


def tree(overlay: str = "oak") -> PieceModel:
    return build_overlay(overlay)


def sapling() -> PieceModel:
    return build_overlay("sapling")


def leaf(side: str = "green") -> PieceModel:
    """A leaf with its stem, lying flat; the stem end (its connecting point) is the ``place``
    anchor and the leaf points along +x. ``side`` is the face up: green or orange."""
    d = tf_dims()["leaf"]
    tip = ((0.0, -1.0), (0.0, 1.0))                  # a branch tip along the y axis at x = 0
    poly = leaf_polygon(tip)
    h = d["height"]
    body = convex_prism(poly, 0.0, h)
    other = "orange" if side == "green" else "green"
    parts = [(body, LEAF_SIDES[side]),
             (convex_prism(poly * [1, 0.96], -0.001, 0.02), LEAF_SIDES[other]),
             (box((d["length"] * 0.9, 0.12, 0.04), (d["stem"] + d["length"] * 0.45, 0.0, h + 0.02)),
              _lighter(LEAF_SIDES[side], 0.25)),
             (box((d["stem"] + 0.3, 0.25, h), ((d["stem"] + 0.3) / 2, 0.0, h / 2)), (0.45, 0.35, 0.15, 1.0))]
    hole = cylinder(0.22, h, h + 0.02, 8, (d["stem"] + d["length"] * 0.93, 0.0))
    parts.append((hole, (0.1, 0.1, 0.08, 1.0)))       # the range finder's spin hole at the tip
    return finish("tf_leaf", parts, [body], mass=0.6, tags=frozenset({"terrain", "leaf"}),
                  anchors={"place": (0.0, 0.0, 0.0)})


def nest(owner: str = "mouse") -> PieceModel:
    """A woven nest: an octagonal bowl (the nest space) with a rim in twigs and the owner's pennant.
    Its ``place`` anchor is the middle of the edge that rests on the branch tip; it faces +x."""
    d = tf_dims()["nest"]
    r = d["radius"]
    apothem = r * np.cos(np.pi / 8)
    octagon = regular_polygon(r, 8, np.pi / 8) + (apothem, 0.0)
    floor = convex_prism(octagon, 0.0, d["floor"])
    parts = [(floor, (0.52, 0.40, 0.22, 1.0))]
    straw = [(0.62, 0.50, 0.28, 1.0), (0.48, 0.36, 0.18, 1.0)]
    for k, (a, b) in enumerate(zip(octagon, np.roll(octagon, -1, axis=0))):
        c = (a + b) / 2
        inward = (np.array([apothem, 0.0]) - c) / np.linalg.norm(np.array([apothem, 0.0]) - c)
        poly = np.array([a, b, b + inward * 0.9, a + inward * 0.9])
        parts.append((convex_prism(poly, d["floor"], d["height"] - 0.2 * (k % 2)), straw[k % 2]))
    for k in range(5):                                   # eggs
        ang = 2 * np.pi * k / 5
        egg = trimesh.creation.icosphere(1, 0.45)
        egg.apply_scale((1.0, 1.0, 1.25))
        egg.apply_translation((apothem + 1.2 * np.cos(ang), 1.2 * np.sin(ang), d["floor"] + 0.5))
        parts.append((egg, (0.88, 0.90, 0.80, 1.0)))
    parts.append((cylinder(0.08, d["floor"], d["height"] + 2.2, 6, (apothem + r * 0.7, 0.0)), (0.3, 0.2, 0.1, 1.0)))
    parts.append((box((0.05, 1.2, 0.8), (apothem + r * 0.7, 0.6, d["height"] + 1.7)), ALLIANCE[owner]))
    return finish("tf_nest", parts, [floor], static=True, tags=frozenset({"terrain", "nest"}),
                  anchors={"place": (0.0, 0.0, 0.0)})


def nest_dial(life: int = 10, owner: str = "mouse") -> PieceModel:
    """The nest dial: a disc in the alliance colour with its window showing the nest's life."""
    d = tf_dims()["nest_dial"]
    disc = cylinder(d["diameter"] / 2, 0.0, d["height"], 24)
    window = box((d["diameter"] * 0.55, d["diameter"] * 0.4, 0.04), (0.0, 0.0, d["height"] + 0.02))
    digits = digits_mesh(str(life), d["diameter"] * 0.28, 0.05)
    digits.apply_translation((0.0, 0.0, d["height"] + 0.04))
    parts = [(disc, ALLIANCE[owner]), (window, WHITE), (digits, (0.1, 0.1, 0.1, 1.0))]
    return finish("tf_nest_dial", parts, [disc], mass=5.0, tags=frozenset({"token", "dial"}))


def axis_marker() -> PieceModel:
    """The battlefield axis marker: a flat four-armed star with a raised arrow pointing +x."""
    d = tf_dims()["axis_marker"]
    s, h = d["size"], d["height"]
    hub = cylinder(s * 0.18, 0.0, h, 16)
    parts, solids = [(hub, (0.85, 0.75, 0.45, 1.0))], [hub]
    for k in range(4):
        c, sn = np.cos(k * np.pi / 2), np.sin(k * np.pi / 2)
        arm = np.array([[s * 0.12, -s * 0.1], [s * 0.5, 0.0], [s * 0.12, s * 0.1]]) @ np.array([[c, sn], [-sn, c]])
        solid = convex_prism(arm, 0.0, h)
        # the red arm (+x) stands 0.2 mm proud where it runs over the hub, so the two never z-fight
        visual = solid if k else convex_prism(arm, 0.0, h + 0.02)
        parts.append((visual, (0.85, 0.75, 0.45, 1.0) if k else (0.75, 0.2, 0.15, 1.0)))
        solids.append(solid)
    parts.append((cylinder(s * 0.08, h, h + 0.05, 12), (0.3, 0.2, 0.1, 1.0)))
    return finish("tf_axis_marker", parts, [convex_prism(np.vstack([p.vertices[:, :2] for p in solids]), 0.0, h)],
                  mass=3.0, tags=frozenset({"token", "axis"}))


def mission_card(alliance: str = "mouse", mission: str = "decoy", face: str = "down") -> PieceModel:
    """A mission card lying flat, printed (printing.py): face down its alliance's back, face up the
    mission's title, resolution order and what it does. The text reads along +x."""
    d = tf_dims()["mission_card"]
    card = box((d["length"], d["width"], d["height"]), (0.0, 0.0, d["height"] / 2))
    image = printing.mission_back(alliance) if face == "down" else printing.mission_face(alliance, mission)
    hx, hy, z = d["length"] / 2, d["width"] / 2, d["height"] + PRINT_LIFT
    corners = np.array([[-hx, -hy, z], [hx, -hy, z], [hx, hy, z], [-hx, hy, z]])
    colour = ALLIANCE[alliance] if face == "down" else (0.92, 0.88, 0.78, 1.0)
    return finish("tf_mission", [(card, colour)], [card], mass=1.8, prints=[Print(corners, image)],
                  tags=frozenset({"mission"}))      # not "card": the card layer draws those (models/cards.py)


def tip_pose(tip, x: float, y: float, rotation: float) -> tuple[float, float, float]:
    """Table (x, y, heading) of a branch tip's connecting point, heading pointing outwards."""
    mid, out, _ = tip_frame(tip)
    c, s = np.cos(np.radians(rotation)), np.sin(np.radians(rotation))
    px, py = c * mid[0] - s * mid[1] + x, s * mid[0] + c * mid[1] + y
    return float(px), float(py), float(np.degrees(np.arctan2(out[1], out[0])) + rotation)
