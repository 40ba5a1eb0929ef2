"""The body table: which pieces a physical episode holds, in canonical order.

Order is part of determinism (physics-notes §1): bodies are attached to every fresh world in the
order of this table, which is the order of the scene file after support-block expansion.
"""
from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np

from feltbox.models.base import PieceModel
from feltbox.models.catalog import build

POSE_FIELDS = ("x", "y", "z", "qw", "qx", "qy", "qz")  # a pose row: position (cm) + unit quaternion


@dataclass(frozen=True)
class BodySpec:
    """One body: its piece id, kind and parameters (enough to rebuild its model)."""
    id: str
    kind: str
    params: dict[str, Any] = field(default_factory=dict)

    @cached_property
    def model(self) -> PieceModel:
        """The piece's model (built once per distinct piece by the catalog, kept here)."""
        return build(self.kind, **self.params)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "params": dict(self.params)}

    @staticmethod
    def from_json(data: dict[str, Any]) -> BodySpec:
        return BodySpec(str(data["id"]), str(data["kind"]), dict(data.get("params", {})))


def per_model(compute: Callable[[PieceModel], Any]) -> Callable[[PieceModel], Any]:
    """Cache ``compute(model)`` once per model object (keyed by id(model), as pieces.py's shapes:
    catalog.build keeps one model per distinct piece). Cached arrays are shared: read only."""
    cache: dict[int, tuple[PieceModel, Any]] = {}

    @functools.wraps(compute)
    def cached(model: PieceModel) -> Any:
        hit = cache.get(id(model))
        if hit is None or hit[0] is not model:
            value = compute(model)
            if isinstance(value, np.ndarray):
                value.setflags(write=False)
            hit = cache[id(model)] = (model, value)
        return hit[1]
    return cached


@per_model
def collision_points(model: PieceModel) -> np.ndarray:
    """(M,3) every collision part's points in the body frame, stacked."""
    return np.vstack([p.points for p in model.collision])


@per_model
def reach(model: PieceModel) -> float:
    """The farthest collision point of a model from its body origin (its centre of mass), cm:
    the radius of a sphere about the origin that holds the whole shape, bar its margin."""
    return float(np.linalg.norm(collision_points(model), axis=1).max())


def heading_quat(heading_deg: float) -> np.ndarray:
    """Unit quaternion (w, x, y, z) of a rotation about +z by ``heading_deg``."""
    half = np.radians(heading_deg) / 2.0
    return np.array([np.cos(half), 0.0, 0.0, np.sin(half)])


def quat_mul(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Hamilton product of quaternions (w, x, y, z), broadcasting over leading axes."""
    aw, ax, ay, az = np.moveaxis(np.asarray(a, dtype=np.float64), -1, 0)
    bw, bx, by, bz = np.moveaxis(np.asarray(b, dtype=np.float64), -1, 0)
    return np.stack([aw * bw - ax * bx - ay * by - az * bz,
                     aw * bx + ax * bw + ay * bz - az * by,
                     aw * by - ax * bz + ay * bw + az * bx,
                     aw * bz + ax * by - ay * bx + az * bw], axis=-1)


def _cross(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``np.cross`` of (...,3) arrays with the same products and differences in the same order
    (so the same bits), without its axis shuffling, which cost more than the arithmetic here."""
    a0, a1, a2 = a[..., 0], a[..., 1], a[..., 2]
    b0, b1, b2 = b[..., 0], b[..., 1], b[..., 2]
    return np.stack([a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, a0 * b1 - a1 * b0], axis=-1)


def quat_rotate(q: np.ndarray, v: np.ndarray) -> np.ndarray:
    """Rotate vectors ``v`` (...,3) by unit quaternions ``q`` (...,4) (w, x, y, z)."""
    q = np.asarray(q, dtype=np.float64)
    v = np.asarray(v, dtype=np.float64)
    w, u = q[..., :1], q[..., 1:]
    t = 2.0 * _cross(u, v)
    return v + w * t + _cross(u, t)


def up_z(qw: float, qx: float, qy: float, qz: float) -> float:
    """``up_axes`` of one pose's quaternion, its z only, in Python floats: the same operations
    in the same order (quat_rotate with v = +z), so the same bits, at a fraction of numpy's cost
    on one row."""
    t0 = 2.0 * (qy * 1.0 - qz * 0.0)
    t1 = 2.0 * (qz * 0.0 - qx * 1.0)
    t2 = 2.0 * (qx * 0.0 - qy * 0.0)
    return (1.0 + qw * t2) + (qx * t1 - qy * t0)


def up_axes(poses: np.ndarray) -> np.ndarray:
    """Each body's local +z axis in world coordinates, (N,3), from an (N,7) pose array."""
    return quat_rotate(poses[:, 3:7], np.array([0.0, 0.0, 1.0]))
