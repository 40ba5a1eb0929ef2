"""Tail feathers dropped for real behind a wounded bird (game/tailfeathers/feathers.py)."""
from __future__ import annotations

import numpy as np
import pytest

from feltbox.game.tailfeathers import feathers as tf_feathers
from feltbox.game.tailfeathers.feathers import Obstacle, drop_feathers

FLAT_Z = tf_feathers.FEATHER_THICKNESS / 2 + 0.01          # + the hull margin


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4])
def test_one_feather_comes_to_rest_flat_on_the_bare_table_behind_the_bird(seed):
    drop = drop_feathers((10.0, -5.0, 90.0), 1, seed=seed)
    assert drop.settled
    f = drop.landed[0]
    assert f.on == "table" and f.touching == []
    assert abs(f.z - FLAT_Z) < 0.02 and f.tilt < 2.0
    # released 2 cm behind a bird facing +y: it lands near (10, -7)
    assert np.hypot(f.x - 10.0, f.y + 7.0) < 6.0
    start = drop.episodes[0].result.start[-1]
    assert tf_feathers.DROP_HEIGHT[0] <= start[2] <= tf_feathers.DROP_HEIGHT[1]
    assert drop.measured() == {"landed": [[round(f.x, 3), round(f.y, 3), round(f.heading, 2)]], "on": ["table"]}


def test_feathers_fall_one_at_a_time_and_may_land_on_each_other():
    drop = drop_feathers((0.0, 0.0, 0.0), 4, seed=1)
    assert drop.settled and len(drop.landed) == len(drop.episodes) == 4
    for k, ep in enumerate(drop.episodes):           # feather k falls onto the k before it
        assert ep.world["awake"] == [k] and ep.world["absent"] == list(range(k + 1, 4))
    ids = {f"feather-{k + 1}" for k in range(4)}
    for f in drop.landed:
        assert f.on == "table" or f.on in ids
        if f.on == "table":
            assert abs(f.z - FLAT_Z) < 0.05
        else:
            assert f.z > FLAT_Z + 0.1


def test_a_feather_dropped_over_a_space_rests_on_that_space():
    branch = ("space", "oak-branch-2", (-2.0, 0.0, 30.0), (10.0, 10.0, 0.3))
    drop = drop_feathers((0.0, 0.0, 0.0), 2, [branch, Obstacle("figure", "sienna", (25.0, 0.0, 0.0), (1.5, 4.0))],
                         seed=5)
    assert drop.settled
    for f in drop.landed:
        assert f.on in ("oak-branch-2", "feather-1", "feather-2")
        assert f.z > 0.3
    assert drop.landed[0].on == "oak-branch-2"


def test_a_feather_dropped_onto_a_figure_is_reported_on_it():
    drop = drop_feathers((0.0, 0.0, 0.0), 1, [("figure", "grizzard", (-2.0, 0.0, 0.0), (2.5, 3.0))], seed=2)
    assert drop.landed[0].on == "grizzard"


def test_a_feather_on_the_table_beside_a_mission_card_is_on_the_table():
    card = ("mission", "mission-3", (30.0, 0.0, 0.0), (6.3, 8.8, 0.05))
    drop = drop_feathers((0.0, 0.0, 0.0), 1, [card], seed=0)
    assert drop.landed[0].on == "table"


def test_same_seed_same_landing_bit_for_bit():
    a = drop_feathers((3.0, 4.0, 200.0), 3, [("feather", "old-1", (1.0, 4.0, 10.0))], seed=11)
    b = drop_feathers((3.0, 4.0, 200.0), 3, [("feather", "old-1", (1.0, 4.0, 10.0))], seed=11)
    assert a.measured() == b.measured()
    for x, y in zip(a.episodes, b.episodes):
        assert np.array_equal(x.result.frames.view(np.uint32), y.result.frames.view(np.uint32))
