"""A standard six-sided die: pips 1 to 6, opposite faces summing to 7 (Snowbirds' "2 six-sided
dice", any later game's d6). Sizes: ``[d6]`` of models/dimensions.toml (house).

It looks rounded (a chamfered cube, models/dice_faces.py) with raised black pips, and collides as
a Bullet box (physics-notes §0.3). Faces are fixed to local normals by ``FACE_NORMALS``: 1 up (+z),
6 down, 2 on +x, 5 on -x, 3 on +y, 4 on -y, so 1-2-3 run counter-clockwise round their corner as on
Western dice; the face read after a throw is the one whose turned normal is closest to +z.
"""
from __future__ import annotations

import numpy as np

from feltbox.models import dice_faces
from feltbox.models.base import RGBA, PieceModel, box, convex_prism, finish, regular_polygon
from feltbox.models.dimensions import dims

FACES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
FACE_NORMALS: dict[int, tuple[float, float, float]] = {
    1: (0.0, 0.0, 1.0), 6: (0.0, 0.0, -1.0),
    2: (1.0, 0.0, 0.0), 5: (-1.0, 0.0, 0.0),
    3: (0.0, 1.0, 0.0), 4: (0.0, -1.0, 0.0),
}
NORMALS = np.array([FACE_NORMALS[f] for f in FACES], dtype=np.float64)   # (6,3), FACES order
# where the pips of each face lie, in units of pip_spread (x right, y up on the face)
PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((0, 0),),
    2: ((-1, 1), (1, -1)),
    3: ((-1, 1), (0, 0), (1, -1)),
    4: ((-1, 1), (1, 1), (-1, -1), (1, -1)),
    5: ((-1, 1), (1, 1), (0, 0), (-1, -1), (1, -1)),
    6: ((-1, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (1, -1)),
}
IVORY: RGBA = (0.95, 0.94, 0.90, 1.0)
PIP: RGBA = (0.05, 0.05, 0.06, 1.0)
RAISE = 0.015          # pips stand this proud of the face: never hidden in it, never felt


def size() -> float:
    return float(dims()["d6"]["size"])


def top_face(quat) -> tuple[int, float]:
    """(pips up, tilt in degrees from vertical) for a body quaternion (w, x, y, z)."""
    index, tilt = dice_faces.top_face_index(np.asarray(quat, dtype=np.float64)[None], NORMALS)
    return FACES[int(index[0])], float(tilt[0])


def face_quat(pips: int, heading_deg: float = 0.0) -> np.ndarray:
    """A unit quaternion (w, x, y, z) that puts ``pips`` up, turned by ``heading_deg`` about +z."""
    return dice_faces.face_up_quat(FACE_NORMALS[pips], heading_deg)


def d6() -> PieceModel:
    """One die at rest with 1 up (local +z), origin at its centre."""
    d = dims()["d6"]
    edge = float(d["size"])
    body = dice_faces.chamfered_cube(edge, float(d["chamfer"]))
    body.apply_translation((0.0, 0.0, edge / 2))
    parts = [(body, IVORY)]
    disc = convex_prism(regular_polygon(float(d["pip_radius"]), 14), 0.0, RAISE)
    spread = float(d["pip_spread"])
    for pips, cells in PIPS.items():
        for cx, cy in cells:
            pip = disc.copy()
            pip.apply_translation((cx * spread, cy * spread, 0.0))
            moved = dice_faces.onto_face(pip, FACE_NORMALS[pips], edge / 2 - 0.005)
            moved.apply_translation((0.0, 0.0, edge / 2))
            parts.append((moved, PIP))
    solid = box((edge, edge, edge), (0.0, 0.0, edge / 2))       # -> a Bullet box
    return finish("d6", parts, [solid], density=float(d["density"]), friction=float(d["friction"]),
                  restitution=float(d["restitution"]), angular_damping=float(d["angular_damping"]),
                  tags=frozenset({"die"}))
