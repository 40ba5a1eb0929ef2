"""Tail Feathers rest poses computed once per model (game/tailfeathers/table.py): the same
doubles as city.rest_pose / shapes.slots, for every body of Show of Force."""
from __future__ import annotations

import numpy as np

from feltbox.game.table.city import rest_pose
from feltbox.game.tailfeathers import table
from feltbox.game.tailfeathers.bridge import TFBridge
from feltbox.models.tailfeathers.shapes import slots
from feltbox.scenes.loader import load_tailfeathers


def test_a_standing_pose_is_city_rest_pose_bit_for_bit():
    """Turning about the vertical leaves every height as it is (quat_rotate with q = (w, 0, 0, s)
    adds exactly 0 to z), so the lowest point is one number per model: each body (trees, nests,
    dials, leaves, birds, rodents, feathers; with and without a "place" anchor) at 12 random
    places, headings and heights gives the very bytes rest_pose gives."""
    bridge = TFBridge(load_tailfeathers("show_of_force"), 1)
    rng = np.random.default_rng(7)
    kinds = set()
    for spec in bridge.bodies:
        kinds.add(spec.kind)
        for x, y, heading, base in rng.uniform(-200, 200, (12, 4)):
            cached = table.standing_pose(spec, float(x), float(y), float(heading), float(base))
            assert cached.tobytes() == rest_pose(spec, float(x), float(y), float(heading), float(base)).tobytes()
    assert {"tf_bird", "tf_rodent", "tf_feather", "tf_tree", "tf_nest"} <= kinds


def test_space_slots_are_shapes_slots_and_a_moved_space_gets_its_own():
    square = np.array([(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)])
    first = table.space_slots(square, 3, 1.5)
    assert [p.tobytes() for p in first] == [p.tobytes() for p in slots(square, 3, 1.5)]
    first[0][0] = 99.0                           # a caller's change does not reach the cache
    again = table.space_slots(square, 3, 1.5)
    assert again[0][0] != 99.0
    moved = table.space_slots(square + 5.0, 3, 1.5)     # a drifted leaf: its own points
    assert np.allclose(moved[0], again[0] + 5.0)
