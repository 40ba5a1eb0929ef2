"""The car, the ice cream truck and the pickup truck (rulebook MATERIAL: 4 VEHICLES; all but the RV
are standees slotted into one of the 6 plastic stands; glossary OBJECT: they are obstacles).

Each is a side-view standee: a silhouette in the x-z plane (length along x, front toward +x,
height z) extruded through the vehicle's ``thickness`` along y, assembled from convex pieces
(body, cab, wheels as 16-gon prisms along y), standing in a flat stand. Collision = the stand plus
one hull per silhouette piece, so the pickup's cab and bed keep their step; glass, lights, stripes
and hubcaps are visual only and stand out of the silhouette by at most 1.5 mm.
"""
from __future__ import annotations

import numpy as np

from feltbox.models.base import RGBA, Part, PieceModel, box, finish, regular_polygon, slab
from feltbox.models.dimensions import dims
from feltbox.models.lazy import trimesh

TYRE, HUB, GLASS = (0.08, 0.08, 0.09, 1.0), (0.72, 0.72, 0.74, 1.0), (0.50, 0.66, 0.78, 1.0)
DARK = (0.12, 0.12, 0.13, 1.0)
HEADLIGHT, TAILLIGHT = (1.0, 0.95, 0.70, 1.0), (0.85, 0.10, 0.10, 1.0)
PAINT = {"car": (0.18, 0.34, 0.74, 1.0), "ice_cream_truck": (0.97, 0.95, 0.91, 1.0),
         "pickup_truck": (0.66, 0.14, 0.11, 1.0)}
PINK, SKY, CONE = (0.95, 0.52, 0.68, 1.0), (0.52, 0.78, 0.95, 1.0), (0.86, 0.64, 0.36, 1.0)
# the stand in each vehicle's own colour: seen end-on (a 1 cm edge) or from above, a standee
# still shows as a coloured block the width of its stand, and the white truck stands out of the snow
STAND_PAINT = {"car": (0.12, 0.24, 0.58, 1.0), "ice_cream_truck": PINK, "pickup_truck": (0.48, 0.10, 0.08, 1.0)}


class Standee:
    """Builds the pieces of one silhouette of thickness ``t``; ``proud`` pieces stick out a bit."""

    def __init__(self, t: float):
        self.t = t
        self.solid: list[Part] = []      # silhouette pieces: collision hulls and visuals
        self.dress: list[Part] = []      # visual only

    def piece(self, poly, colour: RGBA, extra: float = 0.0) -> trimesh.Trimesh:
        """A silhouette piece; ``extra`` thickens it a little where it overlaps another piece,
        so the two faces do not fight for the same pixels."""
        half = self.t / 2 + extra
        mesh = slab(np.asarray(poly, dtype=float), "y", -half, half)
        self.solid.append((mesh, colour))
        return mesh

    def decal(self, poly, colour: RGBA, proud: float = 0.05) -> None:
        """A flat shape on both sides of the standee (stickers: glass, stripes, lights)."""
        half = self.t / 2 + proud
        self.dress.append((slab(np.asarray(poly, dtype=float), "y", -half, half), colour))

    def wheel(self, x: float, z: float, r: float) -> trimesh.Trimesh:
        tyre = self.piece(regular_polygon(r, 16) + (x, z), TYRE, 0.08)
        self.decal(regular_polygon(r * 0.5, 12) + (x, z), HUB, 0.11)
        self.decal(regular_polygon(r * 0.15, 8) + (x, z), DARK, 0.13)
        return tyre


def _rect(x0: float, z0: float, x1: float, z1: float) -> np.ndarray:
    return np.array([[x0, z0], [x1, z0], [x1, z1], [x0, z1]], dtype=float)


def _shrunk(poly: np.ndarray, factor: float) -> np.ndarray:
    """A convex polygon scaled about its centroid (window glass inside a cabin outline)."""
    poly = np.asarray(poly, dtype=float)
    c = poly.mean(axis=0)
    return c + (poly - c) * factor


def _car(s: Standee, L: float, H: float, z0: float, r: float) -> tuple[list, list]:
    """A sedan: long low body, a cabin with sloped screens, two side windows, bumpers."""
    zb, zt, top = z0 + 0.45 * r, z0 + 0.48 * H, z0 + H
    paint = PAINT["car"]
    body = s.piece([[-L / 2, zb + 0.35], [-L / 2 + 0.4, zb], [L / 2 - 0.5, zb], [L / 2, zb + 0.4],
                    [L / 2, zt - 0.6], [L / 2 - 0.9, zt], [-L / 2 + 0.5, zt], [-L / 2, zt - 0.3]], paint)
    cabin_poly = np.array([[-0.30 * L, zt], [0.20 * L, zt], [0.04 * L, top], [-0.20 * L, top]])
    cabin = s.piece(cabin_poly, paint)
    s.decal(_shrunk(cabin_poly, 0.8), GLASS)
    s.decal(_rect(-0.07 * L, zt, -0.03 * L, top), paint, 0.07)                 # B-pillar
    s.decal(_rect(-0.055 * L, zb + 0.3, -0.045 * L, zt - 0.1), DARK, 0.07)      # door line
    s.decal(_rect(-0.03 * L, zt - 0.5, 0.02 * L, zt - 0.4), HUB, 0.07)          # handle
    for x in (-L / 2, L / 2):
        s.decal(_rect(x - 0.25, zb + 0.1, x + 0.25, zb + 0.45), HUB, 0.08)      # bumpers
    s.decal(_rect(L / 2 - 0.5, zt - 0.9, L / 2 - 0.1, zt - 0.6), HEADLIGHT, 0.08)
    s.decal(_rect(-L / 2 + 0.1, zt - 0.7, -L / 2 + 0.45, zt - 0.35), TAILLIGHT, 0.08)
    return [body, cabin], [body, cabin]


def _ice_cream_truck(s: Standee, L: float, H: float, z0: float, r: float) -> tuple[list, list]:
    """A step van: a tall box with a serving window under a striped awning, a low cab, and a
    big ice cream cone on the roof."""
    zb, box_top, split = z0 + 0.45 * r, z0 + 0.70 * H, 0.2 * L
    paint = PAINT["ice_cream_truck"]
    van = s.piece([[-L / 2, zb], [split, zb], [split, box_top], [-L / 2 + 0.4, box_top],
                   [-L / 2, box_top - 0.4]], paint)
    shield_lo, shield_hi = (0.43 * L, z0 + 0.40 * H), (0.27 * L, z0 + 0.64 * H)
    cab = s.piece([[split, zb], [L / 2 - 0.3, zb], [L / 2, zb + 0.4], [L / 2, z0 + 0.36 * H],
                   shield_lo, shield_hi, [split, z0 + 0.64 * H]], paint)
    s.decal([[split + 0.4, z0 + 0.42 * H], [shield_lo[0] - 0.3, z0 + 0.42 * H],
             [shield_hi[0] + 0.1, z0 + 0.61 * H], [split + 0.4, z0 + 0.61 * H]], GLASS)
    s.decal(_rect(-L / 2, zb + 0.2, L / 2 - 0.2, zb + 0.7), SKY)               # bottom stripe
    s.decal(_rect(-0.34 * L, z0 + 0.36 * H, 0.06 * L, z0 + 0.56 * H), PINK)     # window frame
    s.decal(_rect(-0.32 * L, z0 + 0.38 * H, 0.04 * L, z0 + 0.54 * H), GLASS, 0.07)
    n, x0, x1 = 8, -0.36 * L, 0.08 * L                                          # striped awning
    for k in range(n):
        xa, xb = x0 + (x1 - x0) * k / n, x0 + (x1 - x0) * (k + 1) / n
        s.decal(_rect(xa, z0 + 0.57 * H, xb, z0 + 0.63 * H), PINK if k % 2 == 0 else SKY, 0.07)
    for x in (L / 2, -L / 2):
        s.decal(_rect(x - 0.25, zb + 0.1, x + 0.25, zb + 0.45), HUB, 0.08)
    s.decal(_rect(L / 2 - 0.4, z0 + 0.28 * H, L / 2 - 0.05, z0 + 0.33 * H), HEADLIGHT, 0.08)
    cx, scoop_r = -0.1 * L, 0.1 * H
    cone = s.piece([[cx, box_top + 0.1], [cx + 0.75 * scoop_r, z0 + 0.89 * H],
                    [cx - 0.75 * scoop_r, z0 + 0.89 * H]], CONE)
    scoop = s.piece(regular_polygon(scoop_r, 12) + (cx, z0 + H - scoop_r), PINK, 0.03)
    s.decal(regular_polygon(0.22 * scoop_r, 8) + (cx + 0.2 * scoop_r, z0 + H - 0.25 * scoop_r), TAILLIGHT, 0.08)
    s.decal(_rect(cx - 0.2, box_top, cx + 0.2, box_top + 0.3), DARK, 0.02)     # the cone's bracket
    return [van, cab, cone, scoop], [van, cab]


def _pickup_truck(s: Standee, L: float, H: float, z0: float, r: float) -> tuple[list, list]:
    """A pickup: a cab over the front wheels, a long hood, and an open bed behind the cab (its
    floor shows dark from above between the bed's side walls)."""
    zb, zt, top = z0 + 0.45 * r, z0 + 0.5 * H, z0 + H
    paint = PAINT["pickup_truck"]
    cab_x0, cab_x1 = -0.06 * L, 0.2 * L
    body = s.piece([[-L / 2, zb], [L / 2 - 0.4, zb], [L / 2, zb + 0.4], [L / 2, zt - 0.4],
                    [L / 2 - 0.6, zt], [-L / 2, zt]], paint)
    cab_poly = np.array([[cab_x0, zt], [cab_x1, zt], [0.08 * L, top], [cab_x0, top]])
    cab = s.piece(cab_poly, paint)
    s.decal(_shrunk(cab_poly, 0.78) + (0.1, 0.0), GLASS)
    bed_x0, bed_x1 = -L / 2 + 0.2, cab_x0 - 0.1
    s.dress.append((box((bed_x1 - bed_x0, s.t - 0.3, 0.5), ((bed_x0 + bed_x1) / 2, 0.0, zt - 0.24)), DARK))
    for y in (-1, 1):                                                            # bed rail caps
        s.dress.append((box((bed_x1 - bed_x0, 0.16, 0.06), ((bed_x0 + bed_x1) / 2, y * (s.t / 2 - 0.08), zt + 0.03)),
                        HUB))
    s.decal(_rect(-L / 2 + 0.6, zb + 0.3, -L / 2 + 0.66, zt - 0.2), DARK, 0.07)  # tailgate seam
    s.decal(_rect(cab_x0 + 0.04 * L, zb + 0.5, cab_x0 + 0.045 * L, zt + 0.5), DARK, 0.07)
    s.decal(_rect(-L / 2 + 0.05, zt - 0.9, -L / 2 + 0.4, zt - 0.4), TAILLIGHT, 0.08)
    s.decal(_rect(L / 2 - 0.45, zt - 0.9, L / 2 - 0.05, zt - 0.6), HEADLIGHT, 0.08)
    s.decal(_rect(L / 2 - 0.3, zb + 0.1, L / 2 + 0.15, zb + 0.5), HUB, 0.08)
    s.decal(_rect(-L / 2 - 0.15, zb + 0.1, -L / 2 + 0.3, zb + 0.45), HUB, 0.08)
    return [body, cab], [body, cab]


SHAPES = {"car": _car, "ice_cream_truck": _ice_cream_truck, "pickup_truck": _pickup_truck}


def vehicle(name: str) -> PieceModel:
    """A vehicle standee in its stand, front toward +x."""
    if name not in SHAPES:
        raise ValueError(f"unknown vehicle {name!r} (known: {', '.join(SHAPES)})")
    v = dims()["vehicle"]
    L, H, t, sh = v[name]["length"], v[name]["height"], v["thickness"], v["stand_height"]
    stand = box((L * 0.7, v["stand_width"], sh), (0.0, 0.0, sh / 2))
    slot = box((L * 0.66, t + 0.12, 0.02), (0.0, 0.0, sh + 0.01))
    r = min(0.075 * L, 0.2 * H)
    s = Standee(t)
    hulls, mass_pieces = SHAPES[name](s, L, H, sh, r)
    wheels = [s.wheel(x, sh + r, r) for x in (-0.3 * L, 0.3 * L)]
    parts = [(stand, STAND_PAINT[name]), (slot, DARK)] + s.solid + s.dress
    return finish("vehicle", parts, [stand, *hulls, *wheels], mass=v[name]["mass"],
                  mass_solids=[stand, *mass_pieces], tags=frozenset({"object", "vehicle"}))
