"""Flicked weapons and aiming templates (rulebook: KNIFE, BASEBALL BAT, SHOTGUN, SNIPER RIFLE).

The knife is flicked standing upright, so it stands on a small base like a figure. The bat is
flat on the table and flicked by the knob (anchor "knob"), straight or spinning. The templates
are held still by the player, so they are static bodies while a shot is flicked along them.
"""
from __future__ import annotations

import numpy as np

from feltbox.models.base import Part, PieceModel, box, convex_prism, cylinder, finish, rect, slab
from feltbox.models.dimensions import dims
from feltbox.models.lazy import trimesh

STEEL, HANDLE = (0.78, 0.80, 0.84, 1.0), (0.25, 0.16, 0.10, 1.0)
WOOD = (0.80, 0.62, 0.38, 1.0)
GUNMETAL, BLUED = (0.20, 0.21, 0.23, 1.0), (0.28, 0.31, 0.36, 1.0)
STOCK = (0.55, 0.33, 0.16, 1.0)


def knife() -> PieceModel:
    k = dims()["knife"]
    base = cylinder(k["base_diameter"] / 2, 0.0, k["base_height"])
    h0 = k["base_height"]
    grip_top = h0 + k["height"] * 0.35
    grip = slab(rect(-0.22, h0, 0.22, grip_top), "x", -k["thickness"] / 2, k["thickness"] / 2)
    guard = slab(rect(-k["blade_width"] * 0.7, grip_top, k["blade_width"] * 0.7, grip_top + 0.2),
                 "x", -k["thickness"] / 2, k["thickness"] / 2)
    blade = slab(np.array([[-k["blade_width"] / 2, grip_top + 0.2], [k["blade_width"] / 2, grip_top + 0.2],
                           [0.05, h0 + k["height"]], [-k["blade_width"] / 2, h0 + k["height"] * 0.8]]),
                 "x", -k["thickness"] / 4, k["thickness"] / 4)
    body = trimesh.util.concatenate([grip, guard, blade]).convex_hull
    return finish("knife", [(base, (0.2, 0.2, 0.22, 1.0)), (grip, HANDLE), (guard, STEEL), (blade, STEEL)],
                  [base, body], mass=k["mass"], mass_solids=[base, grip, guard, blade],
                  tags=frozenset({"weapon", "knife"}))


def bat() -> PieceModel:
    """A flat bat along +x: knob at -x, handle, then the barrel tapering out to a round end."""
    b = dims()["bat"]
    L, t = b["length"], b["thickness"]
    x0 = -L / 2
    knob = convex_prism(np.array([[x0, -b["knob_width"] / 2], [x0 + 0.4, -b["knob_width"] / 2],
                                  [x0 + 0.5, -b["handle_width"] / 2], [x0 + 0.5, b["handle_width"] / 2],
                                  [x0 + 0.4, b["knob_width"] / 2], [x0, b["knob_width"] / 2]]), 0.0, t)
    handle = convex_prism(np.array([[x0 + 0.5, -b["handle_width"] / 2], [x0 + L * 0.45, -b["handle_width"] / 2 - 0.05],
                                    [x0 + L * 0.45, b["handle_width"] / 2 + 0.05], [x0 + 0.5, b["handle_width"] / 2]]), 0.0, t)
    tip = np.array([[np.cos(a) * b["barrel_width"] / 2, np.sin(a) * b["barrel_width"] / 2]
                    for a in np.linspace(-np.pi / 2, np.pi / 2, 7)]) + (L / 2 - b["barrel_width"] / 2, 0.0)
    barrel = convex_prism(np.vstack([[[x0 + L * 0.45, -b["handle_width"] / 2 - 0.05]], tip,
                                     [[x0 + L * 0.45, b["handle_width"] / 2 + 0.05]]]), 0.0, t)
    grip_tape = box((L * 0.25, b["handle_width"] + 0.02, 0.03), (x0 + 0.5 + L * 0.125, 0.0, t + 0.01))
    return finish("bat", [(knob, HANDLE), (handle, WOOD), (barrel, WOOD), (grip_tape, (0.1, 0.1, 0.1, 1.0))],
                  [knob, handle, barrel], mass=b["mass"], tags=frozenset({"weapon", "bat"}),
                  anchors={"knob": (x0, 0.0, t / 2)})


def _template(kind: str, section: str) -> PieceModel:
    """A base plate with two rails forming a channel along +x, closed at -x (bullets sit there).

    The collision solids are the plate, the rails and the back wall; the paint and the few details
    on top make each read as its gun seen from above (rulebook MATERIAL: SHOTGUN TEMPLATE, SNIPER
    RIFLE TEMPLATE): a wooden stock at the closed end, blued steel barrels to the muzzle, and the
    shotgun's wooden pump grip or the sniper rifle's scope on its mounts."""
    s = dims()[section]
    L, W, C, H = s["length"], s["width"], s["channel_width"], s["height"]
    floor_t = 0.2
    rail = (W - C) / 2
    rail_h, rail_z = H - floor_t, floor_t + (H - floor_t) / 2
    plate = box((L, W, floor_t), (0.0, 0.0, floor_t / 2))
    left = box((L, rail, rail_h), (0.0, C / 2 + rail / 2, rail_z))
    right = box((L, rail, rail_h), (0.0, -C / 2 - rail / 2, rail_z))
    back = box((0.3, C, rail_h), (-L / 2 + 0.15, 0.0, rail_z))
    solids = [plate, left, right, back]
    stock = L * 0.3                    # the back of the rails is the stock, the rest the barrels
    parts: list[Part] = [(plate, GUNMETAL), (back, STOCK)]
    for y in (C / 2 + rail / 2, -C / 2 - rail / 2):
        parts += [(box((stock, rail, rail_h), (-L / 2 + stock / 2, y, rail_z)), STOCK),
                  (box((L - stock, rail, rail_h), (stock / 2, y, rail_z)), BLUED),
                  (box((0.42, rail + 0.06, rail_h + 0.06), (L / 2 - 0.19, y, rail_z + 0.03)), STEEL)]   # muzzle
    parts += _template_details(section, L, C, rail, H)
    bullet_r = dims()["pellet" if section == "shotgun_template" else "bullet"]["diameter"] / 2
    return finish(kind, parts, solids, static=True, mass_solids=solids,
                  density=dims()["physics"]["density_plastic"], tags=frozenset({"template"}),
                  anchors={"barrel_start": (-L / 2 + 0.3 + bullet_r + 0.05, 0.0, floor_t),
                           "muzzle": (L / 2, 0.0, floor_t)})


def _template_details(section: str, L: float, C: float, rail: float, H: float) -> list[Part]:
    """Visual only, on the rails' tops: the shotgun's pump grip across both rails, or the sniper
    rifle's scope along the left rail (the channel the bullet runs in stays clear)."""
    y = C / 2 + rail / 2
    if section == "shotgun_template":
        return [(box((L * 0.2, rail + 0.1, 0.16), (L * 0.12, s * y, H + 0.08)), STOCK) for s in (-1, 1)]
    mounts = [(box((0.4, 0.5, 0.3), (x, y, H + 0.15)), BLUED) for x in (-L * 0.12, L * 0.12)]
    tube = cylinder(0.36, -L * 0.2, L * 0.2, sides=12)      # along z, turned to lie along x
    tube.apply_transform(trimesh.transformations.rotation_matrix(np.pi / 2, (0, 1, 0)))
    tube.apply_translation((0.0, y, H + 0.3 + 0.36))
    lens = cylinder(0.26, L * 0.2, L * 0.2 + 0.05, sides=12)
    lens.apply_transform(trimesh.transformations.rotation_matrix(np.pi / 2, (0, 1, 0)))
    lens.apply_translation((0.0, y, H + 0.66))
    return mounts + [(tube, (0.10, 0.10, 0.11, 1.0)), (lens, (0.45, 0.70, 0.85, 1.0))]


def shotgun_template() -> PieceModel:
    return _template("shotgun_template", "shotgun_template")


def sniper_template() -> PieceModel:
    return _template("sniper_template", "sniper_template")
