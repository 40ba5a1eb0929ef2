"""S4 BARRICADES, measured on the table: which barricades still block which building's entrance,
whether a flick touched a barricade, and whether the flicking survivor stood behind a door line.

Reading of "no portion of the barricade token occupies the space between the building's support
blocks": that space is taken as the text says, the gap between the 2 blocks' inner edges, from the
blocks' backs to their front faces (the door line). A barricade blocks while any part of its real
footprint (its collision hulls at their pose, seen from above) overlaps that gap; it is removed
once no part of it does. The building stands 2 cm above the table on its blocks, so the 3 cm fence
itself never fits under it: a barricade set up "in front of the Grocery store's door" stands
against the door line with its low feet reaching under the building into the gap (scene s04.toml),
and a flick that draws it out, turns it or knocks it sideways clears the gap.
(Until this reading the house extended the gap one movement disc's width in front of the door
line; no flick then ever removed the second barricade, and the text names no such strip.)
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
