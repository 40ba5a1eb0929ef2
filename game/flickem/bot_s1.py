"""S1 GET OUTTA TOWN!: the driver waits at the RV's door while the others hunt.

The OBJECTIVE is "a survivor in the RV and 3 or fewer zombies in the city", checked after every
action (rules/flickem/game_end.py). The driver is the survivor with no quiet weapon nearest the
RV's door (a gun's kill is LOUD: three zombies rush at the killer), else the one nearest the
door. It walks to the door and plays last in each round (bot_turns._s1_choice): when the
others' kills have left 3, it goes in and the game is won before any zombie reacts (S1 seed 19:
won in round 2 so); else it waits, SILENT, or goes in early when that is safe, and then the kill
that leaves 3 wins at once. The first survivor in the RV "is not available for the remainder of
the scenario", so one hunter fewer either way.

Going in is a move, so the turn's reaction is QUIET: the zombie closest to the survivor, now in
the RV, stands up if it lies fallen, or rushes at it if it stands, and a zombie that touches the
RV or its blocks is an INSTANT DEFEAT. A single zombie's rush, measured on the real table (58
rushes from 10 to 60 cm away), carried it 12-22 cm toward its target: the driver goes in only
when the closest zombie lies fallen, or when a rush of ``RUSH_TRAVEL`` cm from it toward the door
passes clear of the RV (``rush_risk`` with ``travel``); otherwise it waits in front of the door,
SILENT, for a safer turn. On its way it walks only to landings whose reaction cannot reach the
RV either.
"""
from __future__ import annotations

import numpy as np

from feltbox.game.flickem.bot_aim import ENTERED, FAIL, plan_move
from feltbox.game.flickem.bot_goals import has_quiet_kill
from feltbox.game.table.shelf import figure_spot
from feltbox.rules.flickem.flow import EndTurn, Move

RUSH_TRAVEL = 30.0          # cm a single zombie's rush is reckoned to run (measured 12-22, margin)
STOP_SHORT = 200.0          # cm of way charged to a landing whose reaction could reach the RV
SHORT_OF = 10.0             # cm short of the zombie a hunter's walk out aims (bot_turns.APPROACH)


def driver(bot) -> str | None:
    """The survivor who goes into the RV: no quiet weapon first, then nearest the door."""
    state = bot.state
    if state.data.driver is not None:
        return None
    rv = np.array(bot.doors["rv"])
    alive = [s for s in state.data.survivors if s.where == "city" and s.life > 0]
    if not alive:
        return None
    return min(alive, key=lambda s: (has_quiet_kill(state, s.id), float(np.linalg.norm(bot.xy(s.id) - rv)), s.id)).id


def seat(bot) -> np.ndarray:
    """Where the active survivor stands if it goes into the RV (the table's first free place on
    its blocks, table/shelf.py): the point the QUIET reaction measures "closest to" from."""
    s = bot.session
    x, y, _ = figure_spot(bot.bridge.city, s.poses, s.present, s.inside, "rv", bot.state.flow.active)
    return np.array([x, y])


def entry_safe(bot, rush_risk) -> bool:
    """The QUIET reaction to a survivor going into the RV cannot touch it: the zombie closest to
    its seat lies fallen (it only stands up), or its rush, ``RUSH_TRAVEL`` long, misses the RV
    (``rush_risk`` finds that zombie and reads a fallen one as no rush)."""
    return not rush_risk(bot, seat(bot), travel=RUSH_TRAVEL)


def _walk(bot, sid: str, point: np.ndarray, enter: str | None, rush_risk):
    """plan_move toward ``point`` (into ``enter``), a landing whose reaction could reach the RV
    charged ``STOP_SHORT``; the plan, and whether it is a walk worth taking (clean, some way
    gained, its landing clear of the RV's rush)."""
    plan = plan_move(bot.session, sid, point, enter, bot.zombie_spots(), rng=bot.rng(), careful=False,
                     risk=lambda end: STOP_SHORT if rush_risk(bot, end) else 0.0)
    return plan, plan.score > FAIL + 100.0 and plan.progress > 2.0 and plan.risk < STOP_SHORT


def drive(bot, legal: list, sid: str, rush_risk):
    """The driver's action: into the RV when its reaction is safe; else a walk toward the door
    to a landing whose reaction cannot reach the RV; else wait (SILENT) where it stands."""
    if Move() not in legal:
        return None
    plan, worth = _walk(bot, sid, np.array(bot.doors["rv"]), "rv", rush_risk)
    if plan.score > ENTERED - 10.0:
        if entry_safe(bot, rush_risk):
            bot.planned = plan
            return Move()
        bot.planned = None
        return EndTurn()                        # one flick from the door: wait for a safer turn
    if worth:
        bot.planned = plan
        return Move()
    return None


def walk_out(bot, legal: list, sid: str, zombies: list[str], rush_risk):
    """A hunter none of whose flicks lands near a zombie (S1 seed 1: Thomas, John and Kevin boxed
    in by the barrels and lamps at the start ended every turn idle): the street's way toward the
    nearest one (plan_move's fan of hops), to a landing whose reaction cannot reach the RV."""
    if Move() not in legal or not zombies:
        return None
    here, target = bot.xy(sid), bot.xy(zombies[0])
    span = float(np.linalg.norm(target - here))
    if span <= SHORT_OF:
        return None
    point = here + (target - here) * (span - SHORT_OF) / span    # short of it: the zombie's own spot is not open
    plan, worth = _walk(bot, sid, point, None, rush_risk)
    if worth:
        bot.planned = plan
        return Move()
    return None
