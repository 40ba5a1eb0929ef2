"""Line of sight over the real table: does a building stand between the camera's eye and a piece?

The buildings (and the RV) of the table are put in a small Bullet world with their real collision
shapes (game/table/pieces.make_body) at the poses the table holds now, and a ray is cast from the
eye to the piece. Only buildings block: a figure or a car in front of a piece hides little of it.
The camera (game/window/framing.choose_view) turns to a view where every ray is clear, so the
focus is never behind a building (issue 18: in S7 the camera looked at a survivor from behind the
school).
"""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from panda3d.bullet import BulletWorld
from panda3d.core import Point3, Quat, TransformState, Vec3

from feltbox.game.table.bodies import BodySpec
from feltbox.game.table.pieces import make_body

BLOCKERS = "building"            # the model tag of what hides a piece


class Sightlines:
    """The buildings of ``bodies`` at ``poses`` (``present``: the bodies on the table)."""

    def __init__(self, bodies: Sequence[BodySpec], poses: np.ndarray, present: np.ndarray | None = None):
        self.world = BulletWorld()
        self.blockers: list[str] = []
        for i, spec in enumerate(bodies):
            if BLOCKERS not in spec.model.tags or (present is not None and not present[i]):
                continue
            node = make_body(spec.id, spec.model)
            x, y, z, qw, qx, qy, qz = (float(v) for v in poses[i])
            node.setTransform(TransformState.makePosQuatScale(Point3(x, y, z), Quat(qw, qx, qy, qz), Vec3(1, 1, 1)))
            self.world.attachRigidBody(node)
            self.blockers.append(spec.id)

    def blocker(self, eye, point) -> str | None:
        """The building the ray from ``eye`` to ``point`` meets first, None when it is clear."""
        hit = self.world.rayTestClosest(Point3(*map(float, eye)), Point3(*map(float, point)))
        return hit.getNode().getName() if hit.hasHit() else None

    def clear(self, eye, point) -> bool:
        return self.blocker(eye, point) is None
