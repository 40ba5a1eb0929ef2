"""Survivor and zombie figures (rulebook MATERIAL: 11 survivors with backpacks, 18 zombies).

Dead of Winter figures are flat plastic figures with stickers on both sides, standing on a round
base. Each is a base prism plus a silhouette built from convex slabs (legs, torso, arms, head)
extruded through the figure's thickness; it faces +x. Physics uses the base and ONE convex hull
of the body (physics-notes §0.3), with the origin at the centre of mass and the mesh inertia.
A survivor carries a backpack on its back (-x): the colour on top says whether it is available
this round (rulebook BACKPACKS), and its number is on the back.
"""
from __future__ import annotations

import numpy as np

from feltbox.models.base import PieceModel, box, cylinder, finish, rect, slab
from feltbox.models.dimensions import dims
from feltbox.models.glyphs import digits_mesh, facing
from feltbox.models.lazy import trimesh

DAY, NIGHT = (0.96, 0.74, 0.18, 1.0), (0.16, 0.24, 0.62, 1.0)
SKIN = (0.93, 0.76, 0.62, 1.0)
BASE = (0.18, 0.18, 0.2, 1.0)
SURVIVOR_COLOURS = [(0.72, 0.20, 0.18, 1.0), (0.20, 0.45, 0.70, 1.0), (0.30, 0.55, 0.25, 1.0),
                    (0.55, 0.35, 0.65, 1.0), (0.85, 0.50, 0.15, 1.0), (0.15, 0.55, 0.55, 1.0),
                    (0.70, 0.60, 0.30, 1.0), (0.45, 0.30, 0.20, 1.0), (0.80, 0.35, 0.55, 1.0),
                    (0.35, 0.35, 0.40, 1.0), (0.60, 0.15, 0.30, 1.0)]
ZOMBIE_SKIN = [(0.50, 0.60, 0.42, 1.0), (0.45, 0.52, 0.50, 1.0), (0.58, 0.58, 0.40, 1.0)]
ZOMBIE_RAGS = (0.33, 0.30, 0.28, 1.0)
NUMBER_PATCH, NUMBER_INK = (0.93, 0.90, 0.80, 1.0), (0.50, 0.03, 0.03, 1.0)


def _person(pose: str) -> list[tuple[np.ndarray, str]]:
    """Silhouette pieces (polygon in the (y, z) plane, part name) of a 1-unit-tall person."""
    legs = [(rect(-0.16, 0.0, -0.03, 0.45), "legs"), (rect(0.03, 0.0, 0.16, 0.45), "legs")]
    torso = [(np.array([[-0.2, 0.44], [0.2, 0.44], [0.22, 0.78], [-0.22, 0.78]]), "torso")]
    head = [(np.array([[-0.1, 0.80], [0.1, 0.80], [0.12, 0.9], [0.08, 1.0], [-0.08, 1.0],
                       [-0.12, 0.9]]), "head")]
    if pose == "upright":
        arms = [(rect(-0.3, 0.48, -0.22, 0.77), "arms"), (rect(0.22, 0.48, 0.3, 0.77), "arms")]
    elif pose == "reaching":     # zombie design 1: arms raised forward-up
        arms = [(np.array([[-0.3, 0.6], [-0.22, 0.62], [-0.26, 0.95], [-0.34, 0.93]]), "arms"),
                (np.array([[0.22, 0.62], [0.3, 0.6], [0.34, 0.93], [0.26, 0.95]]), "arms")]
    elif pose == "lurching":     # design 2: one arm up, one hanging low
        arms = [(np.array([[-0.3, 0.45], [-0.22, 0.47], [-0.22, 0.77], [-0.3, 0.74]]), "arms"),
                (np.array([[0.22, 0.66], [0.3, 0.64], [0.4, 0.92], [0.32, 0.95]]), "arms")]
    else:                        # design 3: hunched, arms wide
        arms = [(np.array([[-0.22, 0.55], [-0.22, 0.72], [-0.42, 0.62], [-0.42, 0.52]]), "arms"),
                (np.array([[0.22, 0.55], [0.42, 0.52], [0.42, 0.62], [0.22, 0.72]]), "arms")]
    return legs + torso + head + arms


def _figure(kind: str, pose: str, colours: dict[str, tuple], extra: list, tags: set[str]) -> PieceModel:
    f = dims()["figure"]
    height, base_h, t = f["height"], f["base_height"], f["body_thickness"]
    base = cylinder(f["base_diameter"] / 2, 0.0, base_h)
    scale = np.array([f["body_width"] / 0.6, height - base_h])
    parts = [(base, BASE)]
    body_meshes = []
    for poly, name in _person(pose):
        mesh = slab(poly * scale + (0.0, base_h), "x", -t / 2, t / 2)
        parts.append((mesh, colours[name]))
        body_meshes.append(mesh)
    parts.extend(extra)
    body_hull = trimesh.util.concatenate(body_meshes).convex_hull
    mass_solids = [base] + body_meshes
    return finish(kind, parts, [base, body_hull], mass=f["mass"], mass_solids=mass_solids,
                  tags=frozenset(tags), friction=0.5,
                  anchors={"head": (0.0, 0.0, height), "base": (0.0, 0.0, 0.0)})


def _backpack(number: int, state: str) -> list[tuple[trimesh.Trimesh, tuple]]:
    """A two-colour backpack on the figure's back; the current round's colour is on top."""
    f, b = dims()["figure"], dims()["backpack"]
    x1 = -f["body_thickness"] / 2
    x0 = x1 - b["depth"]
    zc = f["base_height"] + 0.62 * (f["height"] - f["base_height"])
    top, bottom = (DAY, NIGHT) if state == "day" else (NIGHT, DAY)
    upper = box((b["depth"], b["width"], b["height"] / 2), ((x0 + x1) / 2, 0, zc + b["height"] / 4))
    lower = box((b["depth"], b["width"], b["height"] / 2), ((x0 + x1) / 2, 0, zc - b["height"] / 4))
    digits = facing(digits_mesh(str(number), b["height"] * 0.45, 0.04), "-x", (x0, 0.0, zc - b["height"] / 4))
    return [(upper, top), (lower, bottom), (digits, (0.98, 0.98, 0.98, 1.0))]


def survivor(number: int, name: str = "", backpack: str = "day") -> PieceModel:
    """Survivor ``number`` (1-11): upright, in its own colour, backpack on the back."""
    if backpack not in ("day", "night"):
        raise ValueError(f"backpack must be 'day' or 'night', got {backpack!r}")
    cloth = SURVIVOR_COLOURS[(number - 1) % len(SURVIVOR_COLOURS)]
    colours = {"legs": (0.2, 0.22, 0.3, 1.0), "torso": cloth, "arms": cloth, "head": SKIN}
    return _figure("survivor", "upright", colours, _backpack(number, backpack), {"figure", "survivor"})


def zombie(number: int, design: int = 1) -> PieceModel:
    """Zombie ``number`` (1-18) in one of the 3 sticker designs (rulebook ASSEMBLY: stickers on
    both sides), its number big on a pale patch on the chest and back and again on the base in
    front of and behind the feet, so it reads from above as well as from the side."""
    if design not in (1, 2, 3):
        raise ValueError(f"zombie design must be 1, 2 or 3, got {design!r}")
    skin = ZOMBIE_SKIN[design - 1]
    colours = {"legs": ZOMBIE_RAGS, "torso": (0.40, 0.36, 0.34, 1.0), "arms": skin, "head": skin}
    pose = {1: "reaching", 2: "lurching", 3: "hunched"}[design]
    return _figure("zombie", pose, colours, _zombie_numbers(number), {"figure", "zombie"})


def _zombie_numbers(number: int) -> list[tuple[trimesh.Trimesh, tuple]]:
    """The number on a patch on both faces of the body, and printed on the base's top."""
    f = dims()["figure"]
    text, half_t = str(number), f["body_thickness"] / 2
    chest_z = f["base_height"] + 0.62 * (f["height"] - f["base_height"])
    # the digits start inside the patch, so the patch's face never meets the digits' back
    # as big as the sticker can be (over the arms: the sticker covers the whole figure) and bold
    label = digits_mesh(text, 1.25, 0.03, weight=0.2).apply_translation((0.0, 0.0, 0.005))
    patch = box((1.95, 1.6, 0.02), (0.0, 0.0, 0.01))
    parts = []
    for normal, x in (("+x", half_t), ("-x", -half_t)):
        parts += [(facing(patch, normal, (x, 0.0, chest_z)), NUMBER_PATCH),
                  (facing(label, normal, (x, 0.0, chest_z)), NUMBER_INK)]
    # on the base: the number's top toward the figure's front in front, toward its back behind
    foot = digits_mesh(text, 0.74, 0.03, weight=0.2)
    gap = (f["base_diameter"] / 2 + half_t) / 2
    for sign in (1, -1):
        on_base = foot.copy()
        on_base.apply_transform(trimesh.transformations.rotation_matrix(-sign * np.pi / 2, (0, 0, 1)))
        on_base.apply_translation((sign * gap, 0.0, f["base_height"]))
        parts.append((on_base, NUMBER_PATCH))
    return parts
