"""Flicked discs and tokens (rulebook MATERIAL: white movement disc with its orientation line,
2 black bullets, 6 small white shotgun bullets, flare tokens, round cardboard tokens).

All are 16-sided prisms (physics-notes §0.3: never a Bullet cylinder or capsule). A token's face
shows its kind by colour and a raised mark; face-down tokens all look alike (hidden information).
"""
from __future__ import annotations

from dataclasses import replace

from feltbox.models.base import HULL_MARGIN, PieceModel, box, cylinder, finish
from feltbox.models.dimensions import dims
from feltbox.models.glyphs import digits_mesh

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
MARK = {"life": "1", "x": "X", "survivor": "4", "time_marker": "0"}


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
    """The white movement disc; the raised line on top is its orientation (rulebook MOVE)."""
    d = dims()["movement_disc"]
    line = box((d["diameter"] * 0.7, 0.18, 0.04), (d["diameter"] * 0.1, 0.0, d["height"] + 0.02))
    arrow = box((0.3, 0.5, 0.04), (d["diameter"] * 0.4, 0.0, d["height"] + 0.02))
    return _disc("movement_disc", "movement_disc", WHITE, {"disc", "movement"},
                 [(line, (0.15, 0.15, 0.15, 1.0)), (arrow, (0.15, 0.15, 0.15, 1.0))])


def bullet() -> PieceModel:
    return _disc("bullet", "bullet", BLACK, {"disc", "bullet"})


def pellet() -> PieceModel:
    """A small white shotgun bullet, half the size of a normal bullet (rulebook SHOTGUN)."""
    return _disc("pellet", "pellet", WHITE, {"disc", "pellet"})


def _face_mark(section: str, colour: tuple, symbol: str | None) -> list:
    d = dims()[section]
    top = d["height"]
    ring = cylinder(d["diameter"] * 0.36, top, top + 0.02)
    marks = [(ring, colour)]
    if symbol:
        glyph = digits_mesh(symbol, d["diameter"] * 0.4, 0.02)
        glyph.apply_translation((0, 0, top + 0.02))
        marks.append((glyph, WHITE if colour != WHITE else BLACK))
    return marks


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
    """A round cardboard token; face down it shows only the common back."""
    if token not in TOKEN_COLOURS:
        raise ValueError(f"unknown token {token!r}")
    if face not in ("up", "down"):
        raise ValueError(f"token face must be 'up' or 'down', got {face!r}")
    extra = _face_mark("token", TOKEN_COLOURS[token], MARK.get(token)) if face == "up" else \
        [(cylinder(dims()["token"]["diameter"] * 0.2, dims()["token"]["height"],
                   dims()["token"]["height"] + 0.02), (0.8, 0.75, 0.6, 1.0))]
    return _disc("token", "token", TOKEN_BACK if face == "down" else (0.92, 0.88, 0.80, 1.0),
                 {"token"}, extra)
