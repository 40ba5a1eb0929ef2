"""A scene made physical: the body table in canonical order and the start pose snapshot.

Order: the scene's placements in file order, each building followed by its two support blocks;
then the zombies waiting in the bin, the bin, the tower and its roof support; then the player's
kit (movement disc, bullets, pellets, knife, bat, templates, flares), parked off the city. Pieces
in the bin or the kit are not on the table (``present`` is False) until an episode uses them.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from feltbox.game.table.bodies import BodySpec, collision_points, heading_quat, per_model, quat_mul, quat_rotate
from feltbox.models import buildings as building_models
from feltbox.models.base import inflation
from feltbox.models.catalog import build
from feltbox.models.dimensions import dims
from feltbox.scenes.schema import Placement, Scene

SHELF_TOKEN_X = 3.2  # cm from a shelf's centre, toward the door and the back, where tokens lie
ZOMBIE_COUNT = 18
KIT = (("movement_disc", "movement_disc", {}), ("bullet-1", "bullet", {}), ("bullet-2", "bullet", {}),
       *((f"pellet-{i}", "pellet", {}) for i in range(1, 7)), ("knife", "knife", {}), ("bat", "bat", {}),
       ("shotgun_template", "shotgun_template", {}), ("sniper_template", "sniper_template", {}),
       ("flare-1", "flare", {"side": "big"}), ("flare-2", "flare", {"side": "big"}))


@dataclass(frozen=True)
class BuildingGeom:
    """Where a building stands and its door line (rulebook: DOOR), in table coordinates."""
    id: str
    name: str
    x: float
    y: float
    heading: float
    supports: tuple[str, str]
    door_x: float          # local x of the door line (front faces of the support blocks)
    door_half_span: float  # half the gap between the blocks' inner edges
    back_x: float          # local x of the back of the blocks

    @cached_property
    def _turn(self) -> tuple[np.float64, np.float64]:
        """cos and sin of the heading (asked for by every measurement near the building)."""
        return np.cos(np.radians(self.heading)), np.sin(np.radians(self.heading))

    def to_local(self, xy: np.ndarray) -> np.ndarray:
        """(M,2) table coordinates -> (M,2) building-local (door faces +x)."""
        c, s = self._turn
        d = np.atleast_2d(xy) - (self.x, self.y)
        out = np.empty((len(d), 2))
        out[:, 0] = c * d[:, 0] + s * d[:, 1]
        out[:, 1] = -s * d[:, 0] + c * d[:, 1]
        return out

    def local_xy(self, x: float, y: float) -> tuple[float, float]:
        """``to_local`` of one point in Python floats: the same operations, so the same bits,
        without numpy's cost on a one-row array (measure_flick asks it of every building)."""
        c, s = (float(v) for v in self._turn)
        dx, dy = x - float(self.x), y - float(self.y)
        return c * dx + s * dy, -s * dx + c * dy

    def to_world(self, local: np.ndarray) -> np.ndarray:
        c, s = self._turn
        p = np.atleast_2d(local)
        out = np.empty((len(p), 2))
        out[:, 0] = c * p[:, 0] - s * p[:, 1] + self.x
        out[:, 1] = s * p[:, 0] + c * p[:, 1] + self.y
        return out

    def door_world(self) -> np.ndarray:
        return self.to_world(np.array([[self.door_x, -self.door_half_span],
                                       [self.door_x, self.door_half_span]]))


@dataclass
class City:
    scene: Scene
    bodies: list[BodySpec]
    poses: np.ndarray            # (N,7) float32
    present: np.ndarray          # (N,) bool: on the table (in the world)
    buildings: dict[str, BuildingGeom]
    limits: tuple[float, float, float, float]   # xmin, xmax, ymin, ymax of the city
    tower_home: np.ndarray       # (3,7) float32: bin, tower, roof support poses at home

    def index(self, piece_id: str) -> int:
        try:
            return self._index[piece_id]
        except AttributeError:
            self._index = {b.id: i for i, b in enumerate(self.bodies)}
            return self.index(piece_id)
        except KeyError:
            raise KeyError(f"no piece {piece_id!r} in {self.scene.source}") from None

    def mask(self, *tags: str) -> np.ndarray:
        """(N,) read-only: True for bodies whose model carries any of ``tags`` (kept per city)."""
        masks = self.__dict__.setdefault("_masks", {})
        if tags not in masks:
            masks[tags] = np.array([any(t in b.model.tags for t in tags) for b in self.bodies])
            masks[tags].setflags(write=False)
        return masks[tags]

    def names(self) -> list[str]:
        """Every body's piece id, in canonical order (kept per city: read only)."""
        names = self.__dict__.get("_names")
        if names is None:
            names = self.__dict__["_names"] = [b.id for b in self.bodies]
        return names

    def has_kind(self, kind: str) -> bool:
        """Whether any body is of ``kind`` (kept per city)."""
        kinds = self.__dict__.setdefault("_kinds", {})
        if kind not in kinds:
            kinds[kind] = any(b.kind == kind for b in self.bodies)
        return kinds[kind]

    def ids(self, tag: str) -> list[int]:
        """Indices of bodies whose model carries ``tag`` (e.g. "zombie", "figure")."""
        return [i for i, b in enumerate(self.bodies) if tag in b.model.tags]


def rest_pose(spec: BodySpec, x: float, y: float, heading: float, base_z: float = 0.0,
              fallen: bool = False) -> np.ndarray:
    """Pose of a piece resting on a surface at height ``base_z`` (fallen: lying on its side)."""
    model = spec.model
    q = heading_quat(heading)
    if fallen:   # tipped over sideways about its own facing axis
        q = quat_mul(q, np.array([np.cos(np.pi / 4), np.sin(np.pi / 4), 0.0, 0.0]))
    if fallen:
        lowest = quat_rotate(q, collision_points(model))[:, 2].min()
    else:    # a turn about +z leaves every point's z as it was, bit for bit (quat_rotate's terms
        lowest = _lowest_z(model)    # in x and y are exact zeros): no rotation of every point
    margin = inflation(model) if model.mass > 0 else 0.0   # rest on the felt, not in it
    if "place" in model.anchors:     # the scene names a point other than the centre of mass
        px, py, _ = quat_rotate(q, np.asarray(model.anchors["place"], dtype=float))
        x, y = x - px, y - py
    return np.array([x, y, base_z - lowest + margin, *q], dtype=np.float64)


@per_model
def _lowest_z(model) -> float:
    """The lowest collision point's height in the body frame."""
    return collision_points(model)[:, 2].min()


def compose(parent: np.ndarray, local_point: tuple[float, float, float]) -> np.ndarray:
    """World position of a point given in a parent's body frame."""
    return parent[:3] + quat_rotate(parent[3:7], np.asarray(local_point, dtype=float))


def building_geom(p: Placement) -> BuildingGeom:
    name = p.params["name"]
    (dx, y0), (_, y1) = building_models.door_line(name)
    block_depth = dims()["support_block"]["depth"]
    return BuildingGeom(p.id, name, p.x, p.y, p.heading, (f"{p.id}-support-0", f"{p.id}-support-1"),
                        door_x=float(dx), door_half_span=abs(float(y1) - float(y0)) / 2.0,
                        back_x=float(dx) - block_depth)


def build_city(scene: Scene) -> City:
    """Turn a scene into the body table and the start snapshot."""
    bodies: list[BodySpec] = []
    rows: list[np.ndarray] = []
    present: list[bool] = []
    geoms: dict[str, BuildingGeom] = {}
    shelf_load: dict[tuple[str, int], float] = {}
    by_id = {p.id: p for p in scene.placements}

    def add(spec: BodySpec, pose: np.ndarray, on_table: bool = True) -> None:
        bodies.append(spec)
        rows.append(pose)
        present.append(on_table)

    reserve_slot = 0
    for p in scene.placements:
        spec = BodySpec(p.id, p.kind, dict(p.params))
        if p.reserve:     # waiting beside the table: a survivor still to be found, a supply
            w, d = scene.city
            add(spec, rest_pose(spec, w / 2 + 8.0, -d / 2 + 4.0 + 4.0 * reserve_slot, 90.0), on_table=False)
            reserve_slot += 1
            continue
        if p.kind == "building":
            geom = building_geom(p)
            geoms[p.id] = geom
            block_z = 0.0
            for slot, (lx, ly) in enumerate(building_models.support_layout(geom.name)):
                block = BodySpec(f"{p.id}-support-{slot}", "support_block", {"building": geom.name})
                wx, wy = geom.to_world(np.array([lx, ly]))[0]
                block_pose = rest_pose(block, wx, wy, p.heading)
                block_z = dims()["support_block"]["height"] + 2 * inflation(block.model)
                if slot == 0:
                    add(spec, rest_pose(spec, p.x, p.y, p.heading, base_z=block_z))
                add(block, block_pose)
            continue
        add(spec, _placed_pose(p, spec, by_id, geoms, shelf_load, bodies, rows))

    rv = next((b for b, spec in enumerate(bodies) if spec.kind == "building" and spec.params["name"] == "rv"), None)
    if rv is not None:     # the time marker on the RV's awning, on the scenario's start space
        marker = BodySpec("time-marker", "token", {"token": "time_marker", "face": "up"})
        space = compose(rows[rv], bodies[rv].model.anchors[f"round_{min(scene.round_start, 7)}"])
        add(marker, rest_pose(marker, space[0], space[1], 0.0, base_z=space[2]))
    city_zombies = {p.params["number"] for p in scene.placements if p.kind == "zombie"}
    bin_spec = BodySpec("zombie_bin", "zombie_bin", {"day": scene.invasion_day, "night": scene.invasion_night})
    bin_pose, tower_pose, support_pose = tower_home_poses(scene.tower_home, bin_spec)
    for n, number in enumerate(sorted(set(range(1, ZOMBIE_COUNT + 1)) - city_zombies)):
        spec = BodySpec(f"zombie-{number:02d}", "zombie", {"number": number, "design": 1 + (number - 1) % 3})
        parked = rest_pose(spec, bin_pose[0] + (n % 4 - 1.5) * 2.8, bin_pose[1] + (n // 4 - 1.5) * 2.8,
                           scene.tower_home[2], fallen=True)
        add(spec, parked, on_table=False)
    add(bin_spec, bin_pose)
    add(BodySpec("zombie_tower", "zombie_tower"), tower_pose)
    add(BodySpec("roof_support", "roof_support"), support_pose)
    w, d = scene.city
    for n, (piece_id, kind, params) in enumerate(KIT):
        spec = BodySpec(piece_id, kind, params)
        add(spec, rest_pose(spec, -w / 2 + 4.0 + 5.0 * n, -d / 2 - 10.0, 0.0), on_table=False)
    poses = np.asarray(rows, dtype=np.float32)
    return City(scene, bodies, poses, np.asarray(present, bool), geoms,
                (-w / 2, w / 2, -d / 2, d / 2), np.stack([bin_pose, tower_pose, support_pose]).astype(np.float32))


def tower_home_poses(home: tuple[float, float, float], bin_spec: BodySpec
                     ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Bin on the table, tower on the bin, roof support in the tower (all static)."""
    x, y, heading = home
    bin_pose = rest_pose(bin_spec, x, y, heading)
    tower_pose, support_pose = tower_poses(x, y, heading, base_z=bin_spec.model.top_height)
    return bin_pose, tower_pose, support_pose


def tower_poses(x: float, y: float, heading: float, base_z: float = 0.0) -> tuple[np.ndarray, np.ndarray]:
    """The tower standing at (x, y) with its exit facing ``heading``, and its roof support."""
    tower = BodySpec("zombie_tower", "zombie_tower")
    tower_pose = rest_pose(tower, x, y, heading, base_z=base_z)
    support_at = compose(tower_pose, tower.model.anchors["roof_support"])
    support_pose = np.concatenate([support_at, tower_pose[3:7]])
    return tower_pose, support_pose


def _placed_pose(p: Placement, spec: BodySpec, by_id: dict[str, Placement],
                 geoms: dict[str, BuildingGeom], shelf_load: dict, bodies: list[BodySpec],
                 rows: list[np.ndarray]) -> np.ndarray:
    """Rest pose of a placement: on the table, on a building's block shelf, or on a piece."""
    if p.on is not None and p.on in geoms:
        geom = geoms[p.on]
        lx, ly, lz = building_models.shelf_point(geom.name, p.slot)
        base = lz + 2 * inflation(build("support_block", building=geom.name))
        if {"token", "flare"} & spec.model.tags:
            # tokens lie at the front and back of the shelf, a figure's place free between
            # them; a third and fourth token go on top of the first two
            count = shelf_load.get((p.on, p.slot), 0)
            shelf_load[(p.on, p.slot)] = count + 1
            lx += SHELF_TOKEN_X * (1 if count % 2 == 0 else -1)
            base += (count // 2) * spec.model.top_height
        wx, wy = geom.to_world(np.array([lx, ly]))[0]
        return rest_pose(spec, wx, wy, p.heading, base_z=base, fallen=p.fallen)
    if p.on is not None:
        ids = [b.id for b in bodies]
        host = rows[ids.index(p.on)]
        host_model = bodies[ids.index(p.on)].model
        top = float(host[2]) - host_model.rest_height + host_model.top_height + inflation(host_model)
        return rest_pose(spec, float(host[0]), float(host[1]), p.heading, base_z=top, fallen=p.fallen)
    if p.under is not None:
        host = by_id[p.under]
        # Hidden behind the standee, on the table (a standee cannot balance on a token).
        off = dims()["vehicle"]["stand_width"] / 2 + dims()["token"]["diameter"] / 2 + 0.3
        hx = host.x - off * np.sin(np.radians(host.heading))
        hy = host.y + off * np.cos(np.radians(host.heading))
        return rest_pose(spec, hx, hy, p.heading)
    return rest_pose(spec, p.x, p.y, p.heading, fallen=p.fallen)
