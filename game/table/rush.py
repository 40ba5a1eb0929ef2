"""Zombie Rush as real physics (rulebook: ZOMBIES' REACTION!, ZOMBIE RUSH, A NEW HORDE ARRIVES!).

The tower is put directly behind the chosen zombie with its exit toward the active survivor (or,
when a building stands in between, toward the side of that building closest to the survivor);
components under its footprint are set aside for the rush; the rushing zombies stand on the roof
slots by number; the roof support is pulled at an integer tick and they tumble down the slide.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from feltbox.game.table.bodies import collision_points, per_model
from feltbox.game.table.city import City, compose, rest_pose, tower_poses
from feltbox.game.table.table import Input
from feltbox.models.dimensions import dims

PULL_TICK = 24          # pull the roof support 0.1 s in, once the zombies sit still on it
SET_ASIDE_MARGIN = 0.5  # cm around the tower footprint


@dataclass
class RushSetup:
    poses: np.ndarray
    present: np.ndarray
    inputs: list[Input]
    awake: list[int]
    set_aside: list[int] = field(default_factory=list)   # off the table for the rush only
    heading: float = 0.0


def _segment_hits_box(a: np.ndarray, b: np.ndarray, half: np.ndarray) -> bool:
    """Does segment a->b (local 2D) cross the axis-aligned box |x|<=half[0], |y|<=half[1]?"""
    d = b - a
    t0, t1 = 0.0, 1.0
    for k in range(2):
        if abs(d[k]) < 1e-12:
            if abs(a[k]) > half[k]:
                return False
            continue
        lo, hi = sorted(((-half[k] - a[k]) / d[k], (half[k] - a[k]) / d[k]))
        t0, t1 = max(t0, lo), min(t1, hi)
        if t0 > t1:
            return False
    return True


def exit_heading(city: City, tower_xy: np.ndarray, target_xy: np.ndarray) -> float:
    """Heading of the tower's exit: at the target, or past the blocking building's nearer side.

    Rulebook IMPORTANT: "If there is a building between the newly positioned zombie tower and the
    active survivor, rotate the tower so that its exit faces the side of the building closest to
    the active survivor." Our reading: aim past the corner of that building which is nearest the
    survivor, by a figure's width, so the zombies come round the building on that side.
    """
    direct = np.degrees(np.arctan2(*(target_xy - tower_xy)[::-1]))
    for geom in city.buildings.values():
        bd = dims()["rv" if geom.name == "rv" else "building"]
        half = np.array([bd["depth"] / 2, bd["width"] / 2 + dims()["support_block"]["shelf"]])
        a, b = geom.to_local(tower_xy)[0], geom.to_local(target_xy)[0]
        if not _segment_hits_box(a, b, half):
            continue
        corners = np.array([[sx * half[0], sy * half[1]] for sx in (-1, 1) for sy in (-1, 1)])
        # the two corners that bound the building as seen from the tower: its two sides
        rel = corners - a
        angles = np.arctan2(rel[:, 1], rel[:, 0]) - np.arctan2(*(b - a)[::-1])
        angles = (angles + np.pi) % (2 * np.pi) - np.pi
        sides = corners[[int(np.argmin(angles)), int(np.argmax(angles))]]
        nearest = sides[np.argmin(np.linalg.norm(sides - b, axis=1))]
        clear = nearest + np.sign(nearest) * dims()["figure"]["base_diameter"]
        aim = geom.to_world(clear)[0]
        return float(np.degrees(np.arctan2(*(aim - tower_xy)[::-1])))
    return float(direct)


def slot_for(numbers: list[int]) -> list[int]:
    """Roof slot per zombie "according to its number", the next free slot if taken."""
    slots = int(dims()["zombie_tower"]["slots"])
    if len(numbers) > slots:
        raise ValueError(f"{len(numbers)} zombies do not fit on {slots} roof slots")
    taken: list[int] = []
    for n in numbers:
        slot = (n - 1) % slots + 1
        while slot in taken:
            slot = slot % slots + 1
        taken.append(slot)
    return taken


def _load_roof(city: City, poses: np.ndarray, present: np.ndarray, zombies: list[int],
               tower_pose: np.ndarray, support_pose: np.ndarray) -> None:
    t, r = city.index("zombie_tower"), city.index("roof_support")
    poses[t], poses[r] = tower_pose, support_pose
    present[t] = present[r] = True
    tower_model = city.bodies[t].model
    heading = float(np.degrees(2 * np.arctan2(tower_pose[6], tower_pose[3])))
    support_top = float(support_pose[2]) - city.bodies[r].model.rest_height + city.bodies[r].model.top_height
    numbers = [city.bodies[z].params["number"] for z in zombies]
    for z, slot in zip(zombies, slot_for(numbers)):
        at = compose(tower_pose.astype(float), tower_model.anchors[f"slot_{slot}"])
        poses[z] = rest_pose(city.bodies[z], at[0], at[1], heading + 180.0, base_z=support_top)
        present[z] = True


def _pull(city: City, tower_pose: np.ndarray) -> Input:
    """Slide the roof support out sideways: park it beside the tower."""
    heading = np.radians(float(np.degrees(2 * np.arctan2(tower_pose[6], tower_pose[3]))) + 90.0)
    away = dims()["zombie_tower"]["width"] * 1.2
    # held up beside the tower, at roof height, as a hand pulls it out
    park = tower_pose[:3].astype(float) + away * np.array([np.cos(heading), np.sin(heading), 0.0])
    park[2] += city.bodies[city.index("zombie_tower")].model.anchors["roof_support"][2]
    return Input(PULL_TICK, "remove", city.index("roof_support"), tuple(float(v) for v in park))


def setup_rush(city: City, poses: np.ndarray, present: np.ndarray, zombies: list[str],
               target_xy: tuple[float, float], behind: str | None = None) -> RushSetup:
    """Tower directly behind ``behind`` (default: the first zombie), exit toward the target."""
    poses = np.array(poses, dtype=np.float32)
    present = np.array(present, dtype=bool)
    z_idx = [city.index(z) for z in zombies]
    anchor = city.index(behind or zombies[0])
    target = np.asarray(target_xy, dtype=float)
    zxy = poses[anchor, :2].astype(float)
    away = zxy - target
    away /= max(np.linalg.norm(away), 1e-9)
    gap = dims()["zombie_tower"]["width"] / 2 + dims()["figure"]["base_diameter"] / 2 + 0.5
    txy = zxy + away * gap
    heading = exit_heading(city, txy, target)
    tower_pose, support_pose = tower_poses(float(txy[0]), float(txy[1]), heading)
    for z in z_idx:                     # the rushing zombies leave the city for the roof
        present[z] = False
    aside = _under_footprint(city, poses, present, txy, heading)
    present[aside] = False
    _load_roof(city, poses, present, z_idx, tower_pose, support_pose)
    return RushSetup(poses, present, [_pull(city, tower_pose)], z_idx, list(aside), heading)


def setup_horde(city: City, poses: np.ndarray, present: np.ndarray, zombies: list[str]) -> RushSetup:
    """A new horde: the tower stays home on the bin; the zombies drop from there into the city."""
    poses = np.array(poses, dtype=np.float32)
    present = np.array(present, dtype=bool)
    z_idx = [city.index(z) for z in zombies]
    tower_pose = city.tower_home[1].astype(float)
    support_pose = city.tower_home[2].astype(float)
    _load_roof(city, poses, present, z_idx, tower_pose, support_pose)
    heading = float(np.degrees(2 * np.arctan2(tower_pose[6], tower_pose[3])))
    return RushSetup(poses, present, [_pull(city, tower_pose)], z_idx, [], heading)


def _under_footprint(city: City, poses: np.ndarray, present: np.ndarray, txy: np.ndarray,
                     heading: float) -> np.ndarray:
    """Bodies on the table whose footprint overlaps the tower's square footprint."""
    half = dims()["zombie_tower"]["width"] / 2 + SET_ASIDE_MARGIN
    c, s = np.cos(np.radians(heading)), np.sin(np.radians(heading))
    d = poses[:, :2].astype(float) - txy
    local = np.column_stack([c * d[:, 0] + s * d[:, 1], -s * d[:, 0] + c * d[:, 1]])
    radius = np.array([_radius(city, i) for i in range(len(city.bodies))])
    skip = {city.index(k) for k in ("zombie_tower", "roof_support", "zombie_bin")}
    hit = present & (np.abs(local[:, 0]) < half + radius) & (np.abs(local[:, 1]) < half + radius)
    return np.array(sorted(_with_buildings(city, poses, present, set(np.flatnonzero(hit)) - skip)), dtype=int)


def _with_buildings(city: City, poses: np.ndarray, present: np.ndarray, hit: set[int]) -> set[int]:
    """A building goes aside whole: with its support blocks and whatever is IN it (on them)."""
    out = set(hit)
    block_top = dims()["support_block"]["height"]
    for geom in city.buildings.values():
        group = {city.index(geom.id), *(city.index(s) for s in geom.supports)}
        if not group & hit:
            continue
        local = geom.to_local(poses[:, :2].astype(float))
        bd = dims()["rv" if geom.name == "rv" else "building"]
        on_shelf = (np.abs(local[:, 0]) <= dims()["support_block"]["depth"] / 2) & \
            (np.abs(local[:, 1]) <= bd["width"] / 2 + dims()["support_block"]["shelf"]) & \
            (poses[:, 2] > block_top) & present
        out |= group | set(np.flatnonzero(on_shelf))
    return out


def _radius(city: City, index: int) -> float:
    return _half_span(city.bodies[index].model)


@per_model
def _half_span(model) -> float:
    points = collision_points(model)
    return 0.5 * float(max(np.ptp(points[:, 0]), np.ptp(points[:, 1])))
