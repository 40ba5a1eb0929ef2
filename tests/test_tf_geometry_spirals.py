"""Tail Feathers, Additional Rules: Death Spirals, on the real geometry: the Show of Force
battlefield from its scene, the real flight templates (rules/tailfeathers/data/templates.toml:
bird base radius 3, short 8, long 13 cm, template strip 3 wide, maneuver disc radius 2.5, death
spiral template 4 x 3 cm). Nothing is stubbed but the dice faces the physics tray would report.

Every test flies Aerijin from (-14, -20) heading 0 (+x) at center tilt with "short, long": its base
edge is at x = -11 (s = 3), the maneuver point at x = -3 (s = 11), the end point at x = 10
(s = 24), all at y = -20 (s = x + 14). That corridor (y -24..-16, x -17..13) holds no space, trunk
or mission card of the scene.
"""
from __future__ import annotations

import math
from dataclasses import replace

import pytest

from feltbox.game.tailfeathers.bridge import setup_from_scene
from feltbox.rules.tailfeathers.activation import Activate
from feltbox.rules.tailfeathers.cards import PlayCard
from feltbox.rules.tailfeathers.final import PatrolTarget, patrol_options
from feltbox.rules.tailfeathers.flight import Fly
from feltbox.rules.tailfeathers.flow import new_game
from feltbox.rules.tailfeathers.state import FLYING
from feltbox.scenes.loader import load_tailfeathers
from tests.tf_fixtures import at_activation, flying, pending, play
from tests.tf_fixtures import roll as tray_roll

SCENE = setup_from_scene(load_tailfeathers("show_of_force"))      # death_spirals is one of its rules
FLY = Fly(("short", "long"), "center")


def _no_cards(s):
    """The scene plays with action cards: before each death spiral roll its bird's player may play
    a before-attack card (cards.window_options); here nobody does."""
    while s.flow.card_window:
        s = play(s, PlayCard(""))
    return s


def roll(s, *faces):
    return _no_cards(tray_roll(s, *faces))


def _battle(**poses):
    s = at_activation(new_game(SCENE, 1))
    for fid, pose in poses.items():
        s = flying(s, fid, pose=pose)
    return _no_cards(play(play(s, Activate("aerijin", ("aerijin",))), FLY))


def _close(p, q, tol=1e-3):
    return all(abs(a - b) <= tol for a, b in zip(p, q))


def test_DEATH_SPIRALS_rotate_the_template_around_the_enemy_base_until_you_can_place_your_bird():
    # Sienna (a friend) flies at (-8, -20), Grizzard (the enemy) at (2, -20) heading 90.
    # Aerijin's path crosses Sienna first (a friend: nothing happens), then Grizzard: the maneuver
    # disc (centre x = -3, radius 2.5) first touches Grizzard's base at its leftmost point x = -1,
    # s = 13, so Aerijin met it from (-1, -20): due west of Grizzard (180 degrees).
    # Step 1-2: template against Grizzard on that side, Aerijin's base against its far side:
    # centre 3 + 4 + 3 = 10 from Grizzard's, at (-8, -20): exactly on Sienna. Rotating the template
    # by k * 5 degrees (+ first) puts Aerijin 2 * 10 * sin(5k / 2) from Sienna's centre; two bases
    # of radius 3 need 6: k = 6 gives 20 sin(15) = 5.18 (overlap), k = 7 gives 20 sin(17.5) = 6.01.
    # So at 215 degrees: (2 + 10 cos 215, -20 + 10 sin 215) = (-6.1915, -25.7358), facing
    # Grizzard (heading 35).
    s = _battle(aerijin=(-14.0, -20.0, 0.0), sienna=(-8.0, -20.0, 0.0), grizzard=(2.0, -20.0, 90.0))
    assert pending(s).spec["why"] == "spiral"
    a = math.radians(215.0)
    me = s.data.figure("aerijin").pose
    assert _close(me, (2 + 10 * math.cos(a), -20 + 10 * math.sin(a), 35.0))
    assert math.dist(me[:2], (-8.0, -20.0)) >= 6.0 - 1e-9           # no base overlaps Sienna's
    assert math.dist(me[:2], (2.0, -20.0)) == pytest.approx(10.0)

    # Step 3b, "Pivot both birds 180 degrees away from each other": Aerijin wins 2 hits to 1
    # (Grizzard takes 1 wound and survives). Their common point is the middle of the line between
    # the centres, M = ((-6.1915 + 2) / 2, (-25.7358 - 20) / 2); each bird then faces straight away
    # from M: Aerijin along M -> Aerijin = 215 degrees, Grizzard along M -> Grizzard = 35 degrees
    # (turning Grizzard's own heading 90 by 180 would give 270: not away from Aerijin).
    n = pending(s).spec["dice"]
    s = roll(s, "sword_mark", "sword_shield", *["bow"] * (n - 2))
    n = pending(s).spec["dice"]
    s = roll(s, "sword_mark", *["bow"] * (n - 1))
    g, me = s.data.figure("grizzard"), s.data.figure("aerijin")
    assert s.data.unit("grizzard").wounds == 1 and g.where == FLYING and me.where == FLYING
    assert me.pose[2] == pytest.approx(215.0) and g.pose[2] == pytest.approx(35.0)
    assert me.tilt == g.tilt == "center"
    assert _close(g.pose[:2], (2.0, -20.0))                              # pivoting does not move a base


def test_DEATH_SPIRALS_replace_the_standard_rule_for_a_path_ending_on_an_enemy_bird():
    # Grizzard flies at (9, -20): the end point (10, -20) would put Aerijin's base 1 cm from its
    # centre, on it. The standard rule would stop Aerijin at the last free maneuver point (-3, -20)
    # and wound both; the death spiral rule replaces it: the long end template's strip (x -3..6.4,
    # 3 wide) first touches Grizzard's base at x = 6 (s = 11 + 9 = 20), so the template goes on
    # Grizzard's west side and Aerijin's centre is 3 + 4 + 3 = 10 west of Grizzard: (-1, -20),
    # heading 0, nobody wounded yet; the death spiral battle roll is asked for (battle + melee).
    s = _battle(aerijin=(-14.0, -20.0, 0.0), grizzard=(9.0, -20.0, 90.0))
    assert pending(s).spec["why"] == "spiral"
    assert _close(s.data.figure("aerijin").pose, (-1.0, -20.0, 0.0))
    assert s.data.unit("aerijin").wounds == 0 and s.data.unit("grizzard").wounds == 0


def test_DEATH_SPIRALS_figures_in_a_death_spiral_cannot_be_targeted_by_a_patrol_from_outside():
    # "Figures in a death spiral cannot be targeted by the attacks, abilities or action cards of
    # figures outside the death spiral"; a patrol targets "an opponent's flying figure ... anywhere
    # on the battlefield" from the mission box (outside any spiral). Grizzard is entangled with
    # Aerijin, Wrunk flies free: the mouse patrol may target Wrunk only.
    s = new_game(SCENE, 1)
    for fid, pose in (("aerijin", (-1.0, -20.0, 0.0)), ("grizzard", (9.0, -20.0, 180.0)), ("wrunk", (20.0, 0.0, 0.0))):
        s = flying(s, fid, pose=pose)
    s = replace(s, data=replace(s.data, spirals=(("aerijin", "grizzard"),)),
                flow=replace(s.flow, phase="final", waiting="patrol", missions=("mouse",)))
    assert patrol_options(s) == [PatrolTarget("wrunk")]
