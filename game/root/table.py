"""The Root table as data (scenes/root/table.toml, house): where the Autumn map, the score track,
the Burrow, the dice tray, the faction boards and the card places lie, and the place of every
piece the rules can put somewhere: a warrior in a clearing or in the Burrow or waiting on its
faction board, a building in a slot or on its track, a tunnel, a plot, a crown, a minister tile
(Law 12.5.3: swayed ministers lie above the faction board), the score markers, the dice in the
tray. Places are (x, y, z of the surface); game/root/felt.py lays the bodies on them."""
from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from feltbox.models import d12
from feltbox.models.root import layout, root_dims
from feltbox.models.root.catalog import MINISTERS
from feltbox.models.root.pieces import tray_size
from feltbox.models.root.printing import score_box_x
from feltbox.rules.core import InputError
from feltbox.scenes.checks import number_problem

LAYOUT_PATH = Path(__file__).resolve().parents[2] / "scenes" / "root" / "table.toml"
SECTIONS = ("map", "score_track", "burrow", "dice_tray", "duchy_board", "corvids_board")
PILES = ("draw", "discard", "revealed", "duchy_crafted", "corvids_crafted", "duchy_hand", "corvids_hand")
RANK_ROW = {"squire": 0, "noble": 1, "lord": 2}
FOV_DEG = 58.0             # the renderers' horizontal field of view (game/render/offscreen.py)
ASPECT = 1280 / 720


class LayoutError(InputError):
    """The Root layout file is wrong: the message names the file and the field."""


def check_layout(table: Mapping[str, Any], source: str) -> None:
    for section in SECTIONS:
        for name in ("x", "y"):
            value = table.get(section, {}).get(name) if isinstance(table.get(section), dict) else None
            problem = "missing" if value is None else number_problem(value, -80, 80)
            if problem:
                raise LayoutError(f"{source}: [{section}] {name}: {problem}")
    for name in PILES:
        at = table.get("piles", {}).get(name)
        if not (isinstance(at, list) and len(at) == 2) or any(number_problem(v, -80, 80) for v in at):
            raise LayoutError(f"{source}: [piles] {name}: must be [x, y] in -80..80 cm, got {at!r}")
    for name, (lo, hi) in {"pitch": (20, 89), "margin": (0, 0.3)}.items():
        value = table.get("camera", {}).get(name)
        problem = "missing" if value is None else number_problem(value, lo, hi)
        if problem:
            raise LayoutError(f"{source}: [camera] {name}: {problem}")


@lru_cache(maxsize=1)
def root_layout() -> Mapping[str, Any]:
    with LAYOUT_PATH.open("rb") as f:
        table = tomllib.load(f)
    check_layout(table, LAYOUT_PATH.name)
    return table


def at(section: str) -> tuple[float, float]:
    s = root_layout()[section]
    return float(s["x"]), float(s["y"])


def pile(name: str) -> tuple[float, float]:
    x, y = root_layout()["piles"][name]
    return float(x), float(y)


def map_top() -> float:
    return float(root_dims()["board"]["thickness"])


def on_map(x: float, y: float) -> tuple[float, float, float]:
    mx, my = at("map")
    return mx + x, my + y, map_top()


def clearing_centre(index: int) -> tuple[float, float]:
    """A clearing's centre on the table; the Burrow (0) is its board's centre."""
    if index == 0:
        return at("burrow")
    x, y, _ = on_map(*layout.clearing_xy(index))
    return x, y


def warrior_place(faction: str, clearing: int, k: int) -> tuple[float, float, float]:
    """Warrior ``k`` of ``faction`` in ``clearing`` (0: the Burrow, a grid of five columns)."""
    if clearing == 0:
        bx, by = at("burrow")
        pitch = float(root_dims()["warrior"]["pitch"])
        return bx - 2 * pitch + (k % 5) * pitch, by + 1.0 - (k // 5) * pitch * 1.1, float(root_dims()["burrow"]["thickness"])
    return on_map(*layout.warrior_xy(clearing, faction, k))


def _board(faction: str, x: float, y: float) -> tuple[float, float, float]:
    bx, by = at(f"{faction}_board")
    return bx + x, by + y, float(root_dims()["faction_board"]["thickness"])


def supply_warrior(faction: str, k: int) -> tuple[float, float, float]:
    """A warrior waiting on its faction board: rows of seven (Duchy) or five (Corvids)."""
    cols = 7 if faction == "duchy" else 5
    pitch = float(root_dims()["warrior"]["pitch"])
    x0 = 7.5 if faction == "duchy" else 2.5
    return _board(faction, x0 + (k % cols) * pitch, -4.8 - (k // cols) * pitch * 1.15)


def building_place(kind: str, clearing: int, slot: int, slots: int) -> tuple[float, float, float]:
    return on_map(*layout.slot_xy(clearing, slot, slots))


def building_track(kind: str, k: int) -> tuple[float, float, float]:
    """A citadel or market on the Duchy board's track (Law 12.3.4), uncovering its icon when it leaves."""
    return _board("duchy", 2.0 + 1.8 * k + (6.0 if kind == "market" else 0.0), -2.2)


def token_place(which: str, clearing: int) -> tuple[float, float, float]:
    return on_map(*layout.token_xy(clearing, which))


def tunnel_supply(k: int) -> tuple[float, float, float]:
    return _board("duchy", 2.0 + 1.5 * k, -3.7)


def plot_supply(k: int) -> tuple[float, float, float]:
    return _board("corvids", 2.5 + 1.7 * (k % 4), 3.5 - 1.7 * (k // 4))


def crown_place(rank: str, k: int) -> tuple[float, float, float]:
    """Crown ``k`` of ``rank`` on the Duchy board, beside its rank's row of ministers."""
    return _board("duchy", 1.3 + 1.2 * k + 3.8 * RANK_ROW[rank], 0.3)


def minister_place(name: str, swayed: bool) -> tuple[float, float, float]:
    """A minister tile: in its rank's row on the Duchy board, or (swayed) above the board."""
    k = MINISTERS.index(name)
    if swayed:
        bx, by = at("duchy_board")
        depth = float(root_dims()["faction_board"]["depth"])
        return bx - 13.0 + 3.8 * k, by + depth / 2 + 1.3, 0.0
    return _board("duchy", 2.5 + 4.0 * (k % 3), 5.0 - 1.9 * (k // 3))


def score_place(faction: str, score: int) -> tuple[float, float, float]:
    x, y = at("score_track")
    n = max(0, min(30, int(score)))
    return x + score_box_x(n), y - 0.5 + (0.0 if faction == "duchy" else 1.0) - 0.2, \
        float(root_dims()["score_track"]["thickness"])


def tray_centre() -> tuple[float, float]:
    return at("dice_tray")


def dice_in_tray(faces: tuple[int, int] = (2, 1)) -> np.ndarray:
    """(2, 7) poses of the two d12 lying flat in the tray showing ``faces`` (a picture)."""
    tx, ty = tray_centre()
    floor = tray_size().floor
    rows = []
    for k, face in enumerate(faces):
        rows.append(np.concatenate([[tx + (k - 0.5) * 4.0, ty + 0.8 * (-1) ** k, floor + d12.size() / 2],
                                    d12.face_quat(face, 17.0 + 31.0 * k)]))
    return np.asarray(rows)


def extent() -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) holding the boards, tray and card places."""
    boxes = []
    for section, (w, h) in (("map", (root_dims()["board"]["width"], root_dims()["board"]["depth"])),
                            ("score_track", (root_dims()["score_track"]["length"], root_dims()["score_track"]["depth"])),
                            ("burrow", (root_dims()["burrow"]["width"], root_dims()["burrow"]["depth"])),
                            ("dice_tray", tray_size().outer),
                            ("duchy_board", (root_dims()["faction_board"]["width"], root_dims()["faction_board"]["depth"])),
                            ("corvids_board", (root_dims()["faction_board"]["width"], root_dims()["faction_board"]["depth"]))):
        x, y = at(section)
        boxes.append((x - w / 2, y - h / 2, x + w / 2, y + h / 2))
    for name in PILES:
        x, y = pile(name)
        boxes.append((x - 3.2, y - 4.4, x + 3.2, y + 4.4))
    b = np.array(boxes, dtype=float)
    return float(b[:, 0].min()), float(b[:, 1].min()), float(b[:, 2].max()), float(b[:, 3].max())


def root_view() -> tuple[tuple[float, float, float], tuple[float, float, float]]:
    """(eye, look-at) of the default view: the whole table from the players' side."""
    x0, y0, x1, y1 = extent()
    cam = root_layout()["camera"]
    pitch, margin = np.radians(float(cam["pitch"])), float(cam["margin"])
    at_ = np.array([(x0 + x1) / 2, (y0 + y1) / 2, 0.0])
    back = np.array([0.0, -np.cos(pitch), np.sin(pitch)])
    tan_h = np.tan(np.radians(FOV_DEG) / 2) * (1 - margin)
    tan_v = tan_h / ASPECT
    corners = np.array([[x, y, 0.0] for x in (x0, x1) for y in (y0, y1)])
    forward, right = -back, np.array([1.0, 0.0, 0.0])
    up = np.cross(right, forward)
    distance = 10.0
    while distance < 1000.0:                      # the nearest eye that sees every corner
        rel = corners - (at_ + distance * back)
        depth = rel @ forward
        if np.all(np.abs(rel @ right) <= depth * tan_h) and np.all(np.abs(rel @ up) <= depth * tan_v):
            break
        distance += 0.5
    eye = at_ + distance * back
    return tuple(float(v) for v in eye), tuple(float(v) for v in at_)
