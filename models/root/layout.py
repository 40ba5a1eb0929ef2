"""Where things lie on the Autumn map board, in the board's own frame (cm, x right, y away from the
player, origin at the board's centre): one truth for the printed board (printing.py) and for the
pieces' places on it (game/root/table.py).

A clearing (a circle) holds, from top to bottom: its building slots in a row, then the tunnel
and plot spot on the right, then the warriors, Duchy left, Corvids right, in rows of three."""
from __future__ import annotations

from feltbox.models.root import root_dims

WARRIOR_COLUMNS = 3


def clearing_xy(index: int) -> tuple[float, float]:
    """Centre of clearing ``index`` (1-12) on the board."""
    b = root_dims()["board"]
    px, py = root_dims()["positions"]["px"][index - 1]
    cx, cy = b["px_centre"]
    k = float(b["px_per_cm"])
    return (px - cx) * k, -(py - cy) * k


def slot_xy(index: int, slot: int, slots: int) -> tuple[float, float]:
    """Centre of building slot ``slot`` (0-based) of a clearing with ``slots`` slots."""
    x, y = clearing_xy(index)
    pitch = float(root_dims()["board"]["slot"]) + 0.25
    return x + (slot - (slots - 1) / 2) * pitch, y + 1.45


def token_xy(index: int, which: str) -> tuple[float, float]:
    """The tunnel's spot (left) or the plot's (right), at the clearing's waist."""
    x, y = clearing_xy(index)
    return (x - 2.25, y + 0.1) if which == "tunnel" else (x + 2.25, y + 0.1)


def warrior_xy(index: int, faction: str, k: int) -> tuple[float, float]:
    """The ``k``-th warrior (0-based) of ``faction`` standing in clearing ``index``: Duchy on the
    left half, Corvids on the right, rows of three from the waist down (a crowd spills below)."""
    x, y = clearing_xy(index)
    pitch = float(root_dims()["warrior"]["pitch"])
    col, row = k % WARRIOR_COLUMNS, k // WARRIOR_COLUMNS
    side = -1.0 if faction == "duchy" else 1.0
    return x + side * (0.55 + col * pitch), y - 0.95 - row * pitch
