"""S4 BARRICADES on the real table: the S4 city's barricades measured against the Grocery store's
entrance (game/table/barricades.py), and discs flicked into them through the bridge."""
from __future__ import annotations

from dataclasses import replace

import pytest

from feltbox.game.flickem.bridge import FlickemBridge, setup_from_city
from feltbox.game.table.barricades import blocking, entrance_quad
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
    city = build_city(load_flickem(4))
    assert setup_from_city(city).barricades == BOTH
    poses = city.poses.copy()
    b = city.index("barricade-2")
    poses[b] = rest_pose(city.bodies[b], 15.0, 28.4, -90.0)           # slid clear of the door sideways
    assert blocking(city, poses, city.present) == {"grocery_store": ["barricade-1"]}
    poses[b] = rest_pose(city.bodies[b], 3.2, 22.0, -90.0)            # a disc's width clear in front
    assert blocking(city, poses, city.present) == {"grocery_store": ["barricade-1"]}
    quad = entrance_quad(city.buildings["grocery_store"])
    assert quad[:, 0].min() == pytest.approx(-7.0) and quad[:, 1].min() == pytest.approx(26.5)


def test_S4_BARRICADES_a_disc_flicked_straight_into_a_barricade_leaves_it_blocking_and_is_LOUD():
    bridge, survivor = _bridge_with_survivor_at(3.2, 14.0)
    start = bridge.session.poses[bridge.city.index(survivor)].copy()
    bridge.decide(Move())
    events = bridge.physics(Aim(90.0, 0.3))
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
    bridge, survivor = _bridge_with_survivor_at(2.0, 23.0)
    one, two = bridge.city.index("barricade-1"), bridge.city.index("barricade-2")
    bridge.session.present[one] = False                              # already removed earlier
    bridge.session.poses[two] = rest_pose(bridge.city.bodies[two], 10.0, 28.4, -90.0)   # 1 cm still in
    bridge.engine.state = replace(bridge.engine.state, data=replace(bridge.engine.state.data, barricades=BOTH[1:]))
    assert blocking(bridge.city, bridge.session.poses, bridge.session.present) == {"grocery_store": ["barricade-2"]}
    bridge.decide(Move())
    events = bridge.physics(Aim(30.0, 0.3))
    kinds = [e.kind for e in events]
    assert kinds[0] == "move failed" and "barricade removed" in kinds and "barricades cleared" in kinds
    assert bridge.engine.state.data.barricades == ()
    assert bridge.engine.state.data.survivor(survivor).where == "grocery_store"
    assert bridge.session.inside[survivor] == "grocery_store" and not bridge.session.present[two]


@pytest.mark.parametrize("action, aim, weapon", [(Move(), Aim(-90.0, 0.5), "movement_disc"),
                                                 (UseWeapon("gun"), Aim(-80.0, 0.5), "bullet")])
def test_S4_BARRICADES_EXCEPTION_knocked_out_from_inside_the_building_they_are_put_back(action, aim, weapon):
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
    assert put_back == ["barricade-1", "barricade-2"] and "barricade removed" not in [e.kind for e in events]
    state = bridge.engine.state
    assert state.data.barricades == BOTH and max(state.flow.noises) == 2
    assert state.data.survivor(survivor).where == "grocery_store" == bridge.session.inside[survivor]
    for b in ("barricade-1", "barricade-2"):
        i = bridge.city.index(b)
        assert bridge.session.present[i] and bridge.session.poses[i].tobytes() == bridge.city.poses[i].tobytes()
