"""Offscreen rendering (EGL, software fallback): every scene renders to a non-blank image."""
from __future__ import annotations

import numpy as np
import pytest

from feltbox.game.render.offscreen import Renderer, render_frames
from feltbox.game.table.city import build_city
from feltbox.scenes.loader import load_flickem

pytestmark = pytest.mark.render


@pytest.fixture(scope="module")
def renderer():
    return Renderer(320, 180)


@pytest.mark.parametrize("number", range(1, 11))
def test_every_scene_renders_non_blank(renderer, number):
    city = build_city(load_flickem(number))
    renderer.set_bodies(city.bodies)
    renderer.set_poses(city.poses)
    renderer.look("overview")
    image = renderer.image()
    assert image.shape == (180, 320, 3)
    assert image.std() > 20, "the picture is flat"
    green = (image[..., 1] > image[..., 0] + 15) & (image[..., 1] > image[..., 2])
    assert green.mean() > 0.2, "the felt table is missing"
    colours = {tuple(c) for c in (image[::6, ::6] // 32).reshape(-1, 3)}
    assert len(colours) > 12, "too few colours: the pieces are not drawn"


def test_a_piece_moved_into_view_changes_the_picture(renderer):
    city = build_city(load_flickem(1))
    renderer.set_bodies(city.bodies)
    renderer.set_poses(city.poses)
    renderer.look("closeup", (0.0, -20.0, 0.0))
    before = renderer.image().astype(int)
    moved = city.poses.copy()
    rv = city.index("rv")
    moved[rv, :2] = (0.0, -20.0)
    renderer.set_poses(moved)
    after = renderer.image().astype(int)
    assert np.abs(after - before).sum(axis=2).mean() > 10


def test_render_frames_writes_a_png_per_frame(tmp_path):
    city = build_city(load_flickem(1))
    frames = np.repeat(city.poses[None], 3, axis=0)
    paths = render_frames(city.bodies, frames, tmp_path, (160, 90))
    assert [p.name for p in paths] == ["frame_00000.png", "frame_00001.png", "frame_00002.png"]
    assert all(p.stat().st_size > 500 for p in paths)
