"""S4 STARVATION bots (issue 11, branch s4won): a move is scored by the zombies' reaction it ends
in (ZOMBIES' REACTION!: a QUIET reaction rushes the closest zombie at the mover when it stands;
the round's end stands every fallen zombie: TOO CLOSE!). In S4 each such life is a survivor lost
at the second meal (hunger takes the other two), so it is weighed WORTH times S5's."""
from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from feltbox.game.flickem import bot_act, bot_s4, bot_safety
from feltbox.game.flickem.agreement import disagreements
from feltbox.game.flickem.bot import Bot
from feltbox.game.flickem.bot_aim import simulate
from feltbox.game.flickem.effects import follow_rules
from feltbox.rules.flickem.flow import EndTurn, Move, TakeDrop
from tests.test_bot_coop import acting, legal
from tests.test_bot_s5_risk import last_move_lands_away, placed


def test_ZOMBIES_REACTION_S4_a_life_is_weighed_twice_and_the_first_move_at_half():
    """risk_s4 is reaction_risk times WORTH (2) on the turn's last action, times WORTH * FIRST
    (1) on the first; other scenarios get None (their own weighing, or none)."""
    bridge, _, sid = acting(4, "John")
    here = np.array((25.2, -19.2))
    placed(bridge, {"zombie-06": (25.2, -9.2)})          # standing, 10 cm: rushed next to him
    state = bridge.engine.state
    life = bot_safety.reaction_risk(state, sid, here)
    assert life == pytest.approx(bot_safety.LIFE, abs=0.5)
    assert bot_s4.risk_s4(state, sid)(here) == pytest.approx(life)          # 2 actions left: FIRST
    last = replace(state, flow=replace(state.flow, actions_left=1))
    assert bot_s4.risk_s4(last, sid)(here) == pytest.approx(2.0 * life)
    assert bot_s4.risk_s4(replace(state, scenario=2), sid) is None


@pytest.mark.physics
def test_MOVE_S4_the_last_move_of_a_turn_lands_away_from_the_coming_rush():
    """John at his start (25.2, -19.2) with his last action, heading for the Grocery store;
    zombie-06 stands at (26, -2), the other zombies where the scenario sets them. The move the
    way alone picks (main) lands at (26.0, -14.0), 12 cm from zombie-06: its QUIET rush lands it
    next to him (from 7-13 cm a rushed zombie landed 1-6 cm off, bot_safety.RUSH_REACH) and the
    round's end stands it: TOO CLOSE!, a life, which hunger turns into a death at the second meal.
    Weighed by the reaction, his move (a clean flick on the real table) ends with every zombie
    16 cm away or more, its reaction costing under a third of a life."""
    last_move_lands_away(4, "John", (26.0, -2.0), building="grocery_store")


def _open_store(bridge, inside: str):
    """The Grocery store's barricades gone (rules and table) and ``inside`` standing in it."""
    state = bridge.engine.state
    data = replace(state.data, barricades=())
    data = data.with_survivor(replace(data.survivor(inside), where="grocery_store"))
    for i, body in enumerate(bridge.city.bodies):
        if "barricade" in body.model.tags:
            bridge.session.present[i] = False
    bridge.engine.state = replace(state, data=data)


@pytest.mark.physics
def test_ZOMBIES_ENTERING_A_BUILDING_S4_the_store_door_zombie_is_killed_before_going_in():
    """The store open, Rosa inside on its east support block (9.5, 36); zombie-06 stands at (4, 22),
    15 cm from it: the closest standing zombie, so the QUIET reaction to a turn ending in the
    store rushes it in, and a rush into the store knocks over the figures on its blocks (main,
    seed 3: John went in, zombie-03 was rushed in, Elijah, Rosa and John fell, 3 dead; seed 2:
    Elijah and Loretta so). Loretta (a bat) at (-12, 20) heads for the store: she first lands next
    to zombie-06 (a clean flick on the real table) to kill it at short distance next action."""
    from feltbox.game.flickem.bot_s5 import door_zombie
    from feltbox.game.flickem.bot_turns import NEXT_TO
    from feltbox.game.flickem.effects import follow_rules
    bridge, bot, sid = acting(4, "Loretta", at=(-12.0, 20.0))
    _open_store(bridge, "survivor-rosa")
    placed(bridge, {"zombie-06": (4.0, 22.0)})
    follow_rules(bridge.effects, bridge.engine.state, [])
    assert not disagreements(bridge)
    assert door_zombie(bot, "grocery_store") == "zombie-06"
    assert bot_act.act(bot, legal(bridge)) == Move()
    assert bot.goals[sid].building == "grocery_store"
    outcome, end = simulate(bridge.session, sid, "movement_disc", bot.planned.aim)
    assert outcome.clean and outcome.entered is None
    assert NEXT_TO[0] <= float(np.linalg.norm(end - bot.xy("zombie-06"))) <= NEXT_TO[1] + 0.5


def _carrying(bridge, sid: str, life: int, marker: int, food: int) -> str:
    """``sid`` at ``life`` lives holding ``food`` of the store's food, the round marker at ``marker``."""
    state = bridge.engine.state
    tokens = [t for t in state.data.tokens if t.kind == "food"][:food]
    data = state.data
    for t in tokens:
        data = data.with_token(replace(t, where=sid, face="up"))
        bridge.session.present[bridge.city.index(t.id)] = False
    data = data.with_survivor(replace(data.survivor(sid), life=life, inventory=tuple(t.id for t in tokens)))
    bridge.engine.state = replace(state, data=data, flow=replace(state.flow, round_marker=marker))
    return tokens[0].id if tokens else ""


@pytest.mark.physics
def test_S4_SPECIAL_RULE_a_carrier_the_next_meal_kills_leaves_its_food_in_the_store_for_a_teammate():
    """Round 4 (marker 3): the group goes hungry when the marker reaches 2, at this round's end
    (the 4 food all go to the RV). Elijah, in the open store at his last life, holds a food: he
    has 2 actions before that meal, and the RV is 2 (out of the store 30 cm, one more flick to
    the RV's door 41 cm from the store's) plus 1 to drop it away, so he cannot bring it there.
    He drops it on the store's block (TAKE / DROP OFF) instead of dying with it in the street;
    the rules and the table agree that it lies in the store. At 2 lives he outlives that meal
    (a single one is left) and keeps it."""
    bridge, bot, sid = acting(4, "Elijah")
    _open_store(bridge, sid)
    food = _carrying(bridge, sid, life=1, marker=3, food=1)
    follow_rules(bridge.effects, bridge.engine.state, [])
    assert bot_s4.meal_deadline(bridge.engine.state, sid) == 2
    action = bot_act.act(bot, legal(bridge))
    assert action == TakeDrop(drop=food)
    bridge.decide(action)
    assert bridge.engine.state.data.token(food).where == "grocery_store"
    assert not disagreements(bridge)
    healthy, _, _ = acting(4, "Elijah")
    _open_store(healthy, sid)
    _carrying(healthy, sid, life=2, marker=3, food=1)
    assert bot_s4.meal_deadline(healthy.engine.state, sid) is None
    goal = bot_act.goal_for(Bot(healthy), sid)
    assert not goal.drop and "food" in goal.take         # he keeps it and takes a second first


def test_S4_SPECIAL_RULE_a_survivor_the_meals_kill_first_takes_no_food_it_could_not_bring_home():
    """Round 4 (marker 3), Lily in the store with 1 life: the meal at this round's end kills her
    (2 actions left); a take, the way out and to the RV and the drop need 4, so she leaves the
    food to the others. In round 3 (marker 4) she has 4 actions before it, and takes it; with 2
    lives in round 4 she outlives the last meal and takes it too."""
    bridge, bot, sid = acting(4, "Lily")
    _open_store(bridge, sid)
    _carrying(bridge, sid, life=1, marker=3, food=0)
    assert bot_s4.meal_deadline(bridge.engine.state, sid) == 2
    assert bot_act.goal_for(bot, sid).kind == "hunt"
    _carrying(bridge, sid, life=1, marker=4, food=0)
    assert bot_s4.meal_deadline(bridge.engine.state, sid) == 4
    goal = bot_act.goal_for(bot, sid)
    assert goal.building == "grocery_store" and "food" in goal.take
    _carrying(bridge, sid, life=2, marker=3, food=0)
    goal = bot_act.goal_for(bot, sid)
    assert goal.building == "grocery_store" and "food" in goal.take


def test_LOSING_LIFE_S4_a_survivor_killed_in_its_own_turn_ends_it():
    """A survivor that loses its last life during its own turn (a lost fight round) is removed
    (LOSING LIFE), and the flow still waits for its turn to end. After the last meal (marker 2:
    none ahead) the bot used to look up the meal that kills it with 0 lives and crashed (S4 seed
    17 with a finer street map, stop 37); it ends the turn."""
    bridge, bot, sid = acting(4, "Lily")
    state = bridge.engine.state
    data = state.data.with_survivor(replace(state.data.survivor(sid), life=0, where="dead"))
    bridge.engine.state = replace(state, data=data, flow=replace(state.flow, round_marker=2, actions_left=0))
    assert bot_s4.meal_deadline(bridge.engine.state, sid) is None
    assert bot_act.act(bot, legal(bridge)) == EndTurn()
