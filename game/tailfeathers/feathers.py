"""Dropping Tail Feathers tail-feather tokens for real (rulebook, additional rule "Tail Feathers").

"One at a time, drop those feathers onto the battlefield from 2-3 inches above the rear portion of
the wounded bird figure. Leave them where they land unless they land on another tail feather, a
space (tree, nest or leaf), a mission card, a figure."

Each feather is one episode on a fresh Table (physics-notes §0.7): the static obstacles the caller
lists (spaces and mission cards as flat slabs, earlier feathers, figures as 16-gon cylinders), the
feathers already dropped this time (dynamic, asleep where they came to rest: a falling feather
may push them), and the new feather, released 5-7.6 cm above the table behind the bird's base
with a seeded random orientation and a small hand drift. When all have fallen, each feather's
rest pose is read and a contact query on the last table says what it lies on: "table", or the id
of the obstacle (or feather) under it or propping it up. The rules remove those not on "table".

The feather and obstacle bodies are physics stand-ins built here (not catalog kinds), so these
episodes are not written into replays (their body specs cannot be rebuilt from JSON).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache

import numpy as np

from feltbox.game.table.bodies import BodySpec, heading_quat, quat_mul, quat_rotate
from feltbox.game.table.session import Episode
from feltbox.game.table.table import TOUCH_DISTANCE, Input, Table
from feltbox.models.base import HULL_MARGIN, PieceModel, box, convex_prism, cylinder, finish, inflation
from feltbox.models.tailfeathers import tf_dims

# A cardboard token in the shape of a tail feather, a convex 10-gon outline inscribed in the
# rectangle the rules measure feathers with (rules/tailfeathers/data/templates.toml, via tf_dims).
FEATHER_LENGTH = tf_dims()["feather"]["length"]
FEATHER_WIDTH = tf_dims()["feather"]["width"]
FEATHER_THICKNESS = 0.2
CARDBOARD = 0.7                     # g/cm^3
MIN_SLAB = 0.1                      # slabs thinner than this collide as this thick (Bullet boxes)
DROP_HEIGHT = (5.0, 7.6)            # 2-3 inches above the table
REAR_OFFSET = 2.0                   # behind the base centre (cm), the bird's rear
SCATTER = 0.4                       # +- cm of hand scatter around the release point
MAX_TILT_DEG = 60.0                 # release tilt of the token (a hand does not hold it flat)
DRIFT = 8.0                         # cm/s, largest horizontal hand drift
ON_TABLE = 0.05                     # cm: a flat feather's centre within this of its rest height
FEATHER_UP = (0.80, 0.62, 0.35, 1.0)
FEATHER_DOWN = (0.55, 0.40, 0.25, 1.0)


def _outline() -> np.ndarray:
    t = np.linspace(0.0, 2.0 * np.pi, 10, endpoint=False)
    return np.column_stack([FEATHER_LENGTH / 2 * np.cos(t), FEATHER_WIDTH / 2 * np.sin(t)])


@cache
def feather_model(static: bool = False) -> PieceModel:
    """A tail-feather token lying front side up, its tip toward local +x."""
    body = convex_prism(_outline(), 0.0, FEATHER_THICKNESS)
    quill = box((FEATHER_LENGTH * 0.8, 0.08, 0.02), (-0.1, 0.0, FEATHER_THICKNESS + 0.01))
    return finish("tf_feather", [(body, FEATHER_UP), (quill, FEATHER_DOWN)], [body], density=CARDBOARD,
                  static=static, margin=0.01, tags=frozenset({"feather", "tailfeathers"}))


@lru_cache(maxsize=256)
def slab_model(length: float, width: float, thickness: float, kind: str) -> PieceModel:
    t = max(thickness, MIN_SLAB)
    solid = box((length, width, t), (0.0, 0.0, t / 2))
    return finish(f"tf_{kind}_slab", [(solid, (0.35, 0.45, 0.25, 1.0))], [solid], static=True,
                  tags=frozenset({kind}))


@lru_cache(maxsize=256)
def cylinder_model(radius: float, height: float) -> PieceModel:
    solid = cylinder(radius, 0.0, height)
    return finish("tf_figure_cylinder", [(solid, (0.5, 0.5, 0.55, 1.0))], [solid], static=True,
                  margin=HULL_MARGIN, tags=frozenset({"figure"}))


@dataclass(frozen=True)
class Obstacle:
    """A static thing on the battlefield: kind "space" | "mission" | "feather" | "figure".

    pose = (x, y, heading) or (x, y, heading, z of its underside); size = (length, width,
    thickness) for slabs, (radius, height) for figures, () for feathers."""
    kind: str
    id: str
    pose: tuple
    size: tuple = ()

    def model(self) -> PieceModel:
        if self.kind in ("space", "mission"):
            length, width, *rest = (float(v) for v in self.size)
            return slab_model(length, width, rest[0] if rest else MIN_SLAB, self.kind)
        if self.kind == "figure":
            radius, height = (float(v) for v in self.size)
            return cylinder_model(radius, height)
        if self.kind == "feather":
            return feather_model(True)
        raise ValueError(f"unknown obstacle kind {self.kind!r} (space, mission, feather, figure)")


def _spec(ident: str, kind: str, params: dict, model: PieceModel) -> BodySpec:
    spec = BodySpec(ident, kind, params)
    spec.__dict__["model"] = model                 # a stand-in, not a catalog kind
    return spec


def _pose(model: PieceModel, x: float, y: float, heading: float, z0: float = 0.0) -> np.ndarray:
    return np.concatenate([[x, y, z0 + model.rest_height], heading_quat(heading)]).astype(np.float32)


@dataclass
class Landing:
    x: float
    y: float
    heading: float                 # degrees, the tip's direction
    z: float
    tilt: float                    # degrees between the token's normal and vertical
    side: str                      # "front" | "notched" (face up)
    on: str                        # "table" or the id of what it lies on / leans on
    touching: list[str] = field(default_factory=list)


@dataclass
class FeatherDrop:
    landed: list[Landing]
    episodes: list[Episode]
    settled: bool

    def measured(self) -> dict:
        """The contract's answer to PhysicsRequest("feathers", ...)."""
        return {"landed": [[round(f.x, 3), round(f.y, 3), round(f.heading, 2)] for f in self.landed],
                "on": [f.on for f in self.landed]}


def _obstacle(item) -> Obstacle:
    if isinstance(item, Obstacle):
        return item
    kind, ident, pose, *size = item
    return Obstacle(str(kind), str(ident), tuple(pose), tuple(size[0]) if size else ())


def release(bird: Sequence[float], rng: np.random.Generator, mass: float, inertia: Sequence[float],
            body: int, rear_offset: float) -> tuple[np.ndarray, list[Input]]:
    """Start pose and tick-0 impulses of one feather let go behind the bird at ``bird``."""
    x, y, heading = (float(v) for v in bird[:3])
    h = np.radians(heading)
    back = np.array([np.cos(h), np.sin(h)])
    side = np.array([-back[1], back[0]])
    at = np.array([x, y]) - rear_offset * back + rng.uniform(-SCATTER, SCATTER, 2) @ np.array([back, side])
    z = rng.uniform(*DROP_HEIGHT)
    tilt_axis = rng.uniform(0.0, 2.0 * np.pi)
    tilt = np.radians(rng.uniform(0.0, MAX_TILT_DEG))
    q_tilt = np.array([np.cos(tilt / 2), np.sin(tilt / 2) * np.cos(tilt_axis), np.sin(tilt / 2) * np.sin(tilt_axis), 0.0])
    q = quat_mul(q_tilt, heading_quat(rng.uniform(0.0, 360.0)))
    pose = np.concatenate([[at[0], at[1], z], q / np.linalg.norm(q)]).astype(np.float32)
    drift = rng.uniform(0.0, DRIFT) * np.array([np.cos(tilt_axis * 2), np.sin(tilt_axis * 2), 0.0])
    spin = rng.normal(size=3) * 3.0                               # rad/s, a small flip of the hand
    angular = np.asarray(inertia) * spin                         # body axes ~ world at small tilt
    r = np.array([0.0, 0.0, 0.5]) if abs(angular[2]) < 0.9 * np.linalg.norm(angular) else np.array([0.5, 0.0, 0.0])
    r = r - angular * (r @ angular) / max(float(angular @ angular), 1e-12)
    j = np.cross(angular, r) / (2.0 * float(r @ r))
    inputs = [Input(0, "impulse", body, tuple(float(c) for c in mass * drift)),
              Input(0, "impulse", body, tuple(float(c) for c in j), tuple(float(c) for c in r)),
              Input(0, "impulse", body, tuple(float(-c) for c in j), tuple(float(-c) for c in r))]
    return pose, inputs


def drop_feathers(bird: Sequence[float], count: int, obstacles: Sequence = (), seed: int = 0,
                  rear_offset: float = REAR_OFFSET) -> FeatherDrop:
    """Drop ``count`` feathers one at a time behind ``bird`` = (x, y, heading) among
    ``obstacles`` (Obstacle or (kind, id, pose, size) tuples); where did each come to rest?"""
    obs = [_obstacle(o) for o in obstacles]
    feather = feather_model(False)
    bodies = [_spec(o.id, f"tf_{o.kind}", {"size": list(o.size)}, o.model()) for o in obs]
    bodies += [_spec(f"feather-{j + 1}", "tf_feather", {}, feather) for j in range(count)]
    first = len(obs)
    poses = np.zeros((len(bodies), 7), np.float32)
    for i, o in enumerate(obs):
        poses[i] = _pose(bodies[i].model, *(float(v) for v in o.pose[:3]),
                         float(o.pose[3]) if len(o.pose) > 3 else 0.0)
    for j in range(count):
        poses[first + j] = _pose(feather, 0.0, 0.0, 0.0, -50.0)   # not yet dropped (absent)
    episodes: list[Episode] = []
    settled = True
    table = None
    for j in range(count):
        rng = np.random.default_rng([int(seed), j])
        b = first + j
        poses[b], inputs = release(bird, rng, feather.mass, feather.inertia, b, rear_offset)
        present = np.zeros(len(bodies), bool)
        present[:b + 1] = True
        table = Table(bodies, poses, present, [b])
        result = table.run(inputs)
        settled &= result.settled
        world = {"absent": [int(i) for i in np.flatnonzero(~present)], "awake": [b], "watch": None}
        episodes.append(Episode("feather", result.start, world, [i.to_json() for i in inputs], result,
                                {"feather": bodies[b].id, "settled": bool(result.settled)}))
        poses = result.final.copy()
    landed = [_landing(table, bodies, poses, first + j) for j in range(count)] if count else []
    return FeatherDrop(landed, episodes, bool(settled))


def _landing(table: Table, bodies: list[BodySpec], poses: np.ndarray, b: int) -> Landing:
    pose = poses[b].astype(np.float64)
    q = pose[3:7]
    tip = quat_rotate(q, np.array([1.0, 0.0, 0.0]))
    normal = quat_rotate(q, np.array([0.0, 0.0, 1.0]))
    heading = float(np.degrees(np.arctan2(tip[1], tip[0])) % 360.0)
    tilt = float(np.degrees(np.arccos(np.clip(abs(normal[2]), 0.0, 1.0))))
    node = table.nodes[b]
    plane = next(n for n in table.world.getRigidBodies() if n.name == "table")
    others = [(i, n) for i, n in enumerate(table.nodes) if n is not None and i != b] + [(-1, plane)]
    under: list[int] = []
    touching: list[int] = []
    on_table = False
    for i, other in others:
        result = table.world.contactTestPair(node, other)
        for k in range(result.getNumContacts()):
            contact = result.getContact(k)     # keep it alive: the point is a reference into it
            point = contact.getManifoldPoint()
            if point.getDistance() > TOUCH_DISTANCE:
                continue
            below = min(point.getPositionWorldOnA()[2], point.getPositionWorldOnB()[2]) < pose[2] - 0.03
            if i < 0:
                on_table = on_table or below
                continue
            if i not in touching:
                touching.append(i)
            if (below or tilt > 10.0) and i not in under:
                under.append(i)
    rest = table.bodies[b].model.rest_height + inflation(table.bodies[b].model)
    if not under and touching and pose[2] - rest > ON_TABLE:
        under = touching                  # raised off the table, leaning on what it touches
    flat_on_table = tilt < 5.0 and abs(pose[2] - rest) < ON_TABLE     # contact may be 0 deep
    on = bodies[min(under)].id if under else ("table" if on_table or flat_on_table else "?")
    return Landing(float(pose[0]), float(pose[1]), heading, float(pose[2]), tilt,
                   "front" if normal[2] >= 0 else "notched", on, [bodies[i].id for i in sorted(touching)])
