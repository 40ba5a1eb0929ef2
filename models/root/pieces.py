"""The Root pieces: boards lying flat on the felt (static thin boxes with their faces printed,
models.base.Print), wooden warriors (Duchy moles, Corvid crows), buildings, round tokens (a
tunnel, a plot with two printed sides, a crown), minister tiles, score markers and the dice tray.

A plot token's face (its kind) is printed on its underside and its back on top: lying as placed
(Law 13.2.2: face down) it shows the back; flipped (turned over about x) it shows its kind. A
token whose kind a viewer may not know is built as ``plot = "hidden"``: the back on both sides,
the same mesh and mass, so nothing in the scene graph tells its kind.
"""
from __future__ import annotations

import numpy as np

from feltbox.models.base import RGBA, PieceModel, Print, box, convex_prism, cylinder, finish, regular_polygon
from feltbox.models.dice_tray import TraySize, dice_tray
from feltbox.models.lazy import trimesh
from feltbox.models.root import HIDDEN, colour, printing, root_dims

LIFT = 0.004
TAGS = frozenset({"root"})
WOOD: RGBA = (0.55, 0.40, 0.26, 1.0)
BOARD: RGBA = (0.80, 0.72, 0.55, 1.0)
PLOT_TEXT = {"bomb": "BOMB", "snare": "SNARE", "extortion": "EXTORT", "raid": "RAID"}
BACK_RGBA = (70, 52, 104, 255)


def flat_print(image: np.ndarray, size: tuple[float, float], z: float, under: bool = False,
               centre: tuple[float, float] = (0.0, 0.0)) -> Print:
    """An image on a flat face at height ``z``: facing up, or (``under``) facing down, read the
    right way round when the piece is turned over about its x axis."""
    hx, hy = size[0] / 2, size[1] / 2
    cx, cy = centre
    if under:
        corners = [[cx - hx, cy + hy, z], [cx + hx, cy + hy, z], [cx + hx, cy - hy, z], [cx - hx, cy - hy, z]]
    else:
        corners = [[cx - hx, cy - hy, z], [cx + hx, cy - hy, z], [cx + hx, cy + hy, z], [cx - hx, cy + hy, z]]
    return Print(np.array(corners, dtype=float), image)


def _board(kind: str, section: str, image: np.ndarray, size: tuple[float, float] | None = None) -> PieceModel:
    d = root_dims()[section]
    w, h = size or (float(d["width"]), float(d["depth"]))
    t = float(d["thickness"])
    slab = box((w, h, t), (0.0, 0.0, t / 2))
    return finish(kind, [(slab, BOARD)], [slab], density=0.8, static=True,
                  prints=[flat_print(image, (w, h), t + LIFT)], tags=TAGS | {"mat"})


def autumn_board() -> PieceModel:
    """The Autumn map, printed (models/root/printing.autumn_map)."""
    return _board("root_map", "board", printing.autumn_map())


MINISTER_LINES = ["Birdsong: warriors into the Burrow",
                  "Daylight: 2 Assembly actions, then",
                  "  Parliament, then sway a minister",
                  "Evening: craft, draw 1 + markets",
                  "Price of Failure: a building lost",
                  "  sends the top minister home",
                  "Right: the court (ministers), crowns",
                  "  by rank, citadels, markets, tunnels"]
CORVID_LINES = ["Birdsong: craft, flip plots, recruit",
                "Daylight, 3 actions: move (nimble),",
                "  plot, battle, trick",
                "Plot: pay 1 warrior, +1 per plot",
                "Flip: 1 VP per face-up plot",
                "Embedded agents: +1 hit defending",
                "  beside a face-down plot",
                "Evening: exert, or draw 1 + extortions"]


def faction_board(faction: str) -> PieceModel:
    """A faction board with its summary printed and room for its tracks (the pieces that wait
    on it are laid by game/root/table.py)."""
    d = root_dims()["faction_board"]
    size = (float(d["width"]), float(d["depth"]))
    if faction == "duchy":
        image = printing.plate("UNDERGROUND DUCHY", MINISTER_LINES, size, d["print_px"], (236, 222, 198, 255),
                               (120, 84, 52, 255))
    else:
        image = printing.plate("CORVID CONSPIRACY", CORVID_LINES, size, d["print_px"], (222, 216, 232, 255),
                               (72, 52, 110, 255))
    return _board("root_faction_board", "faction_board", image)


def burrow_board() -> PieceModel:
    """The Burrow (Law 12.2.2): an unsuited clearing beside every tunnel."""
    d = root_dims()["burrow"]
    image = printing.plate("THE BURROW", ["Only the Duchy enters;", "beside every tunnel."],
                           (float(d["width"]), float(d["depth"])), d["print_px"], (150, 118, 86, 255),
                           (60, 40, 24, 255))
    return _board("root_burrow", "burrow", image)


def score_track() -> PieceModel:
    d = root_dims()["score_track"]
    return _board("root_score_track", "score_track", printing.score_track(),
                  (float(d["length"]), float(d["depth"])))


def _ellipsoid(radii, centre) -> trimesh.Trimesh:
    s = trimesh.creation.icosphere(subdivisions=2)
    s.apply_scale(radii)
    s.apply_translation(centre)
    return s


def warrior(faction: str) -> PieceModel:
    """A stylised wooden meeple: a rounded body and a head; a mole has a pink snout and pale
    claws, a crow a beak and a crest. Collides as one box."""
    d = root_dims()["warrior"]
    h, w, dp = float(d["height"]), float(d["width"]), float(d["depth"])
    body_colour = colour(faction)
    body = convex_prism(regular_polygon(w / 2, 10) * (1.0, dp / w), 0.0, h * 0.55)
    shoulders = _ellipsoid((w / 2, dp / 2, h * 0.16), (0.0, 0.0, h * 0.55))
    head = _ellipsoid((w * 0.36, dp * 0.45, h * 0.2), (0.0, 0.0, h * 0.78))
    parts = [(body, body_colour), (shoulders, body_colour), (head, body_colour)]
    if faction == "duchy":
        parts.append((_ellipsoid((w * 0.14, dp * 0.16, h * 0.07), (w * 0.36, 0.0, h * 0.76)), (0.93, 0.60, 0.62, 1.0)))
        for side in (-1, 1):
            parts.append((_ellipsoid((w * 0.14, dp * 0.2, h * 0.1), (w * 0.33, side * dp * 0.32, h * 0.42)),
                          (0.95, 0.88, 0.80, 1.0)))
    else:
        beak = trimesh.convex.convex_hull(np.array([[w * 0.30, -0.1, h * 0.82], [w * 0.30, 0.1, h * 0.82],
                                                    [w * 0.30, 0.0, h * 0.72], [w * 0.62, 0.0, h * 0.77]]))
        parts.append((beak, (0.95, 0.72, 0.18, 1.0)))
        parts.append((_ellipsoid((w * 0.08, dp * 0.1, h * 0.1), (-w * 0.05, 0.0, h * 0.98)), body_colour))
    solid = box((w, dp, h * 0.98), (0.0, 0.0, h * 0.49))
    return finish("root_warrior", parts, [solid], density=float(d["density"]), tags=TAGS | {"warrior", faction})


def citadel() -> PieceModel:
    d = root_dims()["citadel"]
    s, h = float(d["side"]), float(d["height"])
    base = box((s, s, h * 0.7), (0.0, 0.0, h * 0.35))
    towers = [box((s * 0.3, s * 0.3, h * 0.3), (sx * s * 0.35, sy * s * 0.35, h * 0.85))
              for sx in (-1, 1) for sy in (-1, 1)]
    stone = (0.62, 0.58, 0.54, 1.0)
    return finish("root_citadel", [(base, stone)] + [(t, colour("duchy")) for t in towers], [base],
                  density=0.7, tags=TAGS | {"building", "duchy"})


def market() -> PieceModel:
    d = root_dims()["market"]
    s, h = float(d["side"]), float(d["height"])
    base = box((s, s, h * 0.6), (0.0, 0.0, h * 0.3))
    roof = trimesh.convex.convex_hull(np.array([[x, y, h * 0.6] for x in (-s / 2, s / 2) for y in (-s / 2, s / 2)] +
                                               [[x, 0.0, h] for x in (-s / 2, s / 2)]))
    return finish("root_market", [(base, colour("duchy")), (roof, (0.70, 0.30, 0.20, 1.0))], [base],
                  density=0.7, tags=TAGS | {"building", "duchy"})


def _disc_token(kind: str, section: str, top: np.ndarray, under: np.ndarray, rim: RGBA, tags) -> PieceModel:
    d = root_dims()[section]
    r, t = float(d["diameter"]) / 2, float(d["thickness"])
    disc = cylinder(r, 0.0, t, 20)
    side = 2 * r * 0.92
    return finish(kind, [(disc, rim)], [disc], density=0.7,
                  prints=[flat_print(top, (side, side), t + LIFT), flat_print(under, (side, side), -LIFT, under=True)],
                  tags=TAGS | {"token"} | tags)


def tunnel() -> PieceModel:
    face = printing.token_face("T", (120, 84, 52, 255), (245, 232, 210, 255))
    return _disc_token("root_tunnel", "tunnel", face, face, (0.45, 0.32, 0.20, 1.0), {"duchy"})


def plot_token(plot: str) -> PieceModel:
    """A plot token: its back (a crow's eye) on top, its kind underneath (``HIDDEN``: the back on
    both sides)."""
    back = printing.token_face("?", BACK_RGBA, (230, 220, 245, 255))
    face = back if plot == HIDDEN else printing.token_face(PLOT_TEXT[plot], (236, 228, 246, 255), (60, 40, 96, 255))
    return _disc_token("root_plot", "plot", back, face, colour("corvids"), {"corvids", "plot"})


def crown() -> PieceModel:
    face = printing.token_face("W", (232, 196, 80, 255), (90, 60, 20, 255))
    return _disc_token("root_crown", "crown", face, face, (0.85, 0.70, 0.25, 1.0), {"duchy"})


def minister(name: str) -> PieceModel:
    d = root_dims()["minister"]
    w, dp, t = float(d["width"]), float(d["depth"]), float(d["thickness"])
    tile = box((w, dp, t), (0.0, 0.0, t / 2))
    face = printing.tile_face(name.upper(), (240, 230, 210, 255), d["print_px"])
    return finish("root_minister", [(tile, (0.90, 0.86, 0.78, 1.0))], [tile], density=0.8,
                  prints=[flat_print(face, (w, dp), t + LIFT)], tags=TAGS | {"duchy", "minister"})


SUIT_RGBA = {"fox": (0.80, 0.22, 0.14, 1.0), "rabbit": (0.93, 0.77, 0.22, 1.0), "mouse": (0.90, 0.50, 0.18, 1.0)}


def clearing_ring(suit: str) -> PieceModel:
    """A clearing's rim, raised a hair over the printed ring in its suit's colour: what a click on a
    clearing lands on in the window (the map itself is one board). Static; its box collides with
    nothing the rules throw (the dice are thrown in the tray)."""
    r = float(root_dims()["board"]["clearing_radius"])
    ring = trimesh.creation.annulus(r_min=r - 0.45, r_max=r + 0.05, height=0.03)
    ring.apply_translation((0.0, 0.0, 0.015))
    solid = box((2 * r, 2 * r, 0.03), (0.0, 0.0, 0.015))
    return finish("root_clearing", [(ring, SUIT_RGBA[suit])], [solid], density=0.5, static=True,
                  tags=TAGS | {"mat"})


def score_marker(faction: str) -> PieceModel:
    d = root_dims()["marker"]
    body = cylinder(float(d["diameter"]) / 2, 0.0, float(d["height"]), 16)
    return finish("root_score_marker", [(body, colour(faction))], [body], density=0.7, tags=TAGS | {"token", faction})


def tray_size() -> TraySize:
    t = root_dims()["tray"]
    return TraySize(float(t["inner_length"]), float(t["inner_width"]), float(t["wall"]),
                    float(t["wall_height"]), float(t["floor"]))


def root_dice_tray() -> PieceModel:
    return dice_tray("root_dice_tray", tray_size(), TAGS)
