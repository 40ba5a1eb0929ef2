"""Tail Feathers: the last roll's dice lie in the tray beside the battlefield, in the play window
as in the theatre (the rolls are real Bullet throws in the tray's own world)."""
from __future__ import annotations

import numpy as np
import pytest

from feltbox.game.tailfeathers.bridge import TFBridge
from feltbox.game.tailfeathers.table import TRAY_ID
from feltbox.game.tailfeathers.window_game import DICE_IDS, TFWindowGame
from feltbox.rules.core import Measured, PhysicsRequest
from feltbox.scenes.loader import load_tailfeathers
from tests.tf_tray import assert_lying_in_tray

pytestmark = pytest.mark.physics


def _to_first_roll(bridge: TFBridge):
    """Play the first legal choice until the rules ask for a roll; roll it for real."""
    while not (isinstance(p := bridge.pending(), PhysicsRequest) and p.kind == "roll"):
        if isinstance(p, PhysicsRequest):
            bridge.physics()
        else:
            bridge.decide(bridge.legal()[0])
    bridge.physics()
    return next(s.action.outcome for s in reversed(bridge.engine.history) if isinstance(s.action, Measured))


def test_a_roll_leaves_its_dice_in_the_tray_showing_the_faces_the_rules_got():
    bridge = TFBridge(load_tailfeathers("show_of_force"), seed=3)
    assert bridge.dice_in_tray() == {}                       # nothing rolled yet: the dice are boxed
    outcome = _to_first_roll(bridge)
    lying = bridge.dice_in_tray()
    assert len(lying) == len(outcome["faces"])
    assert_lying_in_tray(lying, {f"die-{k + 1}": f for k, f in enumerate(outcome["faces"])},
                         bridge.poses[bridge.index[TRAY_ID]])


def test_the_same_roll_handed_to_the_rules_is_thrown_again_to_the_same_place():
    # a save replays the actions through the rules alone: the dice are thrown again from the
    # game's seed and land bit for bit where the live roll left them
    live = TFBridge(load_tailfeathers("show_of_force"), seed=3)
    _to_first_roll(live)
    again = TFBridge(load_tailfeathers("show_of_force"), seed=3)
    for step in live.engine.history:
        again.engine.apply(step.action)
    assert sorted(again.dice_in_tray()) == sorted(live.dice_in_tray())
    for die, pose in live.dice_in_tray().items():
        assert np.array_equal(again.dice_in_tray()[die], pose), die


def test_the_window_draws_the_dice_of_the_last_roll_and_boxes_the_others():
    game = TFWindowGame(load_tailfeathers("show_of_force"), 3, "none")
    _to_first_roll(game.bridge)
    bodies, poses = game.bodies(), game.poses()
    assert len(bodies) == len(poses)
    drawn = {b.id for b, p in zip(bodies, poses) if b.id.startswith("tray-die-") and p[2] > 0}
    assert drawn == {f"tray-{d}" for d in game.bridge.dice_in_tray()}
    assert len([b for b in bodies if b.id.startswith("tray-die-")]) == len(DICE_IDS) == 10
