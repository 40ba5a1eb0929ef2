"""Fights on the real table (rulebook S2 FIGHT: "Stage the fight outside of the city limits ...
facing each other, 75-90 cm apart"; S6 THE FIGHT: the loser is flicked out of the building)."""
from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from feltbox.game.flickem.bridge import FlickemBridge
from feltbox.game.table.arena import aim_at, arena_layout
from feltbox.game.table.flick import Aim
from feltbox.rules.flickem.fights import FightWith
from feltbox.rules.flickem.flow import ChooseSurvivor
from feltbox.scenes.loader import load_flickem

pytestmark = pytest.mark.physics


def _spec(attacker, side, opponents, gap=82.0, weapon="bullet"):
    return {"attacker": attacker, "side": ",".join(side), "opponents": ",".join(opponents), "gap": f"{gap:.1f}",
            "weapon": weapon, "kind": "zombie", "building": "library"}


def test_S2_FIGHT_the_arena_lines_the_fighters_up_gap_apart_and_2_VS_1_side_by_side():
    bridge = FlickemBridge(load_flickem(2), 1)
    city = bridge.city
    poses, present = arena_layout(city, ["survivor-elijah", "survivor-lily"], ["zombie-01"], 82.0)
    assert present.sum() == 3
    e, li, z = (poses[city.index(p), :2] for p in ("survivor-elijah", "survivor-lily", "zombie-01"))
    assert z[0] - e[0] == pytest.approx(82.0) and abs(e[1] - li[1]) >= 10.0     # "at least 10cm apart"


def test_S2_USING_A_GUN_a_full_power_bullet_fells_the_zombie_across_the_arena_and_the_city_is_untouched():
    bridge = FlickemBridge(load_flickem(2), 1)
    before = bridge.session.snapshot()
    spec = _spec("survivor-elijah", ["survivor-elijah"], ["zombie-01"])
    hit = bridge.session.fight(spec, Aim(aim_at(bridge.city, spec) % 360.0, 1.0))
    miss = bridge.session.fight(spec, Aim((aim_at(bridge.city, spec) + 20.0) % 360.0, 1.0))
    assert hit.fell == ("zombie-01",) and miss.fell == ()
    assert np.array_equal(bridge.session.poses, before[0]) and bridge.session.episodes == 2


def test_S2_FIGHT_through_the_bridge_a_won_fight_sends_the_zombie_to_the_bin():
    bridge = FlickemBridge(load_flickem(2), 1)
    state = bridge.engine.state
    elijah = replace(state.data.survivor("survivor-elijah"), where="library")
    zombies = tuple(replace(z, where="library") if z.id == "zombie-01" else z for z in state.data.zombies)
    bridge.engine.state = replace(state, data=replace(state.data.with_survivor(elijah), zombies=zombies))
    bridge.decide(ChooseSurvivor("survivor-elijah"))
    bridge.decide(FightWith("survivor-elijah", "gun"))
    spec = bridge.pending().spec
    events = bridge.physics(Aim(aim_at(bridge.city, spec) % 360.0, 1.0))
    assert any(e.kind == "zombie killed in a fight" for e in events)
    assert not bridge.session.present[bridge.city.index("zombie-01")]
    assert bridge.engine.state.flow.waiting == "act"


def test_S6_the_loser_is_flicked_out_of_the_building_into_the_city():
    bridge = FlickemBridge(load_flickem(6), 1)
    loser = bridge.setup.survivors[0].id
    building = "library" if "library" in bridge.city.buildings else next(iter(bridge.city.buildings))
    outcome = bridge.session.eject(loser, building, bridge.eject_aim({"building": building}))
    i = bridge.city.index(loser)
    geom = bridge.city.buildings[building]
    local = geom.to_local(bridge.session.poses[i, :2].astype(float))[0]
    assert local[0] > geom.door_x and outcome.flicked == loser and loser not in bridge.session.inside
