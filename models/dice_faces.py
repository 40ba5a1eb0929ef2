"""Shared geometry of cubic dice: which face is up for a pose, a pose that puts a face up, and the
rounded-looking (chamfered) cube every die's visual body is.

A die's faces are a constant table: face name -> local outward normal (one of +-x, +-y, +-z). The
face pointing up after a throw is the one whose normal, turned by the die's pose, is closest to +z.
Used by the Tail Feathers action die (models/tailfeathers/dice.py) and the standard d6 (models/d6.py).
"""
from __future__ import annotations

import numpy as np

from feltbox.models.lazy import trimesh


def top_face_index(quats: np.ndarray, normals: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For (..., 4) unit quaternions (w, x, y, z) and a die's (F, 3) face normals: the index of the
    face pointing up and the angle (degrees) between that face's normal and +z."""
    q = np.asarray(quats, dtype=np.float64)
    w, u = q[..., None, :1], q[..., None, 1:]
    t = 2.0 * np.cross(u, normals)
    world = normals + w * t + np.cross(u, t)                 # (..., F, 3)
    up = world[..., 2]
    index = np.argmax(up, axis=-1)
    cos = np.clip(np.take_along_axis(up, index[..., None], -1)[..., 0], -1.0, 1.0)
    return index, np.degrees(np.arccos(cos))


def face_up_quat(normal, heading_deg: float = 0.0) -> np.ndarray:
    """A unit quaternion (w, x, y, z) that turns local ``normal`` to +z, then by ``heading_deg``
    about +z."""
    n = np.asarray(normal, dtype=np.float64)
    z = np.array([0.0, 0.0, 1.0])
    axis = np.cross(n, z)
    if np.linalg.norm(axis) < 1e-9:
        q = np.array([1.0, 0.0, 0.0, 0.0]) if n[2] > 0 else np.array([0.0, 1.0, 0.0, 0.0])
    else:
        axis /= np.linalg.norm(axis)
        angle = np.arccos(np.clip(n @ z, -1, 1))
        q = np.concatenate([[np.cos(angle / 2)], np.sin(angle / 2) * axis])
    h = np.radians(heading_deg) / 2
    turn = np.array([np.cos(h), 0.0, 0.0, np.sin(h)])
    aw, ax, ay, az = turn
    bw, bx, by, bz = q
    return np.array([aw * bw - ax * bx - ay * by - az * bz, aw * bx + ax * bw + ay * bz - az * by,
                     aw * by - ax * bz + ay * bw + az * bx, aw * bz + ax * by - ay * bx + az * bw])


def chamfered_cube(size: float, chamfer: float) -> trimesh.Trimesh:
    """The hull of three slightly shrunken boxes: a cube with bevelled edges and corners, centred
    at the origin."""
    h, s = size / 2, size / 2 - chamfer
    points = []
    for ext in ((h, s, s), (s, h, s), (s, s, h)):
        points += [(sx * ext[0], sy * ext[1], sz * ext[2]) for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)]
    return trimesh.convex.convex_hull(np.array(points))


def onto_face(mesh: trimesh.Trimesh, normal, offset: float) -> trimesh.Trimesh:
    """Move a mark drawn facing +z at z = 0 onto the face with outward ``normal``, ``offset`` from
    the centre."""
    n = np.asarray(normal, dtype=float)
    m = mesh.copy()
    z = np.array([0.0, 0.0, 1.0])
    axis = np.cross(z, n)
    if np.linalg.norm(axis) < 1e-9:
        rot = np.eye(4) if n[2] > 0 else trimesh.transformations.rotation_matrix(np.pi, (1, 0, 0))
    else:
        rot = trimesh.transformations.rotation_matrix(np.arccos(np.clip(z @ n, -1, 1)), axis)
    m.apply_transform(rot)
    m.apply_translation(n * offset)
    return m
