"""The bridge: rules requests become real Bullet episodes and measured outcomes come back as
rules actions (ARCHITECTURE.md, flow of one flick), on the full S1 city."""
from __future__ import annotations

import numpy as np
import pytest

from feltbox.game.flickem.bridge import FlickemBridge
from feltbox.game.table.flick import Aim
from feltbox.rules.core import Decision, PhysicsRequest
from feltbox.rules.flickem.flow import ChooseSurvivor, EndTurn, Move, UseWeapon
from feltbox.scenes.loader import load_flickem

pytestmark = pytest.mark.physics


def test_a_turn_on_the_s1_city_goes_through_rules_physics_and_back():
    bridge = FlickemBridge(load_flickem(1), seed=3)
    assert isinstance(bridge.pending(), Decision)
    first = bridge.engine.game.legal_actions(bridge.engine.state)[0]
    bridge.decide(first)
    survivor = first.survivor
    before = bridge.session.poses[bridge.city.index(survivor)].copy()
    bridge.decide(Move())
    assert isinstance(bridge.pending(), PhysicsRequest)
    events = bridge.physics(Aim(90.0, 0.1))
    # Anita starts in the open: a gentle flick north (about 10 cm) touches nothing and succeeds
    assert survivor == "survivor-anita" and events[0].kind == "move succeeded"
    after = bridge.session.poses[bridge.city.index(survivor)]
    assert after[1] > before[1] + 5.0                           # it went north with the disc
    assert bridge.engine.state.data.position(survivor)[1] == pytest.approx(float(after[1]))
    bridge.decide(UseWeapon("gun"))
    bridge.physics(Aim(60.0, 0.5))
    bridge.decide(EndTurn())
    request = bridge.pending()
    assert request.kind == "rush"                                 # a gun is LOUD
    bridge.physics()
    assert isinstance(bridge.pending(), Decision)
    in_city = {z.id for z in bridge.engine.state.data.zombies if z.where == "city"}
    on_table = {bridge.city.bodies[i].id for i in bridge.city.ids("zombie") if bridge.session.present[i]}
    assert in_city == on_table                                    # rules and table agree


def test_scene_tokens_reach_the_rules_where_the_setup_put_them():
    from feltbox.game.flickem.bridge import setup_from_city
    from feltbox.game.table.city import build_city
    setup = setup_from_city(build_city(load_flickem(3)))
    where = {t.id: t.where for t in setup.tokens}
    assert sum(w in ("car", "ice_cream_truck", "pickup_truck") for w in where.values()) == 3
    assert "hospital" not in where.values() and all(t.face == "down" for t in setup.tokens)
    anita = next(s for s in setup.survivors if s.name == "Anita")
    assert anita.where == "reserve" and anita.life == 2            # S3: found during the game


def test_s7_elijah_throws_a_real_flare_and_the_zombies_react_to_it():
    from feltbox.rules.flickem.powers import UseFlare
    bridge = FlickemBridge(load_flickem(7), seed=1)
    legal = bridge.engine.game.legal_actions(bridge.engine.state)
    assert legal == [ChooseSurvivor("survivor-elijah")]          # the pretzel holder first
    bridge.decide(legal[0])
    bridge.decide(UseFlare("big"))
    events = bridge.physics(Aim(20.0, 0.25))
    # a quarter-power flick lands the flare in the city, on its big side (seed 1)
    assert events[0].kind == "flare" and events[0].data["side"] == "big"
    x, y = events[0].data["at"]
    assert -45 <= x <= 45 and -45 <= y <= 45
    assert not bridge.session.present[bridge.city.index("flare-1")]   # off the table again
    reaction = next(e for e in bridge.decide(EndTurn()) if e.kind.startswith("reaction"))
    assert reaction.kind == "reaction LOUD"                           # the big side is LOUD


def test_s8_x_tokens_in_front_of_doors_close_those_buildings():
    from feltbox.game.flickem.bridge import setup_from_city
    from feltbox.game.table.city import build_city
    setup = setup_from_city(build_city(load_flickem(8)))
    fronts = sorted(t.where for t in setup.tokens if t.kind == "x" and t.where.startswith("front:"))
    assert fronts == ["front:gas_station", "front:police_station"]


def test_s9_an_unmasked_betrayer_is_laid_down_and_flicked_on_the_table():
    from dataclasses import replace

    from feltbox.rules.flickem.betrayal import Accuse, Vote
    bridge = FlickemBridge(load_flickem(9), seed=1)
    state = bridge.engine.state
    first = bridge.engine.game.legal_actions(state)[0].survivor
    mate = next(s.id for s in state.data.survivors if s.team == state.data.survivor(first).team and s.id != first)
    secrets = tuple((s, "saboteur" if s == mate else c) for s, c in state.data.secrets)
    bridge.engine.state = replace(state, data=replace(state.data, secrets=secrets))
    bridge.decide(ChooseSurvivor(first))
    bridge.decide(Accuse(mate))
    for _ in range(3):
        bridge.decide(Vote(True))
    request = bridge.pending()
    assert request.kind == "flick" and request.spec["survivor"] == mate and request.spec["fallen"] == "yes"
    before = bridge.session.poses[bridge.city.index(mate)].copy()
    events = bridge.physics(Aim(0.0, 0.3))
    assert events[0].kind == "betrayer flicked"
    after = bridge.session.poses[bridge.city.index(mate)]
    assert abs(after[0] - before[0]) + abs(after[1] - before[1]) > 1.0          # it slid away
    assert not bridge.engine.state.data.survivor(mate).standing
    assert bridge.engine.state.flow.waiting == "act"


def _forced(bridge, survivor: str, building: str, card: str | None = None, waiting: str = "act", **flow):
    """The bridge's rules state with ``survivor`` active in ``building`` (its figure on the
    building's block) and, for a Crossroads draw, only ``card`` left in the deck."""
    from dataclasses import replace

    from feltbox.rules.flickem import crossroads
    state = bridge.engine.state
    data = state.data.with_survivor(replace(state.data.survivor(survivor), where=building))
    if card:
        data = replace(data, crossroads_drawn=tuple(c.id for c in crossroads.cards() if c.id != card))
    if building != "city":
        bridge.effects.onto_block(survivor, building)
    bridge.engine.state = replace(state, data=data, flow=replace(state.flow, active=survivor, waiting=waiting,
                                                                 actions_left=2, **flow))


def _dealt(bridge, kind: str) -> list[tuple[str, str]]:
    """(id, place) of the table tokens of ``kind`` as the seed dealt them."""
    return [(t.id, t.where) for t in bridge.engine.state.data.tokens if t.kind == kind and t.where != "supply"]


def test_S5_CROSSROADS_new_zombies_and_supply_tokens_appear_on_the_table_and_the_token_leaves():
    from feltbox.rules.flickem.tokens import TakeDrop
    bridge = FlickemBridge(load_flickem(5), seed=2)
    cross, where = _dealt(bridge, "crossroads")[0]
    _forced(bridge, "survivor-anita", where, "footsteps")
    events = bridge.decide(TakeDrop(take=cross))
    assert not bridge.session.present[bridge.city.index(cross)]
    new = [e.data for e in events if e.kind == "new zombie"]
    assert len(new) == 3                                          # one by each survivor in the street
    for z in new:
        i = bridge.city.index(z["zombie"])
        assert bridge.session.present[i]
        assert bridge.session.poses[i, :2] == pytest.approx([z["x"], z["y"]], abs=1e-3)
    table = bridge.figures()
    assert all(not table["standing"][z["zombie"]] for z in new)   # they lie fallen, as the card says
    in_city = {z.id for z in bridge.engine.state.data.zombies if z.where == "city"}
    assert in_city == {bridge.city.bodies[i].id for i in bridge.city.ids("zombie") if bridge.session.present[i]}
    bridge = FlickemBridge(load_flickem(5), seed=2)
    cross, where = _dealt(bridge, "crossroads")[1]
    _forced(bridge, "survivor-anita", where, "stash")
    events = bridge.decide(TakeDrop(take=cross))
    building = bridge.city.buildings[where]
    appeared = [e.data["token"] for e in events if e.kind == "token appeared"]
    assert len(appeared) == 2
    for token in appeared:
        i = bridge.city.index(token)
        assert bridge.session.present[i] and bridge.engine.state.data.token(token).where == where
        assert np.linalg.norm(building.to_local(bridge.session.poses[i, :2])) < 15.0


def test_S8_NEW_X_TOKENS_the_X_piece_moves_before_the_door_and_a_supply_token_goes_in():
    from feltbox.game.flickem.bridge import _front_of
    from feltbox.rules.flickem.strength import MoveX
    from feltbox.scenes.schema import Placement
    bridge = FlickemBridge(load_flickem(8), seed=2)
    _forced(bridge, "survivor-anita", "city", waiting="x", closing="library")
    events = bridge.decide(MoveX("gas_station", "library"))
    moved = next(e.data["token"] for e in events if e.kind == "X token moved")
    x = bridge.session.poses[bridge.city.index(moved)]
    probe = Placement(moved, "token", float(x[0]), float(x[1]), 0.0, {"token": "x", "face": "up"})
    assert _front_of(bridge.city, probe) == "front:library"       # the table reads it back so
    placed = next(e.data["token"] for e in events if e.kind == "supply token placed")
    i = bridge.city.index(placed)
    gas = bridge.city.buildings["gas_station"]
    assert bridge.session.present[i] and np.linalg.norm(gas.to_local(bridge.session.poses[i, :2])) < 15.0


def test_S8_NEW_SURVIVOR_the_recruit_s_figure_appears_next_to_the_active_survivor():
    from dataclasses import replace

    from feltbox.rules.flickem.strength import left_building
    bridge = FlickemBridge(load_flickem(8), seed=2)
    _forced(bridge, "survivor-anita", "city")
    state = bridge.engine.state
    found, where = _dealt(bridge, "survivor")[0]
    token = replace(state.data.token(found), face="up")
    state = replace(state, data=replace(state.data.with_token(token), recruits=((found, "survivor-lily"),)))
    events: list = []
    state = left_building(state, where, events)
    bridge.engine.state = state
    bridge.show(events)
    lily, anita = bridge.city.index("survivor-lily"), bridge.city.index("survivor-anita")
    assert bridge.session.present[lily] and "survivor-lily" not in bridge.session.inside
    gap = np.linalg.norm(bridge.session.poses[lily, :2] - bridge.session.poses[anita, :2])
    assert 2.6 < gap < 2.6 + 4.0                                 # NEXT TO: within a disc's width
    assert bridge.figures()["standing"]["survivor-lily"]


def test_S3_the_city_objects_the_rules_reach_are_measured_from_the_table():
    from feltbox.game.flickem.bridge import setup_from_city
    from feltbox.game.table.city import build_city
    setup = setup_from_city(build_city(load_flickem(3)))
    objects = {o[0]: o[1:] for o in setup.objects}
    assert {"car", "ice_cream_truck", "pickup_truck"} <= set(objects)
    for x, y, _heading, half_length, half_width in objects.values():
        assert 0.5 < half_width <= half_length < 12.0 and -50 < x < 50 and -50 < y < 50
    assert {t.where for t in setup.tokens if t.where in objects} == {"car", "ice_cream_truck", "pickup_truck"}
