"""Co-op bots of S4 Starvation (issue 11), through the real table: the breach walk heads only for
spots where a disc fits."""
from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from feltbox.game.flickem.bot_aim import breach_spots
from feltbox.game.flickem.bot_paths import DISC_R, Clearance
from feltbox.game.flickem.bridge import FlickemBridge
from feltbox.scenes.loader import load_flickem

pytestmark = pytest.mark.physics


def standing(number: int, name: str, at: tuple[float, float]):
    """A bridge on scenario ``number`` with survivor ``name`` moved to ``at`` (rules and table)."""
    bridge = FlickemBridge(load_flickem(number), 1)
    sid = f"survivor-{name.lower()}"
    state = bridge.engine.state
    bridge.engine.state = replace(state, data=state.data.with_positions({sid: at}))
    bridge.session.poses[bridge.city.index(sid), :2] = at
    return bridge, sid


def test_S4_BARRICADES_the_breach_walk_heads_only_for_spots_where_a_disc_fits():
    """S4: the pickup truck (10, 20), barrel-1 (0.3, 11.5) and the zombies stand on some of the
    spots ahead of the grocery store's door from which glancing flicks knock barricades out. A
    walk toward a spot under the truck never got closer (S4 seeds 1 and 3: John went back and
    forth beside it for 3 rounds); only spots where a disc fits are walked to."""
    bridge, sid = standing(4, "John", (14.0, 14.0))
    clear = Clearance(bridge.session, ignore={sid})
    every = breach_spots(bridge.city, "grocery_store")
    free = breach_spots(bridge.city, "grocery_store", clear)
    under_truck = np.array([12.0, 20.0])             # 10.5 ahead of the door line, 12 to the side
    assert any(float(np.linalg.norm(p - under_truck)) < 0.5 for p in every)
    assert free and all(float(np.linalg.norm(p - under_truck)) > 0.5 for p in free)
    assert all(clear.gap(p)[0] > DISC_R + 1.0 for p in free)


def test_FIGHT_a_survivor_at_its_last_life_leaves_out_a_building_a_zombie_holds():
    """FIGHT: SURVIVOR VS ZOMBIE: going into a building a zombie holds is a fight, and zombies that
    got in never leave. S2 needs all 4 tokens; one zombie in the school, whose token is the last
    one still out (the other three in the RV): John with 3 lives goes for it, John at his last life
    does not (a lost fight round would kill him: S3 seed 2, Olivia at 1 life went into the RV where
    the zombie that had just killed Thomas stood, and died there)."""
    from feltbox.game.flickem import bot_act
    from feltbox.game.flickem.bot import Bot
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
