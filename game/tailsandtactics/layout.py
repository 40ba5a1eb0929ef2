"""The Tails and Tactics felt as data (scenes/tailsandtactics/table.toml, house): where each side's
unit row, support row, draw pile, discard pile and Base Health plate lie, the chain across the
middle, the dice tray, and where a hand is held (off the felt). Red's places are the file's; blue's
are mirrored across the middle (y -> -y) and its cards turned a half turn to face their owner.

Rulebook: Things You'll Need (a Base Health and a damage count for each player, a die to decide
who starts), Card Types (Units, Equipment attached to a unit, Traps face down, Turfs, New Rules on
the battlefield), Your Turn (the draw pile; a discard pile, reshuffled when the draw pile runs out).
"""
from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from feltbox.game.render.camera import overview_eye
from feltbox.models.cards import card_sizes
from feltbox.models.snowbirds.pieces import tray_size
from feltbox.rules.core import InputError
from feltbox.scenes.checks import number_problem, whole_problem

LAYOUT_PATH = Path(__file__).resolve().parents[2] / "scenes" / "tailsandtactics" / "table.toml"
CARD = PLATE = "poker"                 # card sizes (models/cards.toml): the cards, the chain's order plates
ROWS = ("units", "support")
TUCK_STEP = 0.9                        # cm: each further card tucked under a unit lies this much farther out
OVERLAP_STEP = 1.2                     # cm: a row's cards beyond its slots overlap the last one by this
FOV_DEG, ASPECT = 58.0, 1280 / 720     # the offscreen renderer's horizontal field of view, a picture's aspect


class LayoutError(InputError):
    """The layout file is wrong: the message names the file and the field."""


_XY = (-80, 80)
_FIELDS = {"units": {"x": _XY, "y": _XY, "slots": (1, 16), "pitch": (6.3, 20)},
           "support": {"x": _XY, "y": _XY, "slots": (1, 16), "pitch": (6.3, 20)},
           "tuck": {"offset": (0.5, 6)}, "base": {"x": _XY, "y": _XY},
           "chain": {"x": _XY, "pitch": (4.4, 20), "slots": (1, 12), "plate_y": _XY, "card_y": _XY},
           "damage": {"columns": (1, 3), "step": (2.4, 4)},
           "dice_tray": {"x": _XY, "y": _XY}, "held": {"x": (-100, 100), "y": (-100, 100)},
           "camera": {"pitch": (20, 89), "margin": (0, 0.3)}}
_WHOLE = {"slots", "columns"}


def check_layout(table: Mapping[str, Any], source: str) -> None:
    """Raise LayoutError naming ``source`` and the first missing or wrong field."""
    for section, fields in _FIELDS.items():
        for name, (lo, hi) in fields.items():
            part = table.get(section)
            value = part.get(name) if isinstance(part, dict) else None
            problem = "missing" if value is None else \
                whole_problem(value, lo, hi) if name in _WHOLE else number_problem(value, lo, hi)
            if problem:
                raise LayoutError(f"{source}: [{section}] {name}: {problem}")
    for name in ("draw", "discard"):
        at = table.get("piles", {}).get(name)
        if not (isinstance(at, list) and len(at) == 2) or any(number_problem(v, *_XY) for v in at):
            raise LayoutError(f"{source}: [piles] {name}: must be [x, y] in -80..80 cm, got {at!r}")


@lru_cache(maxsize=1)
def tt_layout() -> Mapping[str, Any]:
    """The layout as read from scenes/tailsandtactics/table.toml (checked: ``check_layout``)."""
    with LAYOUT_PATH.open("rb") as f:
        table = tomllib.load(f)
    check_layout(table, LAYOUT_PATH.name)
    return table


def card_size(size: str = CARD) -> tuple[float, float, float]:
    """(width, length, thickness) of a card size, cm."""
    s = card_sizes()[size]
    return float(s["width"]), float(s["length"]), float(s["thickness"])


def mirror(side: str) -> float:
    """+1 for red (the file's places), -1 for blue (mirrored across the middle)."""
    return 1.0 if side == "red" else -1.0


def heading(side: str) -> float:
    """The heading of a side's cards: each side's cards face their owner."""
    return 0.0 if side == "red" else 180.0


def row_xy(side: str, row: str, k: int, count: int) -> tuple[float, float]:
    """Centre of card ``k`` of the ``count`` cards in ``side``'s ``row`` ("units" or "support"),
    from the owner's left, the row centred; beyond the row's slots the cards overlap its last
    one, ``OVERLAP_STEP`` apart."""
    r = tt_layout()[row]
    n = int(r["slots"])
    shown = min(count, n)
    extra = max(0, k - (n - 1))
    x = float(r["x"]) + (min(k, n - 1) - (shown - 1) / 2) * float(r["pitch"]) + extra * OVERLAP_STEP
    m = mirror(side)
    return m * x, m * float(r["y"])


def pile_xy(side: str, pile: str) -> tuple[float, float]:
    x, y = tt_layout()["piles"][pile]
    m = mirror(side)
    return m * float(x), m * float(y)


def base_xy(side: str) -> tuple[float, float]:
    b = tt_layout()["base"]
    m = mirror(side)
    return m * float(b["x"]), m * float(b["y"])


def held_xy(side: str) -> tuple[float, float]:
    h = tt_layout()["held"]
    m = mirror(side)
    return m * float(h["x"]), m * float(h["y"])


def tuck_offset(side: str, deeper: int = 0) -> tuple[float, float]:
    """How far a card tucked under another lies from it (toward the owner): the layout's offset,
    and ``TUCK_STEP`` more for each card tucked above it (``deeper``), so each one's top band shows."""
    return 0.0, -mirror(side) * (float(tt_layout()["tuck"]["offset"]) + TUCK_STEP * deeper)


def chain_xy(k: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """((x, y) of entry ``k``'s order plate, (x, y) of the card on it), first entry at the left;
    beyond the last slot entries overlap it."""
    c = tt_layout()["chain"]
    n = int(c["slots"])
    x = float(c["x"]) + min(k, n - 1) * float(c["pitch"]) + max(0, k - (n - 1)) * OVERLAP_STEP
    return (x, float(c["plate_y"])), (x, float(c["card_y"]))


def chain_slots() -> int:
    return int(tt_layout()["chain"]["slots"])


def tray_centre() -> tuple[float, float]:
    t = tt_layout()["dice_tray"]
    return float(t["x"]), float(t["y"])


def damage_offsets(count: int, side: str) -> np.ndarray:
    """(count, 2) offsets from a card's centre of its damage tokens: in columns over the face's
    middle (its type letter), title and values left readable for the first two rows; a fourth
    row stacks on the first."""
    d = tt_layout()["damage"]
    cols, step = int(d["columns"]), float(d["step"])
    m = mirror(side)
    out = np.zeros((count, 2))
    for j in range(count):
        row, col = divmod(j, cols)
        row %= 3
        out[j] = (m * (col - (cols - 1) / 2) * step, m * (1.6 - row * step))
    return out


def outlines() -> dict[str, tuple[float, float, float, float]]:
    """(x0, y0, x1, y1) of every place on the felt by name (both sides, the chain, the tray)."""
    w, length, _ = card_size()
    pw, pl, _ = card_size(PLATE)
    boxes = {}

    def card_box(name, x, y, hw=w / 2, hl=length / 2):
        boxes[name] = (x - hw, y - hl, x + hw, y + hl)

    for side in ("red", "blue"):
        for row in ROWS:
            n = int(tt_layout()[row]["slots"])
            for k in range(n):
                card_box(f"{side}-{row}-{k}", *row_xy(side, row, k, n))
        for pile in ("draw", "discard"):
            card_box(f"{side}-{pile}", *pile_xy(side, pile))
        card_box(f"{side}-base", *base_xy(side))
    for k in range(chain_slots()):
        plate, card = chain_xy(k)
        card_box(f"chain-plate-{k}", *plate, pl / 2, pw / 2)
        card_box(f"chain-card-{k}", *card, length / 2, w / 2)
    tray = tray_size().outer
    tx, ty = tray_centre()
    boxes["dice_tray"] = (tx - tray[0] / 2, ty - tray[1] / 2, tx + tray[0] / 2, ty + tray[1] / 2)
    return boxes


def extent() -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) holding every place of the felt."""
    b = np.array(list(outlines().values()))
    return float(b[:, 0].min()), float(b[:, 1].min()), float(b[:, 2].max()), float(b[:, 3].max())


def tt_view(side: str = "red") -> tuple[tuple[float, float, float], tuple[float, float, float]]:
    """(eye, look-at) of a picture: the felt's middle seen from ``side``'s edge at the layout's
    pitch, just far enough that all of ``extent()`` is in a 1280x720 frame."""
    cam = tt_layout()["camera"]
    return overview_eye(extent(), float(cam["pitch"]), float(cam["margin"]), from_far_side=side != "red",
                        fov_deg=FOV_DEG, aspect=ASPECT)
