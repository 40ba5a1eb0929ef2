"""Tail Feathers measuring pieces: short/long flight templates and end templates, death spiral
templates and the range finder (rulebook "Flight Templates", "Range Finder", "Death Spiral").

Templates lie flat and start at x = 0 (the edge laid against a bird base), running along +x.
A regular template ends in a round maneuver point with its 3 flight lines (left, centre, right,
``line_angle`` apart); an end template ends in a concave end point cradling a bird base, with
its flight line marked down the middle. Anchors: ``maneuver`` / ``end`` (table frame).
"""
from __future__ import annotations

import numpy as np

from feltbox.models.base import PieceModel, box, convex_prism, cylinder, finish
from feltbox.models.tailfeathers import tf_dims

CARD = (0.86, 0.80, 0.62, 1.0)
INK = (0.20, 0.14, 0.10, 1.0)
SIZE_COLOUR = {"short": (0.30, 0.55, 0.80, 1.0), "long": (0.80, 0.55, 0.25, 1.0)}
TWIG, TWINE, NOTCH = (0.48, 0.33, 0.18, 1.0), (0.85, 0.78, 0.55, 1.0), (0.25, 0.15, 0.08, 1.0)
TICK = (0.96, 0.93, 0.80, 1.0)


def _strip(x0: float, y0: float, x1: float, y1: float, z: float, width: float = 0.14):
    """A thin printed line from (x0, y0) to (x1, y1) on a template's top face at height z."""
    d = np.array([x1 - x0, y1 - y0])
    n = np.array([-d[1], d[0]]) / np.linalg.norm(d) * width / 2
    poly = np.array([[x0, y0] - n, [x1, y1] - n, [x1, y1] + n, [x0, y0] + n])
    return convex_prism(poly, z, z + 0.02)


def _marks(length: float, w: float, z: float, colour) -> list[tuple]:
    """What a template prints along its strip: a tick across each edge every centimetre (a longer
    one every 5 cm) to read its length, and chevrons down the middle pointing the way it flies."""
    parts = []
    for k in range(1, int(length)):
        reach = 0.55 if k % 5 == 0 else 0.3
        for sign in (1, -1):
            parts.append((_strip(k, sign * w / 2 * 0.97, k, sign * (w / 2 - reach), z, 0.08), INK))
    for x in np.arange(1.2, length - 0.8, 2.2):      # chevrons: two strokes meeting ahead
        for sign in (1, -1):
            parts.append((_strip(x, sign * 0.75, x + 0.7, 0.0, z + 0.005, 0.22), colour))
    return parts


def template_geometry(size: str, end: bool) -> dict[str, float]:
    """Lengths of a template: ``length`` to the maneuver point or the end point centre."""
    t = tf_dims()["template"]
    return {"length": t[f"{size}_end" if end else size], "width": t["width"]}


def flight_template(size: str = "short", end: bool = False) -> PieceModel:
    """A short or long flight template, regular (maneuver point) or end (end-point cavity)."""
    t = tf_dims()["template"]
    w, h, z = t["width"], t["height"], t["height"]
    length = template_geometry(size, end)["length"]
    parts, solids = [], []
    colour = SIZE_COLOUR[size]
    if not end:
        body = convex_prism(np.array([[0, -w / 2], [length, -w / 2], [length, w / 2], [0, w / 2]]), 0.0, h)
        point = cylinder(t["maneuver_radius"], 0.0, h, 20, (length, 0.0))
        solids += [body, point]
        # the coloured maneuver point is 0.1 mm proud of the card where they overlap (no z-fighting)
        parts += [(body, CARD), (cylinder(t["maneuver_radius"], 0.0, h + 0.01, 20, (length, 0.0)), colour),
                  (cylinder(0.3, z, z + 0.03, 12, (length, 0.0)), INK)]
        parts.append((_strip(0.3, 0.0, length, 0.0, z), INK))
        parts += _marks(length - t["maneuver_radius"], w, z, colour)
        for angle in (-t["line_angle"], 0.0, t["line_angle"]):
            a = np.radians(angle)
            r = t["maneuver_radius"] * 0.95
            parts.append((_strip(length, 0.0, length + r * np.cos(a), r * np.sin(a), z + 0.005), INK))
        anchors = {"maneuver": (length, 0.0, h)}
    else:
        cr = t["cavity_radius"]
        wc = 2 * (cr + t["rim"])                      # the head: the cavity and its rim (rules table)
        neck = length - cr
        body = convex_prism(np.array([[0, -w / 2], [neck - 1.0, -w / 2], [neck, -wc / 2], [neck, wc / 2],
                                      [neck - 1.0, w / 2], [0, w / 2]]), 0.0, h)
        solids.append(body)
        parts.append((body, CARD))
        for sign in (1, -1):                           # the prongs around the end-point cavity
            angles = np.radians(np.linspace(180.0, 90.0, 7)) * (1 if sign > 0 else -1)
            pts = np.column_stack([length + cr * np.cos(angles), cr * np.sin(angles)])
            for p, q in zip(pts[:-1], pts[1:]):
                edge = sign * wc / 2
                prong = convex_prism(np.array([p, q, [q[0], edge], [p[0], edge]]), 0.0, h)
                solids.append(prong)
                parts.append((prong, colour))
        parts.append((_strip(0.3, 0.0, neck - 0.2, 0.0, z), INK))
        parts += _marks(neck - 1.0, w, z, colour)
        parts.append((_strip(length + cr + 0.05, wc / 2 - 0.3, length + cr + 0.05, -wc / 2 + 0.3, z), INK))
        anchors = {"end": (length, 0.0, h)}
    kind = f"tf_{size}{'_end' if end else ''}_template"
    return finish(kind, parts, solids, mass=2.0, tags=frozenset({"template", "flight"}),
                  anchors={**anchors, "place": (0.0, 0.0, 0.0)})


def death_spiral() -> PieceModel:
    """A death spiral template: the card the rules lay between two birds (length base to base,
    width across), with a red spiral, its length along +x."""
    d = tf_dims()["death_spiral"]
    L, W, h = d["length"], d["width"], d["height"]
    disc = box((L, W, h), (0.0, 0.0, h / 2))
    r = min(L, W) / 2
    parts = [(disc, (0.20, 0.18, 0.16, 1.0))]
    steps = 40
    for k in range(steps):
        a0, a1 = 4 * np.pi * k / steps, 4 * np.pi * (k + 1) / steps
        r0, r1 = r * 0.9 * k / steps, r * 0.9 * (k + 1) / steps
        parts.append((_strip(r0 * np.cos(a0), r0 * np.sin(a0), r1 * np.cos(a1), r1 * np.sin(a1), h, 0.25),
                      (0.85, 0.15, 0.12, 1.0)))
    return finish("tf_death_spiral", parts, [disc], mass=2.0, tags=frozenset({"template"}))


def range_finder() -> PieceModel:
    """The twig range finder: full length = range; the twine-wrapped first ``close`` cm = close
    range, then a pale tick every centimetre (a long one every 5) to the knob at its far end. The
    tip (x = 0) has the peg used to spin drifting leaves. Anchors: tip, close, end."""
    d = tf_dims()["range_finder"]
    L, c, w, h = d["length"], d["close"], d["width"], d["height"]
    twig = box((L, w, h), (L / 2, 0.0, h / 2))
    parts = [(twig, TWIG)]
    bands = int(c / 0.5)
    for k in range(bands):                                 # twine wrapped around the close section
        x = 0.25 + k * c / bands
        parts.append((box((0.28, w + 0.12, h + 0.1), (x, 0.0, h / 2 + 0.0)), TWINE if k % 2 == 0 else NOTCH))
    for k in range(int(c) + 1, int(L)):                     # a pale tick every cm, a long one every 5
        five = k % 5 == 0
        parts.append((box((0.16 if five else 0.1, w * (0.98 if five else 0.55), 0.03),
                          (float(k), (0.0 if five else -w * 0.2), h + 0.015)), TICK))
    parts.append((cylinder(0.3, h, h + 0.12, 8, (L - 0.45, 0.0)), NOTCH))   # the far end's knob
    parts.append((box((0.12, w + 0.3, h + 0.25), (c, 0.0, h / 2)), (0.9, 0.1, 0.1, 1.0)))   # close-range mark
    return finish("tf_range_finder", parts, [twig], mass=6.0, tags=frozenset({"template", "range"}),
                  anchors={"tip": (0.0, 0.0, h / 2), "close": (c, 0.0, h / 2), "end": (L, 0.0, h / 2),
                           "place": (0.0, 0.0, 0.0)})
