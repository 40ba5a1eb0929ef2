"""S3 RESCUED FIGURE, with nobody escorting her: "The next survivor to end its movement next to
the rescued figure becomes its new escort" (rules/flickem/game_end.py), through the real table.

Worked by hand: Anita stands alone at (-30, 8), escort lost; Thomas's movement disc starts at
(-5, 5) and is flicked straight at her. "Next to" is within a movement disc's width (4 cm) of her
base: centres at most 1.3 + 1.3 + 4 = 6.6 cm apart. At power 0.20 the disc stops at (-24.83,
8.13), 5.2 cm from her centre: he is her escort, and his next action is LOUD (S3 SPECIAL RULE:
every action of the survivor escorting Anita).
At power 0.18 it stops at (-22.82, 7.89), 7.2 cm away: nobody escorts her yet."""
from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from feltbox.game.flickem.agreement import disagreements
from feltbox.game.flickem.bridge import FlickemBridge
from feltbox.game.table.flick import Aim
from feltbox.rules.flickem.flow import ChooseSurvivor, Move
from feltbox.rules.flickem.noise import Noise
from feltbox.scenes.loader import load_flickem
from tests.test_flickem_one_truth import arrange

pytestmark = pytest.mark.physics

ANITA, THOMAS = (-30.0, 8.0), (-5.0, 5.0)


def _move_toward_her(power: float):
    bridge = FlickemBridge(load_flickem(3), seed=1)
    bridge.decide(ChooseSurvivor("survivor-thomas"))
    state = bridge.engine.state
    data = state.data.with_survivor(replace(state.data.survivor("survivor-anita"), where="city"))
    bridge.engine.state = replace(state, data=replace(data, rescued="survivor-anita", escort=None))
    arrange(bridge, **{"survivor-anita": (ANITA, True), "survivor-thomas": (THOMAS, True)})
    bridge.decide(Move())
    direction = float(np.degrees(np.arctan2(ANITA[1] - THOMAS[1], ANITA[0] - THOMAS[0])))
    events = bridge.physics(Aim(direction, power))
    landed = np.array(bridge.engine.state.data.position("survivor-thomas"))
    return bridge, [(e.kind, e.data) for e in events], float(np.linalg.norm(landed - np.array(ANITA)))


def test_a_move_that_ends_next_to_her_makes_the_mover_her_escort():
    bridge, events, apart = _move_toward_her(0.20)
    assert ("move succeeded", {"reason": ""}) in events and 3.3 < apart <= 6.6
    assert ("new escort", {"survivor": "survivor-anita", "escort": "survivor-thomas"}) in events
    assert bridge.engine.state.data.escort == "survivor-thomas"
    assert Noise.LOUD not in bridge.engine.state.flow.noises     # the move itself was not an escort's
    bridge.decide(Move())                                         # his second action is
    assert Noise.LOUD in bridge.engine.state.flow.noises
    assert disagreements(bridge) == []


def test_a_move_that_ends_farther_leaves_her_without_an_escort():
    bridge, events, apart = _move_toward_her(0.18)
    assert ("move succeeded", {"reason": ""}) in events and apart > 6.6
    assert not any(kind == "new escort" for kind, _ in events)
    assert bridge.engine.state.data.escort is None
