"""The Snowbirds table as data (scenes/snowbirds/table.toml, house): where the player mat and its
tokens, the map row, the card piles, the play row and the dice tray lie (the hand is held by the
player, off the felt: ``held_point``), the pose
of a token for every track value (``token_pose``), of the flock on the map row
(``migration_pose``), and ``sb_table``: the bodies and poses of a table for a picture.

Rulebook sections: Components (30 Action cards, 15 Map cards, 4 tokens, 1 player mat (3 cards),
2 six-sided dice), Setup (one face-down Action pile; a Map deck of North, 9 cards, South; "Flip
over the North card, setting a token at the start"; tokens at 0 Exhaustion, 0 Hunger, 5 Birds),
Flock & Health (the tracks' ranges), Actions & Play Order (REST face down, FORAGE/FLIGHT face up,
TENACITY sideways; "once that card is spent, it is gone forever"). Map and Action cards are the
card layer's: here they only get their places (``Slot``).
"""
from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from feltbox.game.render.camera import overview_eye
from feltbox.game.table.bodies import BodySpec
from feltbox.game.table.city import rest_pose
from feltbox.models.d6 import FACES as D6_FACES
from feltbox.models.d6 import face_quat
from feltbox.models.d6 import size as d6_size
from feltbox.models.snowbirds import TRACKS, layout, sb_dims, track
from feltbox.models.snowbirds.pieces import tray_size
from feltbox.rules.core import InputError
from feltbox.scenes.checks import number_problem, whole_problem

LAYOUT_PATH = Path(__file__).resolve().parents[2] / "scenes" / "snowbirds" / "table.toml"
PILES = ("map_deck", "action_draw", "rest", "discard")
FOV_DEG = 58.0             # the renderers' horizontal field of view (game/render/offscreen.py)
ASPECT = 1280 / 720


class LayoutError(InputError):
    """The layout file is wrong: the message names the file and the field."""


# section -> field -> (lo, hi); a pair field is [x, y]; "whole" fields are counts
_FIELDS = {"map_row": {"x": (-60, 60), "y": (-60, 60)}, "mat": {"x": (-60, 60), "y": (-60, 60)},
           "dice_tray": {"x": (-60, 60), "y": (-60, 60)},
           "play_row": {"x": (-60, 60), "y": (-60, 60), "slots": (1, 12), "pitch": (6.3, 20)},
           "held": {"x": (-60, 60), "y": (-60, 60)},
           "camera": {"pitch": (20, 89), "margin": (0, 0.3)}}
_WHOLE = {"slots"}


def check_layout(table: Mapping[str, Any], source: str) -> None:
    """Raise LayoutError naming ``source`` and the first missing or wrong field."""
    for section, fields in _FIELDS.items():
        for name, (lo, hi) in fields.items():
            value = table.get(section, {}).get(name) if isinstance(table.get(section), dict) else None
            problem = "missing" if value is None else \
                whole_problem(value, lo, hi) if name in _WHOLE else number_problem(value, lo, hi)
            if problem:
                raise LayoutError(f"{source}: [{section}] {name}: {problem}")
    for name in PILES:
        at = table.get("piles", {}).get(name)
        if not (isinstance(at, list) and len(at) == 2) or any(number_problem(v, -60, 60) for v in at):
            raise LayoutError(f"{source}: [piles] {name}: must be [x, y] in -60..60 cm, got {at!r}")


@lru_cache(maxsize=1)
def sb_layout() -> Mapping[str, Any]:
    """The layout table as read from scenes/snowbirds/table.toml (checked: ``check_layout``)."""
    with LAYOUT_PATH.open("rb") as f:
        table = tomllib.load(f)
    check_layout(table, LAYOUT_PATH.name)
    return table


@dataclass(frozen=True)
class Slot:
    """A place for one card (or a pile): its centre, heading (0: upright, the long side along y;
    90: sideways) and the height of the surface it lies on."""
    name: str
    x: float
    y: float
    heading: float = 0.0
    z: float = 0.0

    def footprint(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) of a card lying here."""
        c = sb_dims()["card"]
        w, h = float(c["width"]), float(c["length"])
        if abs(self.heading % 180.0 - 90.0) < 1e-9:
            w, h = h, w
        return self.x - w / 2, self.y - h / 2, self.x + w / 2, self.y + h / 2


def _at(section: str) -> tuple[float, float]:
    s = sb_layout()[section]
    return float(s["x"]), float(s["y"])


def map_slot(slot: int) -> Slot:
    """Map slot ``slot`` (0 North .. 10 South) on the map row; journey k (1..10) is slots k-1, k:
    always side by side."""
    mx, my = _at("map_row")
    x, y = layout.map_slot_xy(slot)
    return Slot(f"map-{slot}", mx + x, my + y, 0.0, float(sb_dims()["map_row"]["thickness"]))


def pile(name: str) -> Slot:
    """One of the piles: map_deck, action_draw, rest (face-down REST cards), discard (gone forever)."""
    if name not in PILES:
        raise ValueError(f"no pile {name!r} (piles: {', '.join(PILES)})")
    x, y = sb_layout()["piles"][name]
    return Slot(name, float(x), float(y))


def _row(section: str, k: int, sideways: bool = False) -> Slot:
    s = sb_layout()[section]
    n = int(s["slots"])
    if not 0 <= k < n:
        raise ValueError(f"{section} slot {k!r} is not in 0..{n - 1}")
    x = float(s["x"]) + (k - (n - 1) / 2) * float(s["pitch"])
    return Slot(f"{section}-{k}", x, float(s["y"]), 90.0 if sideways else 0.0)


def play_slot(k: int, sideways: bool = False) -> Slot:
    """Slot ``k`` of the play row: FORAGE/FLIGHT face up, or TENACITY sideways (``sideways``)."""
    return _row("play_row", k, sideways)


def held_point() -> tuple[float, float]:
    """Where the player holds the hand: off the felt at the player's edge (a drawn card travels
    there and leaves the table; nothing lies there)."""
    return _at("held")


def slots() -> list[Slot]:
    """Every card place on the table (play slots sideways: their larger footprint)."""
    n_map = int(sb_dims()["map_row"]["slots"])
    return [map_slot(k) for k in range(n_map)] + [pile(p) for p in PILES] + \
        [play_slot(k, True) for k in range(int(sb_layout()["play_row"]["slots"]))]


def track_token(track_name: str) -> BodySpec:
    return BodySpec(f"token-{track_name}", "sb_token", {"track": track_name})


MIGRATION_TOKEN = BodySpec("migration-token", "sb_migration_token")


def token_pose(track_name: str, value: int) -> np.ndarray:
    """(7,) pose of the ``track_name`` token standing on ``value`` of the mat (flat on its spot)."""
    if track_name not in TRACKS:
        raise ValueError(f"no track {track_name!r} (tracks: {', '.join(TRACKS)})")
    sx, sy = layout.spot_xy(track_name, value)
    mx, my = _at("mat")
    return rest_pose(track_token(track_name), mx + sx, my + sy, 0.0, float(sb_dims()["card"]["thickness"]))


def migration_pose(slot: int, card_thickness: float = 0.0) -> np.ndarray:
    """(7,) pose of the flock's migration token on map slot ``slot``, on the map card's lower part
    (its Distance, Risk and Hunger stay in sight), standing on a card ``card_thickness`` thick
    lying there (the card layer's thickness; 0: on the bare strip)."""
    s = map_slot(slot)
    return rest_pose(MIGRATION_TOKEN, s.x, s.y - float(sb_dims()["card"]["length"]) * 0.3, 0.0, s.z + card_thickness)


def tray_centre() -> tuple[float, float]:
    return _at("dice_tray")


def dice_in_tray(faces: tuple[int, ...]) -> np.ndarray:
    """(n, 7) poses of dice lying flat in the tray showing ``faces`` (a picture, not a throw:
    throws are game/snowbirds/dice.py's, in the tray's own frame)."""
    tx, ty = tray_centre()
    floor = tray_size().floor
    rows = []
    for k, face in enumerate(faces):
        if face not in D6_FACES:
            raise ValueError(f"a d6 shows 1..6, not {face!r}")
        x = tx + (k - (len(faces) - 1) / 2) * 3.0
        rows.append(np.concatenate([[x, ty + 0.8 * (-1) ** k, floor + d6_size() / 2], face_quat(face, 17.0 + 31.0 * k)]))
    return np.asarray(rows, dtype=np.float64)


def sb_table(exhaustion: int = 0, hunger: int = 0, flock: int = 5, location: int = 0,
             dice: tuple[int, ...] = (3, 5)) -> tuple[list[BodySpec], np.ndarray]:
    """(bodies, (N, 7) poses) of the Snowbirds table: mat, map row, tray, the three track tokens at
    ``exhaustion``/``hunger``/``flock``, the migration token on map slot ``location`` and the two
    dice in the tray showing ``dice``. Defaults: Setup (0 Exhaustion, 0 Hunger, 5 Birds, North)."""
    mx, my = _at("mat")
    rx, ry = _at("map_row")
    tx, ty = tray_centre()
    bodies = [BodySpec("player-mat", "sb_player_mat"), BodySpec("map-row", "sb_map_row"),
              BodySpec("dice-tray", "sb_dice_tray")]
    poses = [rest_pose(b, x, y, 0.0) for b, (x, y) in zip(bodies, [(mx, my), (rx, ry), (tx, ty)])]
    for name, value in zip(TRACKS, (exhaustion, hunger, flock)):
        bodies.append(track_token(name))
        poses.append(token_pose(name, value))
    bodies.append(MIGRATION_TOKEN)
    poses.append(migration_pose(location))
    for k in range(len(dice)):
        bodies.append(BodySpec(f"die-{k + 1}", "d6"))
    poses.extend(dice_in_tray(tuple(dice)))
    return bodies, np.asarray(poses, dtype=np.float64)


def outlines() -> dict[str, tuple[float, float, float, float]]:
    """(x0, y0, x1, y1) of every part of the table by name: each card place, the mat, the map row
    and the dice tray."""
    boxes = {s.name: s.footprint() for s in slots()}
    for section, size in (("mat", layout.mat_size()), ("map_row", layout.map_row_size()),
                          ("dice_tray", tray_size().outer)):
        x, y = _at(section)
        boxes[section] = (x - size[0] / 2, y - size[1] / 2, x + size[0] / 2, y + size[1] / 2)
    return boxes


def extent() -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) holding every part of the table."""
    b = np.array(list(outlines().values()))
    return float(b[:, 0].min()), float(b[:, 1].min()), float(b[:, 2].max()), float(b[:, 3].max())


def sb_view() -> tuple[tuple[float, float, float], tuple[float, float, float]]:
    """(eye, look-at) of the default view: looking at the table's middle from the player's side at
    the layout's camera pitch, just far enough that all of ``extent()`` is in a 1280x720 frame."""
    cam = sb_layout()["camera"]
    return overview_eye(extent(), float(cam["pitch"]), float(cam["margin"]), fov_deg=FOV_DEG, aspect=ASPECT)


def track_values(track_name: str) -> list[int]:
    """The values printed on a track (Flock & Health: Exhaustion 0..2, Hunger -1..4, Flock 0..5)."""
    t = track(track_name)
    return list(range(int(t["low"]), int(t["high"]) + 1))
