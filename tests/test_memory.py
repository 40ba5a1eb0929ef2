"""Headless memory stays flat: every episode ends by freeing the transform states Bullet left in
Panda3D's cache (game/table/table.py ``collect_states``; without a frame loop nothing else does),
and freeing them changes no pose."""
from __future__ import annotations

import numpy as np
import pytest
from panda3d.core import TransformState

from feltbox.game.table import table
from feltbox.game.table.flick import Aim
from feltbox.game.table.session import Session
from feltbox.game.table.table import Input, Table
from tests.lab import lab_city, survivor, zombie

pytestmark = pytest.mark.physics


def test_after_each_episode_only_the_states_bodies_still_use_are_cached():
    city = lab_city(survivor(-20, 0), zombie(0, 0), zombie(20, 12, number=2))
    session = Session(city)
    before = TransformState.getNumStates()        # what other tests' scenes in this process still hold
    for direction in (0.0, 30.0, -30.0):
        session.flick("survivor-anita", "bullet", Aim(direction, 0.7))
        # hundreds of ticks, each a new transform per moving body; afterwards only a few
        # states per body are left (those the world's nodes still hold)
        grown = TransformState.getNumStates() - before
        assert grown < 4 * len(city.bodies), grown


def test_collecting_the_states_changes_no_pose(monkeypatch):
    city = lab_city(survivor(-20, 0), zombie(0, 0))
    i = city.index("movement_disc")
    poses = city.poses.copy()
    poses[i, :2] = (-15.0, 0.0)
    present = city.present.copy()
    present[i] = True

    def episodes():
        return [Table(city.bodies, poses, present, [i]).run([Input(0, "impulse", i, (900.0, 0.0, 0.0))]).frames
                for _ in range(3)]
    collected = episodes()
    monkeypatch.setattr(table, "collect_states", lambda: None)
    kept = episodes()
    for a, b in zip(collected, kept):
        assert np.array_equal(a.view(np.uint32), b.view(np.uint32))
