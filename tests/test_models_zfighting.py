"""No z-fighting: no two visible faces of a piece's visual parts of different colours lie in the
same plane, facing the same way, over the same area (the renderer would flicker between them, as
every barrel lid did). A face counts as hidden when it faces down (the felt) or a hair in front
of it lies inside another part's solid (the back of a sticker against the body)."""
from __future__ import annotations

import numpy as np
import pytest
import trimesh

from feltbox.models.catalog import KINDS, REQUIRED, build

# sample points of a triangle: its centroid and three points toward its corners
WEIGHTS = np.array([[1 / 3, 1 / 3, 1 / 3], [0.6, 0.2, 0.2], [0.2, 0.6, 0.2], [0.2, 0.2, 0.6]])


def planes(mesh: trimesh.Trimesh) -> dict[tuple, list[np.ndarray]]:
    """{(normal, offset): [triangles (3, 3)]} of a mesh's faces, normals and offsets rounded."""
    out: dict[tuple, list[np.ndarray]] = {}
    for normal, tri in zip(mesh.face_normals, mesh.triangles):
        key = (tuple(np.round(normal, 3) + 0.0), round(float(normal @ tri[0]), 3))
        out.setdefault(key, []).append(tri)
    return out


def in_triangle(p: np.ndarray, tri: np.ndarray, eps: float = 1e-3) -> bool:
    """Is ``p`` (in the triangle's plane) strictly inside ``tri``? Barycentric coordinates."""
    a, b, c = tri
    v0, v1, v2 = c - a, b - a, p - a
    d00, d01, d11, d20, d21 = v0 @ v0, v0 @ v1, v1 @ v1, v2 @ v0, v2 @ v1
    den = d00 * d11 - d01 * d01
    if abs(den) < 1e-12:
        return False
    u, v = (d11 * d20 - d01 * d21) / den, (d00 * d21 - d01 * d20) / den
    return u > eps and v > eps and u + v < 1 - eps


def in_hull(p: np.ndarray, hull: trimesh.Trimesh) -> bool:
    return bool(np.all(np.einsum("ij,ij->i", hull.face_normals, p - hull.triangles[:, 0]) < -1e-5))


def fights(visuals) -> list[tuple[int, int, tuple]]:
    """(part i, part j, plane) where two parts' faces coincide and can be seen."""
    found = []
    faces = [planes(mesh) for mesh, _ in visuals]
    hulls: dict[int, trimesh.Trimesh] = {}     # built when needed: a flat part (a card's face) has no hull

    def hull(k: int) -> trimesh.Trimesh:
        if k not in hulls:
            hulls[k] = visuals[k][0].convex_hull
        return hulls[k]

    for i in range(len(visuals)):
        for j in range(i + 1, len(visuals)):
            if visuals[i][1] == visuals[j][1]:
                continue                        # one colour: nothing to flicker between
            for key in set(faces[i]) & set(faces[j]):
                normal = np.array(key[0])
                if normal[2] < -0.9:
                    continue                    # faces the felt
                for tri in faces[i][key]:
                    points = [w @ tri for w in WEIGHTS]
                    if any(any(in_triangle(p, t) for t in faces[j][key])
                           and not any(in_hull(p + normal * 1e-3, hull(k))
                                       for k in range(len(visuals)) if k not in (i, j))
                           for p in points):
                        found.append((i, j, key))
                        break
    return found


def default_params(kind: str) -> dict:
    return {k: ((choices[0] if choices else 1) if default is REQUIRED else default)
            for k, (_, choices, default) in KINDS[kind][1].items()}


def variants(kind: str) -> list[dict]:
    """The kind's defaults, then each parameter with a list of choices run through them (the
    other parameters at their defaults): every building, vehicle, token, template size..."""
    base = default_params(kind)
    out = [base]
    for name, (_, choices, _) in KINDS[kind][1].items():
        for choice in (choices or ())[:20]:
            if {**base, name: choice} not in out:
                out.append({**base, name: choice})
    return out


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_no_two_visible_faces_fight(kind):
    for params in variants(kind):
        assert fights(build(kind, **params).visuals) == [], params


def test_the_check_finds_a_lid_flush_with_its_body():
    # a barrel lid as it was: the rim's top at the body's top height, two colours
    body = trimesh.creation.cylinder(radius=1.0, height=2.0)
    rim = trimesh.creation.cylinder(radius=1.02, height=0.3)
    rim.apply_translation((0, 0, 0.85))
    assert fights([(body, (0.1, 0.4, 0.6, 1.0)), (rim, (0.2, 0.2, 0.2, 1.0))]) != []
    rim.apply_translation((0, 0, 0.04))
    assert fights([(body, (0.1, 0.4, 0.6, 1.0)), (rim, (0.2, 0.2, 0.2, 1.0))]) == []
