"""Co-op bots that carry goods home across a crowded city (issue 11: S2 They're Everywhere!, S4
Starvation), each through the real table: a move aims for the landing that leaves the least way
to go, anywhere a straight lane reaches (not only points of the way itself); S4's breach walk
only heads for spots where a disc fits."""
from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from feltbox.game.flickem.bot_aim import breach_spots, plan_move, simulate
from feltbox.game.flickem.bot_paths import DISC_R, Clearance, Field, door_waypoints
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


def test_MOVE_a_carrier_aims_for_the_landing_that_leaves_the_least_way_not_the_farthest_point_of_the_way():
    """S4 seed 3 (transcript): John left the grocery store at (5.4, 18.8) with 2 food for the RV,
    whose door faces west at (30.5, 2). The pickup truck (10, 20) shuts the street north of it, so
    the way goes round it to the south-west and zig-zags between barrel-1, lamp-3 and the zombies:
    the farthest point of the way a straight lane reaches left 55 cm to go (10 cm of progress a
    move; 6 moves later he had not arrived). Any open spot of the map a straight lane reaches is
    a landing: the best one leaves less way than every lane-reached point of the way itself, and
    the move planned through Bullet lands there, clean, with more progress than that point gives."""
    bridge, sid = standing(4, "John", (5.4, 18.8))
    here = np.array([5.4, 18.8])
    clear = Clearance(bridge.session, ignore={sid})
    field = Field(clear, door_waypoints(bridge.city, "rv", clear))
    before = field.cost_near(here)
    way = [p for p in field.path(here) if 3.0 < float(np.linalg.norm(p - here)) <= 60.0]
    lanes = clear.free_many(np.repeat(here[None, :], len(way), axis=0), np.array(way))
    on_way = min(field.cost(p) for p, ok in zip(way, lanes, strict=True) if ok)
    landings = field.along(here, clear)
    assert landings and field.cost(landings[0]) < on_way - 1.0
    assert clear.free_many(here[None, :], landings[0][None, :])[0] and clear.gap(landings[0])[0] > DISC_R
    plan = plan_move(bridge.session, sid, np.array([30.5, 2.0]), "rv", rng=None)
    outcome, end = simulate(bridge.session, sid, "movement_disc", plan.aim)
    assert outcome.clean
    assert before - field.cost_near(end) > before - on_way


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
