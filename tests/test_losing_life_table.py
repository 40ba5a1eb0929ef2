"""LOSING LIFE on the real table: losing a life lays nobody down by itself. Only causes that say
so do ("is placed fallen", "the survivor falls"); going hungry does not (S4 FOOD: "each survivor
loses 1 life token"), so every survivor's figure stays standing where it is."""
from __future__ import annotations

import pytest

from feltbox.game.flickem.agreement import disagreements
from feltbox.game.flickem.bridge import FlickemBridge
from feltbox.rules.core import PhysicsRequest
from feltbox.rules.flickem.flow import ChooseSurvivor, EndTurn, legal_actions
from feltbox.rules.flickem.rounds import Eat
from feltbox.scenes.loader import load_flickem
from tests.test_flickem_one_truth import table_standing

pytestmark = pytest.mark.physics


def test_S4_going_hungry_costs_every_survivor_a_life_and_nobody_falls_on_the_table():
    bridge = FlickemBridge(load_flickem(4), 1)
    for _ in range(200):              # every survivor ends its turn unused until the group must eat
        if bridge.engine.state.flow.waiting == "eat":
            break
        if isinstance(bridge.pending(), PhysicsRequest):
            bridge.physics()
            continue
        actions = legal_actions(bridge.engine.state)
        bridge.decide(next((a for a in actions if isinstance(a, EndTurn)), None)
                      or next(a for a in actions if isinstance(a, ChooseSurvivor)))
    state = bridge.engine.state
    assert state.flow.waiting == "eat" and state.flow.round_marker == 4
    lives = {s.id: s.life for s in state.data.survivors}
    events = bridge.decide(Eat(None))
    assert "went hungry" in [e.kind for e in events]
    survivors = bridge.engine.state.data.survivors
    assert {s.id: s.life for s in survivors} == {sid: life - 1 for sid, life in lives.items()}
    assert all(s.standing for s in survivors)
    assert all(table_standing(bridge, s.id) for s in survivors) and disagreements(bridge) == []
