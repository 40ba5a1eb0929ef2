"""Raised seven-segment digits, so sticker numbers (survivor backpacks, zombies, barrels, boxes,
tower roof slots) are real geometry rather than textures."""
from __future__ import annotations

import numpy as np

from feltbox.models.base import box
from feltbox.models.lazy import trimesh

#   a
# f   b
#   g
# e   c
#   d
SEGMENTS = {"0": "abcdef", "1": "bc", "2": "abged", "3": "abgcd", "4": "fgbc", "5": "afgcd",
            "6": "afgedc", "7": "abc", "8": "abcdefg", "9": "abcdfg"}


def _segment_boxes(ch: str, height: float, depth: float, x0: float, weight: float) -> list[trimesh.Trimesh]:
    w, t = height * 0.55, height * weight
    half = height / 2
    spec = {"a": (0, half, w, t), "g": (0, 0, w, t), "d": (0, -half, w, t),
            "f": (-w / 2, half / 2, t, half), "b": (w / 2, half / 2, t, half),
            "e": (-w / 2, -half / 2, t, half), "c": (w / 2, -half / 2, t, half)}
    return [box((sx, sy, depth), (x0 + cx, cy, depth / 2)) for seg in SEGMENTS[ch]
            for cx, cy, sx, sy in [spec[seg]]]


def _cross(height: float, depth: float, x0: float) -> list[trimesh.Trimesh]:
    """An X: two crossed bars (the X tokens of the rulebook)."""
    bars = []
    for angle in (np.pi / 4, -np.pi / 4):
        bar = box((height * 1.1, height * 0.16, depth), (0.0, 0.0, depth / 2))
        bar.apply_transform(trimesh.transformations.rotation_matrix(angle, (0, 0, 1)))
        bar.apply_translation((x0, 0.0, 0.0))
        bars.append(bar)
    return bars


def digits_mesh(text: str, height: float, depth: float, weight: float = 0.14) -> trimesh.Trimesh:
    """Digits (and X) of ``text`` in the x-y plane, raised ``depth`` toward +z, centred at origin;
    ``weight`` is the stroke's width as a fraction of the height (bolder reads from further)."""
    unknown = [c for c in text if c not in SEGMENTS and c != "X"]
    if unknown:
        raise ValueError(f"no glyph for {unknown[0]!r} in {text!r}")
    pitch = height * 0.8
    x0 = -pitch * (len(text) - 1) / 2
    parts = [b for k, ch in enumerate(text)
             for b in (_cross(height, depth, x0 + k * pitch) if ch == "X"
                       else _segment_boxes(ch, height, depth, x0 + k * pitch, weight))]
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
