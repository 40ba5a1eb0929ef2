"""S5 SEPARATED bots (issue 11, "Bots worth playing with", branch s35): the time left counts on the
team's kills to refill the bin, a fuel carrier heads for the RV at once, a fallen zombie lying
next to a teammate is walked up to and killed before the round's end stands it (TOO CLOSE!), and
a bat attacks a zombie at once in a fight. Physical behaviours go through the real table."""
from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from feltbox.game.flickem import bot_act, bot_safety
from feltbox.game.flickem.agreement import disagreements
from feltbox.game.flickem.bot_aim import CAP_S, simulate
from feltbox.game.flickem.bot_choices import pick_fight
from feltbox.game.flickem.bot_goals import actions_left, choose_goal, rounds_left
from feltbox.game.flickem.bot_shots import plan_fight
from feltbox.game.flickem.bot_turns import NEXT_TO
from feltbox.game.table.arena import arena_flick
from feltbox.game.table.flick_runner import run_flick
from feltbox.rules.flickem.fights import BatTurn, FightWith
from feltbox.rules.flickem.flow import Move, ShortDistanceKill
from feltbox.rules.flickem.state import Fight, Token
from tests.test_bot_coop import acting, legal
from tests.test_bot_goals import DOORS, game

pytestmark = pytest.mark.physics


def _round_five(bridge, in_city: int = 4):
    """S5 in round 5 (night, the marker on 5) with ``in_city`` zombies out of the bin into the city."""
    state = bridge.engine.state
    binned = [z.id for z in state.data.zombies if z.where == "bin"][:in_city]
    data = replace(state.data, zombies=tuple(replace(z, where="city") if z.id in binned else z
                                             for z in state.data.zombies))
    data = data.with_positions({z: (-45.0 + 3.0 * n, -38.0) for n, z in enumerate(binned)})
    flow = replace(state.flow, round_marker=5, colour="night")
    return replace(state, data=data, flow=flow)


def test_A_NEW_HORDE_ARRIVES_S5_plans_over_the_rounds_its_kills_add_to_the_bin():
    """S5 round 5 (night), 4 zombies in the bin: the end of round 5 brings +2 (day), leaving 2,
    and the end of round 4 +4: short, the game lost if nothing is killed. Without kills 2 rounds
    are left; the team counts on 2 more (its kills refill the bin), 4 rounds, 8 actions for
    a survivor still to play this round. Before, Anita, who had searched the gas station in
    round 6, found every other building too far for 4 actions and hunted (seed 1: every
    survivor's goal was "hunt" from round 5 on, the objective dropped)."""
    bridge, bot, sid = acting(5, "Anita")
    state = _round_five(bridge)
    assert sum(z.where == "bin" for z in state.data.zombies) == 4
    assert rounds_left(state) == 2 and rounds_left(state, 2) == 4
    anita = replace(state.data.survivor(sid), where="gas_station", backpack="night")
    data = state.data.with_survivor(anita)
    data = replace(data, tokens=tuple(replace(t, where="removed") if t.where == "gas_station" else t
                                      for t in data.tokens))
    state = replace(state, data=data, flow=replace(state.flow, active=None))
    assert actions_left(state, sid) == 8
    goal = choose_goal(state, sid, {}, bot.doors)
    assert goal.kind == "enter" and goal.building not in ("gas_station", "rv")


def test_S5_a_fuel_carrier_heads_for_the_RV_once_the_teams_fuel_covers_the_objective():
    """S5 needs 2 fuel dropped in the RV: a survivor holding one, with one already in the RV, goes
    there, although a building with a face-down token (the hospital) lies 28 cm away (seed 2
    read: Anita carried a fuel from round 5 through two more searches and was still on her way
    when the bin ran out). With the team's only fuel the carrier searches on first (branch
    s5run: tests/test_bot_s5_fuel.py)."""
    tokens = [Token("t1", "fuel", "survivor-a", face="up"), Token("t2", "fuel", "hospital"),
              Token("t3", "fuel", "rv", face="up")]
    state = game(5, tokens, inventory=["t1"])
    goal = choose_goal(state, "survivor-a", {"t1": "fuel", "t3": "fuel"}, DOORS)
    assert (goal.kind, goal.building) == ("enter", "rv") and "fuel" in goal.drop
    alone = game(5, tokens[:2], inventory=["t1"])
    goal = choose_goal(alone, "survivor-a", {"t1": "fuel"}, DOORS)
    assert (goal.kind, goal.building) == ("enter", "hospital")


def test_A_NEW_HORDE_ARRIVES_S5_survivors_hunt_when_the_bin_cannot_supply_this_rounds_horde():
    """The round's end (day now, so night next: +3 in this hand-made set-up) finds 1 zombie in
    the bin: the game is lost then unless 2 are killed first. A survivor in the street with
    nothing to carry hunts; a fuel carrier still carries."""
    tokens = [Token("t1", "fuel", "school")]
    hunter = game(5, tokens, in_bin=1)          # Thomas: a bat, a quiet weapon (branch s5win)
    hunter = replace(hunter, data=hunter.data.with_survivor(replace(hunter.data.survivor("survivor-a"), name="Thomas")))
    goal = choose_goal(hunter, "survivor-a", {}, DOORS)
    assert goal.kind == "hunt"
    assert choose_goal(game(5, tokens, in_bin=3), "survivor-a", {}, DOORS).kind == "enter"
    carrying = game(5, [Token("t2", "fuel", "survivor-a", face="up")], inventory=["t2"], in_bin=1)
    assert choose_goal(carrying, "survivor-a", {"t2": "fuel"}, DOORS).building == "rv"


def test_TOO_CLOSE_S5_a_fallen_zombie_beside_a_teammate_is_walked_up_to_and_killed():
    """zombie-08 lies fallen at (-20, -30), Kevin (who has played) 5 cm north of it: the round's
    end stands it and Kevin loses a life (TOO CLOSE!). Gabriel (knife) at his start (-7, -26.2),
    13.6 cm away, is next to no zombie: he lands next to it (a clean flick on the real table),
    then kills it at short distance with the knife."""
    bridge, bot, sid = acting(5, "Gabriel")
    state = bridge.engine.state
    data = state.data.with_positions({"zombie-08": (-20.0, -30.0), "survivor-kevin": (-20.0, -25.0)})
    data = replace(data, zombies=tuple(replace(z, standing=False) if z.id == "zombie-08" else z
                                       for z in data.zombies))
    bridge.engine.state = replace(state, data=data)
    bridge.show([])
    assert not disagreements(bridge)
    assert bot_safety.bombs(bridge.engine.state, "A") == {"zombie-08": ["survivor-kevin"]}
    action = bot_act.act(bot, legal(bridge))
    assert action == Move()
    aim = bot.planned.aim
    outcome, end = simulate(bridge.session, sid, "movement_disc", aim)
    assert outcome.clean
    assert NEXT_TO[0] <= float(np.linalg.norm(end - bot.xy("zombie-08"))) <= NEXT_TO[1] + 0.5
    bridge.decide(Move())
    bot.planned = None
    bridge.physics(aim)
    assert not disagreements(bridge)
    kill = bot_act.act(bot, legal(bridge))
    assert isinstance(kill, ShortDistanceKill) and kill.zombie == "zombie-08"
    bridge.decide(kill)
    assert next(z for z in bridge.engine.state.data.zombies if z.id == "zombie-08").where == "bin"
    assert not disagreements(bridge)


def test_USING_A_BASEBALL_BAT_against_a_zombie_the_bat_attacks_at_once():
    """USING A BASEBALL BAT: wait (a fight card: 5 WALK of 8.8 cm, 2 ATTACK) or attack. From the
    start gap (82 cm) 5 WALK cards bring the zombie to 38 cm, never to 35 where the bots attacked,
    so a bat that waited lost every fight. The bots' aim at the start gap, flicked in the arena on
    the real table, fells the zombie: they attack at once (and pick the bat before a knife)."""
    bridge, _, sid = acting(5, "Kevin")
    spec = {"gap": 82.0, "opponents": "zombie-01", "side": sid, "attacker": sid, "weapon": "bat"}
    plan = plan_fight(bridge.city, spec)
    outcome = run_flick(bridge.city, arena_flick(bridge.city, spec, plan.aim), cap_s=2 * CAP_S).outcome
    assert "zombie-01" in outcome.fell
    state = bridge.engine.state
    zombie = replace(state, flow=replace(state.flow, fight=Fight("zombie", "school", (sid,), ("zombie-01",))))
    assert pick_fight(zombie, [BatTurn(True), BatTurn(False)]) == BatTurn(True)
    assert pick_fight(zombie, [FightWith(sid, "knife"), FightWith(sid, "bat")]) == FightWith(sid, "bat")
    assert pick_fight(zombie, [FightWith(sid, "bat"), FightWith(sid, "gun")]) == FightWith(sid, "gun")
    rival = replace(state, flow=replace(state.flow, fight=Fight("survivor", "school", (sid,), ("survivor-x",))))
    assert pick_fight(rival, [BatTurn(True), BatTurn(False)]) == BatTurn(False)
