"""Where cards lie: pure geometry (numpy, no Panda3D) for the felt and the hand.

Table poses are (N, 7) rows (x, y, z, qw, qx, qy, qz) of the card's body frame (models/cards.py:
flat, face up, long side along y, its centre ``thickness / 2`` above what it lies on), the rows the
physics table and Scene3D use. ``heading`` turns a card about +z (degrees, counter-clockwise seen
from above); face down is a half turn about the card's long side (y), so the back faces up and the
face's top edge still points the same way. Hand fans are 2D (screen units of the caller).
"""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from feltbox.game.table.bodies import heading_quat, quat_mul

FACE_UP_Q = np.array([1.0, 0.0, 0.0, 0.0])
FACE_DOWN_Q = np.array([0.0, 0.0, 1.0, 0.0])      # half turn about the card's long side (y)


def lies_face_up(pose) -> bool:
    """Does a card posed ``pose`` ((7,) x, y, z, qw, qx, qy, qz) show its face (body +z) upward?"""
    _, _, _, w, x, y, z = (float(v) for v in pose[:7])
    return 1.0 - 2.0 * (x * x + y * y) > 0.0


def card_quat(heading: float = 0.0, face_up: bool = True, sideways: bool = False) -> np.ndarray:
    """The quaternion of a card lying flat: turned by ``heading`` (+90 when ``sideways``), face up or down."""
    return quat_mul(heading_quat(heading + (90.0 if sideways else 0.0)), FACE_UP_Q if face_up else FACE_DOWN_Q)


def stack_poses(n: int, at: tuple[float, float], thickness: float, *, heading: float = 0.0, face_up: bool = False,
                seed: int = 0, jitter_cm: float = 0.05, jitter_deg: float = 1.0, base_z: float = 0.0) -> np.ndarray:
    """A squared stack (a draw pile): card 0 at the bottom, each card one ``thickness`` higher,
    nudged by a small seeded jitter (at most ``jitter_cm`` and ``jitter_deg``) so it reads as paper."""
    rng = np.random.default_rng(seed)
    offsets = rng.uniform(-jitter_cm, jitter_cm, size=(n, 2))
    turns = rng.uniform(-jitter_deg, jitter_deg, size=n)
    poses = np.zeros((n, 7))
    poses[:, :2] = np.asarray(at, dtype=float) + offsets
    poses[:, 2] = base_z + thickness / 2 + thickness * np.arange(n)
    for k in range(n):
        poses[k, 3:] = card_quat(heading + turns[k], face_up)
    return poses


def pile_poses(n: int, at: tuple[float, float], thickness: float, *, face_up: bool = True, seed: int = 0) -> np.ndarray:
    """A discard or "gone forever" pile: face up, loosely squared (cards tossed on it)."""
    return stack_poses(n, at, thickness, face_up=face_up, seed=seed, jitter_cm=0.35, jitter_deg=10.0)


def row_poses(cards: Sequence[tuple[bool, bool]], start: tuple[float, float], width: float, length: float,
              thickness: float, *, gap: float = 0.6, heading: float = 0.0) -> np.ndarray:
    """A play row: one (face_up, sideways) pair per card, laid left to right along the row's
    direction (``heading``) from the first card's centre at ``start``. An upright card takes
    ``width`` of the row, a sideways one ``length``; neighbours are ``gap`` apart edge to edge."""
    along = np.array([np.cos(np.radians(heading)), np.sin(np.radians(heading))])
    poses = np.zeros((len(cards), 7))
    offset, previous_half = 0.0, None
    for k, (face_up, sideways) in enumerate(cards):
        half = (length if sideways else width) / 2
        if previous_half is not None:
            offset += previous_half + gap + half
        previous_half = half
        poses[k, :2] = np.asarray(start, dtype=float) + offset * along
        poses[k, 2] = thickness / 2
        poses[k, 3:] = card_quat(heading, face_up, sideways)
    return poses


def _slerp(q0: np.ndarray, q1: np.ndarray, s: np.ndarray) -> np.ndarray:
    if np.dot(q0, q1) < 0.0:                     # the short way round
        q1 = -q1
    dot = float(np.clip(np.dot(q0, q1), -1.0, 1.0))
    if dot > 0.9995:
        out = q0 + s[:, None] * (q1 - q0)
    else:
        theta = np.arccos(dot)
        out = (np.sin((1 - s) * theta)[:, None] * q0 + np.sin(s * theta)[:, None] * q1) / np.sin(theta)
    return out / np.linalg.norm(out, axis=1, keepdims=True)


def slide_path(start: np.ndarray, end: np.ndarray, steps: int = 12, lift: float = 3.0) -> np.ndarray:
    """(steps + 1, 7) poses from ``start`` to ``end``: eased along the straight line, lifted by an
    arc of height ``lift`` at the middle (so it clears the cards in between), turning by slerp."""
    start, end = np.asarray(start, dtype=float), np.asarray(end, dtype=float)
    t = np.linspace(0.0, 1.0, steps + 1)
    s = t * t * (3.0 - 2.0 * t)                  # smoothstep: starts and stops gently
    path = np.zeros((steps + 1, 7))
    path[:, :3] = start[:3] + s[:, None] * (end[:3] - start[:3])
    path[:, 2] += lift * 4.0 * s * (1.0 - s)
    path[:, 3:] = _slerp(start[3:], end[3:], s)
    return path


def fan(n: int, centre_x: float, base_y: float, *, radius: float = 2.0, step_deg: float = 4.0,
        max_spread_deg: float = 40.0) -> np.ndarray:
    """(n, 3) rows (x, y, roll_deg) of a hand fanned on an arc: card centres on a circle of
    ``radius`` whose top is at (centre_x, base_y), ``step_deg`` apart (closer for big hands, so the
    whole fan stays within ``max_spread_deg``); a card right of centre is rolled clockwise (negative)."""
    if n == 0:
        return np.zeros((0, 3))
    step = min(step_deg, max_spread_deg / max(n - 1, 1))
    angles = (np.arange(n) - (n - 1) / 2) * step
    a = np.radians(angles)
    return np.column_stack([centre_x + radius * np.sin(a), base_y - radius * (1.0 - np.cos(a)), -angles])


def card_under(point: tuple[float, float], cards: np.ndarray, half_w: float, half_h: float) -> int | None:
    """The index of the topmost card (the last one drawn: higher index on top) of ``cards`` rows
    (x, y, roll_deg) whose rectangle of half sizes (half_w, half_h) contains ``point``."""
    px, py = point
    for k in range(len(cards) - 1, -1, -1):
        x, y, roll = cards[k]
        a = np.radians(roll)
        dx, dy = px - x, py - y
        # into the card's frame: rotate the offset by -roll
        u, v = dx * np.cos(a) + dy * np.sin(a), -dx * np.sin(a) + dy * np.cos(a)
        if abs(u) <= half_w and abs(v) <= half_h:
            return k
    return None
