"""Raised seven-segment digits, so sticker numbers (survivor backpacks, zombies, barrels, boxes,
tower roof slots) are real geometry rather than textures."""
from __future__ import annotations

import numpy as np
import trimesh

from models.base import box

#   a
# f   b
#   g
# e   c
#   d
SEGMENTS = {"0": "abcdef", "1": "bc", "2": "abged", "3": "abgcd", "4": "fgbc", "5": "afgcd",
            "6": "afgedc", "7": "abc", "8": "abcdefg", "9": "abcdfg", "X": "bcefg"}


def _segment_boxes(ch: str, height: float, depth: float, x0: float) -> list[trimesh.Trimesh]:
    w, t = height * 0.55, height * 0.14
    half = height / 2
    spec = {"a": (0, half, w, t), "g": (0, 0, w, t), "d": (0, -half, w, t),
            "f": (-w / 2, half / 2, t, half), "b": (w / 2, half / 2, t, half),
            "e": (-w / 2, -half / 2, t, half), "c": (w / 2, -half / 2, t, half)}
    return [box((sx, sy, depth), (x0 + cx, cy, depth / 2)) for seg in SEGMENTS[ch]
            for cx, cy, sx, sy in [spec[seg]]]


def digits_mesh(text: str, height: float, depth: float) -> trimesh.Trimesh:
    """Digits of ``text`` laid in the x-y plane, raised ``depth`` toward +z, centred at origin."""
    unknown = [c for c in text if c not in SEGMENTS]
    if unknown:
        raise ValueError(f"no glyph for {unknown[0]!r} in {text!r}")
    pitch = height * 0.8
    x0 = -pitch * (len(text) - 1) / 2
    parts = [b for k, ch in enumerate(text) for b in _segment_boxes(ch, height, depth, x0 + k * pitch)]
    return trimesh.util.concatenate(parts)


def facing(mesh: trimesh.Trimesh, normal: str, at: tuple[float, float, float]) -> trimesh.Trimesh:
    """Turn a glyph mesh (facing +z) to face ``normal`` ('+x', '-x', '+y', '-y', '+z') at ``at``."""
    m = mesh.copy()
    rotations = {"+z": np.eye(4),
                 "+x": trimesh.transformations.rotation_matrix(np.pi / 2, (0, 1, 0)) @
                 trimesh.transformations.rotation_matrix(np.pi / 2, (0, 0, 1)),
                 "-x": trimesh.transformations.rotation_matrix(-np.pi / 2, (0, 1, 0)) @
                 trimesh.transformations.rotation_matrix(-np.pi / 2, (0, 0, 1)),
                 "-y": trimesh.transformations.rotation_matrix(np.pi / 2, (1, 0, 0)),
                 "+y": trimesh.transformations.rotation_matrix(-np.pi / 2, (1, 0, 0)) @
                 trimesh.transformations.rotation_matrix(np.pi, (0, 0, 1))}
    m.apply_transform(rotations[normal])
    m.apply_translation(at)
    return m
