"""A world built from placed template bodies is the world built by placing fresh copies: the same
episode, bit for bit (pieces.make_placed_body, the per-episode speed-up of issue 14)."""
from __future__ import annotations

import struct

import numpy as np
import pytest
from panda3d.core import Point3, Quat, TransformState, Vec3

from feltbox.game.table import table as table_module
from feltbox.game.table.flick import Aim, setup_flick
from feltbox.game.table.pieces import make_body, make_placed_body
from feltbox.game.table.rush import setup_rush
from feltbox.game.table.table import Table
from tests.lab import building, lab_city, survivor, zombie

pytestmark = pytest.mark.physics


def _placed_by_hand(name, model, pose):
    """The way every world was built before: a fresh copy, then its transform set."""
    node = make_body(name, model)
    x, y, z, qw, qx, qy, qz = pose.tolist()
    node.setTransform(TransformState.makePosQuatScale(Point3(x, y, z), Quat(qw, qx, qy, qz), Vec3(1, 1, 1)))
    return node


def _both_ways(monkeypatch, bodies, poses, present, awake, inputs, watch):
    results = []
    for maker in (_placed_by_hand, make_placed_body, make_placed_body):   # cold, then warm cache
        monkeypatch.setattr(table_module, "make_placed_body", maker)
        results.append(Table(bodies, poses, present, awake).run(inputs, watch=watch))
    return results


def _same(a, b):
    assert a.ticks == b.ticks and a.settled == b.settled
    assert a.frames.tobytes() == b.frames.tobytes()
    assert a.final.tobytes() == b.final.tobytes()
    assert a.contacts_of == b.contacts_of and np.array_equal(a.woken, b.woken)


def test_a_flick_into_a_crowd_is_the_same_episode_however_the_bodies_were_placed(monkeypatch):
    city = lab_city(survivor(0, 0), zombie(9, 0.5, number=1), zombie(11, -1.0, number=2),
                    building(22, 0, heading=180.0))
    setup = setup_flick(city, city.poses, city.present, "survivor-anita", "movement_disc", Aim(0.0, 0.6, 0.3))
    by_hand, cold, warm = _both_ways(monkeypatch, city.bodies, setup.poses, setup.present, setup.awake,
                                     setup.inputs, setup.watched)
    assert by_hand.contacts, "the disc was meant to hit the zombies"
    _same(by_hand, cold)
    _same(by_hand, warm)


def test_a_rush_is_the_same_episode_however_the_bodies_were_placed(monkeypatch):
    city = lab_city(survivor(0, 0), zombie(10, 0, number=1), zombie(12, 3, number=2), building(-15, 0, heading=0.0))
    setup = setup_rush(city, city.poses, city.present, ["zombie-01", "zombie-02"], (0.0, 0.0))
    by_hand, cold, warm = _both_ways(monkeypatch, city.bodies, setup.poses, setup.present, setup.awake,
                                     setup.inputs, setup.awake)
    _same(by_hand, cold)
    _same(by_hand, warm)


def test_a_template_follows_its_piece_when_it_moves():
    """A new pose makes a new template: the copy stands where it is asked to, not where it was."""
    city = lab_city(survivor(0, 0))
    spec = city.bodies[0]
    pose = city.poses[0]
    moved = pose.copy()
    moved[0] += 5.0
    assert make_placed_body(spec.id, spec.model, pose).getTransform().getPos()[0] == pytest.approx(pose[0])
    assert make_placed_body(spec.id, spec.model, moved).getTransform().getPos()[0] == pytest.approx(moved[0])
    assert make_placed_body(spec.id, spec.model, pose).getTransform().getPos()[0] == pytest.approx(pose[0])


def test_a_template_is_kept_for_the_exact_bits_of_a_pose():
    """-0.0 equals 0.0 but is another pose row: each copy carries the very transform placing a
    fresh body at that row gives (compared bit for bit)."""
    city = lab_city(survivor(0, 0))
    spec = city.bodies[0]
    pose = city.poses[0].copy()
    pose[4], pose[5] = 0.0, -0.0
    flipped = pose.copy()
    flipped[4], flipped[5] = -0.0, 0.0

    def bits(node):
        ts = node.getTransform()
        return struct.pack("7f", *ts.getPos(), *ts.getQuat())

    for row in (pose, flipped, pose, flipped):
        assert bits(make_placed_body(spec.id, spec.model, row)) == bits(_placed_by_hand(spec.id, spec.model, row))
