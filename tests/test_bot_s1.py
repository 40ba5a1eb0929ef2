"""S1 Get Outta Town! INSTANT DEFEAT foreseen by the bots (rulebook ZOMBIES' REACTION!, S1 INSTANT
DEFEAT): a reaction's rush runs from the tower behind the rushing zombie through the survivor and
on; the bot does not end a turn where that line touches the RV. Real S1 set-up (scenes/flickem/
s01.toml), real RV geometry."""
from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from feltbox.game.flickem import bot_s1, bot_turns
from feltbox.game.flickem.agreement import disagreements
from feltbox.game.flickem.bot import Bot
from feltbox.game.flickem.bot_turns import rush_risk
from feltbox.game.flickem.bridge import FlickemBridge
from feltbox.rules.core import PhysicsRequest
from feltbox.rules.flickem.flow import EndTurn, Move
from feltbox.rules.flickem.state import Waiting
from feltbox.scenes.loader import load_flickem
from tests.test_bot_coop import legal

pytestmark = pytest.mark.physics


def s1_table(at: dict[str, tuple[float, float]], fallen: tuple[str, ...] = (), acting: str | None = None):
    """S1 on the real table with pieces moved to ``at`` (rules and table), ``fallen`` zombies
    laid down, and ``acting`` chosen with both actions."""
    bridge = FlickemBridge(load_flickem(1), seed=1)
    state = bridge.engine.state
    data = state.data.with_positions(at)
    data = replace(data, zombies=tuple(replace(z, standing=z.id not in fallen) for z in data.zombies))
    flow = state.flow if acting is None else replace(state.flow, active=acting, waiting=Waiting.ACT, actions_left=2)
    bridge.engine.state = replace(state, data=data, flow=flow)
    bridge.show([])
    assert not disagreements(bridge)
    return bridge, Bot(bridge)


def test_S1_INSTANT_DEFEAT_a_rush_through_the_survivor_into_the_RV_is_foreseen():
    """The RV stands at (0, 36) facing south: its blocks' footprint covers x -14..14 (half width
    11 - 1 under it + 4 of block), y 30.5..41.5. zombie-04 is moved to (-2, 16).
    - A survivor at (2, 20): zombie-04 is the closest (5.7 cm); its rush runs north-east through
      (2, 20) and 25 cm on, to (19.7, 37.7); it crosses y 30.5 at x 12.5, inside the footprint: risk.
    - The same spot with zombie-04 killed first: the closest is zombie-03 at (4.8, 6.2), 14.1 cm;
      its line runs north through (2, 20) and crosses y 30.5 at x -0.1: risk again.
    - A survivor at (-2, 10): zombie-04 is the closest (6 cm), its rush runs south, away: no risk.
    - ``travel`` 10 cm (a rush that stops short): from (4.8, 6.2) toward (2, 20) it ends at
      (2.8, 16.0), 14 cm short of the footprint: no risk."""
    _, bot = s1_table({"zombie-04": (-2.0, 16.0)})
    assert tuple(bot.state.data.position("zombie-03")) == pytest.approx((4.8, 6.2))
    assert rush_risk(bot, np.array([2.0, 20.0]))
    assert rush_risk(bot, np.array([2.0, 20.0]), {"zombie-04"})
    assert not rush_risk(bot, np.array([2.0, 20.0]), {"zombie-04"}, travel=10.0)
    assert not rush_risk(bot, np.array([-2.0, 10.0]))
    assert not rush_risk(bot, np.array([-2.0, 10.0]), loud=True)


def test_S1_SET_UP_few_zombies_in_the_streets_the_rest_in_the_game_box():
    """S1: "The zombies in the streets are few for the moment" (house: 6 on the map), the bin
    "zombie x4", the other 8 figures in the game box, off the table; the rules and the table agree."""
    bridge = FlickemBridge(load_flickem(1), seed=1)
    places = [z.where for z in bridge.engine.state.data.zombies]
    assert (places.count("city"), places.count("bin"), places.count("box")) == (6, 4, 8)
    assert sum(bridge.session.present[i] for i in bridge.city.ids("zombie")) == 6
    assert not disagreements(bridge)


def _driving(zombie_at: tuple[float, float], fallen: bool = False):
    """John, the driver (a gun, no quiet weapon), at (0, 18), 12.5 cm in front of the RV's door (0, 30.5);
    zombie-06 at ``zombie_at``, the others far south; Anita at the start, the other hunters by them."""
    far = {"zombie-01": (-30.0, -30.0), "zombie-02": (-20.0, -38.0), "zombie-03": (30.0, -30.0),
           "zombie-04": (20.0, -38.0), "zombie-05": (-38.0, -20.0)}
    bridge, bot = s1_table({**far, "zombie-06": zombie_at, "survivor-john": (0.0, 18.0)},
                      ("zombie-06",) if fallen else (), acting="survivor-john")
    assert bot_s1.driver(bot) == "survivor-john"
    return bridge, bot


def test_S1_the_driver_waits_when_the_reaction_to_going_in_would_rush_into_the_RV():
    """The survivor who enters the RV is seated at (12.5, 36) (its first shelf spot); zombie-06
    standing at (22, 22) is 16.9 cm from it, the closest: going in (a move, QUIET) would rush it
    18 cm toward the seat, onto the RV's block (x to 14): the driver ends his turn SILENT in
    front of the door. The same zombie lying fallen only stands up: he goes in, and it is met."""
    bridge, bot = _driving((22.0, 22.0))
    assert not bot_s1.entry_safe(bot, rush_risk)
    assert bot_turns.s1_act(bot, legal(bridge), "survivor-john") == EndTurn()
    bridge, bot = _driving((22.0, 22.0), fallen=True)
    assert bot_s1.entry_safe(bot, rush_risk)


def test_S1_the_driver_goes_in_early_and_no_zombie_reaches_the_RV():
    """zombie-06 standing at (30, -10), 51 cm from the seat: its QUIET rush (measured 12-21 cm for
    a single zombie) cannot reach the RV. John goes in with the bot's own flick on the real table,
    becomes the driver, the reaction's rush runs, and the game goes on (no INSTANT DEFEAT)."""
    bridge, bot = _driving((30.0, -10.0))
    assert bot_s1.entry_safe(bot, rush_risk)
    assert bot_turns.s1_act(bot, legal(bridge), "survivor-john") == Move()
    bridge.decide(Move())
    bridge.physics(bot.planned.aim)
    state = bridge.engine.state
    assert state.data.driver == "survivor-john" and state.data.survivor("survivor-john").where == "rv"
    bridge.decide(EndTurn())
    while isinstance(bridge.pending(), PhysicsRequest):         # the reaction's rush
        bridge.physics()
    assert bridge.engine.state.flow.waiting != Waiting.OVER, bridge.engine.state.flow.result
    assert not disagreements(bridge)


def test_S1_the_driver_in_the_RV_has_no_action_left_on_the_real_table():
    """S1 SPECIAL RULES, "The driver is not available to be used for the remainder of the
    scenario": John goes in early with his first action (the bot's flick on the real table) and
    becomes the driver, 6 zombies in the city, 3 still to kill. His second action is gone: the
    rules offer only the end of his turn, and he stays in the RV (before, the rules let him act on,
    and the bot walked him out again: S1 seed 7, turn 10; 14 of 40 games, none won: helper branch
    s1more, which found it)."""
    bridge, bot = _driving((30.0, -10.0))
    assert bot_turns.s1_act(bot, legal(bridge), "survivor-john") == Move()
    bridge.decide(Move())
    bridge.physics(bot.planned.aim)
    state = bridge.engine.state
    assert state.data.survivor("survivor-john").where == "rv" and state.data.driver == "survivor-john"
    assert (state.flow.active, state.flow.actions_left, state.flow.waiting) == ("survivor-john", 1, Waiting.ACT)
    assert bot_turns.zombies_to_kill(state) == 3
    assert legal(bridge) == [EndTurn()]
    assert not disagreements(bridge)
