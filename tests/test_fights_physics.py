"""Fights on the real table (rulebook S2 FIGHT: "Stage the fight outside of the city limits ...
facing each other, 75-90 cm apart"; S6 THE FIGHT: the loser is flicked out of the building)."""
from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from feltbox.game.flickem.agreement import disagreements
from feltbox.game.flickem.bridge import FlickemBridge
from feltbox.game.table.arena import aim_at, arena_layout
from feltbox.game.table.flick import Aim
from feltbox.rules.flickem.fights import BatTurn, FightWith
from feltbox.rules.flickem.flow import ChooseSurvivor
from feltbox.scenes.loader import load_flickem
from tests.test_flickem_fights import with_next_cards
from tests.test_flickem_one_truth import table_standing

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


def _elijah_in_the_library(name: str = "Elijah") -> FlickemBridge:
    """S2, Elijah (named ``name``, whose default weapon he fights with) put in the library with
    zombie-01 standing there; the table follows the rules (his figure on the library's block)."""
    bridge = FlickemBridge(load_flickem(2), 1)
    state = bridge.engine.state
    elijah = replace(state.data.survivor("survivor-elijah"), where="library", name=name)
    zombies = tuple(replace(z, where="library", standing=True) if z.id == "zombie-01" else z
                    for z in state.data.zombies)
    bridge.engine.state = replace(state, data=replace(state.data.with_survivor(elijah), zombies=zombies))
    bridge.show([])
    assert disagreements(bridge) == []
    bridge.decide(ChooseSurvivor("survivor-elijah"))
    return bridge


def test_S2_THE_ZOMBIE_MOVES_ATTACK_costs_a_life_and_the_survivor_stays_standing_on_the_table():
    # ATTACK: "The survivor loses 1 life token and may not perform any further actions this
    # turn": no fall (LOSING LIFE lays nobody down; the first waves laid every wounded figure down)
    bridge = _elijah_in_the_library()
    life = bridge.engine.state.data.survivor("survivor-elijah").life
    bridge.decide(FightWith("survivor-elijah", "gun"))
    bridge.engine.state = with_next_cards(bridge.engine.state, "attack")
    spec = bridge.pending().spec
    events = bridge.physics(Aim((aim_at(bridge.city, spec) + 20.0) % 360.0, 1.0))     # a miss
    assert [e.kind for e in events][-3:] == ["fight card ATTACK", "survivor lost a life", "fight over"]
    assert events[-1].data["standing"] == ["survivor-elijah", "zombie-01"]
    elijah = bridge.engine.state.data.survivor("survivor-elijah")
    assert (elijah.life, elijah.standing, elijah.where) == (life - 1, True, "library")
    assert table_standing(bridge, "survivor-elijah") and disagreements(bridge) == []


def test_S2_USING_A_BASEBALL_BAT_a_missed_bat_lays_the_survivor_down_on_the_support_block():
    # ATTACK THE ZOMBIE: "Otherwise, the survivor falls and loses 1 life token."
    bridge = _elijah_in_the_library(name="Kevin")                  # Kevin's default: the bat
    life = bridge.engine.state.data.survivor("survivor-elijah").life
    bridge.decide(FightWith("survivor-elijah", "bat"))
    bridge.decide(BatTurn(True))
    spec = bridge.pending().spec
    events = bridge.physics(Aim((aim_at(bridge.city, spec) + 30.0) % 360.0, 1.0))     # a miss
    assert "zombie knocked onto the support block" not in [e.kind for e in events]
    assert events[-1].data["standing"] == ["zombie-01"]
    elijah = bridge.engine.state.data.survivor("survivor-elijah")
    assert (elijah.life, elijah.standing, elijah.where) == (life - 1, False, "library")
    assert not table_standing(bridge, "survivor-elijah") and disagreements(bridge) == []


def test_S6_the_loser_is_flicked_out_of_the_building_into_the_city():
    bridge = FlickemBridge(load_flickem(6), 1)
    loser = bridge.setup.survivors[0].id
    building = "library" if "library" in bridge.city.buildings else next(iter(bridge.city.buildings))
    outcome = bridge.session.eject(loser, building, bridge.eject_aim({"building": building}))
    i = bridge.city.index(loser)
    geom = bridge.city.buildings[building]
    local = geom.to_local(bridge.session.poses[i, :2].astype(float))[0]
    assert local[0] > geom.door_x and outcome.flicked == loser and loser not in bridge.session.inside
