"""Tail Feathers: Ranged Attack / Glossary: Range, Clear Sight, on the real geometry: the Show of
Force battlefield from its scene (the sapling's trunk is the square |x|, |y| <= 1.1314 at the
centre of the table; its spaces around it), bird bases of radius 3 and the 20 cm range finder
(rules/tailfeathers/data/templates.toml). Only the figures' places are set by hand.
"""
from __future__ import annotations

from dataclasses import replace

import pytest

from feltbox.game.tailfeathers.bridge import setup_from_scene
from feltbox.rules.tailfeathers import measure
from feltbox.rules.tailfeathers.combat import normal_targets
from feltbox.rules.tailfeathers.flow import new_game
from feltbox.rules.tailfeathers.state import FLYING, Feather
from feltbox.rules.tailfeathers.stats import blockers, figure_thing
from feltbox.scenes.loader import load_tailfeathers
from tests.tf_fixtures import flying, put

SCENE = setup_from_scene(load_tailfeathers("show_of_force"))


def _state(**places):
    s = new_game(SCENE, 1)
    for fid, where in places.items():
        s = flying(s, fid, pose=where) if isinstance(where, tuple) else put(s, fid, where=where)
    return s


def _check(s, a, b):
    return measure.range_check(figure_thing(s, s.data.figure(a)), figure_thing(s, s.data.figure(b)), blockers(s))


def test_RANGED_ATTACK_place_the_range_finder_touching_any_point_on_the_base_past_the_sapling_trunk():
    # Aerijin (Zure: ranged 1) flies at (-8, 0), Grizzard at (8, 0): the bases' nearest points
    # (-5, 0) and (5, 0) are 10 apart (in range, not close: 5 < 10 <= 20), but that line runs
    # through the sapling's trunk (|y| <= 1.13). "Place the range finder touching any point on the
    # base": from the top of Aerijin's base (-8, 3) to the top of Grizzard's (8, 3) the twig is
    # 16 cm (<= 20) and runs 1.87 cm above the trunk: a clear line, so Grizzard is a target.
    s = _state(aerijin=(-8.0, 0.0, 0.0), grizzard=(8.0, 0.0, 180.0))
    r = _check(s, "aerijin", "grizzard")
    assert (r.in_range, r.close, r.clear, r.gap) == (True, False, True, pytest.approx(10.0))
    p, q = r.points
    assert ((q[0] - p[0]) ** 2 + (q[1] - p[1]) ** 2) ** 0.5 <= 20.0
    assert ("grizzard", "ranged") in normal_targets(s, s.data.figure("aerijin"))


def test_RANGE_mirror_image_positions_give_mirror_answers():
    # A flying bird shooting at a ground figure: "place the range finder at the nearest point on
    # the space that figure occupies". Aerijin flies at (-10, 0), a rat on sapling.r4 (the space
    # right of the trunk, inner edge x = 1.1314): the nearest points (-7, 0) and (1.1314, 0) are
    # 8.13 apart, through the trunk. From the top of Aerijin's base (-10, 3) the nearest point of
    # sapling.r4 is its corner (1.1314, 1.1314): the line falls 1.87 over 11.13, so at the trunk's
    # far-side x = -1.1314 it is at y = 3 - 1.8686 * 8.8686 / 11.1314 = 1.51 > 1.1314: over the
    # trunk, touching it only at that corner (grazing is not passing through): clear, 11.29 cm.
    # The mirror image across x = 0 (Aerijin at (10, 0), the rat on sapling.r2) answers the same.
    s = _state(aerijin=(-10.0, 0.0, 0.0), **{"rat-squad-4": "sapling.r4"})
    m = _state(aerijin=(10.0, 0.0, 180.0), **{"rat-squad-4": "sapling.r2"})
    r, rm = _check(s, "aerijin", "rat-squad-4"), _check(m, "aerijin", "rat-squad-4")
    assert (r.in_range, r.close, r.clear) == (True, False, True)
    assert (rm.in_range, rm.close, rm.clear) == (r.in_range, r.close, r.clear)
    assert rm.gap == pytest.approx(r.gap) == pytest.approx(8.1314, abs=1e-3)


def test_CLEAR_SIGHT_tail_feathers_block_with_their_3_5_by_1_2_rectangle():
    # A feather at (0, -20) heading 90 lies across the line between Aerijin at (-10, -20) and
    # Grizzard at (6, -20): its rectangle spans x -0.6..0.6, y -21.75..-18.25. As a blocker it is
    # that rectangle (corners (0.6, -21.75), (0.6, -18.25), (-0.6, -18.25), (-0.6, -21.75)), not a
    # 1 cm circle.
    s = _state(aerijin=(-10.0, -20.0, 0.0), grizzard=(6.0, -20.0, 180.0))
    s = replace(s, data=replace(s.data, feathers=(Feather("feather-1", 0.0, -20.0, 90.0),)))
    t = next(b for b in blockers(s) if b.id == "feather-1")
    assert t.circle is None
    corners = sorted((round(x, 6), round(y, 6)) for x, y in t.polygon)
    assert corners == [(-0.6, -21.75), (-0.6, -18.25), (0.6, -21.75), (0.6, -18.25)]
    assert s.data.figure("aerijin").where == FLYING
