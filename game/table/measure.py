"""Outcome measurement: turn an episode's poses and contacts into facts the rules can judge.

Rulebook terms measured here: FALLEN / STANDING (a figure lying on its side: its up axis leans
past the house tilt threshold), IN THE CITY (inside the 4 city limits), IN A BUILDING / DOOR (the
line flush with the front faces of the building's support blocks), touching (first contacts of the
flicked piece, with a building's own support blocks allowed when entering or exiting it).
"""
from __future__ import annotations

import numpy as np

from feltbox.game.table.barricades import blocking
from feltbox.game.table.bodies import collision_points, per_model, up_axes, up_z
from feltbox.game.table.city import City
from feltbox.game.table.table import EpisodeResult
from feltbox.models.dimensions import dims
from feltbox.rules.flickem.outcome import FlickDetails, FlickOutcome

FALLEN_COS = float(np.cos(np.radians(dims()["physics"]["fallen_tilt_deg"])))
MOVED_EPS = 0.05   # cm: a body that moved less than this was not disturbed


def fallen_mask(poses: np.ndarray) -> np.ndarray:
    """(N,) True where a body's up axis leans more than the fallen threshold (vectorised)."""
    return up_axes(poses)[:, 2] < FALLEN_COS


def inside_city(city: City, xy: np.ndarray) -> np.ndarray:
    xmin, xmax, ymin, ymax = city.limits
    return (xy[:, 0] >= xmin) & (xy[:, 0] <= xmax) & (xy[:, 1] >= ymin) & (xy[:, 1] <= ymax)


def just_inside(city: City, xy: np.ndarray, margin: float) -> tuple[float, float]:
    """After the Zombie Rush: the spot "just inside of the city limits (approximately where they
    left the city)": the nearest point at least ``margin`` inside the limits."""
    xmin, xmax, ymin, ymax = city.limits
    return (round(float(np.clip(xy[0], xmin + margin, xmax - margin)), 3),
            round(float(np.clip(xy[1], ymin + margin, ymax - margin)), 3))


def footprint_radius(city: City, index: int) -> float:
    return _footprint_radius(city.bodies[index].model)


@per_model
def _footprint_radius(model) -> float:
    points = collision_points(model)
    return float(np.max(np.hypot(points[:, 0], points[:, 1])))


def building_at(city: City, xy: np.ndarray) -> str | None:
    """The building whose underside (between its blocks, behind its door) holds point ``xy``."""
    x, y = (float(v) for v in xy)
    for geom in city.buildings.values():
        lx, ly = geom.local_xy(x, y)
        if geom.back_x <= lx <= geom.door_x and abs(ly) <= geom.door_half_span:
            return geom.id
    return None


def wholly_out_of(city: City, building: str, xy: np.ndarray, radius: float) -> bool:
    """True if a disc of ``radius`` at ``xy`` lies entirely in front of the building's door."""
    geom = city.buildings[building]
    lx, _ = geom.local_xy(*(float(v) for v in xy))
    return lx - radius >= geom.door_x


def zombies_at_doors(city: City, poses: np.ndarray, present: np.ndarray) -> dict[str, str]:
    """ZOMBIES ENTERING A BUILDING, measured: zombies in the street with any part past a
    building's door, or standing within a movement disc's width of one of its support blocks.
    Whether they may enter is the rules' call."""
    disc = dims()["movement_disc"]["diameter"]
    block_half = np.array([dims()["support_block"]["depth"], dims()["support_block"]["width"]]) / 2
    zombies = [i for i in city.ids("zombie") if present[i]]
    down = fallen_mask(poses[zombies]) if zombies else np.zeros(0, bool)
    out: dict[str, str] = {}
    for i, fallen in zip(zombies, down):
        radius = footprint_radius(city, i) if fallen else dims()["figure"]["base_diameter"] / 2
        xy = poses[i, :2].astype(float)
        for geom in city.buildings.values():
            lx, ly = geom.to_local(xy)[0]
            inside_door = (lx - radius < geom.door_x and lx + radius > geom.back_x
                           and abs(ly) < geom.door_half_span)
            near_block = False
            if not fallen:
                for block in geom.supports:
                    bx, by = geom.to_local(poses[city.index(block), :2].astype(float))[0]
                    gap = np.maximum(np.abs([lx - bx, ly - by]) - block_half, 0.0)
                    near_block |= float(np.hypot(*gap)) - radius < disc
            if inside_door or near_block:
                out[city.bodies[i].id] = geom.id
                break
    return out


def zombies_touching(city: City, poses: np.ndarray, present: np.ndarray, building: str,
                     within: float = 0.2) -> list[str]:
    """Zombies resting against a building or its support blocks (footprints within ``within`` cm)."""
    geom = city.buildings[building]
    bd = dims()["rv" if geom.name == "rv" else "building"]
    half = np.array([max(bd["depth"], dims()["support_block"]["depth"]) / 2,
                     bd["width"] / 2 + dims()["support_block"]["shelf"]])
    out = []
    for i in city.ids("zombie"):
        if not present[i]:
            continue
        lx, ly = geom.to_local(poses[i, :2].astype(float))[0]
        gap = np.maximum(np.abs([lx, ly]) - half, 0.0)
        radius = footprint_radius(city, i) if fallen_mask(poses[[i]])[0] else dims()["figure"]["base_diameter"] / 2
        if float(np.hypot(*gap)) - radius <= within:
            out.append(city.bodies[i].id)
    return out


def measure_flick(city: City, result: EpisodeResult, flicked: int, present: np.ndarray,
                  start_building: str | None = None, held: tuple[int, ...] = ()) -> FlickOutcome:
    """Judge a flick episode: contacts, falls, city limits, entering and exiting buildings.

    ``held``: the template the shot was laid in and the shot itself (the 4 pellets): touching
    them is part of shooting, not a hit.
    """
    start, final = result.start, result.final
    ids = city.names()
    # only a body whose pose row changed can have fallen, got up, left the city or moved: the
    # rest are judged as they were (the same bits give the same answers), in Python floats for
    # the few that changed (numpy's per-call cost was most of the measuring)
    changed = np.flatnonzero((final != start).any(axis=1) & present)
    standing = city.mask("figure", "object")
    fell, got_up = [], []
    for i in changed.tolist():
        if not standing[i]:
            continue
        was_down, is_down = up_z(*start[i, 3:7].tolist()) < FALLEN_COS, up_z(*final[i, 3:7].tolist()) < FALLEN_COS
        if is_down and not was_down:
            fell.append(i)
        elif was_down and not is_down:
            got_up.append(i)
    left = changed[inside_city(city, start[changed, :2]) & ~inside_city(city, final[changed, :2])]
    moved = changed[np.linalg.norm(final[changed, :3] - start[changed, :3], axis=1) > MOVED_EPS]
    xy = final[flicked, :2].astype(float)
    radius = footprint_radius(city, flicked)
    entered = building_at(city, xy)
    if entered == start_building:
        entered = None
    exited = None
    if start_building is not None and wholly_out_of(city, start_building, xy, radius):
        exited = start_building
    allowed = set()
    for b in {entered, exited, start_building} - {None}:
        allowed.update(city.buildings[b].supports)
    touched = [ids[i] for _, i in result.contacts if i not in held]
    clean = all(t in allowed for t in touched)
    # every flicked piece's touches (a shotgun's 4 pellets): SHOTGUN wounds whatever a pellet
    # knocks over, ricochets included
    touched_by = {ids[w]: tuple(ids[i] for _, i in c if i not in held) for w, c in result.contacts_of.items()}
    by_any = {ids[i] for c in result.contacts_of.values() for _, i in c if i not in held}
    barricades = None
    if city.has_kind("barricade"):     # S4 BARRICADES, at the episode's end
        barricades = {b: tuple(ids) for b, ids in blocking(city, final, present).items()}
    # where the flicked piece ended and whether it turned over (a flare's side up counts)
    details = FlickDetails(touched_by=touched_by, fell_touched=tuple(ids[i] for i in fell if ids[i] in by_any),
                           end=(float(final[flicked, 0]), float(final[flicked, 1])),
                           flipped=up_z(*final[flicked, 3:7].tolist()) < 0.0, barricades=barricades)
    return FlickOutcome(
        flicked=ids[flicked], first_contacts=tuple(touched),
        first_contact_ticks=tuple(int(t) for t, i in result.contacts if i not in held),
        fell=tuple(ids[i] for i in fell), got_up=tuple(ids[i] for i in got_up),
        left_city=tuple(ids[i] for i in left), disturbed=tuple(ids[i] for i in moved if i != flicked),
        entered=entered, exited=exited, started_in=start_building, clean=bool(clean),
        settled=bool(result.settled), sim_seconds=float(result.sim_seconds), extra=details)


def restore(city: City, before: np.ndarray, after: np.ndarray, pieces: list[str]) -> np.ndarray:
    """'Failed move: restore every disturbed piece': their rows of ``before``, bit for bit."""
    out = np.array(after, dtype=np.float32)
    rows = [city.index(p) for p in pieces]
    out[rows] = before[rows]
    return out
