"""The true top view: an orthographic camera straight down on the whole table (the film's maths,
plain numpy, and the lens).

A perspective camera high above the table still shows the buildings' walls leaning outward and
the far pieces smaller; a map-like plan needs parallel projection. The film (the world area the
picture shows, in cm) is sized so the table's extent fits inside a part of the picture (the
window's free area between the HUD panels, game/window/hud_layout.free_area; the whole picture
offscreen) with ``MARGIN`` to spare, at the picture's aspect, and the camera is shifted so the
table's middle lands in that part's middle.

Areas are in normalised device coordinates as (left, right, bottom, top), -1..1 both ways.
"""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from feltbox.game.render import shadow_cache
from feltbox.game.render.surfaces import RIM
from feltbox.game.render.visuals import show_see_through
from feltbox.models.dimensions import dims

MARGIN = 0.04              # of the film kept clear round the table
HEIGHT = 400.0             # cm: the camera above the felt (orthographic: any height above the pieces)
WHOLE = (-1.0, 1.0, -1.0, 1.0)


def table_extent(poses: np.ndarray | None = None, present: np.ndarray | None = None,
                 reach: float = 6.0) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) in cm: the felt and its wooden rim (game/render/surfaces.py) and every
    piece on it (``poses`` (N,7), ``present`` (N,) bool) with ``reach`` cm round its centre."""
    half = dims()["table"]["width"] / 2 + RIM
    box = np.array([-half, -half, half, half])
    if poses is not None and len(poses):
        xy = np.asarray(poses, float)[:, :2]
        if present is not None:
            xy = xy[np.asarray(present, bool)]
        if len(xy):
            box = np.concatenate([np.minimum(box[:2], xy.min(axis=0) - reach),
                                  np.maximum(box[2:], xy.max(axis=0) + reach)])
    return tuple(float(v) for v in box)


def top_film(box: Sequence[float], aspect: float, area: Sequence[float] = WHOLE,
             margin: float = MARGIN) -> tuple[float, float, float, float]:
    """(film width, film height, camera x, camera y): an orthographic view straight down (+y up
    the picture) in which ``box`` (x0, y0, x1, y1) fills ``area`` (NDC, left right bottom top) of
    a picture ``aspect`` wide per unit of height, ``margin`` of the area kept clear."""
    x0, y0, x1, y1 = map(float, box)
    left, right, bottom, top = map(float, area)
    span_x, span_y = (right - left) / 2 * (1 - margin), (top - bottom) / 2 * (1 - margin)
    height = max((y1 - y0) / span_y, (x1 - x0) / (span_x * aspect))
    width = height * aspect
    cx = (x0 + x1) / 2 - (left + right) / 2 * width / 2
    cy = (y0 + y1) / 2 - (bottom + top) / 2 * height / 2
    return width, height, cx, cy


def to_ndc(points: np.ndarray, film: tuple[float, float, float, float]) -> np.ndarray:
    """(n, 2) normalised device coordinates of table points in the top view ``film``."""
    width, height, cx, cy = film
    p = np.atleast_2d(np.asarray(points, float))
    return np.column_stack([(p[:, 0] - cx) / (width / 2), (p[:, 1] - cy) / (height / 2)])


def ortho_lens(film: tuple[float, float, float, float]):
    """A Panda3D OrthographicLens of ``film``'s size (near and far round ``HEIGHT``)."""
    from panda3d.core import OrthographicLens  # noqa: PLC0415  (the maths above needs no Panda3D)
    lens = OrthographicLens()
    lens.setFilmSize(film[0], film[1])
    lens.setNearFar(1.0, HEIGHT + 100.0)
    return lens


def place_top(camera, film: tuple[float, float, float, float]) -> None:
    """Put ``camera`` (a NodePath) above the film's centre looking straight down, +y up the picture."""
    camera.setPos(film[2], film[3], HEIGHT)
    camera.setHpr(0.0, -90.0, 0.0)


def look_top(renderer, poses=None, present=None) -> tuple[float, float, float, float]:
    """Turn an offscreen renderer (game/render/offscreen.Renderer) into the top view of the table
    as posed (the whole picture); returns the film."""
    film = top_film(table_extent(poses, present), renderer.width / renderer.height)
    renderer.camera.node().setLens(ortho_lens(film))
    place_top(renderer.camera, film)
    see_through(renderer.root, False)
    return film


def see_through(root, visible: bool) -> None:
    """Show or hide the parts seen through from above (Tail Feathers' canopies, which would hide
    the spaces and the birds on them: visuals.show_see_through); their shadows follow."""
    if show_see_through(root, visible):
        shadow_cache.force_redraw(root)
