"""Co-op bots that get somewhere (issue 11, "Bots worth playing with"), each through the real table:
a survivor hemmed in beside the RV hops out instead of idling; S1 survivors walk up to a zombie
around a crowd (the straight line blocked); a building held by 2 zombies is still searched when
the objective needs its token; S3's Anita found under a vehicle stands next to her escort (RESCUED
FIGURE), not on him."""
from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from feltbox.game.flickem import bot_act, bot_safety, bot_turns
from feltbox.game.flickem.agreement import disagreements
from feltbox.game.flickem.bot import Bot
from feltbox.game.flickem.bot_aim import simulate
from feltbox.game.flickem.bridge import FlickemBridge
from feltbox.models.dimensions import dims
from feltbox.rules.flickem.flow import ChooseSurvivor, Move, ShortDistanceKill, TakeDrop, UseWeapon
from feltbox.rules.flickem.state import Waiting
from feltbox.rules.flickem.tokens import KeepToken
from feltbox.rules.geometry import to_rectangle
from feltbox.scenes.loader import load_flickem

pytestmark = pytest.mark.physics


def acting(number: int, name: str, seed: int = 1, at: tuple[float, float] | None = None):
    """A bridge on scenario ``number`` with survivor ``name`` acting (moved to ``at``, rules and table)."""
    bridge = FlickemBridge(load_flickem(number), seed)
    sid = f"survivor-{name.lower()}"
    state = bridge.engine.state
    data = state.data
    if at is not None:
        data = data.with_positions({sid: at})
        i = bridge.city.index(sid)
        bridge.session.poses[i, :2] = at
    flow = replace(state.flow, active=sid, waiting=Waiting.ACT, actions_left=2)
    bridge.engine.state = replace(state, data=data, flow=flow)
    return bridge, Bot(bridge), sid


def legal(bridge) -> list:
    return bridge.engine.game.legal_actions(bridge.engine.state)


def test_MOVE_a_carrier_hemmed_in_beside_the_RV_hops_out_instead_of_idling():
    """S2: the RV stands at (36, 2) facing west, its north block at (36, 14); barrel-3 at (24.1,
    18.8). John at (32.3, 18.7) carries a fuel home: every flick south (240-300 degrees) touches
    the RV's block, west the barrel; the map of the street has no spot where he stands. He still
    moves (out to the north-west, a clean simulated flick) rather than ending his turn idle."""
    bridge, bot, sid = acting(2, "John", at=(32.3, 18.7))
    state = bridge.engine.state
    fuel = next(t for t in state.data.tokens if t.kind == "fuel")
    data = state.data.with_token(replace(fuel, where=sid, face="up"))
    data = data.with_survivor(replace(data.survivor(sid), inventory=(fuel.id,)))
    bridge.engine.state = replace(state, data=data)
    assert bot_act.goal_for(bot, sid).building == "rv"
    assert bot_act.act(bot, legal(bridge)) == Move()
    outcome, end = simulate(bridge.session, sid, "movement_disc", bot.planned.aim)
    assert outcome.clean and float(np.linalg.norm(end - np.array([32.3, 18.7]))) > 5.0


def test_S1_a_survivor_boxed_in_at_the_start_walks_up_to_a_zombie():
    """S1 start: Thomas at (0, -24) has barrel-1 7 cm to the north-east, lamp-3 9 cm to the north
    and John 6.6 cm to the south-west; every straight line at the nearest zombies is blocked. He
    walks up to one (next to it, or 7.5-13 cm from it: a kill next turn) with a clean flick
    around them, instead of ending his turn (before: 3 silent turns a game)."""
    bridge, bot, sid = acting(1, "Thomas")
    action = bot_turns.s1_act(bot, legal(bridge), sid)
    assert action == Move()
    outcome, end = simulate(bridge.session, sid, "movement_disc", bot.planned.aim)
    zombies = [bot.xy(z.id) for z in bridge.engine.state.data.zombies if z.where == "city"]
    nearest_before = min(float(np.linalg.norm(z - np.array([0.0, -24.0]))) for z in zombies)
    assert outcome.clean and min(float(np.linalg.norm(z - end)) for z in zombies) < nearest_before - 5.0


def test_S2_a_building_held_by_two_zombies_is_searched_for_the_token_the_objective_needs():
    """S2 needs all 4 tokens (2 fuel, 2 food) in the RV. Two zombies in the school (zombies that
    got in never leave): a survivor with 3 lives still goes for its token (a fight on the way in),
    one at its last life does not."""
    bridge, bot, sid = acting(2, "John")
    state = bridge.engine.state
    school = next(t for t in state.data.tokens if t.where == "school")
    data = state.data
    inside = {z.id for z in data.zombies if z.where == "city"}
    inside = set(sorted(inside)[:2])
    data = replace(data, zombies=tuple(replace(z, where="school") if z.id in inside else z for z in data.zombies))
    others = [t for t in data.tokens if t.id != school.id]
    for t in others:                        # the other three are in the RV already
        data = data.with_token(replace(t, where="rv", face="up"))
    bridge.engine.state = replace(state, data=data)
    goal = bot_act.goal_for(bot, sid, remember=False)
    assert goal.kind == "enter" and goal.building == "school"
    bridge.engine.state = replace(state, data=data.with_survivor(replace(data.survivor(sid), life=1)))
    assert bot_act.goal_for(bot, sid, remember=False).building != "school"


def test_S3_RESCUED_FIGURE_found_under_a_vehicle_stands_next_to_her_escort_not_on_him():
    """S3 RESCUED FIGURE: "within a movement disc's width of its escort". Anita's token lies under
    the car; Kevin takes it standing beside the car: she is placed next to him (centres more than
    a figure's base apart, less than a base plus a disc's width), on the table too."""
    bridge = FlickemBridge(load_flickem(3), 1)
    state = bridge.engine.state
    token = next(t for t in state.data.tokens if t.kind == "survivor")
    car = next(o for o in state.data.objects if o[0] == "car")
    data = state.data.with_token(replace(token, where="car"))
    spot = (car[1] + 0.0, car[2] - 7.0)         # 7 cm south of the car's centre: within reach of it
    data = data.with_positions({"survivor-kevin": spot})
    bridge.session.poses[bridge.city.index("survivor-kevin"), :2] = spot
    bridge.engine.state = replace(state, data=data)
    bridge.decide(ChooseSurvivor("survivor-kevin"))
    take = next(a for a in legal(bridge) if isinstance(a, TakeDrop) and a.take == token.id)
    bridge.decide(take)
    bridge.decide(KeepToken(True))
    data = bridge.engine.state.data
    assert data.rescued == "survivor-anita" and data.escort == "survivor-kevin"
    gap = float(np.linalg.norm(np.subtract(data.position("survivor-anita"), data.position("survivor-kevin"))))
    base, disc = dims()["figure"]["base_diameter"], dims()["movement_disc"]["diameter"]
    assert base < gap < base + disc
    table = [bridge.session.poses[bridge.city.index(s), :2] for s in ("survivor-anita", "survivor-kevin")]
    assert float(np.linalg.norm(table[0] - table[1])) == pytest.approx(gap, abs=0.2)
    assert not disagreements(bridge)


def _place(bridge, moved: dict[str, tuple[float, float]]):
    """The pieces in ``moved`` placed there, rules and table."""
    state = bridge.engine.state
    for piece, xy in moved.items():
        bridge.session.poses[bridge.city.index(piece), :2] = xy
    bridge.engine.state = replace(state, data=state.data.with_positions(moved))


def _lay(bridge, zombie: str, at: tuple[float, float], moved: dict[str, tuple[float, float]]):
    """``zombie`` fallen at ``at`` and the survivors in ``moved`` placed, rules and table."""
    state = bridge.engine.state
    data = state.data.with_positions({zombie: at, **moved})
    data = replace(data, zombies=tuple(replace(z, standing=False) if z.id == zombie else z for z in data.zombies))
    for piece, xy in {zombie: at, **moved}.items():
        bridge.session.poses[bridge.city.index(piece), :2] = xy
    bridge.engine.state = replace(state, data=data)


def test_TOO_CLOSE_a_fallen_zombie_beside_a_teammate_is_killed_before_it_stands():
    """S5 seed 1 read: a move by Lily stood (QUIET reaction) the zombie lying beside Anita, who
    lost her last life (TOO CLOSE!). zombie-08 lies at (-9.2, 1.8), Anita 5 cm north of it, Gabriel
    (knife) 5 cm east: next to it, no standing zombie within 6.6 cm of him. Gabriel kills it at
    short distance with the knife first, whatever his goal (the end of the round, or any QUIET
    reaction near it, would stand it next to Anita)."""
    bridge, bot, sid = acting(5, "Gabriel")
    _lay(bridge, "zombie-08", (-9.2, 1.8), {"survivor-anita": (-9.2, 6.8), sid: (-4.2, 1.8)})
    action = bot_act.act(bot, legal(bridge))
    assert isinstance(action, ShortDistanceKill) and action.zombie == "zombie-08"
    assert (getattr(action, "weapon", None) or "knife") == "knife"
    assert bot_safety.bombs(bridge.engine.state, "A") == {"zombie-08": ["survivor-anita", sid]}


def test_ZOMBIES_REACTION_QUIET_stands_the_closest_fallen_zombie_next_to_a_teammate():
    """QUIET: the closest zombie to the active survivor stands if fallen. Gabriel ends 8.5 cm south-east
    of zombie-08 lying beside Anita: it is the closest zombie, so Anita is TOO CLOSE! once it
    stands; ended 30 cm south (-4.2, -28) zombie-06 (-4.5, -19.6), standing, is closer: it rushes
    instead, and nobody is stood next to."""
    bridge, bot, sid = acting(5, "Gabriel")
    _lay(bridge, "zombie-08", (-9.2, 1.8), {"survivor-anita": (-9.2, 6.8), sid: (-1.2, -1.2)})
    state = bridge.engine.state
    assert bot_safety.stood_up(state, sid, (-1.2, -1.2)) == {"zombie-08": ["survivor-anita"]}
    assert bot_safety.stood_up(state, sid, (-4.2, -28.0)) == {}
    assert "zombie-08" in bot_safety.stood_up(state, sid, (-4.2, -28.0), loud=True)


def test_S1_a_survivor_with_only_a_gun_shoots_from_afar_rather_than_closing_in():
    """S1 start: Anita holds only a gun (every kill of hers is LOUD: the 3 closest standing zombies
    rush at her). The nearest zombies stand 19-27 cm away (zombie-02 and zombie-05 moved to
    (-20, -5) and (-5, 1), where the 14-zombie map of stop 33 had zombies; John by the RV's door
    is the driver, bot_s1.py). Before, she landed next to one and killed it at short distance, and
    the rush fell on her (seed 1: dead by turn 6); now she shoots from where she stands, with a
    shot whose simulation fells a zombie."""
    bridge, bot, sid = acting(1, "Anita")
    _place(bridge, {"zombie-02": (-20.0, -5.0), "zombie-05": (-5.0, 1.0), "survivor-john": (0.0, 18.0)})
    action = bot_turns.s1_act(bot, legal(bridge), sid)
    assert isinstance(action, UseWeapon) and action.weapon == "gun"
    outcome, _ = simulate(bridge.session, sid, "bullet", bot.planned.aim)
    first = outcome.first_contacts[0]
    assert first.startswith("zombie-") and first in outcome.fell


def test_S5_a_hunter_walks_up_to_a_far_zombie_when_the_bin_runs_short():
    """S5: the bin holds 8 for hordes of 4, 2, 4, 2, 4 (A NEW HORDE ARRIVES: short, the game is
    lost), so kills must refill it. Every zombie within 48 cm of Gabriel (knife) is put in the
    game box (rules and table); zombie-07 stands 53 cm away. Before, a hunter with no zombie within
    48 cm ended its turn idle (S5 seed 2: Gabriel, 2 silent turns); now he walks up to it (no
    token left to search: his goal is to hunt)."""
    bridge, bot, sid = acting(5, "Gabriel")
    state = bridge.engine.state
    here = np.array(state.data.position(sid))
    far = {z.id for z in state.data.zombies if z.where == "city"
           and float(np.linalg.norm(np.array(state.data.position(z.id)) - here)) < 48.0}
    assert len(far) == 9
    data = replace(state.data, zombies=tuple(replace(z, where="box") if z.id in far else z for z in state.data.zombies))
    for z in far:
        bridge.session.present[bridge.city.index(z)] = False
    # nothing left to search (every token out of the game): his goal is to hunt
    data = replace(data, tokens=tuple(replace(t, where="removed") for t in data.tokens))
    bridge.engine.state = replace(state, data=data)
    assert bot_act.goal_for(bot, sid, remember=False).kind == "hunt"
    action = bot_act.act(bot, legal(bridge))
    assert action == Move()
    outcome, end = simulate(bridge.session, sid, "movement_disc", bot.planned.aim)
    target = bot.xy("zombie-07")
    assert outcome.clean and float(np.linalg.norm(end - target)) < float(np.linalg.norm(here - target)) - 5.0


def test_S3_TAKE_IN_THE_CITY_a_searcher_far_from_its_vehicle_walks_along_the_street_to_it():
    """S3 seed 1 read: Olivia's goal was the pickup truck's token, no straight flick from her start
    (-3.2, -32.2) landed within reach of the truck (10, 20), and she ended 4 turns idle. Only the
    survivor token is left, under the truck: she moves (from her start, where the map of the street
    has no spot, a hop out onto it), and lands nearer to the spot beside the truck on her side
    (`reach_spot`: 3.65 cm off the truck's footprint, the middle of the reach band)."""
    bridge, bot, sid = acting(3, "Olivia")
    state = bridge.engine.state
    anita = next(t for t in state.data.tokens if t.kind == "survivor")
    data = replace(state.data, tokens=tuple(replace(t, where="pickup_truck") if t.id == anita.id
                                           else replace(t, where="removed") for t in state.data.tokens))
    bridge.engine.state = replace(state, data=data)
    goal = bot_act.goal_for(bot, sid, remember=False)
    assert (goal.kind, goal.building) == ("reach", "pickup_truck")
    rect = next(r for r in data.objects if r[0] == "pickup_truck")
    spot = bot_act.reach_spot(np.array([-3.2, -32.2]), rect)
    assert to_rectangle(tuple(spot), rect[1:3], *rect[3:]) == pytest.approx(3.65, abs=0.01)
    assert bot_act.act(bot, legal(bridge)) == Move()
    outcome, end = simulate(bridge.session, sid, "movement_disc", bot.planned.aim)
    start = np.array([-3.2, -32.2])
    assert outcome.clean and float(np.linalg.norm(end - start)) > 5.0
    assert float(np.linalg.norm(end - spot)) < float(np.linalg.norm(start - spot)) - 2.0
