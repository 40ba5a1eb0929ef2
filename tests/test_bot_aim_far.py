"""Longer moves on the real table (issue 11, S2 "They're Everywhere!": the survivors walked in
15 cm hops; bot_far.py)."""
from __future__ import annotations

import numpy as np
import pytest

from feltbox.game.flickem.bot import Bot
from feltbox.game.flickem.bot_aim import plan_move, sees_door
from feltbox.game.flickem.bridge import FlickemBridge
from feltbox.game.table.city import rest_pose
from feltbox.scenes.loader import load_flickem

pytestmark = pytest.mark.physics


def test_MOVE_a_survivor_slides_past_the_corner_to_a_spot_facing_the_school_door():
    """MOVE: S2's house city, John alone in the street at (0, 16) between the hospital's block
    (north) and the middle blocks, heading for the school (door at (-27, 30.5), facing south).
    The way along the street goes north-west round the block corner at about (-10, 20): a straight
    lane along it ends there, 13 cm away (main's planner: a 13.5 cm hop to (-12, 22)). South-west
    the street is open: a straight 31 cm slide at bearing ~212 degrees passes between the middle
    blocks and stops at about (-26, 0), on the school's door line 30 cm before it, from where the
    way in is one straight flick. That move lands clean on the real table (the careful planner
    took it only because most of its flicks shaken by a finger's noise landed clean too)."""
    bridge = FlickemBridge(load_flickem(2), 1)
    session, sid = bridge.session, "survivor-john"
    i = bridge.city.index(sid)
    session.poses[i] = rest_pose(bridge.city.bodies[i], 0.0, 16.0, 0.0)
    bot = Bot(bridge)
    plan = plan_move(session, sid, np.array(bot.doors["school"]), "school", bot.zombie_spots(), careful=True)
    outcome = session.flick(sid, "movement_disc", plan.aim)
    end = session.poses[i, :2].astype(float)
    assert outcome.clean and session.inside.get(sid) is None
    assert float(np.linalg.norm(end - np.array([0.0, 16.0]))) > 25.0          # main: 13.5 cm
    assert end[1] < 5.0 and abs(end[0] + 27.0) < 6.0                         # on the door's line, south of it
    assert sees_door(bridge.city, "school", end)
