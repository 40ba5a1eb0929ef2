"""The Snowbirds pieces (rulebook Components): the player mat (3 cards) with its printed tracks,
the map row's printed strip, the four tokens and the dice tray for the two dice.

The mat and the strip are static pieces lying flat on the felt: thin boxes (Bullet boxes keep
their margin inside, so a token rests flush on them) with their faces printed (models.base.Print).
"""
from __future__ import annotations

import numpy as np

from feltbox.models.base import RGBA, PieceModel, Print, box, convex_prism, cylinder, finish, regular_polygon
from feltbox.models.dice_tray import TraySize, dice_tray
from feltbox.models.snowbirds import TRACKS, layout, printing, sb_dims
from feltbox.models.snowbirds import track as track_data

BOARD: RGBA = (0.93, 0.95, 0.97, 1.0)
STRIP: RGBA = (0.24, 0.31, 0.27, 1.0)
LIFT = 0.004           # a print lies this far above its face (no z-fighting at a distance)
SNOW: RGBA = (0.97, 0.97, 0.95, 1.0)
BLACK: RGBA = (0.08, 0.08, 0.09, 1.0)
TAGS = frozenset({"snowbirds"})


def _flat_print(image: np.ndarray, centre_x: float, centre_y: float, size: tuple[float, float], z: float) -> Print:
    hx, hy = size[0] / 2, size[1] / 2
    corners = np.array([[centre_x - hx, centre_y - hy, z], [centre_x + hx, centre_y - hy, z],
                        [centre_x + hx, centre_y + hy, z], [centre_x - hx, centre_y + hy, z]])
    return Print(corners, image)


def player_mat() -> PieceModel:
    """The three track cards side by side (Exhaustion, Hunger, Flock), faces printed."""
    length, width = layout.card_size()
    t = float(sb_dims()["card"]["thickness"])
    cards = [box((length, width, t), (layout.card_centre_x(n), 0.0, t / 2)) for n in TRACKS]
    prints = [_flat_print(printing.track_card(n), layout.card_centre_x(n), 0.0, (length, width), t + LIFT)
              for n in TRACKS]
    return finish("sb_player_mat", [(c, BOARD) for c in cards], cards, density=0.8, static=True,
                  prints=prints, tags=TAGS | {"mat"})


def map_row() -> PieceModel:
    """The printed strip the map cards lie on, North at -x, South at +x."""
    length, depth = layout.map_row_size()
    t = float(sb_dims()["map_row"]["thickness"])
    strip = box((length, depth, t), (0.0, 0.0, t / 2))
    return finish("sb_map_row", [(strip, STRIP)], [strip], density=0.8, static=True,
                  prints=[_flat_print(printing.map_row(), 0.0, 0.0, (length, depth), t + LIFT)],
                  tags=TAGS | {"mat"})


def track_token(track: str) -> PieceModel:
    """A wooden disc in the track's colour (one per track on the mat)."""
    d = sb_dims()["token"]
    colour = tuple(float(c) for c in track_data(track)["colour"]) + (1.0,)
    disc = convex_prism(regular_polygon(float(d["diameter"]) / 2, int(d["sides"])), 0.0, float(d["thickness"]))
    return finish("sb_token", [(disc, colour)], [disc], density=float(d["density"]), tags=TAGS | {"token"})


def migration_token() -> PieceModel:
    """The flock on the map row: a snow-white pawn with a black cap (a snow goose's wing tips)."""
    d = sb_dims()["migration_token"]
    r, h, sides = float(d["diameter"]) / 2, float(d["height"]), int(d["sides"])
    body = convex_prism(regular_polygon(r, sides), 0.0, h)
    cap = cylinder(r * 0.7, h, h + 0.02, sides)
    return finish("sb_migration_token", [(body, SNOW), (cap, BLACK)], [body], density=float(d["density"]),
                  mass_solids=[body], tags=TAGS | {"token"})


def tray_size() -> TraySize:
    t = sb_dims()["tray"]
    return TraySize(float(t["inner_length"]), float(t["inner_width"]), float(t["wall"]),
                    float(t["wall_height"]), float(t["floor"]))


def sb_dice_tray() -> PieceModel:
    return dice_tray("sb_dice_tray", tray_size(), TAGS)
