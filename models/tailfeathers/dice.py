"""The Tail Feathers action die (identical to Mice and Mystics, game-facts.md section 2).

A cube with six marked faces, as named in a public dice-roller's face list: bow; bow + mark;
cheese; sword/shield; sword/shield + mark; sword + mark (the mark is the star). Each face carries
raised symbols, so the die reads from any side. ``FACES`` lists every face with its outward unit
normal in the body frame; :func:`top_face` tells which face is up for a pose's rotation. Shared by
the model, the physics (a collision box) and the rules (face names).
"""
from __future__ import annotations

import numpy as np
import trimesh

from models.base import PieceModel, box, convex_prism, cylinder, finish, regular_polygon
from models.tailfeathers import tf_dims

FACES: tuple[tuple[str, tuple[float, float, float]], ...] = (
    ("bow", (0.0, 0.0, 1.0)), ("sword_shield", (0.0, 0.0, -1.0)),
    ("cheese", (1.0, 0.0, 0.0)), ("bow_mark", (-1.0, 0.0, 0.0)),
    ("sword_shield_mark", (0.0, 1.0, 0.0)), ("sword_mark", (0.0, -1.0, 0.0)))
FACE_NAMES = tuple(name for name, _ in FACES)
IVORY = (0.93, 0.90, 0.80, 1.0)
COLOURS = {"bow": (0.15, 0.50, 0.20, 1.0), "sword": (0.75, 0.12, 0.10, 1.0), "shield": (0.15, 0.30, 0.75, 1.0),
           "cheese": (0.95, 0.78, 0.10, 1.0), "mark": (0.10, 0.10, 0.10, 1.0)}


def _rotation(q) -> np.ndarray:
    """3x3 rotation from a unit quaternion (w, x, y, z) or a 3x3 matrix."""
    q = np.asarray(q, dtype=float)
    if q.shape == (3, 3):
        return q
    w, x, y, z = q / np.linalg.norm(q)
    return np.array([[1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
                     [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
                     [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)]])


def top_face(rotation) -> tuple[str, float]:
    """(face name, cosine of its tilt from vertical) of the face pointing up for a rotation given as a
    quaternion (w, x, y, z) or 3x3 matrix; a cosine well below 1 means the die is cocked."""
    R = _rotation(rotation)
    ups = [(float((R @ np.asarray(n))[2]), name) for name, n in FACES]
    cos, name = max(ups)
    return name, cos


def _symbol(name: str, s: float) -> list[tuple[trimesh.Trimesh, str]]:
    """Raised symbols of a face in its own frame (face plane z = 0, raised toward +z)."""
    t = 0.04
    out: list[tuple[trimesh.Trimesh, str]] = []
    if name.startswith("bow"):
        for k in range(7):
            a = np.radians(-70 + k * 140 / 6)
            seg = box((0.07 * s, 0.14 * s, t), (0.32 * s * np.cos(a) - 0.12 * s, 0.32 * s * np.sin(a), t / 2))
            out.append((seg, "bow"))
        out.append((box((0.04 * s, 0.6 * s, t), (-0.12 * s, 0.0, t / 2)), "bow"))
        out.append((box((0.5 * s, 0.04 * s, t), (-0.05 * s, 0.0, t / 2)), "bow"))
    if name.startswith("sword"):
        out.append((box((0.07 * s, 0.62 * s, t), (0.0, 0.0, t / 2)), "sword"))
        out.append((box((0.3 * s, 0.07 * s, t), (0.0, -0.18 * s, t / 2)), "sword"))
    if name.startswith("sword_shield"):
        shield = convex_prism(regular_polygon(0.2 * s, 6, np.pi / 6) + (0.18 * s, 0.05 * s), 0.0, t * 1.5)
        out.append((shield, "shield"))
    if name == "cheese":
        out.append((convex_prism(np.array([[-0.3, -0.22], [0.3, -0.22], [0.0, 0.3]]) * s, 0.0, t), "cheese"))
    if name.endswith("mark"):
        for k in range(3):
            bar = box((0.22 * s, 0.05 * s, t), (0.0, 0.0, t / 2))
            bar.apply_transform(trimesh.transformations.rotation_matrix(k * np.pi / 3, (0, 0, 1)))
            bar.apply_translation((-0.3 * s, 0.3 * s, 0.0))
            out.append((bar, "mark"))
    return out


def action_die() -> PieceModel:
    """An action die resting with the ``bow`` face up. Its collision is one box."""
    d = tf_dims()["die"]
    s = d["size"]
    cube = box((s, s, s), (0.0, 0.0, s / 2))
    parts = [(cube, IVORY)]
    for name, normal in FACES:
        align = trimesh.geometry.align_vectors([0.0, 0.0, 1.0], normal)
        for mesh, colour in _symbol(name, s):
            mesh = mesh.copy()
            mesh.apply_transform(align)
            mesh.apply_translation(np.asarray(normal) * s / 2 + (0.0, 0.0, s / 2))
            parts.append((mesh, COLOURS[colour]))
    return finish("tf_die", parts, [cube], mass=d["mass"], tags=frozenset({"die"}),
                  anchors={"centre": (0.0, 0.0, s / 2)})


def face_normals() -> dict[str, np.ndarray]:
    return {name: np.asarray(n, dtype=float) for name, n in FACES}


def cheese_token() -> PieceModel:
    """A cheese token: a round yellow wheel with holes, the cheese wheel's currency."""
    d = tf_dims()["cheese"]
    r, h = d["diameter"] / 2, d["height"]
    wheel = cylinder(r, 0.0, h, 20)
    parts = [(wheel, COLOURS["cheese"])]
    for x, y, rr in ((0.3, 0.2, 0.18), (-0.35, 0.1, 0.12), (0.0, -0.4, 0.15), (-0.1, 0.45, 0.1)):
        parts.append((cylinder(rr * r, h, h + 0.01, 10, (x * r, y * r)), (0.78, 0.58, 0.06, 1.0)))
    return finish("tf_cheese", parts, [wheel], mass=1.0, tags=frozenset({"token", "cheese"}))
