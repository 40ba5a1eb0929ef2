"""Co-op bots that carry goods home (issue 11: S2 They're Everywhere!, S4 Starvation), through the
real rules and table: a survivor at its last life leaves out a building a zombie holds."""
from __future__ import annotations

from dataclasses import replace

import pytest

from feltbox.game.flickem import bot_act
from feltbox.game.flickem.bot import Bot
from feltbox.game.flickem.bridge import FlickemBridge
from feltbox.scenes.loader import load_flickem

pytestmark = pytest.mark.physics


def test_FIGHT_a_survivor_at_its_last_life_leaves_out_a_building_a_zombie_holds():
    """FIGHT: SURVIVOR VS ZOMBIE: going into a building a zombie holds is a fight, and zombies that
    got in never leave. S2 needs all 4 tokens; one zombie in the school, whose token is the last
    one still out (the other three in the RV): John with 3 lives goes for it, John at his last life
    does not (a lost fight round would kill him: S3 seed 2, Olivia at 1 life went into the RV where
    the zombie that had just killed Thomas stood, and died there)."""
    bridge = FlickemBridge(load_flickem(2), 1)
    sid = "survivor-john"
    state = bridge.engine.state
    data = state.data
    school = next(t for t in data.tokens if t.where == "school")
    one = sorted(z.id for z in data.zombies if z.where == "city")[0]
    data = replace(data, zombies=tuple(replace(z, where="school") if z.id == one else z for z in data.zombies))
    for t in data.tokens:
        if t.id != school.id:
            data = data.with_token(replace(t, where="rv", face="up"))
    bridge.engine.state = replace(state, data=data)
    bot = Bot(bridge)
    assert bot_act.goal_for(bot, sid, remember=False).building == "school"
    bridge.engine.state = replace(state, data=data.with_survivor(replace(data.survivor(sid), life=1)))
    assert bot_act.goal_for(bot, sid, remember=False).building != "school"


def test_S4_a_carrier_leaves_the_Grocery_store_only_with_a_move_to_follow():
    """S4 STARVATION, TOO CLOSE!, END OF THE ROUND (stand all zombies, then the horde): the street
    before the Grocery store's door is where the zombies gather (rushes run at the survivors there),
    so a carrier that steps out with its last action stands there through the round's end (S4 seed
    1: Lily, at her last life, died so). Lily holds 2 food in the open store: with 1 action left she
    stays in (silent), with 2 she goes out through the door on the real table (the move's second
    action follows), and in her last turn she goes out with her last action too."""
    from feltbox.game.flickem.bot_aim import simulate
    from feltbox.game.flickem.effects import follow_rules
    from feltbox.rules.flickem.flow import EndTurn, Move
    from feltbox.rules.flickem.state import Waiting
    bridge = FlickemBridge(load_flickem(4), 1)
    sid, state = "survivor-lily", bridge.engine.state
    food = [t for t in state.data.tokens if t.kind == "food"][:2]
    data = replace(state.data, barricades=())
    for t in food:
        data = data.with_token(replace(t, where=sid))
    data = data.with_survivor(replace(data.survivor(sid), where="grocery_store", inventory=tuple(t.id for t in food)))
    for i, body in enumerate(bridge.city.bodies):
        if "barricade" in body.model.tags:
            bridge.session.present[i] = False
    bot = Bot(bridge)

    def act(actions: int, marker: int = 6):
        flow = replace(state.flow, active=sid, waiting=Waiting.ACT, actions_left=actions, round_marker=marker)
        bridge.engine.state = replace(state, data=data, flow=flow)
        follow_rules(bridge.effects, bridge.engine.state, [])
        return bot_act.act(bot, bridge.engine.game.legal_actions(bridge.engine.state))
    assert act(1) == EndTurn()
    assert act(2) == Move()
    outcome, _ = simulate(bridge.session, sid, "movement_disc", bot.planned.aim)
    assert outcome.exited == "grocery_store"
    assert act(1, marker=1) == Move()
