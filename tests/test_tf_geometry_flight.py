"""Tail Feathers, Flight Movement and the Additional Rules' Tail Feathers and Leaves where a flight
meets them, on the real geometry: the Show of Force battlefield from its scene (bounds x, y in
-45..45), the real templates (rules/tailfeathers/data/templates.toml: bird base radius 3, short 8,
long 13, strip 3 wide, maneuver disc radius 2.5, end head 2 x 3.6 wide; tail feather 3.5 x 1.2).
"""
from __future__ import annotations

import math
from dataclasses import replace

import pytest

from feltbox.game.tailfeathers.bridge import setup_from_scene
from feltbox.rules.core import Measured, PhysicsRequest
from feltbox.rules.tailfeathers import leaves
from feltbox.rules.tailfeathers.activation import Activate
from feltbox.rules.tailfeathers.flight import Fly
from feltbox.rules.tailfeathers.flow import new_game
from feltbox.rules.tailfeathers.geometry import leaf_holes
from feltbox.rules.tailfeathers.state import CASUALTY, FLYING, Feather
from feltbox.rules.tailfeathers.stats import stat
from feltbox.scenes.loader import load_tailfeathers
from tests.tf_fixtures import at_activation, flying, pending, play, put, unit

SCENE = load_tailfeathers("show_of_force")
SETUP = setup_from_scene(SCENE)


def _fly(pose, templates=("short", "short"), setup=SETUP, before=lambda s: s):
    s = before(flying(at_activation(new_game(setup, 1)), "aerijin", pose=pose))
    return play(play(s, Activate("aerijin", ("aerijin",))), Fly(templates, "center"))


@pytest.mark.parametrize("x0, out", [(27.5, False), (29.0, False), (29.5, True)])
def test_FLIGHT_MOVEMENT_completely_out_of_the_battlefield_is_the_whole_base(x0, out):
    # From (x0, 0) heading 0, "short, short" ends 3 + 8 + 8 = 19 further: x = 46.5, 48, 48.5. The
    # right edge is x = 45 and the base's radius 3: at 46.5 the base still covers 43.5..45 of the
    # table (centre off, base on: it stays); at 48 it touches the edge (not completely out); at
    # 48.5 the nearest point of the base is 0.5 past the edge: completely out, to the casualties.
    # (The corridor y -3.6..3.6, x 27.5..51.5 holds no space, trunk or mission card.)
    s = _fly((x0, 0.0, 0.0))
    fig = s.data.figure("aerijin")
    if out:
        assert fig.where == CASUALTY
    else:
        assert fig.where == FLYING and fig.pose == pytest.approx((x0 + 19.0, 0.0, 0.0))


def test_TAIL_FEATHERS_a_flight_crosses_a_feather_by_its_rectangle():
    # Aerijin flies from (-14, -20) heading 0 with "short, long": the first template's strip covers
    # y -21.5..-18.5 for x -11..-5.5 (then the maneuver disc at (-3, -20), radius 2.5). A feather
    # at (-8, -17.4) heading 90 covers x -8.6..-7.4, y -19.15..-15.65: it reaches 0.65 into the
    # strip, so the path crosses it: removed, and Zure is rattled. (As a 1 cm circle round
    # (-8, -17.4) it would reach only y -18.4, 0.1 short of the strip.)
    feather = Feather("feather-1", -8.0, -17.4, 90.0)
    s = _fly((-14.0, -20.0, 0.0), ("short", "long"),
             before=lambda s: replace(s, data=replace(s.data, feathers=(feather,), feathers_dropped=1)))
    assert s.data.feathers == () and s.data.unit("aerijin").rattled


def test_TAIL_FEATHERS_a_bird_killed_in_flight_drops_its_tail_feathers():
    # Without death spirals, "short, long" from (-14, -20) would end on Grizzard at (9, -20): both
    # stop at the last free maneuver point (-3, -20) and take 1 wound. Aerijin has 1 life left:
    # it dies of that wound, and "when a flying bird figure you control receives wounds, collect 1
    # tail feather ... for each wound received": Grizzard's feather drops, then Aerijin's, from
    # behind (-3, -20) heading 0, where it was when the wound came.
    setup = replace(SETUP, rules=tuple(r for r in SETUP.rules if r != "death_spirals"))

    def before(s):
        s = flying(s, "grizzard", pose=(9.0, -20.0, 180.0))
        return unit(s, "aerijin", wounds=stat(s, "aerijin", "life") - 1)
    s = _fly((-14.0, -20.0, 0.0), ("short", "long"), setup, before)
    assert s.data.figure("aerijin").where == CASUALTY
    assert pending(s) == PhysicsRequest("feathers", {"bird": "grizzard", "count": 1, "at": [9.0, -20.0, 180.0]})
    s = play(s, Measured({"landed": [[16.0, -20.0, 0.0]]}))        # clear of every base and space
    assert pending(s) == PhysicsRequest("feathers", {"bird": "aerijin", "count": 1, "at": [-3.0, -20.0, 0.0]})
    s = play(s, Measured({"landed": [[-6.0, -20.0, 0.0]]}))
    assert [(f.x, f.y) for f in s.data.feathers] == [(16.0, -20.0), (-6.0, -20.0)]


def test_LEAVES_leaf_spaces_are_not_on_the_battlefield_without_the_rule():
    # "When playing with this rule, attach leaves to tree branches": Show of Force plays without
    # it, so its 4 leaves are not spaces (nothing is adjacent to them either); with the rule they are.
    assert SETUP.rules and "leaves" not in SETUP.rules
    ids = {s.id for s in SETUP.battlefield.spaces}
    assert not {"leaf-1", "leaf-2", "leaf-3", "leaf-4"} & ids
    assert not any(a.startswith("leaf-") for s in SETUP.battlefield.spaces for a in s.adjacent)
    on = setup_from_scene(SCENE, SETUP.rules + ("leaves",))
    assert {"leaf-1", "leaf-2", "leaf-3", "leaf-4"} <= {s.id for s in on.battlefield.spaces}


def test_LEAVES_moving_a_drifting_leaf_spins_it_about_its_holes():
    # leaf-3 hangs from sw.b5b; its holes (0.8 inside its farthest-apart tips) are
    # S = (-19.3950, -10.5430) (the stem end, nearer sw.b5b) and T0 = (-16.9525, -6.2786),
    # |S T0| = sqrt(2.4425^2 + 4.2644^2) = 4.914. Cut loose toward the sapling, it is pointed at the
    # sapling trunk's centre (0, 0) about S: u = -S / |S| = (0.8786, 0.4776) (|S| = 22.075), so its
    # front hole is at T = S + 4.914 u = (-15.0775, -8.1961). One spin: "place the tip of the range
    # finder in the hole at the end pointing towards the destination tree and spin the leaf around
    # so that the other end is now pointing toward the destination": T stays, S goes to
    # T + 4.914 u = (-10.7600, -5.8492); the leaf moved 2 x 4.914 = 9.83 cm along u's line in all,
    # but no point of it more than twice the hole spacing: a spin is not a slide of a leaf length.
    setup = setup_from_scene(SCENE, SETUP.rules + ("leaves",))
    s = put(at_activation(new_game(setup, 1)), "oakguard-4", where="leaf-3")
    ev: list = []
    s = leaves.cut(s, leaves.CutLeaf("oakguard-4", "sapling"), ev)
    s = replace(s, flow=replace(s.flow, roll=None, leaf=""))
    s = leaves.drift(s, "leaf-3", 1, ev)
    h = sorted(leaf_holes(s.data.leaves[0].polygon))
    assert h[0] == pytest.approx((-15.0775, -8.1961), abs=2e-3)
    assert h[1] == pytest.approx((-10.7600, -5.8492), abs=2e-3)
    before = next(x for x in setup.battlefield.spaces if x.id == "leaf-3").polygon
    after = s.data.leaves[0].polygon
    assert [round(math.dist(before[0], p), 6) for p in before] == [round(math.dist(after[0], p), 6) for p in after]
