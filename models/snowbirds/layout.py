"""Where things are printed on the Snowbirds mat and map row, in the piece's own frame (cm, x to
the right, y away from the player): one truth for the printed images (printing.py) and for the
tokens' places (game/snowbirds/table.py ``token_pose``).

A track card (landscape, long side along x) holds, top to bottom: its title, the row of values,
the row of token spots (one circle under each value) and a one-line note.
"""
from __future__ import annotations

from feltbox.models.snowbirds import TRACKS, sb_dims, track

TITLE_Y, NUMBER_Y, SPOT_Y, NOTE_Y = 0.35, 0.12, -0.14, -0.39   # fractions of the card's length along y
CELL = 1.32            # cm between neighbouring values (6 values across an 8.8 cm card)
SPOT_RADIUS = 0.62     # cm, the printed circle a token stands in (token: 0.55)


def card_size() -> tuple[float, float]:
    """(along x, along y) of one mat card lying landscape."""
    c = sb_dims()["card"]
    return float(c["length"]), float(c["width"])


def card_centre_x(name: str) -> float:
    """x of a track card's centre in the mat's frame (exhaustion left, hunger middle, flock right)."""
    length, _ = card_size()
    pitch = length + float(sb_dims()["mat"]["gap"])
    return (TRACKS.index(name) - 1) * pitch


def mat_size() -> tuple[float, float]:
    length, width = card_size()
    return 3 * length + 2 * float(sb_dims()["mat"]["gap"]), width


def values(name: str) -> list[int]:
    t = track(name)
    return list(range(int(t["low"]), int(t["high"]) + 1))


def spot_xy(name: str, value: int) -> tuple[float, float]:
    """Centre of the token spot of ``value`` on track ``name``, in the mat's frame."""
    vals = values(name)
    if value not in vals:
        raise ValueError(f"track {name!r} runs {vals[0]}..{vals[-1]}, not {value!r}")
    k = vals.index(value)
    _, width = card_size()
    x = card_centre_x(name) + (k - (len(vals) - 1) / 2) * CELL
    return x, SPOT_Y * width


def number_xy(name: str, value: int) -> tuple[float, float]:
    x, _ = spot_xy(name, value)
    return x, NUMBER_Y * card_size()[1]


def map_row_size() -> tuple[float, float]:
    """(along x, along y) of the map-row strip."""
    m, c = sb_dims()["map_row"], sb_dims()["card"]
    length = (int(m["slots"]) - 1) * float(m["pitch"]) + float(c["width"]) + 2 * float(m["margin"])
    return length, float(c["length"]) + float(m["label_band"]) + 2 * float(m["margin"])


def map_slot_xy(slot: int) -> tuple[float, float]:
    """Centre of map slot ``slot`` (0 = North .. slots-1 = South) in the strip's frame."""
    m = sb_dims()["map_row"]
    if not 0 <= slot < int(m["slots"]):
        raise ValueError(f"map slot {slot!r} is not in 0..{int(m['slots']) - 1}")
    _, depth = map_row_size()
    y = depth / 2 - float(m["margin"]) - float(sb_dims()["card"]["length"]) / 2
    return (slot - (int(m["slots"]) - 1) / 2) * float(m["pitch"]), y


def map_label(slot: int) -> str:
    last = int(sb_dims()["map_row"]["slots"]) - 1
    return "NORTH" if slot == 0 else "SOUTH" if slot == last else str(slot)
