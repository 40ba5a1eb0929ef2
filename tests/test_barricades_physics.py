"""S4 BARRICADES on the real table: the S4 city's barricades measured against the Grocery store's
entrance (game/table/barricades.py), and discs flicked into them through the bridge."""
from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from feltbox.game.flickem.bridge import FlickemBridge, setup_from_city
from feltbox.game.table.barricades import blocking, entrance_quad, footprint
from feltbox.game.table.bodies import quat_rotate
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
    """The entrance is the space between the support blocks (inner faces 7 cm either side of the
    door's middle, x 0), from the blocks' backs (y 41.5) to the door line (y 36 - 11 / 2 = 30.5),
    under the building (its underside 2 cm up). Each barricade is a 6.6 x 1.0 x 1.4 cm plank lying
    at y 31.1, x -3.5 and 3.5: x -6.8..-0.2 and 0.2..6.8, y 30.6..31.6, top 1.4 cm, wholly in that
    space and under the building, so both block. Lying in front of the door line (y 29.9: 29.4..30.4)
    or behind the blocks' backs (y 42.1: 41.6..42.6) barricade-2 no longer blocks; half out of the
    back (y 41.5: 41.0..42.0), a portion still occupies the space and it still blocks."""
    city = build_city(load_flickem(4))
    assert setup_from_city(city).barricades == BOTH
    quad = entrance_quad(city.buildings["grocery_store"])
    assert quad[:, 0].min() == pytest.approx(-7.0) and quad[:, 0].max() == pytest.approx(7.0)
    assert quad[:, 1].min() == pytest.approx(30.5) and quad[:, 1].max() == pytest.approx(41.5)
    underside = footprint_z(city, city.index("grocery_store")).min()
    for b, (x0, x1) in (("barricade-1", (-6.8, -0.2)), ("barricade-2", (0.2, 6.8))):
        i = city.index(b)
        shape = footprint(city, city.poses, i)
        assert shape[:, 0].min() == pytest.approx(x0, abs=0.01) and shape[:, 0].max() == pytest.approx(x1, abs=0.01)
        assert shape[:, 1].min() == pytest.approx(30.6, abs=0.01) and shape[:, 1].max() == pytest.approx(31.6, abs=0.01)
        assert footprint_z(city, i).max() == pytest.approx(1.4, abs=0.01)
    assert underside == pytest.approx(2.0, abs=0.05)
    b = city.index("barricade-2")
    poses = city.poses.copy()
    for y, still in ((29.9, ["barricade-1"]), (42.1, ["barricade-1"]), (41.5, ["barricade-1", "barricade-2"])):
        poses[b] = rest_pose(city.bodies[b], 3.5, y, -90.0)
        assert blocking(city, poses, city.present) == {"grocery_store": still}


def footprint_z(city, index: int):
    """World heights of every collision-hull point of body ``index`` at its start pose."""
    pose = city.poses[index]
    points = np.vstack([p.points for p in city.bodies[index].model.collision]).astype(float)
    return quat_rotate(pose[3:7], points)[:, 2] + pose[2]


def test_S4_BARRICADES_a_soft_flick_leaves_both_blocking_and_the_disc_can_not_enter():
    """From (3.5, 14) straight at barricade-2 (bearing 90), power 0.2: the disc leaves at
    245 * sqrt(0.2) = 110 cm/s and slides 14.6 cm to the plank's face (v^2 = 110^2 - 2 * 0.3 * 981 *
    14.6: 58 cm/s). Elastic enough (restitution 0.3), the 6 g plank takes 11.8 * 1.3 / 17.8 of it,
    50 cm/s, and slides 50^2 / 589 = 4 cm: still in the entrance. LOUD, the move fails, all put back."""
    bridge, survivor = _bridge_with_survivor_at(3.5, 14.0)
    start = bridge.session.poses[bridge.city.index(survivor)].copy()
    bridge.decide(Move())
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


def test_S4_BARRICADES_a_hard_flick_removes_one_but_the_other_still_bars_the_door():
    """As above at power 0.45: 147 cm/s at first, 136 at the plank, which takes 117 cm/s and would
    slide 23 cm, twice the 11 cm to the blocks' backs: pushed through under the building and out
    behind it, removed. The disc goes on under the building (on the table it is in), but
    barricade-1 still blocks the entrance: the move fails and the survivor goes back."""
    bridge, survivor = _bridge_with_survivor_at(3.5, 14.0)
    bridge.decide(Move())
    events = bridge.physics(Aim(90.0, 0.45))
    kinds = [e.kind for e in events]
    assert kinds[0] == "move failed" and "barricades cleared" not in kinds
    assert [e.data["barricade"] for e in events if e.kind == "barricade removed"] == ["barricade-2"]
    state = bridge.engine.state
    assert state.data.barricades == BOTH[:1] and max(state.flow.noises) == 2
    assert state.data.survivor(survivor).where == "city" and survivor not in bridge.session.inside
    assert not bridge.session.present[bridge.city.index("barricade-2")]
    assert bridge.session.present[bridge.city.index("barricade-1")]


def test_S4_BARRICADES_a_disc_knocking_the_last_barricade_out_enters_the_grocery_store():
    """Barricade-1 already removed; the same flick (power 0.45 from (3.5, 14)) pushes barricade-2,
    the last one, out behind the building: removed by a movement disc, so the survivor enters
    (BARRICADES), although the disc touched it (LOUD) and so the move itself failed."""
    bridge, survivor = _bridge_with_survivor_at(3.5, 14.0)
    two = bridge.city.index("barricade-2")
    bridge.session.present[bridge.city.index("barricade-1")] = False     # already removed earlier
    bridge.engine.state = replace(bridge.engine.state, data=replace(bridge.engine.state.data, barricades=BOTH[1:]))
    assert blocking(bridge.city, bridge.session.poses, bridge.session.present) == {"grocery_store": ["barricade-2"]}
    bridge.decide(Move())
    events = bridge.physics(Aim(90.0, 0.45))
    kinds = [e.kind for e in events]
    assert kinds[0] == "move failed" and "barricade removed" in kinds and "barricades cleared" in kinds
    assert bridge.engine.state.data.barricades == () and max(bridge.engine.state.flow.noises) == 2
    assert bridge.engine.state.data.survivor(survivor).where == "grocery_store"
    assert bridge.session.inside[survivor] == "grocery_store" and not bridge.session.present[two]


@pytest.mark.parametrize("action, aim, weapon, out, moved", [
    (Move(), Aim(-90.0, 0.5), "movement_disc", ["barricade-1", "barricade-2"], []),   # straight out: both
    (UseWeapon("gun"), Aim(-80.0, 0.5), "bullet", ["barricade-2"], []),               # 10 degrees right: one
    (UseWeapon("gun"), Aim(-90.0, 0.5), "bullet", [], ["barricade-1", "barricade-2"])])  # nudged, still in
def test_S4_BARRICADES_EXCEPTION_knocked_out_from_inside_the_building_they_are_put_back(action, aim, weapon, out,
                                                                                        moved):
    """From inside the Grocery store the flicked piece starts behind it (0, 44.1) and goes out
    through the door toward the street. Straight out (bearing -90) the 4 cm disc's path, x -2..2,
    meets both planks' inner ends (x -0.2 and 0.2) and knocks both out in front of the door line;
    10 degrees right the line reaches the planks' back (y 31.6) at x 12.5 * tan 10 = 2.2, and the
    2 cm bullet (x 1.2..3.2) meets barricade-2 only. That does not count (house reading: behind the
    door line), so those go back where they stood. Straight out the bullet hits both inner ends, but
    at 2.2 g it only nudges the 6 g planks (1.7 cm toward the street): still blocking, they stay
    where they lie."""
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
        assert (bridge.session.poses[i].tobytes() != bridge.city.poses[i].tobytes()) == (b in moved)


def test_S4_BARRICADES_the_bots_breach_plan_knocks_out_the_last_one_and_the_survivor_enters():
    """Barricade-1 removed; from (-3.5, 16), 15 cm ahead of it, the planner's first candidate is
    straight at it, 45 cm past it (power 0.6: well above the 0.35 that clears one, see above). Once
    no barricade is left the table measures {} (no building blocked), which is all of them out, not
    unmeasured: the plan scores a removal (250), and flicked for real it lets the survivor in."""
    from feltbox.game.flickem.bot_aim import plan_breach
    bridge, survivor = _bridge_with_survivor_at(-3.5, 16.0)
    bridge.session.present[bridge.city.index("barricade-2")] = False     # already removed earlier
    bridge.engine.state = replace(bridge.engine.state, data=replace(bridge.engine.state.data, barricades=BOTH[:1]))
    plan = plan_breach(bridge.session, survivor, "grocery_store")
    assert plan.score >= 250.0 and plan.simulated == 1
    assert plan.aim.direction == pytest.approx(90.0) and plan.aim.power == pytest.approx(0.6, abs=0.01)
    bridge.decide(Move())
    events = bridge.physics(plan.aim)
    assert "barricades cleared" in [e.kind for e in events]
    assert bridge.engine.state.data.survivor(survivor).where == "grocery_store"
