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


def _fallen_beside_the_landing(bridge, bot, sid: str):
    """S4 at seed 0: Loretta's move toward the RV, and zombie-01 laid fallen 6 cm to the side of
    where that move lands (rules and table), out of the disc's lane."""
    import numpy as np

    from feltbox.game.flickem.bot_aim import plan_move, simulate
    from feltbox.game.flickem.effects import follow_rules
    session, state = bridge.session, bridge.engine.state
    here, rv = bot.xy(sid), np.array(bot.doors["rv"])
    _, end = simulate(session, sid, "movement_disc", plan_move(session, sid, rv, "rv", bot.zombie_spots()).aim)
    ahead = (end - here) / np.linalg.norm(end - here)
    spot = end + 6.0 * np.array([-ahead[1], ahead[0]])
    data = replace(state.data, zombies=tuple(replace(z, standing=False) if z.id == "zombie-01" else z
                                             for z in state.data.zombies))
    bridge.engine.state = replace(state, data=data.with_positions({"zombie-01": (float(spot[0]), float(spot[1]))}))
    follow_rules(bridge.effects, bridge.engine.state, [])
    return rv


def test_TOO_CLOSE_a_carrier_does_not_end_its_move_beside_a_fallen_zombie():
    """TOO CLOSE!, ZOMBIES' REACTION! (QUIET: the closest zombie, fallen, is stood up): a move that
    ends next to a fallen zombie has its reaction stand that zombie, and the survivor loses a life
    (S4 seed 1 on main: Lily, at her last life, left the Grocery store with a food, landed beside a
    fallen zombie and died). On the real S4 table the move toward the RV that ignores fallen
    zombies lands 6 cm from zombie-01 (next to it: under a disc's width between the figures), and
    the QUIET reaction would stand it next to Loretta; the carrier's move (S4) lands clear."""
    import numpy as np

    from feltbox.game.flickem.bot_aim import plan_move, simulate
    from feltbox.game.flickem.bot_safety import TOO_CLOSE, stood_up
    bridge = FlickemBridge(load_flickem(4), 0)
    bot, session, sid = Bot(bridge), bridge.session, "survivor-loretta"
    rv = _fallen_beside_the_landing(bridge, bot, sid)
    zombie = bot.xy("zombie-01")
    _, old = simulate(session, sid, "movement_disc", plan_move(session, sid, rv, "rv", bot.zombie_spots()).aim)
    assert float(np.linalg.norm(old - zombie)) < TOO_CLOSE
    assert stood_up(bridge.engine.state, sid, old) == {"zombie-01": [sid]}
    spots, danger = bot_act.move_hazards(bot, sid)
    plan = plan_move(session, sid, rv, "rv", spots, danger=danger)
    outcome, new = simulate(session, sid, "movement_disc", plan.aim)
    assert outcome.clean and float(np.linalg.norm(new - zombie)) > TOO_CLOSE
    assert stood_up(bridge.engine.state, sid, new) == {}
    assert float(np.linalg.norm(new - rv)) < float(np.linalg.norm(bot.xy(sid) - rv))     # still on its way


def test_FIGHT_S4_only_a_survivor_with_a_gun_goes_into_a_store_a_zombie_holds():
    """FIGHT: SURVIVOR VS ZOMBIE (S4 NEW RULES: VS): the survivor attacks with a gun or a knife across
    the arena, and every ATTACK card takes a life. The Grocery store open, a zombie in it with the 4
    food: John (a gun) goes for them, Lily (a knife) leaves them to him."""
    bridge = FlickemBridge(load_flickem(4), 1)
    state = bridge.engine.state
    one = sorted(z.id for z in state.data.zombies if z.where == "city")[0]
    data = replace(state.data, barricades=(), zombies=tuple(replace(z, where="grocery_store") if z.id == one else z
                                                             for z in state.data.zombies))
    bridge.engine.state = replace(state, data=data)
    bot = Bot(bridge)
    assert bot_act.goal_for(bot, "survivor-john", remember=False).building == "grocery_store"
    assert bot_act.goal_for(bot, "survivor-lily", remember=False).building != "grocery_store"


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
