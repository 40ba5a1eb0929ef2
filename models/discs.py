"""Flicked discs and tokens (rulebook MATERIAL: white movement disc with its orientation line,
2 black bullets, 6 small white shotgun bullets, flare tokens, round cardboard tokens).

All are 16-sided prisms (physics-notes §0.3: never a Bullet cylinder or capsule). A face-up
token shows its kind twice: the whole token in the kind's colour and a bold raised icon
(token_icons.py); face-down tokens are built without their kind and all look alike (hidden
information).
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from feltbox.models.base import HULL_MARGIN, PieceModel, convex_prism, cylinder, finish
from feltbox.models.dimensions import dims
from feltbox.models.lazy import trimesh
from feltbox.models.token_icons import bar, icon

WHITE, BLACK = (0.95, 0.95, 0.93, 1.0), (0.08, 0.08, 0.09, 1.0)
TOKEN_BACK = (0.30, 0.32, 0.36, 1.0)
TOKEN_COLOURS = {
    "life": (0.85, 0.15, 0.15, 1.0), "not_allowed": (0.9, 0.9, 0.9, 1.0),
    "survivor": (0.95, 0.75, 0.30, 1.0), "food": (0.85, 0.45, 0.15, 1.0),
    "fuel": (0.20, 0.55, 0.25, 1.0), "medicine": (0.95, 0.95, 0.95, 1.0),
    "pretzel": (0.70, 0.45, 0.20, 1.0), "gun": (0.25, 0.25, 0.28, 1.0),
    "baseball_bat": (0.75, 0.60, 0.40, 1.0), "knife": (0.65, 0.70, 0.75, 1.0),
    "shotgun": (0.40, 0.30, 0.25, 1.0), "sniper": (0.30, 0.35, 0.25, 1.0),
    "crossroads": (0.55, 0.25, 0.60, 1.0), "key": (0.90, 0.80, 0.20, 1.0),
    "zombie": (0.50, 0.60, 0.42, 1.0), "extra_action": (0.20, 0.45, 0.80, 1.0),
    "flare": (0.95, 0.35, 0.10, 1.0), "x": (0.10, 0.10, 0.10, 1.0),
    "time_marker": (0.95, 0.95, 0.40, 1.0),
}
INK_DARK, INK_LIGHT, INK_RED = (0.10, 0.09, 0.09, 1.0), (0.98, 0.97, 0.93, 1.0), (0.80, 0.08, 0.08, 1.0)
INK = {"not_allowed": INK_RED, "medicine": INK_RED}      # else dark on light tokens, light on dark
SIGN_BLUE = (0.12, 0.32, 0.68, 1.0)
ICON_RELIEF = 0.02          # cm proud of the face: as high as the back's dot, so every token stacks alike


def _disc(kind: str, section: str, colour: tuple, tags: set[str], extra=(), margin: float | None = None) -> PieceModel:
    d = dims()[section]
    solid = cylinder(d["diameter"] / 2, 0.0, d["height"])
    # thin cardboard: a small margin, or a pile of tokens jitters on its own inflated edges
    margin = margin if margin is not None else 0.01 if d["height"] < 0.5 else HULL_MARGIN
    model = finish(kind, [(solid, colour), *extra], [solid], density=dims()["physics"]["density_plastic"],
                   tags=frozenset(tags), margin=margin)
    # Bullet's convex-plane contact adds one point per tick: a squat disc with its true (small)
    # tipping inertia rocks from rim point to rim point every tick, 1 mm deep in the felt, and
    # never settles (a pellet: 22 of 30 random flicks ran to the cap). Twice the tipping inertia
    # damps that rocking (0 of 30); spin about the axis and mass stay true.
    ix, iy, iz = model.inertia
    tip = dims()["physics"]["disc_tip_inertia"]
    return replace(model, inertia=(ix * tip, iy * tip, iz))


def movement_disc() -> PieceModel:
    """The white movement disc; its sticker (rulebook ASSEMBLY: one sticker on one side) is a blue
    round sign with a bold white arrow whose shaft is the orientation line (rulebook MOVE)."""
    d = dims()["movement_disc"]
    r, top = d["diameter"] / 2, d["height"]
    sign = cylinder(r * 0.86, top, top + 0.02, sides=24)
    shaft = convex_prism(bar((-r * 0.62, 0.0), (r * 0.2, 0.0), r * 0.26), top + 0.02, top + 0.04)
    head = convex_prism(np.array([[r * 0.12, -r * 0.42], [r * 0.7, 0.0], [r * 0.12, r * 0.42]]), top + 0.02, top + 0.04)
    arrow = trimesh.util.concatenate([shaft, head])
    return _disc("movement_disc", "movement_disc", WHITE, {"disc", "movement"},
                 [(sign, SIGN_BLUE), (arrow, WHITE)])


def bullet() -> PieceModel:
    return _disc("bullet", "bullet", BLACK, {"disc", "bullet"})


def pellet() -> PieceModel:
    """A small white shotgun bullet, half the size of a normal bullet (rulebook SHOTGUN)."""
    return _disc("pellet", "pellet", WHITE, {"disc", "pellet"})


def ink(kind: str) -> tuple:
    """The icon's colour on ``kind``'s token: red on the white ones, else by the face's lightness."""
    if kind in INK:
        return INK[kind]
    r, g, b, _ = TOKEN_COLOURS[kind]
    return INK_DARK if 0.3 * r + 0.55 * g + 0.15 * b > 0.5 else INK_LIGHT


def icon_mesh(kind: str, size: float, z: float) -> trimesh.Trimesh:
    """``kind``'s icon (token_icons.py) scaled to ``size`` across, raised from height ``z``."""
    return trimesh.util.concatenate([convex_prism(p * size / 2, z, z + ICON_RELIEF) for p in icon(kind)])


def flare(side: str = "big") -> PieceModel:
    """A flare token: the big flame face up is LOUD, the small one QUIET (rulebook FLARE)."""
    if side not in ("big", "small"):
        raise ValueError(f"flare side must be 'big' or 'small', got {side!r}")
    d = dims()["flare"]
    flame_r = d["diameter"] * (0.38 if side == "big" else 0.18)
    flame = cylinder(flame_r, d["height"], d["height"] + 0.03, sides=5)
    core = cylinder(flame_r * 0.5, d["height"], d["height"] + 0.05, sides=5)
    # Bullet's full margin: a flare is flicked, and with a near-sharp 0.1 mm rim it slid under the
    # rounded bottom edge of a support block at speed and stayed wedged 1.35 mm deep (S2, 1 of
    # 10,000 fuzzed flicks; 5 of 20 flicks close to that one), with 0.4 mm none of them
    return _disc("flare", "flare", (0.25, 0.12, 0.10, 1.0), {"flare"},
                 [(flame, (0.98, 0.45, 0.08, 1.0)), (core, (1.0, 0.85, 0.2, 1.0))], margin=HULL_MARGIN)


def token(token: str, face: str = "down") -> PieceModel:
    """A round cardboard token: face up, in its kind's colour with its icon; face down, the common
    back (grey with a pale dot), built without reading ``token``."""
    if token not in TOKEN_COLOURS:
        raise ValueError(f"unknown token {token!r}")
    if face not in ("up", "down"):
        raise ValueError(f"token face must be 'up' or 'down', got {face!r}")
    return _token_face_up(token) if face == "up" else _token_back()


def _token_face_up(kind: str) -> PieceModel:
    d = dims()["token"]
    glyph = icon_mesh(kind, d["diameter"] * 0.72, d["height"])
    return _disc("token", "token", TOKEN_COLOURS[kind], {"token"}, [(glyph, ink(kind))])


def _token_back() -> PieceModel:
    d = dims()["token"]
    dot = cylinder(d["diameter"] * 0.2, d["height"], d["height"] + 0.02)
    return _disc("token", "token", TOKEN_BACK, {"token"}, [(dot, (0.8, 0.75, 0.6, 1.0))])
