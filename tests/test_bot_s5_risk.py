"""S5 SEPARATED bots (issue 11, branch s5win): the turn's last move is scored by the zombies'
reaction it ends in (a QUIET reaction rushes the closest zombie when it stands, only stands it
when it lies fallen; the round's end stands every fallen zombie: TOO CLOSE!), and while the bin
is short of this round's horde only as many survivors as zombies are short hunt. Read in S5
seeds 1-20 on main: 35 of ~95 lives lost were TOO CLOSE! at a round's end, every one to the
zombie its victim's own turn's QUIET reaction had rushed next to it."""
from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from feltbox.game.flickem import bot_act, bot_s5, bot_safety
from feltbox.game.flickem.agreement import disagreements
from feltbox.game.flickem.bot_aim import simulate
from feltbox.game.flickem.bot_goals import choose_goal
from feltbox.game.flickem.bot_turns import NEXT_TO
from feltbox.rules.flickem.flow import Move
from feltbox.rules.flickem.state import Survivor, Token
from tests.test_bot_coop import acting, legal
from tests.test_bot_goals import DOORS, game


def placed(bridge, moves: dict, fallen=()):
    state = bridge.engine.state
    data = state.data.with_positions(moves)
    data = replace(data, zombies=tuple(replace(z, standing=False) if z.id in fallen else z for z in data.zombies))
    bridge.engine.state = replace(state, data=data)
    bridge.show([])


@pytest.mark.physics
def test_ZOMBIES_REACTION_S5_reaction_risk_reads_the_rush_and_the_round_end():
    """Thomas's start (2.3, -28.3); zombie-06 alone moved about. A standing zombie 10 cm away is
    rushed next to him (a life, LIFE); 14 cm, half that; 18 cm and more, nothing. Fallen 10 cm
    away and the closest: the QUIET reaction only stands it, not next to him (0); fallen 5 cm
    away: the round's end stands it next to him (a life). His teammates stand far off.
    Kevin, next to it as well, would count another life."""
    bridge, _, sid = acting(5, "Thomas")
    here = np.array((2.3, -28.3))
    far = {z.id: (40.0 - 3.0 * n, 40.0) for n, z in enumerate(bridge.engine.state.data.zombies)
           if z.where == "city"}
    far.update({"survivor-kevin": (-40.0, -38.0), "survivor-gabriel": (-35.0, -38.0), "survivor-anita": (-30.0, -38.0)})
    life = bot_safety.LIFE
    for gap, fallen, risk in ((10.0, False, life), (14.0, False, life / 2), (18.5, False, 0.0),
                              (10.0, True, 0.0), (5.0, True, life)):
        placed(bridge, {**far, "zombie-06": (2.3, -28.3 + gap)}, fallen=("zombie-06",) if fallen else ())
        assert bot_safety.reaction_risk(bridge.engine.state, sid, here) == pytest.approx(risk, abs=0.5)
    placed(bridge, {**far, "zombie-06": (2.3, -23.3), "survivor-kevin": (8.0, -24.0)}, fallen=("zombie-06",))
    assert bot_safety.reaction_risk(bridge.engine.state, sid, here) == pytest.approx(2 * life)


@pytest.mark.physics
def test_MOVE_S5_the_last_move_of_a_turn_lands_away_from_the_coming_rush():
    """Thomas at his start with his last action, heading for the hospital; zombie-06 stands at
    (8, -14). The move the way alone picks lands at (0, -26), 14.4 cm from zombie-06 (its rush
    lands it next to him; main played it). Scored by the reaction, the move (a clean flick on the
    real table) ends with every zombie 16 cm away or more (rushed from 14 cm on, a zombie landed
    6 cm off or farther in the games read), its reaction costing under a quarter of a life."""
    last_move_lands_away(5, "Thomas", (8.0, -14.0))


def last_move_lands_away(scenario: int, name: str, zombie_06: tuple[float, float], building: str | None = None):
    """``name`` at its start with its last action, zombie-06 standing at ``zombie_06``: the bot
    moves (toward ``building``, if given) with a clean flick on the real table that ends 16 cm or
    more from every zombie, its reaction costing under a third of a life (S4, S5)."""
    bridge, bot, sid = acting(scenario, name)
    placed(bridge, {"zombie-06": zombie_06})
    state = bridge.engine.state
    bridge.engine.state = replace(state, flow=replace(state.flow, actions_left=1))
    assert not disagreements(bridge)
    assert bot_act.act(bot, legal(bridge)) == Move()
    if building is not None:
        assert bot.goals[sid].building == building
    outcome, end = simulate(bridge.session, sid, "movement_disc", bot.planned.aim)
    assert outcome.clean
    zombies = [np.array(bridge.engine.state.data.position(z.id)) for z in bridge.engine.state.data.zombies
               if z.where == "city"]
    assert min(float(np.linalg.norm(z - end)) for z in zombies) >= 16.0
    assert bot_safety.reaction_risk(bridge.engine.state, sid, end) < 20.0


def test_A_NEW_HORDE_ARRIVES_S5_only_as_many_hunt_as_zombies_are_short():
    """The bin holds 1 zombie and this round's end brings 3 (night): 2 short. Of the four in the
    street with nothing to carry, the two with a quiet weapon nearest a zombie hunt (Thomas and
    Kevin, bats); Gabriel (knife) farther searches on, Anita (a gun only) too."""
    more = (Survivor("survivor-kevin", "Kevin", "A", 2), Survivor("survivor-gabriel", "Gabriel", "A", 2),
            Survivor("survivor-anita", "Anita", "A", 2))
    state = game(5, [Token("t1", "fuel", "school")], more=more, in_bin=1)
    data = replace(state.data, survivors=tuple(replace(s, name="Thomas") if s.id == "survivor-a" else s
                                               for s in state.data.survivors))
    data = replace(data, zombies=data.zombies + (replace(data.zombies[0], id="zombie-90", where="city"),))
    data = data.with_positions({"zombie-90": (0.0, 0.0), "survivor-a": (5.0, 0.0), "survivor-kevin": (0.0, 8.0),
                                "survivor-gabriel": (30.0, 0.0), "survivor-anita": (2.0, 2.0)})
    state = replace(state, data=data)
    kinds = {sid: choose_goal(state, sid, {}, DOORS).kind
             for sid in ("survivor-a", "survivor-kevin", "survivor-gabriel", "survivor-anita")}
    assert kinds == {"survivor-a": "hunt", "survivor-kevin": "hunt", "survivor-gabriel": "enter",
                     "survivor-anita": "enter"}


@pytest.mark.physics
def test_ZOMBIES_ENTERING_A_BUILDING_S5_the_door_zombie_is_killed_before_going_in():
    """Kevin (a bat) at his start (8, -24) heads for the grocery store. A survivor inside stands on
    its west support block (17.5, -36); the closest standing zombie to it, zombie-05 at (29.7,
    -17.9), 21.8 cm off, is the one the entry's QUIET reaction rushes in (read in S5 seeds 1-10
    on main: it went in at the end of round 1 in every game, and a bat only knocks it onto the
    support block, a fight every round after). Kevin first lands next to it (a clean flick on the
    real table), to kill it at short distance next action."""
    bridge, bot, sid = acting(5, "Kevin")
    assert bot_s5.door_zombie(bot, "grocery_store") == "zombie-05"
    assert bot_act.act(bot, legal(bridge)) == Move()
    assert bot.goals[sid].building == "grocery_store"
    outcome, end = simulate(bridge.session, sid, "movement_disc", bot.planned.aim)
    assert outcome.clean and outcome.entered is None
    assert NEXT_TO[0] <= float(np.linalg.norm(end - bot.xy("zombie-05"))) <= NEXT_TO[1] + 0.5
