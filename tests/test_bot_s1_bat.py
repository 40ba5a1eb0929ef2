"""S1 Get Outta Town!: a hunter with a bat swings it at a zombie to get next to it, then kills it
(rulebook BASEBALL BAT, SHORT DISTANCE KILL; game/flickem/bot_bat.py). Real S1 set-up on the real
table (scenes/flickem/s01.toml), the bot's own aims."""
from __future__ import annotations

import numpy as np
import pytest

from feltbox.game.flickem import bot_turns
from feltbox.game.flickem.agreement import disagreements
from feltbox.rules.flickem.flow import ShortDistanceKill, UseWeapon
from feltbox.rules.flickem.state import Waiting
from tests.test_bot_coop import legal
from tests.test_bot_s1 import s1_table

pytestmark = pytest.mark.physics

# the other zombies in the south-east corner, over 48 cm from Loretta (no other hunt), their rush
# lines running west, away from the RV
FAR = {"zombie-01": (40.0, -40.0), "zombie-02": (40.0, -30.0), "zombie-03": (40.0, -20.0),
       "zombie-04": (35.0, -40.0), "zombie-06": (40.0, -10.0)}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_S1_BASEBALL_BAT_a_hunter_swings_the_bat_next_to_a_zombie_and_kills_it(seed):
    """Loretta (a bat) at (5, -14), both actions; zombie-05 standing at (5, 1.4), 15.4 cm north;
    barrel-3 at (1.6, -7.1), 3.4 cm west of the line between them.
    Worked by hand: the bat lies centred where she stood (9 cm long, its tip 4.5 cm ahead) and is
    flicked north by its knob; it first touches zombie-05 once its centre has slid 15.4 - 4.5 - 1.3
    = 9.6 cm: BASEBALL BAT (A), "the movement is successful, regardless of whether or not the
    touched figure falls", and she takes the bat's place, about 5.8 cm from the zombie (next to it:
    NEXT TO is under a disc's 4 cm between the 1.3 cm bases, 6.6 cm between centres). Her second
    action is the SHORT DISTANCE KILL of zombie-05 with the bat: it goes to the bin, 6 -> 5 in the
    city, 2 still to kill. Played with the bot's aim and a finger's noise (three seeds of it), the
    rules and the table agreeing. Before (main 5ae0542) the bot flicked the movement disc at a
    landing 3.7-6.1 cm from the zombie that touches nothing (`plan_near`), and never swung the bat."""
    at = {**FAR, "zombie-05": (5.0, 1.4), "survivor-loretta": (5.0, -14.0)}
    bridge, bot = s1_table(at, acting="survivor-loretta")
    bot.seed = seed                                 # the bot's generators (aim jitter, a finger's noise) for this seed
    assert bot_turns.zombies_to_kill(bot.state) == 3
    action = bot_turns.s1_act(bot, legal(bridge), "survivor-loretta")
    assert action == UseWeapon("bat")
    bridge.decide(action)
    request = bridge.pending()
    aim = bot.aim(request)
    events = bridge.physics(aim)
    assert any(e.kind == "bat succeeded" for e in events), events
    state = bridge.engine.state
    gap = float(np.linalg.norm(np.array(state.data.position("survivor-loretta")) - np.array(state.data.position("zombie-05"))))
    assert gap < 6.6
    assert (state.flow.active, state.flow.actions_left, state.flow.waiting) == ("survivor-loretta", 1, Waiting.ACT)
    kill = bot_turns.s1_act(bot, legal(bridge), "survivor-loretta")
    assert kill == ShortDistanceKill("zombie-05", "bat")
    bridge.decide(kill)
    state = bridge.engine.state
    assert next(z.where for z in state.data.zombies if z.id == "zombie-05") == "bin"
    assert bot_turns.zombies_to_kill(state) == 2
    assert not disagreements(bridge)
