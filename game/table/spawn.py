"""Never start inside something: pieces laid on the table for a flick are checked clear of every
other piece on it with Bullet's own contact test, and moved to the nearest clear spot if not.

A piece laid beside a survivor (a bullet, the shotgun or sniper template and its load, a knife, a
flare) or in its place (the movement disc, the bat) can land inside a support block, a vehicle
or a zombie standing close by: Bullet then pushes it out with a jolt, or, for a held (static)
template, presses the other piece into the felt (a sniper bullet was found 0.65 cm inside a
support block, a lamp 7 mm under the table under a template). The laid pieces move together,
their aim unchanged, by the shortest shift that clears them all; the rulebook only says where the
component starts, "next to" the survivor, and the nearest clear spot is still next to it.
"""
from __future__ import annotations

import functools
from collections.abc import Sequence

import numpy as np
from panda3d.bullet import BulletWorld
from panda3d.core import Point3, Quat, TransformState, Vec3

from feltbox.game.table.bodies import per_model, reach
from feltbox.game.table.city import City
from feltbox.game.table.pieces import make_body, make_placed_body
from feltbox.models.base import PieceModel, inflation

# Touching is fine (a bullet in the template's channel, a disc against a figure's base), more
# than this deep is inside: well under the 1 mm a flick moves in a tick.
CLEARANCE = 0.02        # cm
RING_STEP = 0.25        # cm between the rings of candidate spots
MAX_SHIFT = 20.0        # cm: the farthest a piece is moved (about a building's width)
DIRECTIONS = 24         # candidate spots per ring
_ONE = Vec3(1, 1, 1)


class SpawnBlocked(RuntimeError):
    """No clear spot within MAX_SHIFT of where the rulebook lays the piece."""


@per_model
def _reach(model: PieceModel) -> float:
    """Radius of a sphere about the body origin that holds the whole collision shape, its
    margin and the clearance."""
    return reach(model) + inflation(model) + CLEARANCE


def _transform(pose: np.ndarray) -> TransformState:
    x, y, z, qw, qx, qy, qz = (float(v) for v in pose)
    return TransformState.makePosQuatScale(Point3(x, y, z), Quat(qw, qx, qy, qz), _ONE)


@functools.cache
def _probe_world() -> BulletWorld:
    """The world whose collision dispatcher tests the pairs. ``contactTestPair`` asks the
    dispatcher about two bodies and nothing else, so the bodies are never attached (nothing is
    stepped) and one world serves every probe: a world per probe cost ~0.1 ms."""
    return BulletWorld()


def _radii(city: City) -> np.ndarray:
    """Every body's ``_reach``, in canonical order (kept on the city, which owns its body table:
    a module-level cache would keep every game's bodies alive)."""
    radii = city.__dict__.get("_reach_radii")
    if radii is None:
        radii = city.__dict__["_reach_radii"] = np.array([_reach(b.model) for b in city.bodies])
    return radii


class _Probe:
    """The laid pieces and, as they are first needed, the pieces they could reach (bounding
    spheres filter the pairs; Bullet tests the rest)."""

    def __init__(self, city: City, poses: np.ndarray, present: np.ndarray, laid: Sequence[int]):
        self.city, self.poses, self.laid = city, poses, list(laid)
        self.world = _probe_world()
        laid_set = set(self.laid)
        self.reach = {i: _reach(city.bodies[i].model) for i in self.laid}
        self.others = [j for j in np.flatnonzero(present).tolist() if j not in laid_set]
        self.at = poses[self.others, :3].astype(float)
        self.radius = _radii(city)[self.others]
        self.other_nodes: dict[int, object] = {}
        self.nodes = {i: make_body(city.bodies[i].id, city.bodies[i].model) for i in self.laid}

    def _other(self, j: int):
        node = self.other_nodes.get(j)
        if node is None:
            spec = self.city.bodies[j]
            node = self.other_nodes[j] = make_placed_body(spec.id, spec.model, self.poses[j])
        return node

    def inside(self, shift: np.ndarray, first: bool = False) -> list[tuple[int, int, float]]:
        """(laid, other, depth) for every laid piece more than CLEARANCE inside another piece
        when the laid pieces are shifted by ``shift`` (x, y); with ``first``, only the first
        found (the search only asks whether a spot is clear: the piece blocked last is tried first)."""
        found = []
        for i in self.laid:
            pose = self.poses[i].astype(float)
            pose[:2] += shift
            near = np.flatnonzero(np.linalg.norm(self.at - pose[:3], axis=1) <= self.radius + self.reach[i])
            if not len(near):
                continue
            node = self.nodes[i]
            node.setTransform(_transform(pose))
            for k in near.tolist():
                j = self.others[k]
                result = self.world.contactTestPair(node, self._other(j))   # alive while read
                deepest = 0.0
                for n in range(result.getNumContacts()):
                    contact = result.getContact(n)
                    point = contact.getManifoldPoint()
                    deepest = min(deepest, point.getDistance())
                if deepest < -CLEARANCE:
                    found.append((i, j, -deepest))
                    if first:
                        self.laid.remove(i)
                        self.laid.insert(0, i)
                        return found
        return found


def overlaps(city: City, poses: np.ndarray, present: np.ndarray, laid: Sequence[int]
             ) -> list[tuple[int, int, float]]:
    """(laid, other, depth cm) for each laid piece more than CLEARANCE inside another piece."""
    return _Probe(city, poses, present, laid).inside(np.zeros(2))


def clear_spot(city: City, poses: np.ndarray, present: np.ndarray, laid: Sequence[int]) -> np.ndarray:
    """Move the ``laid`` pieces (in ``poses``, in place) together by the shortest shift that
    leaves each of them clear of every other piece on the table; returns the shift (x, y).

    Candidates lie on rings RING_STEP apart, DIRECTIONS to a ring, in a fixed order (determinism).
    """
    probe = _Probe(city, poses, present, laid)
    if not probe.inside(np.zeros(2)):
        return np.zeros(2)
    angles = np.radians(np.arange(DIRECTIONS) * 360.0 / DIRECTIONS)
    for ring in range(1, int(MAX_SHIFT / RING_STEP) + 1):
        radius = ring * RING_STEP
        for a in angles:
            shift = radius * np.array([np.cos(a), np.sin(a)])
            if not probe.inside(shift, first=True):
                for i in laid:
                    poses[i, :2] = (poses[i, :2].astype(float) + shift).astype(poses.dtype)
                return shift
    names = ", ".join(city.bodies[i].id for i in laid)
    raise SpawnBlocked(f"no clear spot within {MAX_SHIFT:g} cm for {names}")
