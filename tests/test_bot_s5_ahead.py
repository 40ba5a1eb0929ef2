"""S5 SEPARATED (branch s5run): a first move that would end the turn in the rush's reach lands
next to a zombie nearer the door instead, and the second action kills it (bot_s5.kill_ahead).
Through the real bridge, rules and table (Bullet)."""
from __future__ import annotations

import numpy as np
import pytest

from feltbox.game.flickem import bot_act
from feltbox.game.flickem.agreement import disagreements
from feltbox.game.flickem.bot_aim import simulate
from feltbox.game.flickem.bot_turns import NEXT_TO
from feltbox.rules.flickem.flow import Move, ShortDistanceKill
from tests.test_bot_coop import acting, legal

pytestmark = pytest.mark.physics


def test_S5_a_first_move_into_the_rushs_reach_lands_next_to_a_zombie_ahead_and_kills_it():
    """S5 seed 1's set-up, Kevin (a bat) moved to (4.8, -11.4), where S5 seed 24 on main had him
    in round 3; his goal is the hospital (door at (27, ~30)). zombie-06 stands 12.4 cm south-west
    of him, zombie-03 16.9 cm north-east at (13.2, 3.3), on his way. Main's first move lands at
    (26, 10.3), where the coming QUIET rush costs about a life (plan risk 30 at half weight), so
    his second move steps back (seed 24: rounds 6-3 so, the hospital never reached). Here the
    move lands 3.7-6.1 cm from zombie-03 (on the table), he kills it with the bat next action and
    zombie-03 goes to the bin, the turn ending nearer the door than it began."""
    bridge, bot, sid = acting(5, "Kevin", at=(4.8, -11.4))
    bridge.show([])
    assert not disagreements(bridge)
    assert bot_act.goal_for(bot, sid).building == "hospital"
    start_way = bot.travel("hospital", bot.xy(sid))
    assert bot_act.act(bot, legal(bridge)) == Move()
    aim = bot.planned.aim
    outcome, end = simulate(bridge.session, sid, "movement_disc", aim)
    assert outcome.clean
    assert NEXT_TO[0] <= float(np.linalg.norm(end - bot.xy("zombie-03"))) <= NEXT_TO[1] + 0.5
    bridge.decide(Move())
    bot.planned = None
    bridge.physics(aim)
    assert not disagreements(bridge)
    assert bot.travel("hospital", bot.xy(sid)) < start_way - 5.0
    kill = bot_act.act(bot, legal(bridge))
    assert isinstance(kill, ShortDistanceKill) and kill.zombie == "zombie-03"
    bridge.decide(kill)
    assert next(z for z in bridge.engine.state.data.zombies if z.id == "zombie-03").where == "bin"
    assert not disagreements(bridge)
