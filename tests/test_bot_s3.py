"""S3 TEND TO THE WOUNDED: the escort walks Anita to the hospital. RESCUED FIGURE: "after the escort
completes a move action, the rescued figure must be repositioned" (within a movement disc's width
of him); the rulebook leaves the spot to the players, and a player keeps her off the line of the
escort's next flick. Read in S3 seed 3: the escort stood beside the pickup truck with Anita placed
(bases 1 cm apart) between him and the way round it; his movement disc, wider than his base,
touched her in every direction within 66 degrees of hers, and he ended 3 turns idle."""
from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from feltbox.game.flickem import bot_act, bot_turns
from feltbox.game.flickem.agreement import disagreements
from feltbox.game.flickem.bot_aim import plan_move, simulate
from feltbox.game.flickem.bot_goals import choose_goal
from feltbox.game.flickem.bot_turns import choose_survivor
from feltbox.rules.flickem.figures import FIGURE_RADIUS, RESCUED_GAP, free_spot
from feltbox.rules.flickem.flow import ChooseSurvivor, Move, new_game
from tests.test_bot_coop import acting, legal
from tests.test_flickem_scenarios import s3_table

SPACING = 2 * FIGURE_RADIUS + 1.0          # bases 1 cm apart (free_spot's default gap)


def _escorted(bridge, sid: str, data, **flow) -> None:
    """The rules state ``data`` with Anita rescued in the street and ``sid`` her escort (``flow``:
    changes to the turn's flow), shown on the table; rules and table agree."""
    data = data.with_survivor(replace(data.survivor("survivor-anita"), where="city"))
    state = bridge.engine.state
    bridge.engine.state = replace(state, data=replace(data, rescued="survivor-anita", escort=sid),
                                  flow=replace(state.flow, **flow))
    bridge.show([])
    assert not disagreements(bridge)


def test_RESCUED_FIGURE_is_repositioned_behind_her_escort_on_the_side_she_came_from():
    # Gabriel moved from (0, 0) to (0, 20); Anita stood at (3.6, 0). Seen from (0, 20) she was at
    # -79.7 degrees; the 30-degree step nearest it with room is -90: (0, 20 - 3.6). Without the
    # side she came from, she went to the side farthest from the others.
    data = new_game(s3_table(), 1).data
    spot = free_spot(data, (0.0, 20.0), ignore=("survivor-anita",), behind=(3.6, 0.0))
    assert spot == pytest.approx((0.0, 20.0 - SPACING), abs=1e-3)
    # Mike at (0, 15): the spots at -60, -90 and -120 degrees are within 2.6 cm of him (no room);
    # -30 (4.5 cm from him) is the nearest to her side with room: (3.118, 18.2)
    crowded = data.with_positions({"survivor-mike": (0.0, 15.0)})
    spot = free_spot(crowded, (0.0, 20.0), ignore=("survivor-anita",), behind=(3.6, 0.0))
    assert spot == pytest.approx((SPACING * np.cos(np.radians(-30)), 20.0 + SPACING * np.sin(np.radians(-30))),
                                 abs=1e-3)


def test_RESCUED_FIGURE_at_her_gap_the_escort_flicks_round_her_toward_the_hospital():
    # seed 3's table at its round 5: Thomas escorts Anita from beside the pickup truck's south
    # end; she stands west-north-west of him (150 degrees), on the way round the truck to the
    # hospital's door; zombies as they stood (zombie-04 fallen), the others in the bin. With her
    # base 1 cm from his (centres 3.6 cm apart) every planned flick touched her or made no
    # progress (best: 11 cm farther along the way); at RESCUED_GAP the plan's flick, simulated on
    # the real table, touches nothing and leaves him nearer the door.
    bridge, bot, sid = acting(3, "Thomas", seed=3, at=(12.86, 11.03))
    apart = 2 * FIGURE_RADIUS + RESCUED_GAP
    anita = (12.86 + apart * np.cos(np.radians(150.0)), 11.03 + apart * np.sin(np.radians(150.0)))
    state = bridge.engine.state
    city = {"zombie-02": (7.8, 2.7), "zombie-03": (20.3, -4.9), "zombie-04": (-10.3, 20.1), "zombie-09": (1.5, 25.8)}
    zombies = tuple(replace(z, where="city" if z.id in city else "bin", standing=z.id != "zombie-04")
                    for z in state.data.zombies)
    data = replace(state.data, zombies=zombies).with_positions({**city, "survivor-anita": anita})
    _escorted(bridge, sid, data)
    door = np.array(bot.doors["hospital"])
    plan = plan_move(bridge.session, sid, door, "hospital", bot.zombie_spots(), 0, company=("survivor-anita",))
    assert plan.progress > 2.0
    outcome, _ = simulate(bridge.session, sid, "movement_disc", plan.aim)
    assert outcome.clean and not outcome.first_contacts


def _found(bridge, escort: str, at: tuple[float, float]):
    """Anita found: escorted by ``escort``, who stands at ``at`` with her beside him (rules and table)."""
    state = bridge.engine.state
    anita = (at[0], at[1] - 2 * FIGURE_RADIUS - RESCUED_GAP)
    data = state.data.with_positions({escort: at, "survivor-anita": anita})
    data = data.with_survivor(replace(data.survivor("survivor-anita"), where="city"))
    bridge.engine.state = replace(state, data=replace(data, rescued="survivor-anita", escort=escort))
    bridge.show([])


def test_RESCUED_FIGURE_once_she_is_found_the_others_walk_to_the_hospitals_door():
    # "If the escort falls for any reason ... The nearest standing survivor becomes the new escort.
    # Reposition the rescued figure next to its new escort": once Anita is found (Kevin escorts her
    # from (-20, -10)), Gabriel, at the start (-12.1, -29.7) with nothing left to fetch, walks
    # toward a spot before the hospital's door (0, 30.5), to take her in when Kevin falls. On main
    # his goal was "hunt" and he ended his turn silent (seed 4: 12-14 silent turns a game).
    bridge, bot, sid = acting(3, "Gabriel", seed=1)
    _found(bridge, "survivor-kevin", (-20.0, -10.0))
    assert not disagreements(bridge)
    goal = bot_act.goal_for(bot, sid)
    assert (goal.kind, goal.building) == ("wait", "hospital")
    assert bot_act.act(bot, legal(bridge)) == Move()
    outcome, end = simulate(bridge.session, sid, "movement_disc", bot.planned.aim)
    door, start = np.array(bot.doors["hospital"]), np.array([-12.1, -29.7])
    # a clean flick that lands nearer the door, farther along the way round the lamps and boxes
    assert outcome.clean and float(np.linalg.norm(end - door)) < float(np.linalg.norm(start - door)) - 1.0
    assert bot.planned.progress > 2.0


def test_S3_search_counts_the_walk_from_the_place_to_the_hospital():
    # Thomas at (10, -5): the ice cream truck (16, -12) and the pickup truck (10, 20) are each one
    # move away; the seeded tie-break favours the ice cream truck (+5 %). Found there, Anita is 45 cm
    # from the hospital's door (2 moves); at the pickup truck, 14 cm (1 move): the pickup truck first.
    bridge, bot, sid = acting(3, "Thomas", seed=1, at=(10.0, -5.0))
    state = bridge.engine.state
    others = {t.where for t in state.data.tokens} - {"ice_cream_truck", "pickup_truck"}
    goal = choose_goal(state, sid, {}, bot.doors, exclude=others, ties={"ice_cream_truck": 0.99})
    assert (goal.kind, goal.building) == ("reach", "pickup_truck")


def test_RESCUED_FIGURE_an_escort_with_no_way_on_draws_the_rush_when_a_teammate_waits_nearer():
    # S3 seed 2 on this branch: a rush left Anita's base touching Mike's at (-20.1, -6.5); his
    # movement disc, in his place, touches her whichever way it goes, and he ended 3 turns silent.
    # Kevin waits at (-8.9, 1.6), 13 cm nearer the door: Mike flicks anyway (a failed move is
    # still an action, LOUD from her escort), so the rush may bring him down and pass her to Kevin.
    bridge, bot, sid = acting(3, "Mike", seed=1)
    state = bridge.engine.state
    data = state.data.with_positions({sid: (-20.1, -6.5), "survivor-anita": (-20.36, -3.9),
                                      "survivor-kevin": (-8.9, 1.6)})
    _escorted(bridge, sid, data)
    door = np.array(bot.doors["hospital"])
    assert plan_move(bridge.session, sid, door, "hospital", bot.zombie_spots(), 0,
                     company=("survivor-anita",)).progress <= 2.0      # no way on
    assert bot_act.act(bot, legal(bridge)) == Move()


def test_S3_the_escort_found_in_the_library_walks_her_out_at_once():
    # Mike found Anita in the library in round 5 (marker 5); his teammates are still at the start,
    # in the south. Until stop 32 he waited inside (silent turns) until one stood within 30 cm of
    # the hospital's door: zombies got into the library meanwhile, and the fights there killed him
    # (S3 seeds 22 and 25 at 51b80b1) or held him to the round's end (seed 5). He walks her out at
    # once: the flick out of the library, simulated and played through the real table,
    # succeeds, lands in the street nearer the hospital's door, and she follows him.
    bridge, bot, sid = acting(3, "Mike", seed=1)
    state = bridge.engine.state
    data = state.data.with_survivor(replace(state.data.survivor(sid), where="library"))
    data = data.with_survivor(replace(data.survivor("survivor-anita"), where="library"))
    bridge.engine.state = replace(state, data=replace(data, rescued="survivor-anita", escort=sid),
                                  flow=replace(state.flow, round_marker=5))
    bridge.show([])
    assert not disagreements(bridge)
    goal = bot_act.goal_for(bot, sid)
    assert (goal.kind, goal.building) == ("enter", "hospital")
    action = bot_act.act(bot, legal(bridge))
    assert action == Move()
    aim = bot.planned.aim
    bridge.decide(action)
    events = [e.kind for e in bridge.physics(aim)]
    assert "move succeeded" in events and "left a building" in events
    data = bridge.engine.state.data
    door, library = np.array(bot.doors["hospital"]), np.array(bot.doors["library"])
    assert data.survivor(sid).where == "city" and data.escort == sid
    assert float(np.linalg.norm(np.array(data.position(sid)) - door)) < float(np.linalg.norm(library - door)) + 10.0
    assert data.survivor("survivor-anita").where == "city"
    assert not disagreements(bridge)


def test_RESCUED_FIGURE_an_escort_with_no_way_on_and_nobody_nearer_steps_aside():
    # S3 seed 9 on main, rounds 4 to 1: Gabriel escorts Anita from (-12.2, -19.7); she stands 5.1 cm
    # north of him, on his way (north, between barrel-1 and lamp-1, to the hospital's door at (0,
    # 30.5)). Kevin, the teammate nearest him (9.3 cm east), is no nearer the door (50.6 cm against
    # 51.6: no one to pass her to, `stir`). Every flick north touches her; the best clean flick gives
    # up 12 cm of the way, so he ended 4 turns idle and the game was lost at the skull. A clean move
    # repositions her (RESCUED FIGURE), so he plays it: the move succeeds through the real table, he
    # stays her escort and she stands beside him again (within a movement disc's width: centres at
    # most 1.3 + 1.3 + 4 = 6.6 cm apart).
    bridge, bot, sid = acting(3, "Gabriel", seed=1)
    state = bridge.engine.state
    at, her = (-12.2, -19.7), (-12.2, -14.6)
    zombies = {"zombie-04": (-11.1, -6.9), "zombie-05": (-21.0, -10.3)}
    data = state.data.with_positions({sid: at, "survivor-anita": her, "survivor-kevin": (-2.9, -20.2),
                                      "survivor-mike": (-21.1, 17.6), "survivor-olivia": (-22.4, 2.6),
                                      "survivor-thomas": (-11.7, 10.8), **zombies})
    data = replace(data, zombies=tuple(replace(z, where="city" if z.id in zombies else "bin") for z in data.zombies))
    _escorted(bridge, sid, data)
    door = np.array(bot.doors["hospital"])
    best = plan_move(bridge.session, sid, door, "hospital", bot.zombie_spots(), 0, company=("survivor-anita",))
    assert best.progress <= 2.0                 # no way on
    action = bot_act.act(bot, legal(bridge))
    assert action == Move()
    aim = bot.planned.aim
    assert simulate(bridge.session, sid, "movement_disc", aim)[0].clean
    bridge.decide(action)
    events = [e.kind for e in bridge.physics(aim)]
    assert "move succeeded" in events
    data = bridge.engine.state.data
    assert data.escort == sid and data.position(sid) != at
    assert float(np.linalg.norm(np.array(data.position("survivor-anita")) - np.array(data.position(sid)))) <= 6.6
    assert not disagreements(bridge)


def test_S3_an_escort_with_a_teammate_beside_him_plays_after_it():
    # S3 seed 26 (round 5): Thomas escorts Anita from (12.7, -16.1), beside the ice cream truck,
    # with Olivia 5.1 cm from him at (8.0, -18.2), yet to play; on main he played first with no
    # way on and ended his turn; Olivia then walked off toward the door and his next turn went 37
    # cm and into the hospital. Now he gives up 4 of urgency while she has yet to play (main: he
    # is chosen first; here a teammate is), and plays as before once she has.
    bridge, bot, sid = acting(3, "Thomas", seed=1)
    state = bridge.engine.state
    data = state.data.with_positions({sid: (12.7, -16.1), "survivor-anita": (12.7, -11.0),
                                      "survivor-olivia": (8.0, -18.2)})
    _escorted(bridge, sid, data, active=None, waiting=None)
    choices = [ChooseSurvivor(s.id) for s in data.survivors if s.id != "survivor-anita" and s.where == "city"]
    assert bot_turns.crowded_escort(bot, choices) == sid
    assert choose_survivor(bot, choices).survivor != sid
    apart = [c for c in choices if c.survivor != "survivor-olivia"]     # Olivia has played
    assert bot_turns.crowded_escort(bot, apart) is None
