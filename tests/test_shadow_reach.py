"""Only the felt's (and rim's) cells a shadow can reach look the shadow map up, and the picture is
the same as when every cell does (game/render/shadow_reach.py, surfaces.split_surface)."""
from __future__ import annotations

import numpy as np
import pytest

from feltbox.game.render.offscreen import Renderer
from feltbox.game.render.shadow_cache import TAG
from feltbox.game.render.shadow_reach import cells_reached
from feltbox.game.render.surfaces import GRID_TAG, SHADOWED, split_surface
from feltbox.game.tailfeathers.table import tf_table
from feltbox.scenes.loader import load_tailfeathers


def test_cells_reached_marks_the_cells_a_rectangle_meets():
    edges = np.array([0.0, 5.0, 10.0, 15.0])
    # x 4..6 meets columns 0 and 1; y 11..20 meets row 2 only (and nothing past the grid)
    got = cells_reached(np.array([[4.0, 6.0, 11.0, 20.0]]), edges, edges)
    want = np.zeros((3, 3), bool)
    want[2, 0] = want[2, 1] = True
    assert (got == want).all()
    # a rectangle wholly off the grid marks nothing; no rectangles mark nothing; None marks all
    assert not cells_reached(np.array([[-9.0, -1.0, 0.0, 15.0]]), edges, edges).any()
    assert not cells_reached(np.zeros((0, 4)), edges, edges).any()
    assert cells_reached(None, edges, edges).all()
    # touching an edge counts (a shadow exactly on it is in both cells)
    assert cells_reached(np.array([[5.0, 5.0, 5.0, 5.0]]), edges, edges).sum() == 4


@pytest.mark.render
def test_split_felt_draws_the_same_picture_as_looking_every_cell_up():
    bodies, poses = tf_table(load_tailfeathers("show_of_force"))
    renderer = Renderer(640, 360)
    renderer.set_bodies(bodies)
    renderer.set_poses(poses)
    renderer.look("overview")
    split = renderer.image()
    felt = renderer.root.find("felt").node()
    lit_cells = felt.getGeom(1).getPrimitive(0).getNumVertices() // 6
    cells = (len(felt.getPythonTag(GRID_TAG)[0]) - 1) ** 2
    assert felt.getNumGeoms() == 2 and lit_cells > cells // 3, "most of the felt lies far from any shadow"
    assert renderer.root.getPythonTag(TAG).on_draw is not None
    lit_state = felt.getGeomState(1)                       # the shader without the lookup
    for name in SHADOWED:                     # every cell looks the map up, as before the split
        for path in renderer.root.findAllMatches(name):
            split_surface(path, lambda x, y: np.ones((len(y) - 1, len(x) - 1), bool), None)
    whole = renderer.image()
    for name in SHADOWED:                     # the other way: no cell looks it up
        for path in renderer.root.findAllMatches(name):
            split_surface(path, lambda x, y: np.zeros((len(y) - 1, len(x) - 1), bool), lit_state)
    unshadowed = renderer.image()
    renderer.close()
    diff = np.abs(split.astype(int) - whole.astype(int)).max(axis=2)
    assert diff.max() <= 2, f"{(diff > 2).sum()} pixels differ, by up to {diff.max()}"
    lost = np.abs(unshadowed.astype(int) - whole.astype(int)).max(axis=2)
    assert (lost > 8).sum() > 500, "the pieces' shadows on the felt are gone (the check can fail)"
