"""S5 SEPARATED (branch s5run): a fuel carrier walks to the RV once the team's fuel covers the
objective (2 in the RV or carried), not with a single fuel while buildings are left to search
(rulebook S5 OBJECTIVE: "have 2 fuel in the RV"). Through the real bridge, rules and table."""
from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from feltbox.game.flickem import bot_act
from feltbox.game.flickem.bot_aim import simulate
from feltbox.rules.flickem.flow import Move
from tests.test_bot_coop import acting, legal

pytestmark = pytest.mark.physics

BLOCK = (-36.5, -36.0)      # the gas station's support block Anita stands on inside (S5 transcripts)


def _anita_in_the_gas_station(second_fuel: bool):
    """S5 seed 1, round 6: Anita inside the gas station, searched out: she holds one of its
    tokens, a fuel (face up), the other is gone. With ``second_fuel``, Gabriel (in the street)
    carries a second fuel, face up."""
    bridge, bot, sid = acting(5, "Anita", at=BLOCK)
    state = bridge.engine.state
    data = state.data
    mine, other = [t for t in data.tokens if t.where == "gas_station"]
    data = data.with_token(replace(mine, kind="fuel", where=sid, face="up"))
    data = data.with_token(replace(other, where="removed"))
    data = data.with_survivor(replace(data.survivor(sid), where="gas_station", inventory=(mine.id,)))
    if second_fuel:
        spare = next(t for t in data.tokens if t.where == "library")
        data = data.with_token(replace(spare, kind="fuel", where="survivor-gabriel", face="up"))
        data = data.with_survivor(replace(data.survivor("survivor-gabriel"), inventory=(spare.id,)))
    bridge.engine.state = replace(state, data=data)
    return bridge, bot, sid


def _flicked(bridge, bot, sid):
    """Where the planned move out of the door lands on the real table (Bullet)."""
    assert bot_act.act(bot, legal(bridge)) == Move()
    outcome, end = simulate(bridge.session, sid, "movement_disc", bot.planned.aim)
    assert outcome.clean
    return end


def test_S5_a_carrier_with_the_teams_only_fuel_searches_on_before_the_trip_to_the_RV():
    """One fuel in hand, none in the RV, the gas station searched out: Anita walks out toward
    the next building to search (the school's door is 40 cm north of the gas station's, the RV's
    about 70 cm east), not to the RV with a single fuel (S5 seed 2 on main: that trip took her
    rounds 5-3, nobody found yet, and the bin ran out before a second fuel came). Fails on main,
    where a fuel carrier heads for the RV at once: its move out lands east, nearer the RV."""
    bridge, bot, sid = _anita_in_the_gas_station(second_fuel=False)
    goal = bot_act.goal_for(bot, sid)
    assert goal.kind == "enter" and goal.building not in ("rv", "gas_station")
    end = _flicked(bridge, bot, sid)
    door = np.array(bot.doors[goal.building])
    assert float(np.linalg.norm(end - door)) < float(np.linalg.norm(np.array(bot.doors["gas_station"]) - door))


def test_S5_a_carrier_heads_for_the_RV_once_the_team_holds_two_fuel():
    """Gabriel carries the second fuel: the team's fuel covers the objective, so Anita's goal is
    the RV (the drop) rather than another search."""
    bridge, bot, sid = _anita_in_the_gas_station(second_fuel=True)
    goal = bot_act.goal_for(bot, sid)
    assert (goal.kind, goal.building) == ("enter", "rv") and "fuel" in goal.drop
