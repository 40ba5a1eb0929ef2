"""Physical piece kinds: Bullet bodies built from ``models/`` descriptions.

Shapes are made once per model and shared by every world (a Bullet shape carries no simulation
state); bodies are made fresh for every episode (physics-notes §1: a fresh world per episode).
"""
from __future__ import annotations

import functools

import numpy as np
from panda3d.bullet import BulletBoxShape, BulletConvexHullShape, BulletPlaneShape, BulletRigidBodyNode, BulletShape
from panda3d.core import Point3, Quat, TransformState, Vec3

from feltbox.models.base import CollisionPart, PieceModel
from feltbox.models.dimensions import dims

# Keyed by id(model): catalog.build caches models, so one model object per distinct piece.
_SHAPES: dict[int, tuple[PieceModel, list[tuple[BulletShape, TransformState]]]] = {}

# Pieces smaller than this (cm) get CCD (physics-notes §0.5): discs, bullets, pellets, knives.
CCD_BELOW = 1.5
_SMALL_DYNAMIC_THRESHOLD = 0.1   # cm per step before CCD kicks in (1 mm)


def _part_shape(part: CollisionPart, margin: float) -> tuple[BulletShape, TransformState]:
    if part.kind == "box":
        shape = BulletBoxShape(Vec3(*part.half_extents))
        return shape, TransformState.makePos(Point3(*part.offset))
    if part.kind == "hull":
        shape = BulletConvexHullShape()
        for x, y, z in np.asarray(part.points, dtype=np.float64):   # once per model, then cached
            shape.addPoint(Point3(x, y, z))
        shape.setMargin(margin)
        return shape, TransformState.makeIdentity()
    raise ValueError(f"collision part kind {part.kind!r} is not 'hull' or 'box'")


def shapes_for(model: PieceModel) -> list[tuple[BulletShape, TransformState]]:
    """The Bullet shapes of a model, built once and shared."""
    key = id(model)
    cached = _SHAPES.get(key)
    if cached is None or cached[0] is not model:
        cached = (model, [_part_shape(p, model.margin) for p in model.collision])
        _SHAPES[key] = cached
    return cached[1]


_TEMPLATES: dict[int, tuple[PieceModel, BulletRigidBodyNode]] = {}


def make_body(name: str, model: PieceModel) -> BulletRigidBodyNode:
    """A fresh rigid body for one piece: a copy of the model's template body (same shapes, mass,
    inertia, damping, friction and CCD; copying is 3x cheaper than setting them one by one)."""
    cached = _TEMPLATES.get(id(model))
    if cached is None or cached[0] is not model:
        cached = (model, _new_body(model))
        _TEMPLATES[id(model)] = cached
    node = cached[1].makeCopy()
    node.setName(name)
    return node


_PLACED: dict[tuple[str, int], tuple[PieceModel, bytes, BulletRigidBodyNode]] = {}
_ONE = Vec3(1, 1, 1)


def make_placed_body(name: str, model: PieceModel, pose: np.ndarray) -> BulletRigidBodyNode:
    """``make_body`` standing at ``pose`` (a pose row: x, y, z, qw, qx, qy, qz).

    Most pieces stand still from one episode to the next, so each piece keeps a template body
    placed at its last pose (the row's exact bits: -0.0 is not 0.0 here) and the next world gets
    a copy of it: a copy carries the placed transform, bit for bit what placing a fresh copy
    gives (tests/test_table_build.py), and skips making and applying a transform state for
    every piece of every world.
    """
    key, bits = (name, id(model)), pose.tobytes()
    cached = _PLACED.get(key)
    if cached is None or cached[0] is not model or cached[1] != bits:
        node = make_body(name, model)
        x, y, z, qw, qx, qy, qz = pose.tolist()
        node.setTransform(TransformState.makePosQuatScale(Point3(x, y, z), Quat(qw, qx, qy, qz), _ONE))
        cached = (model, bits, node)
        _PLACED[key] = cached
    return cached[2].makeCopy()


def _new_body(model: PieceModel) -> BulletRigidBodyNode:
    node = BulletRigidBodyNode(model.kind)
    for shape, xform in shapes_for(model):
        node.addShape(shape, xform)
    if model.mass > 0.0:
        node.setMass(model.mass)
        node.setInertia(Vec3(*model.inertia))   # after setMass: Bullet's compound guess is AABB
        node.setAngularDamping(model.angular_damping)
        node.setLinearDamping(0.0)
        if model.smallest_dim < CCD_BELOW:
            node.setCcdMotionThreshold(_SMALL_DYNAMIC_THRESHOLD)
            node.setCcdSweptSphereRadius(0.45 * model.smallest_dim)
    node.setFriction(model.friction)
    node.setRestitution(model.restitution)
    return node


def make_table_plane() -> BulletRigidBodyNode:
    """The felt: an infinite static plane at z = 0 (physics-notes §0.2: never a box table), a
    copy of one template as every body is."""
    return _plane_template().makeCopy()


@functools.cache
def _plane_template() -> BulletRigidBodyNode:
    node = BulletRigidBodyNode("table")
    node.addShape(BulletPlaneShape(Vec3(0, 0, 1), 0))
    node.setFriction(dims()["table"]["friction"])
    node.setRestitution(dims()["table"]["restitution"])
    return node
