"""S4 BARRICADES, measured on the table: which barricades still block which building's entrance,
whether a flick touched a barricade, and whether the flicking survivor stood behind a door line.

Reading of "no portion of the barricade token occupies the space between the building's support
blocks": that space is taken as the text says, the gap between the 2 blocks' inner edges, from the
blocks' backs to their front faces (the door line). A barricade blocks while any part of its real
footprint (its collision hull at its pose, seen from above) overlaps that gap; it is removed once
no part of it does.

House shape (models/dimensions.toml [barricade], scene s04.toml): the rulebook calls them tokens
and speaks of them occupying that space, and forbids removing them "from behind a building", which
describes a low piece lying in the doorway under the building where a flicked disc reaches it. So
a barricade is a low plank (6.6 x 1.0 x 1.4 cm; the building's underside is 2 cm up) and the two
set up "in front of the Grocery store's door" lie side by side across the 14 cm between its
blocks, just behind the door line, facing the street. The blocks hold them on both sides: a flick
from the street clears one by pushing it through under the building and out past the blocks'
backs (the door stays shut to a soft flick, a hard one clears one plank; docs/bots.md, "Branch
s4door"). A flick from behind the door line that knocks one out toward the street does not count
(rules/flickem/barricades.py: it is put back).
"""
from __future__ import annotations

import numpy as np

from feltbox.game.table.bodies import quat_rotate
from feltbox.game.table.city import BuildingGeom, City
from feltbox.rules.flickem.outcome import FlickOutcome


def entrance_quad(geom: BuildingGeom) -> np.ndarray:
    """(4,2) world corners of a building's entrance: the space between its support blocks, from
    their backs to the door line (see the module docstring)."""
    h = geom.door_half_span
    return geom.to_world(np.array([[geom.back_x, -h], [geom.door_x, -h], [geom.door_x, h], [geom.back_x, h]]))


def footprint(city: City, poses: np.ndarray, index: int) -> np.ndarray:
    """(M,2) world xy of every collision-hull point of body ``index`` at its pose."""
    points = np.vstack([p.points for p in city.bodies[index].model.collision]).astype(float)
    pose = np.asarray(poses[index], dtype=float)
    return (quat_rotate(pose[3:7], points) + pose[:3])[:, :2]


def _overlaps(points: np.ndarray, quad: np.ndarray) -> bool:
    """Separating axes: does the convex hull of ``points`` overlap the convex ``quad``?"""
    hull = _hull(points)
    for poly in (quad, hull):
        edges = np.roll(poly, -1, axis=0) - poly
        for ex, ey in edges:
            axis = np.array([-ey, ex])
            if not np.any(axis):
                continue
            a, b = quad @ axis, hull @ axis
            if a.max() <= b.min() or b.max() <= a.min():
                return False
    return True


def _hull(points: np.ndarray) -> np.ndarray:
    """2D convex hull (monotone chain), counter-clockwise."""
    pts = sorted(set(map(tuple, np.round(points, 6))))
    if len(pts) < 3:
        return np.array(pts, dtype=float)

    def turn(o, a, b) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    def half(seq):
        out: list = []
        for p in seq:
            while len(out) >= 2 and turn(out[-2], out[-1], p) <= 0:
                out.pop()
            out.append(p)
        return out[:-1]
    return np.array(half(pts) + half(pts[::-1]), dtype=float)


def blocking(city: City, poses: np.ndarray, present: np.ndarray) -> dict[str, list[str]]:
    """{building: [barricade ids on the table whose footprint overlaps its entrance]}; buildings
    with none are left out."""
    out: dict[str, list[str]] = {}
    barricades = [i for i in range(len(city.bodies)) if city.bodies[i].kind == "barricade" and present[i]]
    for i in barricades:
        shape = footprint(city, poses, i)
        for geom in city.buildings.values():
            if _overlaps(shape, entrance_quad(geom)):
                out.setdefault(geom.id, []).append(city.bodies[i].id)
    return {b: sorted(ids) for b, ids in sorted(out.items())}


def touched_barricade(outcome: FlickOutcome) -> bool:
    """S4: did any flicked component (a shotgun's every pellet included) touch a barricade?"""
    touched = list(outcome.first_contacts)
    for contacts in outcome.extra.touched_by.values():
        touched += contacts
    return any(t.startswith("barricade") for t in touched)


def behind_doors(city: City, xy: np.ndarray) -> list[str]:
    """Buildings whose door line ``xy`` lies behind (building-local x short of the door line):
    a survivor there, or inside the building, flicks "from behind" it."""
    return sorted(g.id for g in city.buildings.values()
                  if g.to_local(np.asarray(xy, dtype=float))[0][0] < g.door_x)
