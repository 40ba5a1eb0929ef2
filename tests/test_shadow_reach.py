"""Only the felt's (and rim's) cells a shadow can reach look the shadow map up, and the picture is
the same as when every cell does (game/render/shadow_reach.py, surfaces.split_surface); the felt
drawn in half-width cells has the colours of the 5 cm grid it is sampled on."""
from __future__ import annotations

import numpy as np
import pytest

from feltbox.game.render.offscreen import Renderer
from feltbox.game.render.shadow_cache import TAG
from feltbox.game.render.shadow_reach import cells_reached
from feltbox.game.render.surfaces import GRID_TAG, SHADOWED, halved_grid, split_surface
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


def testhalved_grid_grid_keeps_the_colour_of_each_triangle():
    x = np.array([0.0, 2.0])
    colour = np.array([[[0.0], [1.0]], [[2.0], [4.0]]])   # (y, x): a=0 at (0,0), b=1 at (2,0), d=2 at (0,2), c=4 at (2,2)
    fine, out = halved_grid(x, colour)
    assert list(fine) == [0.0, 1.0, 2.0]
    # the cell is cut along a-c: (1,0) is mid a-b, (0,1) mid a-d, (1,1) mid a-c, (2,1) mid b-c, (1,2) mid d-c
    assert out[:, :, 0].tolist() == [[0.0, 0.5, 1.0], [1.0, 2.0, 2.5], [2.0, 3.0, 4.0]]


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
