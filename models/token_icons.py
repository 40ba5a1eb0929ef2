"""The printed icon of each face-up Dead of Winter token (rulebook MATERIAL, 102 TOKENS; the items
and icons of the rulebook's icon page: life, "not allowed", survivors, foods, fuel, medicine,
pretzel, guns, baseball bats, knives, shot guns, snipers, crossroads, key, zombies, extra actions,
flares, X, the time marker).

An icon is a handful of convex polygons in a unit square ([-1, 1] on each axis, +y is "up" on the
printed face), raised a hair off the token's coloured face so it is real geometry, not a texture:
a token is 2.4 cm across, about 25 pixels at the default camera, so each icon is one bold,
plain silhouette (a heart, a cross, a droplet, a key...) that still reads at that size. The
shapes are house designs in the spirit of the rulebook's icons, not copies of its art.

Only the face-up side has an icon: a face-down token is built without looking at its kind.
"""
from __future__ import annotations

from collections.abc import Callable

import numpy as np

from feltbox.models.base import regular_polygon

Polygon = np.ndarray          # (N, 2), convex, counter-clockwise or clockwise


def bar(p0: tuple[float, float], p1: tuple[float, float], width: float) -> Polygon:
    """A straight stroke from p0 to p1, ``width`` wide (a rectangle)."""
    a, b = np.asarray(p0, float), np.asarray(p1, float)
    d = b - a
    n = np.array([-d[1], d[0]]) / np.linalg.norm(d) * width / 2
    return np.array([a - n, b - n, b + n, a + n])


def dot(centre: tuple[float, float], radius: float, sides: int = 12) -> Polygon:
    return regular_polygon(radius, sides) + np.asarray(centre, float)


def ring(centre: tuple[float, float], radius: float, width: float, sides: int = 12) -> list[Polygon]:
    """A circle outline as ``sides`` quads (each convex)."""
    outer = regular_polygon(radius + width / 2, sides) + centre
    inner = regular_polygon(radius - width / 2, sides) + centre
    return [np.array([inner[k], outer[k], outer[(k + 1) % sides], inner[(k + 1) % sides]])
            for k in range(sides)]


def poly(*points: tuple[float, float]) -> Polygon:
    return np.array(points, dtype=float)


def _life() -> list[Polygon]:                 # a heart
    return [dot((-0.36, 0.22), 0.42), dot((0.36, 0.22), 0.42),
            poly((-0.77, 0.08), (0.0, -0.82), (0.77, 0.08))]


def _not_allowed() -> list[Polygon]:          # a circle struck through
    return ring((0.0, 0.0), 0.68, 0.22, 14) + [bar((-0.5, -0.5), (0.5, 0.5), 0.24)]


def _survivor() -> list[Polygon]:             # a person, head and shoulders
    return [dot((0.0, 0.5), 0.32), poly((-0.66, -0.82), (0.66, -0.82), (0.66, -0.22), (0.4, 0.06), (-0.4, 0.06),
                                         (-0.66, -0.22))]


def _food() -> list[Polygon]:                 # fork and knife
    fork = [bar((-0.38, -0.82), (-0.38, 0.1), 0.16), bar((-0.64, 0.1), (-0.12, 0.1), 0.12)]
    fork += [bar((x, 0.1), (x, 0.78), 0.1) for x in (-0.6, -0.38, -0.16)]
    knife = [bar((0.42, -0.82), (0.42, -0.05), 0.2), poly((0.3, -0.05), (0.56, -0.05), (0.56, 0.8), (0.32, 0.58))]
    return fork + knife


def _fuel() -> list[Polygon]:                 # a droplet
    return [dot((0.0, -0.28), 0.5, 14), poly((-0.47, -0.12), (0.47, -0.12), (0.0, 0.86))]


def _medicine() -> list[Polygon]:             # a cross
    return [bar((0.0, -0.72), (0.0, 0.72), 0.44), bar((-0.72, 0.0), (0.72, 0.0), 0.44)]


def _pretzel() -> list[Polygon]:              # a loop crossed by its two ends
    return ring((0.0, 0.1), 0.56, 0.18) + [bar((-0.5, -0.72), (0.22, 0.42), 0.18),
                                          bar((0.5, -0.72), (-0.22, 0.42), 0.18)]


def _gun() -> list[Polygon]:                  # a pistol, side view
    return [bar((-0.78, 0.36), (0.82, 0.36), 0.36), poly((-0.78, 0.2), (-0.3, 0.2), (-0.16, -0.78), (-0.64, -0.78)),
            bar((-0.3, -0.05), (0.05, -0.05), 0.1), bar((0.05, -0.05), (0.05, 0.2), 0.1)]


def _baseball_bat() -> list[Polygon]:         # a bat on the diagonal, knob at the lower left
    axis = np.array([1.0, 1.0]) / np.sqrt(2)
    normal = np.array([-axis[1], axis[0]])
    start, end = np.array([-0.6, -0.6]), np.array([0.58, 0.58])
    body = np.array([start - normal * 0.07, end - normal * 0.2, end + normal * 0.2, start + normal * 0.07])
    return [body, dot(tuple(end), 0.2), dot(tuple(start - axis * 0.06), 0.15, 8)]


def _knife() -> list[Polygon]:                # a knife on the diagonal, point at the upper right
    return [poly((-0.18, -0.02), (0.02, -0.22), (0.8, 0.8), (0.1, 0.28)), bar((-0.68, -0.68), (-0.1, -0.1), 0.24),
            bar((-0.32, 0.08), (0.08, -0.32), 0.14)]


def _shotgun() -> list[Polygon]:              # two barrels, the pump under them and a stock, side view
    return [bar((-0.15, 0.24), (0.88, 0.24), 0.15), bar((-0.15, 0.08), (0.88, 0.08), 0.15),
            poly((-0.42, -0.06), (-0.1, -0.06), (-0.1, 0.32), (-0.42, 0.32)),
            bar((0.18, -0.1), (0.58, -0.1), 0.18),
            poly((-0.42, 0.3), (-0.42, -0.06), (-0.92, -0.5), (-0.92, -0.1))]


def _sniper() -> list[Polygon]:               # a crosshair
    arms = [bar((0.0, s * 0.22), (0.0, s * 0.9), 0.12) for s in (-1, 1)]
    arms += [bar((s * 0.22, 0.0), (s * 0.9, 0.0), 0.12) for s in (-1, 1)]
    return ring((0.0, 0.0), 0.58, 0.13, 14) + arms + [dot((0.0, 0.0), 0.08, 8)]


def _crossroads() -> list[Polygon]:           # a signpost with two arrows
    return [bar((0.0, -0.86), (0.0, 0.74), 0.16),
            poly((-0.05, 0.34), (0.46, 0.34), (0.72, 0.54), (0.46, 0.74), (-0.05, 0.74)),
            poly((0.05, -0.14), (0.05, 0.24), (-0.46, 0.24), (-0.72, 0.05), (-0.46, -0.14))]


def _key() -> list[Polygon]:                  # a key: bow, shaft, two teeth
    return ring((-0.5, 0.0), 0.3, 0.14, 10) + [bar((-0.22, 0.0), (0.86, 0.0), 0.16),
                                             bar((0.56, 0.0), (0.56, -0.34), 0.13),
                                             bar((0.78, 0.0), (0.78, -0.26), 0.13)]


def _zombie() -> list[Polygon]:               # a bold Z
    return [bar((-0.56, 0.6), (0.56, 0.6), 0.24), bar((-0.56, -0.6), (0.56, -0.6), 0.24),
            bar((0.48, 0.5), (-0.48, -0.5), 0.26)]


def _extra_action() -> list[Polygon]:         # +1
    return [bar((-0.8, 0.0), (-0.1, 0.0), 0.2), bar((-0.45, -0.35), (-0.45, 0.35), 0.2),
            bar((0.42, -0.68), (0.42, 0.68), 0.22), bar((0.42, 0.64), (0.14, 0.4), 0.18),
            bar((0.16, -0.68), (0.68, -0.68), 0.16)]


def _flare() -> list[Polygon]:                # a flame with a side tongue
    return [dot((0.0, -0.3), 0.46, 14), poly((-0.44, -0.14), (0.44, -0.14), (0.08, 0.88)),
            poly((0.2, -0.2), (0.52, -0.05), (0.56, 0.5))]


def _x() -> list[Polygon]:
    return [bar((-0.6, -0.6), (0.6, 0.6), 0.26), bar((-0.6, 0.6), (0.6, -0.6), 0.26)]


def _time_marker() -> list[Polygon]:          # an hourglass
    return [poly((-0.5, 0.68), (0.5, 0.68), (0.0, 0.02)), poly((0.0, -0.02), (0.5, -0.68), (-0.5, -0.68)),
            bar((-0.62, 0.76), (0.62, 0.76), 0.14), bar((-0.62, -0.76), (0.62, -0.76), 0.14)]


ICONS: dict[str, Callable[[], list[Polygon]]] = {
    "life": _life, "not_allowed": _not_allowed, "survivor": _survivor, "food": _food, "fuel": _fuel,
    "medicine": _medicine, "pretzel": _pretzel, "gun": _gun, "baseball_bat": _baseball_bat,
    "knife": _knife, "shotgun": _shotgun, "sniper": _sniper, "crossroads": _crossroads, "key": _key,
    "zombie": _zombie, "extra_action": _extra_action, "flare": _flare, "x": _x,
    "time_marker": _time_marker,
}


def icon(kind: str) -> list[Polygon]:
    """The convex polygons of ``kind``'s icon, in the unit square."""
    if kind not in ICONS:
        raise ValueError(f"no token icon for {kind!r} (known: {', '.join(sorted(ICONS))})")
    return ICONS[kind]()
