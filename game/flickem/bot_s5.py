"""S5 SEPARATED: where the zombies' reaction to a turn lands, and the zombies cleared before it
lands them on a survivor (rulebook ZOMBIES' REACTION!, ZOMBIE RUSH, TOO CLOSE!, ZOMBIES ENTERING A
BUILDING, END OF THE ROUND).

Read in the bots' own games (S5 seeds 1-20 on main, stop 27): of ~95 lives lost, 35 were TOO
CLOSE! at a round's end, each to the zombie its victim's own turn's QUIET reaction had rushed next
to it; 22 were lost in zombie fights, most to the zombie a survivor's entry drew into its
building (zombie-05, 12 cm north of the grocery store's door, went in at the end of round 1 in
every game; a bat only knocks it onto the support block, so it stands and fights again every
round)."""
from __future__ import annotations

import numpy as np

from feltbox.game.flickem.bot_aim import plan_near
from feltbox.game.flickem.bot_goals import has_quiet_kill
from feltbox.game.flickem.bot_paths import inside_point
from feltbox.game.flickem.bot_safety import bombs, reaction_risk, weighed_risk
from feltbox.game.flickem.bot_turns import CLOSE_IN, NEXT_TO, quiet_kill
from feltbox.rules.flickem.flow import Move, ShortDistanceKill

DOOR_RUSH = 24.0        # cm from inside a building: the closest standing zombie this near is rushed in
                        # (S5 seeds 1-7: from 14 and 22 cm it went in, from 23 cm it stayed outside)
BLOCK = 9.5             # cm across from a building's middle to the support block a survivor inside
                        # stands on (read in transcripts: the rush's target in the gas station
                        # (-36.5, -36); in the grocery store zombie-05 was rushed from 21.8 cm: (17.5, -36))
CLEARING = 2            # landings next to a door's zombie a survivor tries before it goes in anyway
DOOR_WALK = 50.0        # cm from the door: a survivor this near goes in this turn or the next


def risk_of(state, sid: str, exclude=()):
    """S5: what the zombies' reaction costs where a move lands (bot_safety.weighed_risk, once);
    None elsewhere."""
    return weighed_risk(state, sid, 1.0, exclude) if state.scenario == 5 else None


def _near(bot, sid: str, zombie: str):
    """A landing next to ``zombie`` (a short distance kill next action, then the turn ends there:
    bot_safety.reaction_risk without it, in full), or None."""
    state = bot.state
    zxy = bot.xy(zombie)
    others = [p for p in bot.zombie_spots() if float(np.linalg.norm(p - zxy)) > 1.0]
    careful = bot.careful(sid)
    plan = plan_near(bot.session, sid, zxy, lambda end, t=zxy: float(np.linalg.norm(end - t)), NEXT_TO,
                     others, rng=bot.rng(), careful=careful,
                     risk=lambda end: reaction_risk(state, sid, end, {zombie}))
    if plan.score > (200.0 if careful else 0.0):
        bot.planned = plan
        return Move()
    return None


def defuse_walk(bot, legal: list, sid: str):
    """S5: a fallen zombie lying next to a teammate (who has played this round: nothing else kills
    it before the round's end stands it, TOO CLOSE!) is walked up to, to be killed at short
    distance next action (bot_safety.defuse). Read in S5 seeds 1-6 (the bots' own games): 21 of
    the 25 TOO CLOSE! life losses were such zombies standing up, 15 of them at the round's end;
    2 lives a survivor and 2 dead lose the game, and every kill puts a zombie back in the bin
    the +4/+2 hordes come from."""
    state = bot.state
    s = state.data.survivor(sid)
    if s.where != "city" or Move() not in legal or state.flow.actions_left < 2 or not has_quiet_kill(state, sid):
        return None
    here = bot.xy(sid)
    near = []
    for z, victims in bombs(state, s.team).items():
        zxy = bot.xy(z)
        span = float(np.linalg.norm(zxy - here))
        if sid not in victims and span < CLOSE_IN:
            near.append((span, z))
    for _, z in sorted(near)[:2]:
        move = _near(bot, sid, z)
        if move is not None:
            return move
    return None


def door_zombie(bot, building: str) -> str | None:
    """The standing zombie a turn ending inside ``building`` rushes in: the closest one to the
    support block the survivor stands on, when within DOOR_RUSH (a fallen one closest is only
    stood up)."""
    block = inside_point(bot.bridge.city, building, BLOCK)
    zombies = sorted((float(np.linalg.norm(bot.xy(z.id) - block)), z.id, z.standing)
                     for z in bot.state.data.zombies if z.where == "city")
    if not zombies or not zombies[0][2] or zombies[0][0] > DOOR_RUSH:
        return None
    return zombies[0][1]


def clear_the_door(bot, legal: list, sid: str, building: str):
    """S5: before going into ``building``, the zombie its entry would rush in (a fight at the
    start of every turn spent there) is killed at short distance, or landed next to (with both
    actions and a quiet weapon) to be killed next action; CLEARING actions at most, once (the
    next closest then becomes the door's zombie: S5 seed 7, Gabriel cleared the gas station's
    door for 3 rounds and never went in)."""
    state = bot.state
    s = state.data.survivor(sid)
    if s.where != "city" or float(np.linalg.norm(bot.xy(sid) - np.array(bot.doors[building]))) > DOOR_WALK:
        return None
    spent = bot.cleared.get((sid, building), 0)
    z = door_zombie(bot, building) if spent < CLEARING else None
    if z is None:
        return None
    kills = [a for a in legal if isinstance(a, ShortDistanceKill) and a.zombie == z]
    if kills:
        kill = quiet_kill(kills, state, sid)
        if kill is not None:
            bot.cleared[(sid, building)] = CLEARING
        return kill
    if Move() not in legal or state.flow.actions_left < 2 or not has_quiet_kill(state, sid):
        return None
    move = _near(bot, sid, z)
    if move is not None:
        bot.cleared[(sid, building)] = spent + 1
    return move
