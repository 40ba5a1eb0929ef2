"""The zombie tower, its roof support and the zombie bin (rulebook: ZOMBIE TOWER in 3 parts,
ZOMBIE RUSH: "ensure the roof support is in place", "place it on the roof, according to its
number", "remove the roof support").

Geometry (local frame, exit toward +x, z = 0 at the tower's foot):
- a square shaft ``width`` wide and ``height`` tall, walls ``wall`` thick;
- the roof support: a plate 1 cm below the top of the walls; ``slots`` numbered places on it in
  two rows (anchors "slot_1".."slot_N" where a zombie's base stands, body frame);
- inside, a slide falls at 60 then 20 degrees from the back wall to a lip at the exit's foot: an
  opening ``exit_width`` x ``exit_height`` at the bottom of the +x face (anchor "exit");
- all three parts are static: the tower does not move during a rush, the plate is removed.
The bin is a static box the tower stands on at home; zombies then leave the exit at bin height.
"""
from __future__ import annotations

import numpy as np

from models.base import PieceModel, box, finish, slab
from models.dimensions import dims
from models.glyphs import digits_mesh, facing

WOOD, DARK, RED = (0.42, 0.32, 0.24, 1.0), (0.18, 0.16, 0.15, 1.0), (0.70, 0.12, 0.10, 1.0)


def _geometry() -> dict:
    t = dims()["zombie_tower"]
    W, H, w = t["width"], t["height"], t["wall"]
    inner = W - 2 * w
    plate_z = H - 1.0 - dims()["roof_support"]["thickness"]
    return {"W": W, "H": H, "w": w, "inner": inner, "plate_z": plate_z,
            "exit_w": t["exit_width"], "exit_h": t["exit_height"], "slots": int(t["slots"])}


def slot_points() -> list[tuple[float, float, float]]:
    """Table-frame (tower foot at z=0) centres of the roof slots, on the plate's top."""
    g = _geometry()
    n = g["slots"]
    cols = (n + 1) // 2
    pitch = g["inner"] / cols
    top = g["plate_z"] + dims()["roof_support"]["thickness"]
    return [(-g["inner"] / 2 + pitch * (k % cols + 0.5), (g["inner"] / 4) * (1 if k < cols else -1), top)
            for k in range(n)]


def zombie_tower() -> PieceModel:
    g = _geometry()
    W, H, w, ew, eh = g["W"], g["H"], g["w"], g["exit_w"], g["exit_h"]
    back = box((w, W, H), (-W / 2 + w / 2, 0.0, H / 2))
    left = box((W - 2 * w, w, H), (0.0, W / 2 - w / 2, H / 2))
    right = box((W - 2 * w, w, H), (0.0, -W / 2 + w / 2, H / 2))
    lintel = box((w, W, H - eh), (W / 2 - w / 2, 0.0, eh + (H - eh) / 2))
    jamb = (W - ew) / 2
    jambs = [box((w, jamb, eh), (W / 2 - w / 2, s * (W / 2 - jamb / 2), eh / 2)) for s in (-1, 1)]
    inner = g["inner"]
    # the slide: steep (60 degrees) under the roof, then a gentle run-out (20 degrees) to the
    # lip at the exit, so a fall turns into speed toward the survivors
    t = dims()["zombie_tower"]
    x0, xm, x1 = -inner / 2, 0.0, W / 2
    z1 = t["exit_lip"]
    zm = z1 + (x1 - xm) * np.tan(np.radians(t["runout_deg"]))
    z0 = zm + (xm - x0) * np.tan(np.radians(t["steep_deg"]))
    steep = slab(np.array([[x0, z0], [xm, zm], [xm, 0.0], [x0, 0.0]]), "y", -inner / 2, inner / 2)
    run_out = slab(np.array([[xm, zm], [x1, z1], [x1, 0.0], [xm, 0.0]]), "y", -inner / 2, inner / 2)
    walls = [back, left, right, lintel, *jambs]
    parts = [(m, WOOD) for m in walls] + [(steep, DARK), (run_out, DARK)]
    parts += [(box((0.1, W * 0.7, 1.2), (W / 2 + 0.05, 0.0, H - 3.0)), RED)]
    for k, (sx, sy, sz) in enumerate(slot_points()):     # numbers on the wall tops by the slots
        glyph = digits_mesh(str(k + 1), 0.9, 0.03)
        glyph.apply_translation((sx, W / 2 - w / 2 if sy > 0 else -W / 2 + w / 2, H))
        parts.append((glyph, (0.95, 0.9, 0.8, 1.0)))
    anchors = {f"slot_{k + 1}": p for k, p in enumerate(slot_points())}
    anchors["roof_support"] = (0.0, 0.0, g["plate_z"] + dims()["roof_support"]["thickness"] / 2)
    anchors["exit"] = (W / 2, 0.0, 0.0)
    anchors["foot"] = (0.0, 0.0, 0.0)
    return finish("zombie_tower", parts, walls + [steep, run_out], static=True, friction=dims()["zombie_tower"]["friction"],
                  density=dims()["physics"]["density_plastic"], tags=frozenset({"tower"}), anchors=anchors)


def roof_support() -> PieceModel:
    g = _geometry()
    r = dims()["roof_support"]
    side = min(r["width"], g["inner"] - 0.1)
    plate = box((side, side, r["thickness"]), (0.0, 0.0, r["thickness"] / 2))
    tab = box((1.5, 3.0, r["thickness"]), (0.0, side / 2 + 1.2, r["thickness"] / 2))
    return finish("roof_support", [(plate, (0.85, 0.80, 0.70, 1.0)), (tab, RED)], [plate], static=True,
                  density=dims()["physics"]["density_plastic"], tags=frozenset({"tower"}))


def zombie_bin(day: int = 2, night: int = 3) -> PieceModel:
    """The bin, showing its day and night invasion markers (zombies per new horde) in front."""
    b = dims()["zombie_bin"]
    body = box((b["depth"], b["width"], b["height"]), (0.0, 0.0, b["height"] / 2))
    rim = box((b["depth"] + 0.4, b["width"] + 0.4, 0.4), (0.0, 0.0, b["height"] - 0.2))
    hazard = box((0.1, b["width"] * 0.8, 1.5), (b["depth"] / 2 + 0.05, 0.0, b["height"] * 0.25))
    parts = [(body, (0.30, 0.35, 0.28, 1.0)), (rim, DARK), (hazard, (0.9, 0.75, 0.1, 1.0))]
    for value, y, plate in ((day, -b["width"] / 4, (0.96, 0.74, 0.18, 1.0)), (night, b["width"] / 4, (0.16, 0.24, 0.62, 1.0))):
        marker = box((0.1, 3.0, 3.0), (b["depth"] / 2 + 0.05, y, b["height"] * 0.6))
        digits = facing(digits_mesh(str(value), 1.8, 0.04), "+x", (b["depth"] / 2 + 0.1, y, b["height"] * 0.6))
        parts += [(marker, plate), (digits, (0.98, 0.98, 0.98, 1.0))]
    return finish("zombie_bin", parts, [body], static=True, density=dims()["physics"]["density_plastic"],
                  tags=frozenset({"tower"}))
