"""Bots keep their landings off fallen zombies as off standing ones (issue 11): a fallen zombie
stands again at the round's end (END OF THE ROUND: "Stand all zombies currently in play") or as
the closest one in a QUIET reaction, and whoever it then stands next to is TOO CLOSE!."""
from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest

from feltbox.game.flickem import bot_act
from feltbox.game.flickem.bot_aim import noisy, simulate
from feltbox.models.dimensions import dims
from feltbox.rules.flickem.figures import DISC_WIDTH, FIGURE_RADIUS
from feltbox.rules.flickem.flow import Move
from tests.test_bot_coop import acting, legal
from tests.test_bot_s5_risk import placed

pytestmark = pytest.mark.physics

LYING = (-27.0, -4.8)       # zombie-06, fallen beside the way Mike's last move takes


def test_TOO_CLOSE_a_last_move_ends_clear_of_a_fallen_zombie_the_round_end_stands():
    """S3, Mike at his start (-8, -24) with his last action, heading for the car. zombie-06 lies
    fallen at (-27, -4.8). Counting standing zombies only (before), his move lands 7.06 cm from
    it, 0.46 cm outside TOO CLOSE! (two figure bases and a movement disc: 6.6 cm), and 2 of 30
    flicks shaken by a finger's noise on the real table end inside it, where the round's end
    stands the zombie next to him. Now his planned landing keeps the 7.6 cm every standing
    zombie gets (a base, a disc and 1 cm) and no shaken flick ends within 6.6 cm."""
    bridge, bot, sid = acting(3, "Mike")
    placed(bridge, {"zombie-06": LYING}, fallen=("zombie-06",))
    state = bridge.engine.state
    bridge.engine.state = replace(state, flow=replace(state.flow, actions_left=1))
    assert any(np.allclose(z, LYING) for z in bot.zombie_spots())
    assert bot_act.act(bot, legal(bridge)) == Move()
    outcome, end = simulate(bridge.session, sid, "movement_disc", bot.planned.aim)
    reach = dims()["figure"]["base_diameter"] + dims()["movement_disc"]["diameter"]
    assert outcome.clean and float(np.linalg.norm(end - np.array(LYING))) >= reach + 1.0
    rng, inside = random.Random(5), 0
    for _ in range(30):
        shaken, spot = simulate(bridge.session, sid, "movement_disc", noisy(bot.planned.aim, rng))
        inside += shaken.clean and float(np.linalg.norm(spot - np.array(LYING))) < 2 * FIGURE_RADIUS + DISC_WIDTH
    assert inside == 0
