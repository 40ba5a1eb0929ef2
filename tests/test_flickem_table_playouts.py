"""One truth over whole games: seeded random legal playouts of every scenario on the real table
(random aims, real Bullet), with the agreement check (game/flickem/agreement.py) after every
action. Default suite: one short playout per scenario; slow suite: 10 seeds per scenario, each
played to its end."""
from __future__ import annotations

import random

import pytest

from feltbox.game.flickem.agreement import disagreements
from feltbox.game.flickem.bridge import FlickemBridge
from feltbox.game.table.flick import Aim
from feltbox.rules.core import Decision, GameOver, PhysicsRequest
from feltbox.scenes.loader import load_flickem

pytestmark = pytest.mark.physics


def random_playout(number: int, seed: int, max_actions: int) -> int:
    """Play scenario ``number`` with random legal choices and random aims; fail on the first
    disagreement, naming the action. Returns the number of actions played."""
    rng = random.Random(f"{number}-{seed}")
    bridge = FlickemBridge(load_flickem(number), seed=seed)
    for n in range(1, max_actions + 1):
        pending = bridge.pending()
        if isinstance(pending, GameOver):
            return n - 1
        if isinstance(pending, Decision):
            action = rng.choice(bridge.engine.game.legal_actions(bridge.engine.state))
            bridge.decide(action)
        else:
            assert isinstance(pending, PhysicsRequest)
            action = pending.kind
            aim = Aim(rng.uniform(0.0, 360.0), rng.uniform(0.1, 0.7)) if pending.kind == "flick" else None
            bridge.physics(aim)
        found = disagreements(bridge)
        assert not found, f"S{number} seed {seed}, after action {n} ({action}): " + "; ".join(map(str, found))
    return max_actions


@pytest.mark.parametrize("number", range(1, 11))
def test_a_short_random_playout_keeps_rules_and_table_agreeing(number):
    assert random_playout(number, seed=1, max_actions=120) > 10


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(1, 11))
@pytest.mark.parametrize("number", range(1, 11))
def test_whole_random_games_keep_rules_and_table_agreeing(number, seed):
    random_playout(number, seed, max_actions=3000)
