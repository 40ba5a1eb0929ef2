"""The car, the ice cream truck and the pickup truck (rulebook: VEHICLES, except the RV, slot
into a plastic stand). Each is a side-view standee — a silhouette through the vehicle's thickness
along y — standing in a flat stand, so it reads from the side and topples like the real one."""
from __future__ import annotations

import numpy as np
import trimesh

from models.base import PieceModel, box, finish, slab
from models.dimensions import dims

TYRE, GLASS, STAND = (0.08, 0.08, 0.09, 1.0), (0.55, 0.70, 0.80, 1.0), (0.25, 0.25, 0.27, 1.0)


def _wheel(x: float, z: float, r: float, t: float) -> trimesh.Trimesh:
    circle = np.array([[x + r * np.cos(a), z + r * np.sin(a)] for a in np.linspace(0, 2 * np.pi, 16, endpoint=False)])
    return slab(circle, "y", -t / 2 - 0.05, t / 2 + 0.05)


def _outline(name: str, L: float, H: float, z0: float) -> list[tuple[np.ndarray, str]]:
    """Convex silhouette pieces (x, z) and their paint."""
    low = z0 + H * 0.18
    if name == "car":
        return [(np.array([[-L / 2, low], [L / 2, low], [L / 2, low + H * 0.3], [-L / 2, low + H * 0.32]]), "paint"),
                (np.array([[-L * 0.3, low + H * 0.3], [L * 0.22, low + H * 0.3], [L * 0.08, z0 + H],
                           [-L * 0.2, z0 + H]]), "paint"),
                (np.array([[-L * 0.26, low + H * 0.36], [L * 0.16, low + H * 0.36], [L * 0.05, z0 + H * 0.92],
                           [-L * 0.18, z0 + H * 0.92]]), "glass")]
    if name == "ice_cream_truck":
        return [(np.array([[-L / 2, low], [L / 2, low], [L / 2, low + H * 0.35], [-L / 2, z0 + H * 0.85],
                           [-L / 2, low]]), "paint"),
                (np.array([[-L / 2, low], [L * 0.25, low], [L * 0.25, z0 + H * 0.85], [-L / 2, z0 + H * 0.85]]), "paint"),
                (np.array([[L * 0.25, low], [L / 2, low], [L / 2, low + H * 0.35], [L * 0.3, z0 + H * 0.72],
                           [L * 0.25, z0 + H * 0.72]]), "paint"),
                (np.array([[-L * 0.3, z0 + H * 0.45], [L * 0.1, z0 + H * 0.45], [L * 0.1, z0 + H * 0.7],
                           [-L * 0.3, z0 + H * 0.7]]), "glass"),
                (np.array([[-L * 0.12, z0 + H * 0.85], [-L * 0.02, z0 + H * 0.85], [-L * 0.07, z0 + H * 1.1]]), "cone")]
    return [(np.array([[-L / 2, low], [L / 2, low], [L / 2, low + H * 0.32], [-L / 2, low + H * 0.32]]), "paint"),
            (np.array([[L * 0.02, low + H * 0.3], [L * 0.4, low + H * 0.3], [L * 0.3, z0 + H],
                       [L * 0.05, z0 + H]]), "paint"),
            (np.array([[L * 0.07, low + H * 0.38], [L * 0.34, low + H * 0.38], [L * 0.27, z0 + H * 0.92],
                       [L * 0.09, z0 + H * 0.92]]), "glass"),
            (np.array([[-L / 2, low + H * 0.3], [-L / 2 + 0.4, low + H * 0.3], [-L / 2 + 0.4, low + H * 0.55],
                       [-L / 2, low + H * 0.55]]), "paint")]


PAINT = {"car": (0.20, 0.35, 0.75, 1.0), "ice_cream_truck": (0.97, 0.90, 0.92, 1.0),
         "pickup_truck": (0.65, 0.15, 0.12, 1.0)}


def vehicle(name: str) -> PieceModel:
    v = dims()["vehicle"]
    if name not in PAINT:
        raise ValueError(f"unknown vehicle {name!r}")
    L, H = v[name]["length"], v[name]["height"]
    t, sh = v["thickness"], v["stand_height"]
    stand = box((L * 0.7, v["stand_width"], sh), (0.0, 0.0, sh / 2))
    colours = {"paint": PAINT[name], "glass": GLASS, "cone": (0.95, 0.75, 0.45, 1.0)}
    pieces = [(slab(poly, "y", -t / 2, t / 2), colours[c]) for poly, c in _outline(name, L, H, sh)]
    r = H * 0.14
    wheels = [_wheel(x, sh + r, r, t) for x in (-L * 0.32, L * 0.32)]
    parts = [(stand, STAND)] + pieces + [(w, TYRE) for w in wheels]
    if name == "ice_cream_truck":
        parts.append((box((0.2, t + 0.1, H * 0.12), (-L * 0.1, 0.0, sh + H * 0.35)), (0.9, 0.4, 0.6, 1.0)))
    body = trimesh.util.concatenate([m for m, _ in parts[1:]]).convex_hull
    return finish("vehicle", parts, [stand, body], mass=v[name]["mass"],
                  mass_solids=[stand] + [m for m, _ in pieces[:2]], tags=frozenset({"object", "vehicle"}))
