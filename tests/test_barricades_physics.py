"""S4 BARRICADES on the real table: the S4 city's barricades measured against the Grocery store's
entrance (game/table/barricades.py), and discs flicked into them through the bridge."""
from __future__ import annotations

from dataclasses import replace

import pytest

from feltbox.game.flickem.bridge import FlickemBridge, setup_from_city
from feltbox.game.table.barricades import blocking, entrance_quad, footprint
from feltbox.game.table.city import build_city, rest_pose
from feltbox.game.table.flick import Aim
from feltbox.rules.flickem.flow import Move, UseWeapon
from feltbox.scenes.loader import load_flickem

pytestmark = pytest.mark.physics
BOTH = (("barricade-1", "grocery_store"), ("barricade-2", "grocery_store"))


def _bridge_with_survivor_at(x: float, y: float) -> tuple[FlickemBridge, str]:
    bridge = FlickemBridge(load_flickem(4), seed=1)
    choice = bridge.engine.game.legal_actions(bridge.engine.state)[0]
    bridge.decide(choice)
    i = bridge.city.index(choice.survivor)
    bridge.session.poses[i] = rest_pose(bridge.city.bodies[i], x, y, 90.0)
    state = bridge.engine.state                   # one truth: the rules know where it was put
    bridge.engine.state = replace(state, data=state.data.with_positions({choice.survivor: (x, y)}))
    return bridge, choice.survivor


def test_S4_BARRICADES_the_set_up_barricades_block_the_grocery_store_entrance():
    """The entrance is the space between the support blocks (inner edges 7 cm either side of the
    door's middle, x 0), from the blocks' backs (y 41.5) to the door line (y 36 - 11 / 2 = 30.5).
    Each barricade stands against the door line at y 30.1 + 0.06 (its rest point): the fence
    (0.6 cm thick) ends at y 30.46, in front of the door; its feet (2 cm deep) reach y 31.16, 0.66 cm
    into the gap, so both block. Slid 15 cm sideways, or standing at y 28.4 (feet up to 29.46, a
    cm in front of the door line), barricade-2 no longer blocks."""
    city = build_city(load_flickem(4))
    assert setup_from_city(city).barricades == BOTH
    quad = entrance_quad(city.buildings["grocery_store"])
    assert quad[:, 0].min() == pytest.approx(-7.0) and quad[:, 0].max() == pytest.approx(7.0)
    assert quad[:, 1].min() == pytest.approx(30.5) and quad[:, 1].max() == pytest.approx(41.5)
    b = city.index("barricade-2")
    assert footprint(city, city.poses, b)[:, 1].max() == pytest.approx(31.16, abs=0.02)
    poses = city.poses.copy()
    poses[b] = rest_pose(city.bodies[b], 15.0, 30.1, -90.0)           # slid clear of the door sideways
    assert blocking(city, poses, city.present) == {"grocery_store": ["barricade-1"]}
    poses[b] = rest_pose(city.bodies[b], 3.2, 28.4, -90.0)            # a cm in front of the door line
    assert blocking(city, poses, city.present) == {"grocery_store": ["barricade-1"]}


def test_S4_BARRICADES_a_disc_flicked_straight_into_a_barricade_leaves_it_blocking_and_is_LOUD():
    bridge, survivor = _bridge_with_survivor_at(3.2, 14.0)
    start = bridge.session.poses[bridge.city.index(survivor)].copy()
    bridge.decide(Move())
    # a gentle straight push (0.2): the fence stops against the building's face, still in the gap
    # (harder straight pushes sometimes knock it sideways out of the gap: 0.22 and 0.3 did, with
    # the discs' doubled tipping inertia)
    events = bridge.physics(Aim(90.0, 0.2))
    kinds = [e.kind for e in events]
    assert kinds[0] == "move failed" and "barricade touched" in kinds and "barricade removed" not in kinds
    state = bridge.engine.state
    assert state.data.barricades == BOTH and max(state.flow.noises) == 2
    assert state.data.survivor(survivor).where == "city"
    for b in ("barricade-1", "barricade-2"):                         # the failed move put it all back
        i = bridge.city.index(b)
        assert bridge.session.present[i] and bridge.session.poses[i].tobytes() == bridge.city.poses[i].tobytes()
    assert bridge.session.poses[bridge.city.index(survivor)].tobytes() == start.tobytes()


def test_S4_BARRICADES_a_disc_knocking_the_last_barricade_out_enters_the_grocery_store():
    """A real flick removes the last barricade. Barricade-1 already removed; barricade-2 stands as
    set up (x -0.8..7.2, feet 0.66 cm into the gap). From (-12, 20) the disc is flicked at
    bearing 41.6 degrees (8 degrees left of barricade-2's centre, which lies at 33.6), power 0.632
    (about 63 cm of slide: the 18 cm to the barricade and 45 cm more). It strikes the fence's left
    half at a slant from the lower left: the push has a +x part (along the fence) and a +y part
    (into the door), the fence stops against the building's face and slides and turns to the right,
    and its feet leave the gap; the disc, deflected, goes on under the building between the blocks.
    The last barricade is removed by a movement disc, so the survivor enters (BARRICADES), although
    the disc touched it (LOUD) and so the move itself failed."""
    bridge, survivor = _bridge_with_survivor_at(-12.0, 20.0)
    two = bridge.city.index("barricade-2")
    bridge.session.present[bridge.city.index("barricade-1")] = False     # already removed earlier
    bridge.engine.state = replace(bridge.engine.state, data=replace(bridge.engine.state.data, barricades=BOTH[1:]))
    assert blocking(bridge.city, bridge.session.poses, bridge.session.present) == {"grocery_store": ["barricade-2"]}
    bridge.decide(Move())
    events = bridge.physics(Aim(41.6, 0.632))
    kinds = [e.kind for e in events]
    assert kinds[0] == "move failed" and "barricade removed" in kinds and "barricades cleared" in kinds
    assert bridge.engine.state.data.barricades == () and max(bridge.engine.state.flow.noises) == 2
    assert bridge.engine.state.data.survivor(survivor).where == "grocery_store"
    assert bridge.session.inside[survivor] == "grocery_store" and not bridge.session.present[two]


@pytest.mark.parametrize("action, aim, weapon, out", [
    (Move(), Aim(-90.0, 0.5), "movement_disc", ["barricade-1", "barricade-2"]),   # straight out: both
    (UseWeapon("gun"), Aim(-80.0, 0.5), "bullet", ["barricade-2"])])              # 10 degrees right: one
def test_S4_BARRICADES_EXCEPTION_knocked_out_from_inside_the_building_they_are_put_back(action, aim, weapon, out):
    """Out through the door from behind the Grocery store, a disc (a bullet) knocks the barricades
    out of the entrance on the table; that does not count (house reading: behind the door line),
    so they go back where they stood."""
    bridge = FlickemBridge(load_flickem(4), seed=1)
    choice = bridge.engine.game.legal_actions(bridge.engine.state)[0]
    bridge.decide(choice)
    survivor, data = choice.survivor, bridge.engine.state.data
    bridge.engine.state = replace(bridge.engine.state, data=data.with_survivor(
        replace(data.survivor(survivor), where="grocery_store")))
    bridge.effects.onto_block(survivor, "grocery_store")
    bridge.decide(action)
    events = bridge.physics(aim)
    assert dict(bridge.engine.history[-1].before.flow.request)["weapon"] == weapon
    put_back = [e.data["barricade"] for e in events if e.kind == "barricade put back"]
    assert put_back == out and "barricade removed" not in [e.kind for e in events]
    state = bridge.engine.state
    assert state.data.barricades == BOTH and max(state.flow.noises) == 2
    assert state.data.survivor(survivor).where == "grocery_store" == bridge.session.inside[survivor]
    for b in ("barricade-1", "barricade-2"):       # put back where it stood; one still blocking stays
        i = bridge.city.index(b)
        assert bridge.session.present[i]
        assert (bridge.session.poses[i].tobytes() == bridge.city.poses[i].tobytes()) == (b in out)
