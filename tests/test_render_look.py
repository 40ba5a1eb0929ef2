"""Pictures have shadows and anti-aliased edges (issue 13; game/render/shading.py, offscreen.py).

The shadow test works out by hand where the key light's shadow of the zombie tower falls: the key
light is turned heading -35, pitch -55 (build_table_scene), so its light travels along
(sin 35 cos 55, cos 35 cos 55, -sin 55) = (0.329, 0.470, -0.819): a tower of height H throws its
shadow H x cos 55 / sin 55 = 0.70 H across the felt toward +x +y. A felt point that far on the
shadow side must be darker than the mirror point on the lit side; without shadows they match.
"""
from __future__ import annotations

import math

import numpy as np
import pytest
from panda3d.core import Point2, Point3

from feltbox.game.render.offscreen import Renderer
from feltbox.game.table.bodies import BodySpec

pytestmark = pytest.mark.render

KEY_HEADING, KEY_PITCH = -35.0, -55.0


def _tower_picture(shadows: bool, antialias: bool = False, heading: float = 0.0):
    renderer = Renderer(480, 360, shadows=shadows, antialias=antialias)
    body = BodySpec("tower", "zombie_tower")
    h = math.radians(heading) / 2
    poses = np.array([[0.0, 0.0, body.model.rest_height, math.cos(h), 0.0, 0.0, math.sin(h)]], np.float32)
    renderer.set_bodies([body])
    renderer.set_poses(poses)
    renderer.look("top")
    return renderer, body


def pixel_at(renderer: Renderer, point: tuple[float, float, float]) -> tuple[int, int]:
    """Where a table point appears in the picture (row, column), by the camera's own lens."""
    p = renderer.camera.getRelativePoint(renderer.root, Point3(*point))
    film = Point2()
    assert renderer.camera.node().getLens().project(p, film)
    return int(round((1 - film.y) / 2 * renderer.height)), int(round((film.x + 1) / 2 * renderer.width))


def _felt_points(body: BodySpec) -> tuple[tuple[float, float, float], tuple[float, float, float]]:
    """A felt point in the tower's shadow and its mirror image on the lit side."""
    bounds = body.model.visual_mesh().bounds
    height = float(bounds[1][2] - bounds[0][2])
    reach = height * math.cos(math.radians(-KEY_PITCH)) / math.sin(math.radians(-KEY_PITCH))
    toward = np.array([math.sin(math.radians(-KEY_HEADING)), math.cos(math.radians(-KEY_HEADING))])
    half = float(np.max(np.abs(bounds[:, :2])))
    leaves = half / float(np.max(np.abs(toward)))     # where the ray from the centre leaves the footprint
    d = leaves + 0.5 * reach                          # halfway along the shadow the top edge throws
    shade, lit = d * toward, -d * toward
    return (float(shade[0]), float(shade[1]), 0.0), (float(lit[0]), float(lit[1]), 0.0)


def test_a_tall_piece_throws_its_shadow_where_the_key_light_says():
    renderer, body = _tower_picture(shadows=True)
    assert renderer.shadows, "shadows are on in renders (EGL runs our GLSL shader)"
    image = renderer.image().astype(float)
    shade, lit = (pixel_at(renderer, p) for p in _felt_points(body))
    dark, bright = image[shade].sum(), image[lit].sum()
    assert dark < 0.75 * bright, f"felt in the shadow {dark} is not darker than open felt {bright}"


def test_without_shadows_the_same_felt_points_match():
    renderer, body = _tower_picture(shadows=False)
    assert not renderer.shadows
    image = renderer.image().astype(float)
    shade, lit = (pixel_at(renderer, p) for p in _felt_points(body))
    dark, bright = image[shade].sum(), image[lit].sum()
    assert abs(dark - bright) < 0.12 * bright          # the felt's mottle is a few percent


def _blended_edge_pixels(image: np.ndarray) -> int:
    """Pixels strictly between their left and right neighbours across a sharp edge (neighbours
    far apart), clearly apart from both: the blends anti-aliasing draws along an edge (a staircase
    has none; the felt's soft mottle has no sharp edges)."""
    g = image.astype(int).sum(axis=2)
    left, mid, right = g[:, :-2], g[:, 1:-1], g[:, 2:]
    lo, hi = np.minimum(left, right), np.maximum(left, right)
    return int(((hi - lo > 120) & (mid > lo + 24) & (mid < hi - 24)).sum())


def test_edges_are_anti_aliased():
    def around_the_tower(renderer):             # the tower's slanted edges, nothing else
        row, col = pixel_at(renderer, (0.0, 0.0, 0.0))
        return renderer.image()[row - 60:row + 60, col - 60:col + 60]
    aliased, _ = _tower_picture(shadows=False, antialias=False, heading=30.0)   # soft shadow edges are blends too
    plain = _blended_edge_pixels(around_the_tower(aliased))
    smooth, _ = _tower_picture(shadows=False, antialias=True, heading=30.0)
    assert smooth.antialiased
    blended = _blended_edge_pixels(around_the_tower(smooth))
    assert blended > 3 * max(plain, 10), f"{blended} blended edge pixels anti-aliased, {plain} without"


def test_anti_aliasing_keeps_the_picture_where_it_was():
    """The pass draws the scene's texture 1:1 over the buffer (no padding, no shift): the felt
    points of the shadow test still read shadow and light."""
    renderer, body = _tower_picture(shadows=True, antialias=True)
    image = renderer.image().astype(float)
    shade, lit = (pixel_at(renderer, p) for p in _felt_points(body))
    assert image[shade].sum() < 0.75 * image[lit].sum()
