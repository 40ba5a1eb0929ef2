"""Buildings and the RV, each raised on 2 support blocks (rulebook: BUILDINGS AND RV, ENTERING
AND EXITING A BUILDING, glossary DOOR and IN A BUILDING).

Local frame at heading 0: the door faces +x. The blocks run front to back under the building's
left (+y) and right (-y) edges and stick out sideways by a shelf: a figure or token on that shelf
is IN the building. The underside of the building is the blocks' height above the table, so the
movement disc slides under it between the blocks. The door is the line flush with the blocks'
front faces, between their inner edges.
"""
from __future__ import annotations

import numpy as np
import trimesh

from models.base import PieceModel, box, cylinder, finish, slab
from models.dimensions import dims

STYLE = {   # wall, roof, sign colours and a detail per building
    "library": ((0.72, 0.62, 0.50, 1.0), (0.35, 0.25, 0.20, 1.0), (0.30, 0.20, 0.55, 1.0), "columns"),
    "grocery_store": ((0.85, 0.80, 0.65, 1.0), (0.40, 0.40, 0.38, 1.0), (0.20, 0.60, 0.25, 1.0), "awning"),
    "police_station": ((0.70, 0.72, 0.78, 1.0), (0.20, 0.22, 0.30, 1.0), (0.10, 0.20, 0.60, 1.0), "lights"),
    "gas_station": ((0.92, 0.92, 0.90, 1.0), (0.75, 0.12, 0.10, 1.0), (0.85, 0.15, 0.10, 1.0), "pumps"),
    "hospital": ((0.95, 0.95, 0.97, 1.0), (0.55, 0.60, 0.65, 1.0), (0.85, 0.10, 0.10, 1.0), "cross"),
    "school": ((0.75, 0.35, 0.25, 1.0), (0.30, 0.30, 0.32, 1.0), (0.95, 0.80, 0.20, 1.0), "bell"),
}
WINDOW = (0.18, 0.22, 0.28, 1.0)
BLOCK = (0.30, 0.30, 0.32, 1.0)


def _size(name: str) -> tuple[float, float, float, float]:
    d = dims()["rv" if name == "rv" else "building"]
    return d["width"], d["depth"], d["height"], dims()["support_block"]["height"]


def support_layout(name: str) -> list[tuple[float, float]]:
    """Local (x, y) centres of the 2 support blocks: slot 0 on the left (+y), slot 1 right."""
    w = _size(name)[0]
    s = dims()["support_block"]
    yc = w / 2 - s["overlap"] + s["width"] / 2
    return [(0.0, yc), (0.0, -yc)]


def door_line(name: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """The DOOR: flush with the blocks' front faces, between their inner edges (local)."""
    w = _size(name)[0]
    s = dims()["support_block"]
    inner = w / 2 - s["overlap"]
    return (s["depth"] / 2, -inner), (s["depth"] / 2, inner)


def shelf_point(name: str, slot: int) -> tuple[float, float, float]:
    """Local top centre of the exposed shelf of block ``slot`` (where IN-building pieces go)."""
    if slot not in (0, 1):
        raise ValueError(f"support block slot must be 0 or 1, got {slot!r}")
    w = _size(name)[0]
    s = dims()["support_block"]
    y = w / 2 + (s["width"] - s["overlap"]) / 2
    return 0.0, (y if slot == 0 else -y), s["height"]


def support_block(building: str) -> PieceModel:
    s = dims()["support_block"]
    block = box((s["depth"], s["width"], s["height"]), (0.0, 0.0, s["height"] / 2))
    # the wedge on the inner side that steers a disc inside (FD2/FD6: "a small wedge")
    stripe = box((s["depth"] * 0.96, 0.12, 0.02), (0.0, 0.0, s["height"] + 0.01))
    return finish("support_block", [(block, BLOCK), (stripe, (0.9, 0.8, 0.2, 1.0))], [block],
                  mass=s["mass"], tags=frozenset({"support"}))


def _windows(w: float, d: float, z0: float, h: float, rows: int) -> list[trimesh.Trimesh]:
    """Dark window panes on the front (+x) and both sides."""
    panes = []
    for r in range(rows):
        z = z0 + h * (r + 0.6) / (rows + 0.6)
        for k in range(4):
            y = -w / 2 + w * (k + 0.5) / 4
            panes.append(box((0.06, w / 8, h / (rows * 2.6)), (d / 2 + 0.03, y, z)))
        for side in (-1, 1):
            panes.append(box((d / 4, 0.06, h / (rows * 2.6)), (0.0, side * (w / 2 + 0.03), z)))
    return panes


def _detail(kind: str, w: float, d: float, top: float, z0: float, sign: tuple) -> list:
    if kind == "columns":
        return [(cylinder(0.35, z0, top - 0.6, sides=10, center=(d / 2 + 0.4, y)), (0.92, 0.90, 0.85, 1.0))
                for y in np.linspace(-w / 2 + 1.5, w / 2 - 1.5, 5)]
    if kind == "awning":
        return [(slab(np.array([[-0.1, top - 2.4], [2.0, top - 3.4], [2.0, top - 3.1], [-0.1, top - 2.0]])[:, [0, 1]],
                      "y", -w / 2 + 0.5, w / 2 - 0.5).apply_translation((d / 2, 0, 0)), sign)]
    if kind == "lights":
        return [(box((1.2, 2.4, 0.6), (0.0, -0.7, top + 0.3)), (0.1, 0.2, 0.9, 1.0)),
                (box((1.2, 2.4, 0.6), (0.0, 0.7 + 1.2, top + 0.3)), (0.9, 0.1, 0.1, 1.0))]
    if kind == "pumps":
        return [(box((1.0, 1.2, 2.2), (d / 2 - 1.0, y, top + 1.1)), (0.9, 0.15, 0.1, 1.0)) for y in (-3.0, 3.0)] + \
               [(box((d * 0.8, w * 0.9, 0.3), (0.0, 0.0, top + 2.4)), (0.95, 0.95, 0.95, 1.0))]
    if kind == "cross":
        return [(box((0.2, 3.0, 0.9), (d / 2 + 0.12, 0.0, top - 1.6)), (0.9, 0.1, 0.1, 1.0)),
                (box((0.2, 0.9, 3.0), (d / 2 + 0.12, 0.0, top - 1.6)), (0.9, 0.1, 0.1, 1.0)),
                (box((3.0, 0.9, 0.1), (0.0, 0.0, top + 0.05)), (0.9, 0.1, 0.1, 1.0)),
                (box((0.9, 3.0, 0.1), (0.0, 0.0, top + 0.05)), (0.9, 0.1, 0.1, 1.0))]
    if kind == "bell":
        return [(box((3.0, 3.0, 3.0), (0.0, 0.0, top + 1.5)), (0.75, 0.35, 0.25, 1.0)),
                (slab(np.array([[-1.8, top + 3.0], [1.8, top + 3.0], [0.0, top + 4.6]]), "x", -1.8, 1.8), (0.3, 0.3, 0.32, 1.0)),
                (cylinder(0.6, top + 1.6, top + 2.6, sides=10), (0.95, 0.80, 0.20, 1.0))]
    return []


def building(name: str) -> PieceModel:
    """One of the 6 buildings or the RV, as it rests on its blocks."""
    if name == "rv":
        return _rv()
    if name not in STYLE:
        raise ValueError(f"unknown building {name!r}")
    wall, roof_c, sign, detail = STYLE[name]
    w, d, h, clearance = _size(name)
    z0, top = clearance, clearance + h
    body = box((d, w, h), (0.0, 0.0, z0 + h / 2))
    roof = box((d + 0.6, w + 0.6, 0.5), (0.0, 0.0, top + 0.25))
    band = box((0.1, w * 0.8, 1.4), (d / 2 + 0.05, 0.0, top - 1.0))
    door = box((0.08, 3.0, 3.6), (d / 2 + 0.04, 0.0, z0 + 1.8))
    parts = [(body, wall), (roof, roof_c), (band, sign), (door, (0.35, 0.22, 0.12, 1.0))]
    parts += [(m, WINDOW) for m in _windows(w, d, z0 + 3.8, h - 5.0, 2)]
    parts += _detail(detail, w, d, top + 0.5 if detail in ("lights", "bell", "pumps") else top, z0, sign)
    return finish("building", parts, [body, roof], mass=dims()["building"]["mass"], mass_solids=[body],
                  tags=frozenset({"building"}))


def _rv() -> PieceModel:
    """The RV: long along y (its door side faces +x), cab at +y, wheels, windows, awning."""
    w, d, h, clearance = _size("rv")
    z0, top = clearance, clearance + h
    cream, stripe = (0.93, 0.90, 0.80, 1.0), (0.55, 0.30, 0.15, 1.0)
    body = box((d, w - 4.0, h), (0.0, -2.0, z0 + h / 2))
    cab = slab(np.array([[w / 2 - 4.0, z0], [w / 2, z0], [w / 2, z0 + h * 0.45], [w / 2 - 1.6, z0 + h * 0.8],
                         [w / 2 - 4.0, z0 + h * 0.8]]), "x", -d / 2, d / 2)
    windshield = slab(np.array([[w / 2 - 0.05, z0 + h * 0.47], [w / 2 - 1.55, z0 + h * 0.78],
                                [w / 2 - 1.7, z0 + h * 0.78], [w / 2 - 0.2, z0 + h * 0.47]]), "x", -d / 2 + 0.6, d / 2 - 0.6)
    parts = [(body, cream), (cab, cream), (windshield, WINDOW),
             (box((d + 0.1, w - 4.0, 0.8), (0.0, -2.0, z0 + h * 0.35)), stripe),
             (box((d * 0.8, w * 0.5, 0.8), (0.0, -3.0, top + 0.4)), (0.85, 0.85, 0.82, 1.0))]
    for k in range(4):   # side windows on the door side and the back side
        y = -w / 2 + 2.5 + k * 3.5
        for x in (d / 2 + 0.03, -d / 2 - 0.03):
            parts.append((box((0.06, 2.2, 1.6), (x, y, z0 + h * 0.62)), WINDOW))
    parts.append((box((0.08, 2.4, 4.5), (d / 2 + 0.04, 4.2, z0 + 2.6)), (0.45, 0.30, 0.20, 1.0)))
    for y in (-w / 2 + 3.0, w / 2 - 3.5):   # wheels on both long sides
        for side in (-1, 1):
            wheel = slab(np.array([[np.cos(a) * 1.4 + y, np.sin(a) * 1.4 + z0 + 0.3]
                                   for a in np.linspace(0, 2 * np.pi, 16, endpoint=False)]),
                         "x", side * d / 2 - 0.3, side * d / 2 + 0.3)
            parts.append((wheel, (0.1, 0.1, 0.1, 1.0)))
    # the awning over the door side carries the round track (rulebook ROUNDS: half-days on the
    # camper's awning): 7 spaces and the skull; the time marker rests on it
    awning = box((2.5, w - 6.0, 0.2), (d / 2 + 1.25, -2.0, top - 0.6))
    parts.append((awning, (0.85, 0.35, 0.20, 1.0)))
    anchors = {}
    for k in range(8):
        y = -w / 2 + 4.0 + k * 1.6
        parts.append((box((1.0, 1.0, 0.02), (d / 2 + 1.25, y, top - 0.49)),
                      (0.95, 0.95, 0.95, 1.0) if k < 7 else (0.1, 0.1, 0.1, 1.0)))
        anchors[f"round_{7 - k}"] = (d / 2 + 1.25, y, top - 0.5)   # round_0 is the skull
    hull = trimesh.util.concatenate([body, cab]).convex_hull
    return finish("building", parts, [hull, awning], mass=dims()["rv"]["mass"], mass_solids=[body, cab],
                  tags=frozenset({"building", "rv"}), anchors=anchors)
