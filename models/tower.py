"""The zombie tower, its roof support and the zombie bin (rulebook MATERIAL: ZOMBIE TOWER in 3
parts; ZOMBIES' REACTION!: the tower goes "directly behind that zombie"; ZOMBIE RUSH: "ensure the
roof support is in place", "place it on the roof, according to its number", "remove the roof
support"; A NEW HORDE ARRIVES!: the tower "in its home position on top of the zombie bin").

Geometry, in the tower's table frame (z = 0 at its foot, foot centre at x = y = 0, exit toward +x;
W = ``width``, w = ``wall``, all sizes from dimensions.toml [zombie_tower] and [roof_support]):
- a square shaft W x W x ``height``: back, left and right walls, and a front wall that is a lintel
  over an exit ``exit_width`` x ``exit_height`` at the bottom of the +x face. Every inner face is
  flat from the roof down to the slide, so nothing in the shaft can hold a 5 cm figure;
- the roof: the roof support plate lies ``roof_recess`` below the top of the walls, filling the
  shaft; ``slots`` numbered places on it in two rows along x (anchors "slot_1".."slot_N": where a
  zombie's base centre stands on the plate); the numbers are printed on the rim round the top;
- the slide, full width inside the shaft: from the back wall it falls at ``steep_deg`` to the
  shaft's middle, then runs out at ``runout_deg`` to a lip ``exit_lip`` above the foot at the
  outer face of the exit (anchor "exit", at the foot's level): pull the plate and the zombies fall
  onto the slide and leave through the exit toward +x. ``exit_headroom`` says how much room a
  figure standing square on the run-out has under the lintel (negative: its head can catch);
- anchor "foot" = the foot centre; "roof_support" = where the plate's centre of mass sits. The
  body frame is the centre of mass (about 1.5 cm behind the foot centre: the slide is heavy at
  the back), and that is the point scenes and the rush place (friction, angles and lip were
  tuned by measurement with the tower placed so).
All three parts are static: the tower does not move during a rush, the plate is removed.

At home the tower stands on the bin (its foot at the bin's ``top_height``) with its exit at the
bin's front edge, and the zombies drop off onto the table. In the city the foot is on the table
and the zombies leave at table level (``exit_lip`` above it).
"""
from __future__ import annotations

import numpy as np

from feltbox.models.base import Part, PieceModel, box, finish, slab
from feltbox.models.dimensions import dims
from feltbox.models.glyphs import digits_mesh, facing
from feltbox.models.lazy import trimesh
from feltbox.models.tower_look import SHEET, tower_look

DARK, RED = (0.18, 0.16, 0.15, 1.0), (0.70, 0.12, 0.10, 1.0)
BONE = (0.95, 0.90, 0.80, 1.0)
RIM = 0.5          # visual flange round the top, outside the walls, carrying the slot numbers


def _geometry() -> dict:
    t = dims()["zombie_tower"]
    W, H, w = t["width"], t["height"], t["wall"]
    inner = W - 2 * w
    plate_top = H - t["roof_recess"]
    return {"W": W, "H": H, "w": w, "inner": inner, "plate_top": plate_top,
            "plate_z": plate_top - dims()["roof_support"]["thickness"],
            "exit_w": t["exit_width"], "exit_h": t["exit_height"], "slots": int(t["slots"])}


def slide_profile() -> np.ndarray:
    """(x, z) of the slide's top line: back wall, the bend, the lip at the exit's outer face."""
    g, t = _geometry(), dims()["zombie_tower"]
    x0, xm, x1 = -g["inner"] / 2, 0.0, g["W"] / 2
    z1 = t["exit_lip"]
    zm = z1 + (x1 - xm) * np.tan(np.radians(t["runout_deg"]))
    z0 = zm + (xm - x0) * np.tan(np.radians(t["steep_deg"]))
    return np.array([[x0, z0], [xm, zm], [x1, z1]])


def exit_headroom() -> float:
    """Clearance left under the lintel for a figure standing square on the run-out (cm): its top
    reaches the wall's inner face when its base is ``height * sin(run-out)`` behind it."""
    g, t, f = _geometry(), dims()["zombie_tower"], dims()["figure"]
    a = np.radians(t["runout_deg"])
    x1, z1 = slide_profile()[-1]
    front = g["W"] / 2 - g["w"]
    # the figure's front top corner: height along the slope normal, half its thickness ahead
    base_x = front - f["height"] * np.sin(a) - f["body_thickness"] / 2 * np.cos(a)
    slide_z = z1 + (x1 - base_x) * np.tan(a)
    top_z = slide_z + f["height"] * np.cos(a) - f["body_thickness"] / 2 * np.sin(a)
    return float(g["exit_h"] - top_z)


def slot_points() -> list[tuple[float, float, float]]:
    """Table-frame (tower foot at z=0) centres of the roof slots, on the plate's top: slots 1..N/2
    in the +y row from back to front, the rest in the -y row."""
    g = _geometry()
    n = g["slots"]
    cols = (n + 1) // 2
    pitch = g["inner"] / cols
    return [(-g["inner"] / 2 + pitch * (k % cols + 0.5), (g["inner"] / 4) * (1 if k < cols else -1),
             g["plate_top"]) for k in range(n)]


def _walls(g: dict) -> list[trimesh.Trimesh]:
    W, H, w, ew, eh = g["W"], g["H"], g["w"], g["exit_w"], g["exit_h"]
    jamb = (W - ew) / 2
    return [box((w, W, H), (-W / 2 + w / 2, 0.0, H / 2)),                        # back
            box((W - 2 * w, w, H), (0.0, W / 2 - w / 2, H / 2)),                 # left (+y)
            box((W - 2 * w, w, H), (0.0, -W / 2 + w / 2, H / 2)),                # right (-y)
            box((w, W, H - eh), (W / 2 - w / 2, 0.0, eh + (H - eh) / 2)),        # lintel
            *[box((w, jamb, eh), (W / 2 - w / 2, s * (W / 2 - jamb / 2), eh / 2)) for s in (-1, 1)]]


def _slides(g: dict) -> list[trimesh.Trimesh]:
    (x0, z0), (xm, zm), (x1, z1) = slide_profile()
    half = g["inner"] / 2
    steep = slab(np.array([[x0, z0], [xm, zm], [xm, 0.0], [x0, 0.0]]), "y", -half, half)
    run_out = slab(np.array([[xm, zm], [x1, z1], [x1, 0.0], [xm, 0.0]]), "y", -half, half)
    return [steep, run_out]


def _dressing(g: dict) -> list[Part]:
    """The sheet-metal look, signs, posts and merlons (tower_look.py), and the numbered rim."""
    W, H = g["W"], g["H"]
    parts: list[Part] = tower_look(W, H, g["exit_h"], g["exit_w"], RIM)
    for sx, sy, ex, ey in ((1, 0, RIM, W + 2 * RIM), (-1, 0, RIM, W + 2 * RIM), (0, 1, W, RIM), (0, -1, W, RIM)):
        parts.append((box((ex, ey, 0.6), (sx * (W / 2 + RIM / 2), sy * (W / 2 + RIM / 2), H - 0.3)), DARK))
    band = W / 2 + RIM / 2 - g["w"] / 2 - 0.05        # the rim's middle line over each side wall
    for k, (sx, sy, _) in enumerate(slot_points()):
        glyph = digits_mesh(str(k + 1), 0.7, 0.03)
        parts.append((glyph.apply_translation((sx, band if sy > 0 else -band, H)), BONE))
    return parts


def zombie_tower() -> PieceModel:
    g = _geometry()
    walls, slides = _walls(g), _slides(g)
    parts: list[Part] = [(m, SHEET) for m in walls] + [(m, DARK) for m in slides] + _dressing(g)
    anchors = {f"slot_{k + 1}": p for k, p in enumerate(slot_points())}
    anchors["roof_support"] = (0.0, 0.0, g["plate_z"] + dims()["roof_support"]["thickness"] / 2)
    anchors["exit"] = (g["W"] / 2, 0.0, 0.0)
    anchors["foot"] = (0.0, 0.0, 0.0)
    return finish("zombie_tower", parts, walls + slides, static=True, friction=dims()["zombie_tower"]["friction"],
                  density=dims()["physics"]["density_plastic"], tags=frozenset({"tower"}), anchors=anchors)


def roof_support() -> PieceModel:
    """The plate the rushing zombies stand on, with a pull tab sticking out of the +y wall (the
    side the rush pulls it toward)."""
    g = _geometry()
    r = dims()["roof_support"]
    side = min(r["width"], g["inner"] - 0.1)
    t = r["thickness"]
    plate = box((side, side, t), (0.0, 0.0, t / 2))
    tab = box((2.0, g["W"] / 2 - side / 2 + 1.2, t), (0.0, (g["W"] / 2 + side / 2 + 1.2) / 2, t / 2))
    grip = box((2.4, 0.4, t), (0.0, g["W"] / 2 + 1.2, t / 2))     # no higher than the plate: the
    # zombies are set on the plate's top_height
    return finish("roof_support", [(plate, (0.85, 0.80, 0.70, 1.0)), (tab, RED), (grip, RED)], [plate],
                  static=True, density=dims()["physics"]["density_plastic"], tags=frozenset({"tower"}))


def zombie_bin(day: int = 2, night: int = 3) -> PieceModel:
    """The bin the tower stands on at home, showing its day and night invasion markers (zombies
    per new horde) in front; its top (``top_height``) is where the tower's foot goes."""
    b = dims()["zombie_bin"]
    D, Wb, Hb = b["depth"], b["width"], b["height"]
    body = box((D, Wb, Hb), (0.0, 0.0, Hb / 2))
    rim = box((D + 0.3, Wb + 0.3, 0.5), (0.0, 0.0, Hb - 0.25))
    foot = box((D + 0.2, Wb + 0.2, 0.4), (0.0, 0.0, 0.2))
    # the body as drawn stops 0.4 mm under the rim's top (the rim is the bin's top face), so the
    # two never share a plane; the collision body keeps the full height
    shown = box((D, Wb, Hb - 0.04), (0.0, 0.0, (Hb - 0.04) / 2))
    parts: list[Part] = [(shown, (0.30, 0.35, 0.28, 1.0)), (rim, DARK), (foot, DARK)]
    for k in range(7):                                # hazard stripes along the front's bottom
        y = -Wb * 0.4 + k * Wb * 0.8 / 6
        parts.append((box((0.06, 0.7, 1.2), (D / 2 + 0.03, y, 1.2)), (0.9, 0.75, 0.1, 1.0) if k % 2 == 0 else DARK))
    for value, y, plate in ((day, -Wb / 4, (0.96, 0.74, 0.18, 1.0)), (night, Wb / 4, (0.16, 0.24, 0.62, 1.0))):
        if not 0 <= value <= 18:
            raise ValueError(f"an invasion marker shows 0-18 zombies, got {value!r}")
        marker = box((0.1, 3.0, 3.0), (D / 2 + 0.05, y, Hb * 0.6))
        digits = facing(digits_mesh(str(value), 1.8, 0.04), "+x", (D / 2 + 0.1, y, Hb * 0.6))
        parts += [(marker, plate), (digits, (0.98, 0.98, 0.98, 1.0))]
    return finish("zombie_bin", parts, [body], static=True, density=dims()["physics"]["density_plastic"],
                  tags=frozenset({"tower"}))
