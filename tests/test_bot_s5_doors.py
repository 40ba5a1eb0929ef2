"""S5 SEPARATED, the way to a door (issue 11): the way ends at any door waypoint (a spot in front
of the door from which a straight slide goes in clear), each charged LONG_ENTRY cm a cm of its
entry flick, and out to 60 cm and 35 degrees aside where the street is clear
(bot_paths.door_field). Measured on seeds 1-20 and 21-40: docs/bots.md "Stop 38"."""
from __future__ import annotations

import numpy as np
import pytest

from feltbox.game.flickem.bot_aim import ENTERED, plan_move
from feltbox.game.flickem.bot_paths import LONG_ENTRY, Clearance, door_field, door_waypoints, inside_point
from tests.test_bot_coop import acting
from tests.test_bot_s5_risk import placed

pytestmark = pytest.mark.physics


def _clear_street(bridge):
    """Every zombie of the city moved to the south-west corner, out of the way."""
    zombies = [z.id for z in bridge.engine.state.data.zombies if z.where == "city"]
    placed(bridge, {z: (-42.0 + 3.0 * (n % 4), -42.0 + 3.0 * (n // 4)) for n, z in enumerate(zombies)})


def test_MOVE_S5_door_waypoints_are_charged_by_their_entry_flick_and_the_farthest_goes_in():
    """The RV (36, 2) faces west; its door waypoints run out to (6.5, -4), 30 cm from the spot
    inside (a lamp and the vehicles close the street farther out). The far field charges each
    0.3 cm a cm of its entry (14.5 cm: 4.35 cm of way; 30.1 cm: 9.03 cm), the plain one nothing,
    so a move ends at the nearer waypoint unless the farther one saves more way than its longer
    entry costs. From the farthest, one real flick goes in."""
    bridge, bot, sid = acting(5, "Thomas")
    _clear_street(bridge)
    city, session = bridge.city, bridge.session
    clear = Clearance(session, ignore={sid})
    entry = inside_point(city, "rv")
    points = door_waypoints(city, "rv", clear, far=True)
    plain, charged = door_field(city, "rv", clear), door_field(city, "rv", clear, far=True)
    spans = [float(np.linalg.norm(w - entry)) for w in points]
    assert len(points) >= 5 and max(spans) > 25.0
    for w, span in zip(points, spans):
        assert plain.cost(w) <= 2.0 * plain.STEP                  # a goal (or one cell off it)
        assert charged.cost(w) == pytest.approx(LONG_ENTRY * span, abs=0.01)
    farthest = points[int(np.argmax(spans))]
    i = city.index(sid)
    session.poses[i, :2] = farthest
    plan = plan_move(session, sid, np.array(bot.doors["rv"]), "rv", bot.zombie_spots(), careful=True, far_door=True)
    assert plan.score >= ENTERED - 100.0
    outcome = session.flick(sid, "movement_disc", plan.aim)
    assert outcome.entered == "rv"


def test_MOVE_only_S5_charges_the_door_waypoints():
    """Elsewhere (S2 here) the way to a door is as before: none of its waypoints lies farther
    than 40 cm out in front of the door, and the bot's way to the RV from each is nothing but
    the two cells round it (Field.cost_near: 2 x 2 cm); in S5 the way from the farthest adds
    its entry's charge."""
    bridge, bot, sid = acting(2, "John")
    city = bridge.city
    points = door_waypoints(city, "rv", Clearance(bridge.session))
    g = city.buildings["rv"]
    assert points and all(g.to_local(w)[0][0] - g.door_x <= 40.0 + 1e-6 for w in points)
    assert all(bot.travel("rv", w) == pytest.approx(4.0) for w in points)
    bridge, bot, sid = acting(5, "Thomas")
    _clear_street(bridge)
    points = door_waypoints(bridge.city, "rv", Clearance(bridge.session), far=True)
    farthest = max(points, key=lambda w: float(np.linalg.norm(w - inside_point(bridge.city, "rv"))))
    assert bot.travel("rv", farthest) > 4.0 + 5.0
