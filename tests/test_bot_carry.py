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
