"""Offscreen render of the Tail Feathers battlefields: the picture is not blank."""
from __future__ import annotations

import pytest

from feltbox.game.render.offscreen import Renderer
from feltbox.game.tailfeathers.table import tf_table
from feltbox.scenes.loader import load_tailfeathers

pytestmark = pytest.mark.render


@pytest.mark.parametrize("name", ["show_of_force", "glade_crossing"])
def test_battlefield_renders_non_blank(name):
    bodies, poses = tf_table(load_tailfeathers(name))
    renderer = Renderer(320, 180)
    renderer.set_bodies(bodies)
    renderer.set_poses(poses)
    renderer.look("top")
    image = renderer.image()
    assert image.std() > 20, "the picture is flat"
    brown = (image[..., 0] > image[..., 1] + 15) & (image[..., 1] > image[..., 2])
    assert brown.mean() > 0.03, "the tree overlays are missing"
    colours = {tuple(c) for c in (image[::4, ::4] // 32).reshape(-1, 3)}
    assert len(colours) > 12, "too few colours: the pieces are not drawn"
