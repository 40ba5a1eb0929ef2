"""Tail Feathers figures: birds on their flying bases (with pilots riding them) and the ground
mice and rats (rulebook "Assembly" and components list).

A bird base is a disc with a raised facing line along +x (the beak always points along it), a
coloured ID ring with the blue notch at the back, and a stand ending in the ball socket. The bird
pivots about the ball: ``tilt`` "left"/"right" banks it by the house ``tilt_angle`` about the
facing axis, "center" is level, "launch" points the beak up by ``launch_angle`` (a launching bird);
the tilt marker (tilt_marker.py) on the base and the stand shows left, center or right in colour.
Anchors (table frame of the rest pose): ball, beak, tail, wing_left, wing_right, place (base centre).
"""
from __future__ import annotations

import numpy as np

from feltbox.models.base import PieceModel, box, convex_prism, cylinder, finish
from feltbox.models.lazy import trimesh
from feltbox.models.tailfeathers import tf_dims, tilt_marker

TILTS = ("left", "center", "right", "launch")
RINGS = {"red": (0.85, 0.15, 0.12, 1.0), "blue": (0.15, 0.35, 0.85, 1.0), "green": (0.15, 0.65, 0.25, 1.0),
         "yellow": (0.95, 0.82, 0.15, 1.0), "purple": (0.55, 0.25, 0.70, 1.0), "orange": (0.95, 0.50, 0.10, 1.0)}
# name -> alliance, body, wing, belly, beak, beak length factor (hook beak and rook: longer)
BIRDS = {
    "aerijin": ("mouse", (0.25, 0.45, 0.85), (0.15, 0.30, 0.70), (0.92, 0.92, 0.95), (0.15, 0.15, 0.15), 1.0),
    "sienna": ("mouse", (0.22, 0.20, 0.30), (0.30, 0.25, 0.40), (0.55, 0.50, 0.60), (0.85, 0.75, 0.20), 1.1),
    "valchirp": ("mouse", (0.25, 0.30, 0.25), (0.20, 0.35, 0.30), (0.60, 0.62, 0.55), (0.85, 0.75, 0.20), 1.1),
    "grizzard": ("rat", (0.08, 0.08, 0.10), (0.12, 0.12, 0.16), (0.25, 0.25, 0.28), (0.70, 0.70, 0.68), 1.4),
    "wrunk": ("rat", (0.40, 0.28, 0.18), (0.30, 0.20, 0.12), (0.75, 0.65, 0.50), (0.90, 0.70, 0.20), 1.5),
}
PILOTS = {"zure": "mouse", "snibble": "mouse", "wella": "mouse", "snag": "rat", "chumjaw": "rat"}
FUR = {"mouse": (0.62, 0.48, 0.36, 1.0), "rat": (0.38, 0.36, 0.34, 1.0)}
CLOAK = {"mouse": (0.20, 0.45, 0.25, 1.0), "rat": (0.60, 0.15, 0.12, 1.0)}
PINK, DARK, STAND = (0.92, 0.65, 0.65, 1.0), (0.06, 0.06, 0.06, 1.0), (0.75, 0.78, 0.80, 1.0)


def _rgba(c) -> tuple:
    return (*c[:3], 1.0)


def _ellipsoid(radii, centre, subdivisions: int = 2) -> trimesh.Trimesh:
    mesh = trimesh.creation.icosphere(subdivisions, 1.0)
    mesh.apply_scale(radii)
    mesh.apply_translation(centre)
    return mesh


def _flat(poly, z: float, t: float) -> trimesh.Trimesh:
    return convex_prism(np.asarray(poly, float), z - t / 2, z + t / 2)


def tilt_rotation(tilt: str) -> np.ndarray:
    """The bird's rotation about its ball socket (3x3) for a tilt position."""
    b = tf_dims()["bird"]
    if tilt in ("left", "right"):
        a = np.radians(b["tilt_angle"]) * (-1 if tilt == "left" else 1)   # left: left wing (+y) down
        return np.array([[1, 0, 0], [0, np.cos(a), -np.sin(a)], [0, np.sin(a), np.cos(a)]])
    if tilt == "launch":
        a = -np.radians(b["launch_angle"])                                  # beak (+x) up
        return np.array([[np.cos(a), 0, np.sin(a)], [0, 1, 0], [-np.sin(a), 0, np.cos(a)]])
    if tilt == "center":
        return np.eye(3)
    raise ValueError(f"tilt must be one of {TILTS}, got {tilt!r}")


def rodent_parts(alliance: str, scale: float = 1.0, role: str = "squad") -> list[tuple[trimesh.Trimesh, tuple]]:
    """A mouse or rat standing on z = 0, facing +x, ``scale`` x the small-figure height."""
    h = tf_dims()["rodent"]["height"] * scale
    fur, cloak = FUR[alliance], CLOAK[alliance]
    rat = alliance == "rat"
    parts = [(_ellipsoid((0.26 * h, 0.22 * h, 0.30 * h), (0, 0, 0.32 * h)), fur),
             (_ellipsoid((0.28 * h, 0.25 * h, 0.16 * h), (-0.02 * h, 0, 0.42 * h), 1), cloak),
             (_ellipsoid((0.20 * h, 0.17 * h, 0.17 * h), (0.06 * h, 0, 0.70 * h)), fur),
             (_ellipsoid((0.16 * h, 0.07 * h, 0.07 * h) if rat else (0.10 * h, 0.07 * h, 0.07 * h),
                         ((0.30 if rat else 0.24) * h, 0, 0.66 * h), 1), fur),
             (_ellipsoid((0.03 * h,) * 3, ((0.45 if rat else 0.33) * h, 0, 0.67 * h), 1), PINK)]
    ear = (0.05, 0.09, 0.09) if rat else (0.03, 0.13, 0.13)
    for side in (-1, 1):
        parts.append((_ellipsoid(tuple(e * h for e in ear), (0.02 * h, side * 0.13 * h, 0.88 * h), 1),
                      PINK if not rat else fur))
        parts.append((_ellipsoid((0.025 * h,) * 3, (0.22 * h, side * 0.08 * h, 0.76 * h), 1), DARK))
    for k in range(4):                                   # a curling tail behind
        parts.append((box((0.22 * h, 0.04 * h, 0.04 * h), (-(0.28 + 0.18 * k) * h, 0.05 * k * h, 0.06 * h)),
                      PINK if rat else fur))
    if role == "hero":
        parts.append((cylinder(0.03 * h, 0.0, 1.15 * h, 6, (0.18 * h, -0.25 * h)), (0.45, 0.32, 0.18, 1.0)))
        parts.append((_ellipsoid((0.04 * h, 0.04 * h, 0.12 * h), (0.18 * h, -0.25 * h, 1.2 * h), 1), STAND))
    elif rat:                                            # squad spear
        parts.append((cylinder(0.025 * h, 0.0, 1.0 * h, 6, (0.15 * h, -0.24 * h)), (0.45, 0.32, 0.18, 1.0)))
    else:                                                # Oakguard bow
        for k in range(5):
            a = np.radians(-60 + 30 * k)
            parts.append((box((0.04 * h, 0.04 * h, 0.2 * h),
                              (0.22 * h + 0.15 * h * np.cos(a) - 0.1 * h, -0.24 * h, 0.45 * h + 0.3 * h * np.sin(a))),
                          (0.50, 0.34, 0.16, 1.0)))
    return parts


def rodent(alliance: str = "mouse", role: str = "squad") -> PieceModel:
    """A ground figure on a small round base: a squad mouse or rat, or the rat hero (bigger)."""
    r = tf_dims()["rodent"]
    scale = r["hero_scale"] if role == "hero" else 1.0
    base = cylinder(r["base_radius"] * scale, 0.0, r["base_height"])
    parts = [(base, (0.22, 0.20, 0.18, 1.0))]
    body = []
    for mesh, colour in rodent_parts(alliance, scale, role):
        mesh = mesh.copy()
        mesh.apply_translation((0, 0, r["base_height"]))
        parts.append((mesh, colour))
        body.append(mesh)
    hull = trimesh.util.concatenate(body).convex_hull
    return finish(f"tf_{alliance}_{role}", parts, [base, hull], mass=r["mass"] * scale ** 3,
                  mass_solids=[base, hull], tags=frozenset({"figure", "ground", alliance, role}),
                  anchors={"place": (0.0, 0.0, 0.0)})


def bird(name: str = "aerijin", tilt: str = "center", pilot: str = "", ring: str = "blue") -> PieceModel:
    """A bird figure on its base (facing +x), optionally with its pilot riding it, at ``tilt``."""
    b = tf_dims()["bird"]
    alliance, body_c, wing_c, belly_c, beak_c, beak_f = BIRDS[name]
    R = tilt_rotation(tilt)
    ball = np.array([0.0, 0.0, b["stand_height"]])
    rb, hb, L, span = b["base_radius"], b["base_height"], b["length"], b["wingspan"]
    base = cylinder(rb, 0.0, hb, 24)
    stand = cylinder(0.3, hb, ball[2], 10)
    parts = [(base, (0.20, 0.20, 0.22, 1.0)),
             (cylinder(rb + 0.15, 0.08, hb - 0.12, 24), RINGS[ring]),                   # ID ring
             (box((0.3, 0.5, hb - 0.16), (-rb - 0.12, 0.0, hb / 2)), (0.10, 0.25, 0.90, 1.0)),  # notch
             (box((rb * 0.85, 0.28, 0.16), (rb * 0.55, 0.0, hb + 0.08)), (0.90, 0.88, 0.80, 1.0)),  # line
             (stand, STAND), (_ellipsoid((0.55,) * 3, ball, 1), STAND)]
    parts += tilt_marker.marker_parts(tilt, hb, 0.3, ball[2] - 0.55)      # drawn only: reads the tilt
    local = [(_ellipsoid((0.36 * L, 0.16 * L, 0.17 * L), (0, 0, 0.95)), _rgba(body_c)),
             (_ellipsoid((0.28 * L, 0.13 * L, 0.1 * L), (0.1 * L, 0, 0.55)), _rgba(belly_c)),
             (_ellipsoid((0.13 * L,) * 3, (0.34 * L, 0, 1.75)), _rgba(body_c)),
             (trimesh.convex.convex_hull(np.array(
                 [[0.42 * L, 0.15, 1.85], [0.42 * L, -0.15, 1.85], [0.42 * L, 0, 1.55],
                  [(0.42 + 0.12 * beak_f) * L, 0, 1.68 - 0.1 * (beak_f - 1)]])), _rgba(beak_c))]
    for side in (-1, 1):
        wing = np.array([[0.18 * L, 0.12 * L], [0.06 * L, span / 2], [-0.14 * L, span / 2 * 0.92],
                         [-0.2 * L, 0.1 * L]]) * [1, side]
        local.append((_flat(wing, 1.2, 0.22), _rgba(wing_c)))
        local.append((_ellipsoid((0.03 * L,) * 3, (0.41 * L, side * 0.09 * L, 1.95), 1), DARK))
    tail = np.array([[-0.3 * L, 0.08 * L], [-0.62 * L, 0.17 * L], [-0.64 * L, -0.17 * L], [-0.3 * L, -0.08 * L]])
    local.append((_flat(tail, 0.9, 0.16), _rgba(wing_c)))
    if pilot:
        if PILOTS.get(pilot) is None:
            raise ValueError(f"unknown pilot {pilot!r} (known: {', '.join(PILOTS)})")
        for mesh, colour in rodent_parts(PILOTS[pilot], 0.8, "pilot"):
            mesh = mesh.copy()
            mesh.apply_translation((0.02 * L, 0.0, 1.45))
            local.append((mesh, colour))
    transform = np.eye(4)
    transform[:3, :3], transform[:3, 3] = R, ball
    body = []
    for mesh, colour in local:
        mesh = mesh.copy()
        mesh.apply_transform(transform)
        parts.append((mesh, colour))
        body.append(mesh)
    hull = trimesh.util.concatenate(body).convex_hull
    anchors = {name: tuple(R @ np.asarray(p) + ball) for name, p in
               (("beak", ((0.42 + 0.12 * beak_f) * L, 0, 1.68)), ("tail", (-0.63 * L, 0, 0.9)),
                ("wing_left", (0.06 * L, span / 2, 1.2)), ("wing_right", (0.06 * L, -span / 2, 1.2)))}
    anchors.update(ball=tuple(ball), place=(0.0, 0.0, 0.0))
    return finish("tf_bird", parts, [base, stand, hull], mass=b["mass"], mass_solids=[base, stand, hull],
                  tags=frozenset({"figure", "bird", alliance}), anchors=anchors)
