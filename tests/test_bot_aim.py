"""Bot aims on the real table: a door-aimed move goes into the building, a move from inside goes
out through the door, and an eject lands the loser in the city."""
from __future__ import annotations

import numpy as np
import pytest

from feltbox.game.flickem.bot import Bot
from feltbox.game.flickem.bot_aim import in_front, plan_move
from feltbox.game.flickem.bot_shots import plan_eject
from feltbox.game.flickem.bridge import FlickemBridge
from feltbox.scenes.loader import load_flickem

pytestmark = pytest.mark.physics


def test_move_into_a_building_and_out_again():
    bridge = FlickemBridge(load_flickem(4), 0)
    bot, session = Bot(bridge), bridge.session
    john = "survivor-john"
    assert in_front(bridge.city, "hospital", session.poses[bridge.city.index(john), :2])
    plan = plan_move(session, john, np.array(bot.doors["hospital"]), "hospital", bot.zombie_spots())
    assert plan.score > 400.0
    outcome = session.flick(john, "movement_disc", plan.aim)
    assert outcome.entered == "hospital" and session.inside[john] == "hospital"
    out = plan_move(session, john, np.array(bot.doors["school"]), "school", bot.zombie_spots())
    assert out.score > -900.0
    assert session.flick(john, "movement_disc", out.aim).exited == "hospital"


def test_eject_lands_the_loser_out_of_the_door_in_the_city():
    bridge = FlickemBridge(load_flickem(6), 0)
    sid = bridge.setup.survivors[0].id
    plan = plan_eject(bridge.session, {"survivor": sid, "building": "school"})
    outcome = bridge.session.eject(sid, "school", plan.aim)
    assert sid not in outcome.left_city and plan.score > 10.0
