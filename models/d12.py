"""A twelve-sided die: a regular pentagonal dodecahedron (Root's "2 custom twelve-sided dice",
Law 4.3.2), each face numbered 0-3 (three faces of each number, opposite faces summing to 3).
Sizes: ``[d12]`` of models/dimensions.toml (house).

The twelve face normals (of the solid with vertices (+-1, +-1, +-1), (0, +-1/phi, +-phi) and their
cyclic permutations) are (0, +-phi, +-1) and its cyclic permutations; the solid is turned so the
face numbered ``FACES[0]`` points up (+z) at rest.
It collides as one Bullet convex hull of its twenty vertices; the face read after a throw is the one
whose turned normal is closest to +z (models/dice_faces.top_face_index, as for every die).
"""
from __future__ import annotations

import numpy as np

from feltbox.models import dice_faces, glyphs
from feltbox.models.base import RGBA, PieceModel, finish
from feltbox.models.dimensions import dims
from feltbox.models.lazy import trimesh

PHI = (1.0 + 5.0 ** 0.5) / 2.0
IVORY: RGBA = (0.93, 0.89, 0.80, 1.0)
INK: RGBA = (0.16, 0.10, 0.06, 1.0)
RAISE = 0.02                   # digits stand this proud of the face


def _raw_normals() -> np.ndarray:
    """The twelve unit face normals, in pairs: normal 2k+1 is the opposite of normal 2k."""
    out = []
    for a in (PHI, -PHI):
        for b in (1.0, -1.0):
            for perm in ((0.0, a, b), (a, b, 0.0), (b, 0.0, a)):
                out.append(perm)
    n = np.array(out, dtype=np.float64)
    n /= np.linalg.norm(n, axis=1, keepdims=True)
    ordered = []
    for v in n:                                   # each normal, then its opposite
        if not any(np.allclose(v, w) or np.allclose(v, -w) for w in ordered):
            ordered.append(v)
    return np.array([x for v in ordered for x in (v, -v)])


def _turn_up(n: np.ndarray) -> np.ndarray:
    """The rotation matrix that turns unit vector ``n`` to +z."""
    z = np.array([0.0, 0.0, 1.0])
    axis = np.cross(n, z)
    s, c = np.linalg.norm(axis), float(n @ z)
    if s < 1e-12:
        return np.eye(3) if c > 0 else np.diag([1.0, -1.0, -1.0])
    k = axis / s
    kx = np.array([[0, -k[2], k[1]], [k[2], 0, -k[0]], [-k[1], k[0], 0]])
    return np.eye(3) + s * kx + (1 - c) * kx @ kx


_ROT = _turn_up(_raw_normals()[0])
NORMALS = _raw_normals() @ _ROT.T                 # (12, 3), face k's outward normal at rest
FACES: tuple[int, ...] = (0, 3, 1, 2, 2, 1, 0, 3, 1, 2, 3, 0)   # opposite pairs sum to 3


def size() -> float:
    """Distance between opposite faces (cm): a flat die's centre is size / 2 above the floor."""
    return float(dims()["d12"]["size"])


def vertices(between_faces: float) -> np.ndarray:
    """The twenty vertices, turned as the die rests, ``between_faces`` cm between opposite faces."""
    pts = [(x, y, z) for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)]
    for a in (-1 / PHI, 1 / PHI):
        for b in (-PHI, PHI):
            pts += [(0.0, a, b), (a, b, 0.0), (b, 0.0, a)]
    v = np.array(pts, dtype=np.float64) @ _ROT.T
    inradius = float((v @ NORMALS[0]).max())          # every face is this far from the centre
    return v * (between_faces / 2 / inradius)


def top_face(quat) -> tuple[int, float]:
    """(number up, tilt in degrees from vertical) for a body quaternion (w, x, y, z)."""
    index, tilt = dice_faces.top_face_index(np.asarray(quat, dtype=np.float64)[None], NORMALS)
    return FACES[int(index[0])], float(tilt[0])


def face_quat(number: int, heading_deg: float = 0.0, which: int = 0) -> np.ndarray:
    """A unit quaternion that puts the ``which``-th face showing ``number`` up."""
    faces = [k for k, f in enumerate(FACES) if f == number]
    return dice_faces.face_up_quat(NORMALS[faces[which]], heading_deg)


def d12() -> PieceModel:
    """One die at rest with face 0 (a 0) up, origin at its centre."""
    d = dims()["d12"]
    between = float(d["size"])
    v = vertices(between)
    body = trimesh.convex.convex_hull(v)
    body.apply_translation((0.0, 0.0, between / 2))
    parts = [(body, IVORY)]
    for k, number in enumerate(FACES):
        digit = glyphs.digits_mesh(str(number), float(d["digit_height"]), RAISE)
        moved = dice_faces.onto_face(digit, NORMALS[k], between / 2 - 0.005)
        moved.apply_translation((0.0, 0.0, between / 2))
        parts.append((moved, INK))
    solid = trimesh.convex.convex_hull(v + (0.0, 0.0, between / 2))
    return finish("d12", parts, [solid], density=float(d["density"]), friction=float(d["friction"]),
                  restitution=float(d["restitution"]), angular_damping=float(d["angular_damping"]),
                  tags=frozenset({"die"}))
