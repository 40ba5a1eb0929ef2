"""The Tail Feathers action die (rulebook components: 10 action dice, the Mice and Mystics dice).

House size: a 1.6 cm cube of plastic (about 4.9 g). It looks slightly rounded (a chamfered cube)
but collides as a Bullet box (physics-notes §0.3), whose margin lies inside the box and rounds its
corners by 0.04 cm.

The six faces (game-facts.md §2, [MM1]) are fixed to local face normals by ``FACE_NORMALS``; the
face pointing up after a roll is the one whose normal, turned by the die's pose, is closest to +z.
Which face is opposite which on the real die is not known (house layout: the two bows opposite, the
two sword/shields opposite, cheese opposite sword).
"""
from __future__ import annotations

import numpy as np

from feltbox.models import dice_faces
from feltbox.models.base import RGBA, PieceModel, box, convex_prism, finish, regular_polygon
from feltbox.models.lazy import trimesh

SIZE = 1.6             # cm, edge of the cube (house value)
CHAMFER = 0.12         # cm, the visual bevel of edges and corners
DENSITY = 1.2          # g/cm^3, plastic
FRICTION = 0.5
RESTITUTION = 0.3
ANGULAR_DAMPING = 0.2

# face name -> local outward normal (a constant table; order is the canonical face order)
FACES: tuple[str, ...] = ("bow", "bow_mark", "cheese", "sword_shield", "sword_shield_mark", "sword_mark")
FACE_NORMALS: dict[str, tuple[float, float, float]] = {
    "bow": (0.0, 0.0, 1.0),
    "bow_mark": (0.0, 0.0, -1.0),
    "sword_shield": (1.0, 0.0, 0.0),
    "sword_shield_mark": (-1.0, 0.0, 0.0),
    "cheese": (0.0, 1.0, 0.0),
    "sword_mark": (0.0, -1.0, 0.0),
}
NORMALS = np.array([FACE_NORMALS[f] for f in FACES], dtype=np.float64)   # (6,3), FACES order

IVORY: RGBA = (0.93, 0.90, 0.82, 1.0)
INK: dict[str, RGBA] = {"bow": (0.45, 0.25, 0.10, 1.0), "cheese": (0.98, 0.78, 0.15, 1.0),
                        "sword": (0.55, 0.58, 0.62, 1.0), "shield": (0.15, 0.30, 0.65, 1.0),
                        "mark": (0.80, 0.10, 0.10, 1.0)}
RAISE = 0.02           # symbols stand this proud of the face


def top_face_index(quats: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For (..., 4) unit quaternions (w, x, y, z): the index into FACES of the face pointing up
    and the angle (degrees) between that face's normal and +z."""
    return dice_faces.top_face_index(quats, NORMALS)


def face_quat(face: str, heading_deg: float = 0.0) -> np.ndarray:
    """A unit quaternion (w, x, y, z) that puts ``face`` up, turned by ``heading_deg`` about +z."""
    return dice_faces.face_up_quat(FACE_NORMALS[face], heading_deg)


# -- visuals --------------------------------------------------------------------------------
def _flat(poly: np.ndarray) -> trimesh.Trimesh:
    return convex_prism(poly, 0.0, RAISE)


def _bar(x: float, y: float, length: float, width: float, angle: float = 0.0,
         z: float = 0.0) -> trimesh.Trimesh:
    m = box((length, width, RAISE), (0.0, 0.0, RAISE / 2))
    m.apply_transform(trimesh.transformations.rotation_matrix(angle, (0, 0, 1)))
    m.apply_translation((x, y, z))
    return m


def _symbol(name: str) -> list[tuple[trimesh.Trimesh, RGBA]]:
    """The raised symbol of one face, drawn in the x-y plane facing +z, about 1.1 cm across."""
    parts: list[tuple[trimesh.Trimesh, RGBA]] = []
    if name.startswith("bow"):
        for k in range(7):                     # the bow's arc, then its string
            a = np.radians(-60 + 20 * k)
            parts.append((_bar(0.42 * np.cos(a) - 0.15, 0.42 * np.sin(a), 0.17, 0.07, a + np.pi / 2), INK["bow"]))
        parts.append((_bar(0.06, 0.0, 0.04, 0.75, 0.0), INK["bow"]))
        parts.append((_bar(0.0, 0.0, 0.6, 0.04, 0.0), INK["bow"]))
    if name == "cheese":
        wedge = np.array([[-0.45, -0.3], [0.45, -0.3], [0.0, 0.4]])
        parts.append((_flat(wedge), INK["cheese"]))
    if name.startswith("sword_shield"):
        shield = np.array([[-0.32, 0.3], [-0.32, -0.05], [0.0, -0.38], [0.32, -0.05], [0.32, 0.3]])
        parts.append((_flat(shield), INK["shield"]))
        parts.append((_bar(0.0, 0.05, 0.08, 0.85, 0.0, RAISE), INK["sword"]))
        parts.append((_bar(0.0, -0.22, 0.3, 0.07, 0.0, RAISE), INK["sword"]))
    if name == "sword_mark":
        parts.append((_bar(0.0, 0.05, 0.1, 0.9, 0.0), INK["sword"]))
        parts.append((_bar(0.0, -0.22, 0.36, 0.08, 0.0), INK["sword"]))
    if name.endswith("mark"):                  # the star: two crossed triangles in a corner
        for phase in (np.pi / 2, -np.pi / 2):
            tri = regular_polygon(0.16, 3, phase) + np.array([0.48, 0.48])
            parts.append((_flat(tri), INK["mark"]))
    return parts


def action_die() -> PieceModel:
    """One action die at rest with its 'bow' face up (local +z), origin at its centre."""
    visual = dice_faces.chamfered_cube(SIZE, CHAMFER)
    visual.apply_translation((0.0, 0.0, SIZE / 2))
    parts: list[tuple[trimesh.Trimesh, RGBA]] = [(visual, IVORY)]
    centre = np.array([0.0, 0.0, SIZE / 2])
    for face in FACES:
        for mesh, colour in _symbol(face):
            moved = dice_faces.onto_face(mesh, FACE_NORMALS[face], SIZE / 2 - 0.005)
            moved.apply_translation(centre)
            parts.append((moved, colour))
    solid = box((SIZE, SIZE, SIZE), (0.0, 0.0, SIZE / 2))       # -> a Bullet box
    return finish("tf_action_die", parts, [solid], density=DENSITY, friction=FRICTION,
                  restitution=RESTITUTION, angular_damping=ANGULAR_DAMPING,
                  tags=frozenset({"die", "tailfeathers"}))


# -- reading a pose, and the cheese token (shared with the other Tail Feathers models) ------------
FACE_NAMES = FACES


def top_face(quat) -> tuple[str, float]:
    """(face name, cosine of its tilt from vertical) of the face pointing up for a body
    quaternion (w, x, y, z); a cosine well below 1 means the die is cocked."""
    index, tilt = top_face_index(np.asarray(quat, dtype=np.float64)[None])
    return FACES[int(index[0])], float(np.cos(np.radians(float(tilt[0]))))


def face_normals() -> dict[str, np.ndarray]:
    return {name: np.asarray(FACE_NORMALS[name], dtype=float) for name in FACES}
