"""What the active survivor does with its actions (rulebook USING A SURVIVOR, MOVE, SHORT
DISTANCE KILL, TAKE / DROP OFF, S7 SPECIAL POWERS and FLARE, S9 accusations).

In order, each action of a turn is the first of these that applies:
1. fight first when the rules say so (FIGHT: gun > knife > bat, bot_choices.pick_fight);
2. Olivia heals a wounded teammate beside her (no action spent);
3. S1's own plan (bot_turns.s1_act);
4. a loyal survivor accuses the teammate its team suspects (bot_secrets.py);
5. take / drop what the goal says where it stands (in a building, or at an object in S3);
6. a standing zombie next to it is killed at short distance with a quiet weapon;
7. a move toward the goal: into its building (straight through the door when it can), or within
   reach of its object; a survivor with nothing to fetch hunts zombies near its teammates;
8. powers before the turn ends: Anita's extra action when one more action achieves something,
   Mike's free move toward his goal, Elijah's small flare thrown away from the team to draw the
   zombies' reaction after a loud action or with a zombie close;
9. end the turn (nothing to do is silent: no zombie reacts).
"""
from __future__ import annotations

import numpy as np

from feltbox.game.flickem.bot_aim import FAIL, RISKY, breach_spots, in_front, plan_breach, plan_move, plan_near
from feltbox.game.flickem.bot_choices import pick_fight, pick_take_drop
from feltbox.game.flickem.bot_goals import Goal, base_of, bin_deficit, choose_goal, has_quiet_kill, spot
from feltbox.game.flickem.bot_paths import REACH_BAND, Clearance, blocking_zombies, door_waypoints
from feltbox.game.flickem.bot_s3 import relay_move, stir, unstick, walk_in
from feltbox.game.flickem.bot_s4 import food_goal, risk_s4
from feltbox.game.flickem.bot_s5 import clear_the_door, defuse_walk, risk_of
from feltbox.game.flickem.bot_safety import defuse
from feltbox.game.flickem.bot_secrets import is_betrayer, pick_accusation
from feltbox.game.flickem.bot_shots import plan_flare
from feltbox.game.flickem.bot_turns import CLOSE_IN, NEXT_TO, quiet_kill, s1_act, shoot, walk_up
from feltbox.rules.flickem.fights import FightWith
from feltbox.rules.flickem.flow import EndTurn, Move, ShortDistanceKill
from feltbox.rules.flickem.powers import ExtraAction, FreeMove, Heal, UseFlare
from feltbox.rules.flickem.tokens import TakeDrop
from feltbox.rules.geometry import to_rectangle

FLARE_AWAY = 20.0           # cm a flare must land from every teammate (and the base) to be worth an action
DETOUR = 35.0               # cm the zombies must add to a survivor's way before it clears them first
STRIDE_S5 = 20.0            # cm: S5, a move's clear lane shorter than this tries the fan of hops too
THREAT = 30.0               # cm: a standing zombie this close to a teammate or the base is worth hunting


def goal_for(bot, sid: str, remember: bool = True) -> Goal:
    """The goal of survivor ``sid`` now, from its team's knowledge and its teammates' goals: a
    place a teammate committed to first is left to it (no two searchers in one building, no
    dithering between places)."""
    state = bot.state
    s = state.data.survivor(sid)
    known = bot.knowledge.known(state, s.team)
    mine = bot.commits.get(sid, (None, float("inf")))
    claimed = tuple(place for other, (place, since) in bot.commits.items()
                    if other != sid and place is not None and since < mine[1]
                    and state.data.survivor(other).team == s.team and state.data.survivor(other).where != "dead")
    goal = choose_goal(state, sid, known, bot.doors, exclude=bot.done.setdefault(sid, set()), claimed=claimed,
                       ties=bot.ties(s.team), travel=bot.travel, current=mine[0])
    if state.scenario == 9 and s.team != "B" and _guard(state, sid):
        goal = Goal("enter", "school", why="S9: keep team B out of the school") if s.where != "school" \
            else Goal("stay", "school", why="S9: hold the school against team B")
    if state.scenario == 4:
        goal = food_goal(state, sid, goal, known, bot.doors)
    if is_betrayer(state, sid) and (goal.drop or goal.building == base_of(state, s.team)):
        goal = Goal("hunt", why="a betrayer never brings anything home")
    if remember:
        bot.goals[sid] = goal
        place = goal.building if goal.kind in ("enter", "reach") and goal.take else None
        if place != mine[0]:
            bot.commits[sid] = (place, len(bot.bridge.engine.history))
    return goal


def _guard(state, sid: str) -> bool:
    """S9: team A's first living survivor guards the school."""
    team = state.data.survivor(sid).team
    alive = sorted(s.id for s in state.data.survivors if s.team == team and s.where not in ("dead", "reserve"))
    return bool(alive) and alive[0] == sid


def act(bot, legal: list):
    state = bot.state
    f = state.flow
    sid = f.active
    s = state.data.survivor(sid)
    withs = [a for a in legal if isinstance(a, FightWith)]
    if withs:                                   # FIGHT: acting here means fighting first
        return pick_fight(state, withs)
    heal = _heal(state, legal)
    if heal is not None:
        return heal
    if state.scenario == 1:
        return s1_act(bot, legal, sid)
    accuse = pick_accusation(bot, legal)
    if accuse is not None:
        return accuse
    goal = goal_for(bot, sid)
    takes = [a for a in legal if isinstance(a, TakeDrop)]
    if takes:
        pick = pick_take_drop(state, takes, goal, bot.knowledge.known(state, s.team))
        if pick is not None:
            return pick
        if goal.take and (goal.kind == "stay" or (goal.kind == "reach" and goal.building in _reach(takes))):
            bot.done[sid].add(goal.building)    # nothing more here for this survivor
            goal = goal_for(bot, sid)
    if state.scenario == 3 and walk_in(bot, legal, sid) is not None:
        return Move()                       # S3: the escort before the hospital's door goes in first
    if s.where == "city":                   # a fallen zombie beside a teammate stands up soon: TOO CLOSE!
        bomb = defuse(legal, state, sid, pick=lambda kills: quiet_kill(kills, state, sid))
        if bomb is not None:
            return bomb
        kill = quiet_kill(legal, state, sid)
        standing = kill is not None and any(z.id == kill.zombie and z.standing for z in state.data.zombies)
        if kill is not None and (standing or goal.kind in ("hunt", "stay") or bin_deficit(state) > 0):
            return kill
    if state.scenario == 5 or (state.scenario == 4 and not goal.drop):  # a fallen zombie beside a teammate
        walk = defuse_walk(bot, legal, sid)
        if walk is not None:
            return walk
    barred = goal.building is not None and any(b == goal.building for _, b in state.data.barricades)
    # S4: not at the barricaded store (nobody goes in yet), nor for a carrier on its way (bot_s4.py)
    if state.scenario == 5 or (state.scenario == 4 and not barred and not goal.drop):
        if goal.kind == "enter" and goal.building in bot.doors:    # the door's zombie, before going in
            door = clear_the_door(bot, legal, sid, goal.building)
            if door is not None:
                return door
    if 2 in state.flow.noises:              # a gun fired: a flare draws the rush away from here
        flare = _flare(bot, legal, sid)
        if flare is not None:
            return flare
    move = _move_toward(bot, legal, sid, goal)
    if move is not None:
        return move
    if s.where == "city" and goal.kind in ("enter", "reach"):     # stuck against a zombie: clear it
        kill = quiet_kill(legal, state, sid, loud_ok=True)
        if kill is not None:
            return kill
    # S4: a survivor whose way in is barricaded and who has no flick at the barricades from here
    # clears the zombies around its teammates at the door instead of idling (TOO CLOSE! kills there)
    if goal.kind == "hunt" or barred:
        hunt = _hunt(bot, legal, sid)
        if hunt is not None:
            return hunt
    power = _power_before_ending(bot, legal, sid, goal)
    if power is not None:
        return power
    if s.where == "city":                   # still next to a standing zombie: TOO CLOSE! at the turn's end
        standing = {z.id for z in state.data.zombies if z.standing}
        kills = [a for a in legal if isinstance(a, ShortDistanceKill) and a.zombie in standing]
        if kills:
            return quiet_kill(kills, state, sid, loud_ok=True)
    if state.scenario == 3 and stir(bot, legal, sid) is not None:
        return Move()                       # S3: an escort with no way nearer draws the rush (bot_s3.stir)
    if state.scenario == 3 and unstick(bot, legal, sid) is not None:
        return Move()                       # S3: or steps aside: Anita is repositioned (bot_s3.unstick)
    bot.planned = None
    return EndTurn()


def _reach(takes: list) -> set[str]:
    return {t.at for t in takes if t.at is not None} | {t.take for t in takes if t.take is not None}


def _move_toward(bot, legal: list, sid: str, goal: Goal):
    state = bot.state
    s = state.data.survivor(sid)
    if Move() not in legal or goal.building is None or goal.building == s.where:
        return None
    if goal.kind == "wait":                 # S3: beside the hospital's door, for Anita (bot_s3.py)
        return relay_move(bot, legal, sid)
    if state.scenario == 4 and s.where != "city" and goal.drop and state.flow.actions_left < 2 \
            and bot.careful(sid):
        return None     # S4: out with its last action, a carrier stands before the door through the round's end
    if goal.kind == "enter" and goal.building in bot.doors:
        blocks = sum(b == goal.building for _, b in state.data.barricades)
        if blocks and s.where == "city":
            return _breach(bot, sid, goal.building)
        if s.where == "city":               # zombies making the way much longer: clear them first
            cleared = clear_the_way(bot, legal, sid, goal.building, detour=DETOUR)
            if cleared is not None:
                return cleared
        company = (state.data.rescued,) if state.data.escort == sid and state.data.rescued else ()
        plan = plan_move(bot.session, sid, np.array(bot.doors[goal.building]), goal.building, bot.zombie_spots(),
                         blocks, rng=bot.rng(), careful=bot.careful(sid), company=company,
                         risk=risk_of(state, sid) or (None if goal.drop else risk_s4(state, sid)),
                         stride=STRIDE_S5 if state.scenario == 5 else 0.0, far_door=state.scenario == 5)
        if s.where != "city" and plan.risk > RISKY and state.flow.actions_left <= 1:
            return None     # S5: out with the last action into the coming reaction: stay in this turn
        if plan.score > FAIL + 100.0 and (s.where != "city" or plan.progress > 2.0 or plan.score > 100.0):
            bot.planned = plan
            return Move()
        if s.where == "city":
            return clear_the_way(bot, legal, sid, goal.building) or \
                (_take(bot, plan) if plan.score > FAIL + 100.0 and (plan.progress > -5.0 or plan.hemmed) else None)
    if goal.kind == "reach":
        rect = next((r for r in state.data.objects if r[0] == goal.building), None)
        if rect is not None:
            _, x, y, heading, hl, hw = rect
            plan = plan_near(bot.session, sid, np.array([x, y]),
                             lambda end: to_rectangle((float(end[0]), float(end[1])), (x, y), heading, hl, hw),
                             REACH_BAND, bot.zombie_spots(), rng=bot.rng(), careful=bot.careful(sid))
            if plan.score > 100.0:              # within reach of it
                return _take(bot, plan)
            # not within one straight flick (a figure, a lamp, a block in the line; far across the
            # city): along the street to the spot beside it nearest to the survivor (S3 seed 1:
            # Olivia, her way to the pickup truck blocked, stood at the start all game)
            way = plan_move(bot.session, sid, reach_spot(bot.xy(sid), rect), None, bot.zombie_spots(),
                            rng=bot.rng(), careful=bot.careful(sid))
            if way.score > FAIL + 100.0 and (way.progress > 2.0 or way.hemmed):
                return _take(bot, way)
            if plan.score > FAIL + 100.0:
                return _take(bot, plan)
    return None


def reach_spot(here: np.ndarray, rect: tuple) -> np.ndarray:
    """The spot beside the object ``rect`` (id, x, y, heading, half length, half width) on the
    line from its centre toward ``here``, in the middle of the reach band (TAKE IN THE CITY)."""
    _, x, y, heading, hl, hw = rect
    centre = np.array([x, y], dtype=float)
    d = np.asarray(here, dtype=float) - centre
    d = d / max(float(np.linalg.norm(d)), 1e-6)
    a = np.radians(heading)
    lx, ly = abs(d[0] * np.cos(a) + d[1] * np.sin(a)), abs(-d[0] * np.sin(a) + d[1] * np.cos(a))
    edge = min(hl / lx if lx > 1e-6 else np.inf, hw / ly if ly > 1e-6 else np.inf)
    return centre + d * (edge + sum(REACH_BAND) / 2)


def _breach(bot, sid: str, building: str):
    """S4 BARRICADES: a survivor within reach of the barricades flicks at them when a simulated
    flick knocks one out of the entrance (the last one out lets it in); otherwise it walks to a
    spot beside the door no teammate holds, from where glancing flicks work best."""
    state = bot.state
    door = np.array(bot.doors[building])
    here = bot.xy(sid)
    # a spot (with the barricades where they lie) from which no flick worked is not tried again
    tried = (round(float(here[0])), round(float(here[1])), tuple(b for b, _ in state.data.barricades))
    if float(np.linalg.norm(here - door)) < 45.0 and tried not in bot.breached:
        plan = plan_breach(bot.session, sid, building, rng=bot.rng())
        if plan.score > 0.0:
            return _take(bot, plan)
        bot.breached.add(tried)
    team = [bot.xy(o.id) for o in state.data.survivors if o.id != sid and o.where == "city"]
    spots = [p for p in breach_spots(bot.bridge.city, building)
             if all(float(np.linalg.norm(p - t)) > 6.0 for t in team) and float(np.linalg.norm(p - here)) > 4.0]
    for side in sorted(spots, key=lambda p: float(np.linalg.norm(p - here)))[:3]:
        plan = plan_move(bot.session, sid, side, None, bot.zombie_spots(), rng=bot.rng(), risk=risk_s4(state, sid))
        if plan.score > FAIL + 100.0 and plan.progress > 2.0:
            return _take(bot, plan)
    return None


def _take(bot, plan):
    bot.planned = plan
    return Move()


def clear_the_way(bot, legal: list, sid: str, building: str, detour: float = 0.0):
    """The zombie standing (or lying) first in the way to ``building`` (when they make the way at
    least ``detour`` cm longer; 0: no move gets closer) is killed next to it, shot (the quietest
    weapon whose simulated shot fells it; a gun only when no move gets closer), or closed in on
    to be killed next action."""
    state = bot.state
    here = bot.xy(sid)
    clear = Clearance(bot.session, ignore={sid})
    goals = door_waypoints(bot.bridge.city, building, clear) or [np.array(bot.doors[building])]
    zombies = [z.id for z in state.data.zombies if z.where == "city"]
    blockers, longer = blocking_zombies(bot.session, sid, here, goals, zombies)
    if not blockers or longer < detour:
        return None
    kills = [a for a in legal if isinstance(a, ShortDistanceKill) and a.zombie in blockers[:2]]
    if kills:
        return quiet_kill(kills, state, sid, loud_ok=not detour)
    shot = shoot(bot, legal, sid, blockers[:1], loud_ok=not detour)
    if shot is not None:
        return shot
    if state.flow.actions_left >= 2 and (not detour or has_quiet_kill(state, sid)):
        target = bot.xy(blockers[0])
        others = [p for p in bot.zombie_spots() if float(np.linalg.norm(p - target)) > 1.0]
        careful = bot.careful(sid)
        plan = plan_near(bot.session, sid, target, lambda end: float(np.linalg.norm(end - target)), NEXT_TO,
                         others, rng=bot.rng(), careful=careful)
        if plan.score > (200.0 if careful else 0.0):
            return _take(bot, plan)
    return None


def _hunt(bot, legal: list, sid: str):
    """Nothing to fetch: close in on a standing zombie that threatens a teammate or the base, to
    kill it quietly next action; otherwise stay put (silent)."""
    state = bot.state
    s = state.data.survivor(sid)
    if s.where != "city" or Move() not in legal or not has_quiet_kill(state, sid):
        return None
    here = bot.xy(sid)
    guarded = [np.array(spot(state, o.id)) for o in state.data.survivors
               if o.team == s.team and o.id != sid and o.where == "city"]
    base = base_of(state, s.team)
    if base in bot.doors:
        guarded.append(np.array(bot.doors[base]))
    threats = []
    refill = bin_deficit(state) > 0             # kills refill the bin the hordes come from
    for z in state.data.zombies:
        if z.where != "city" or not (z.standing or refill):
            continue
        zxy = bot.xy(z.id)
        near = min((float(np.linalg.norm(zxy - g)) for g in guarded), default=99.0)
        if (near < THREAT or refill) and float(np.linalg.norm(zxy - here)) < CLOSE_IN:
            threats.append((near, z.id, zxy))
    for _, _zombie, zxy in sorted(threats, key=lambda t: (t[0], t[1]))[:2 if state.flow.actions_left >= 2 else 0]:
        others = [p for p in bot.zombie_spots() if float(np.linalg.norm(p - zxy)) > 1.0]
        careful = bot.careful(sid)
        plan = plan_near(bot.session, sid, zxy, lambda end, t=zxy: float(np.linalg.norm(end - t)), NEXT_TO,
                         others, rng=bot.rng(), careful=careful)
        if plan.score > (200.0 if careful else 0.0):
            bot.planned = plan
            return Move()
    if refill:          # the bin runs short of a coming horde (S5: 8 for hordes of 4 and 2): go get one
        # S5, the turn's last action: up to a fallen zombie only (the reaction stands it 7.5-13 cm
        # away, no rush); a standing one would be rushed next to the walker (bot_safety.reaction_risk)
        last = state.scenario == 5 and state.flow.actions_left < 2
        return walk_up(bot, legal, sid, [z for z in sorted(
            (z.id for z in state.data.zombies if z.where == "city" and not (last and z.standing)),
            key=lambda z: (float(np.linalg.norm(bot.xy(z) - here)), z))])
    return None


def _heal(state, legal: list):
    """OLIVIA BROWN: heal the most wounded teammate beside her (no action spent)."""
    heals = [a for a in legal if isinstance(a, Heal)]
    if not heals:
        return None
    start = {s.id: s.life for s in state.setup.survivors}
    team = state.data.survivor(state.flow.active).team

    def need(h) -> int:
        p = state.data.survivor(h.patient)
        return start.get(p.id, 3) - p.life if p.team == team else -9
    best = max(heals, key=lambda h: (need(h), h.patient, h.medicine))
    return best if need(best) > 0 and state.data.survivor(best.patient).life <= 1 or need(best) >= 2 else None


def _power_before_ending(bot, legal: list, sid: str, goal: Goal):
    state = bot.state
    f = state.flow
    here = bot.xy(sid)
    if ExtraAction() in legal and f.actions_left == 0 and _worth_an_action(bot, sid, goal, here):
        return ExtraAction()
    if FreeMove() in legal and goal.kind in ("enter", "reach") and goal.building in bot.doors:
        door = np.array(bot.doors[goal.building])
        plan = plan_move(bot.session, sid, door, goal.building, bot.zombie_spots(), rng=bot.rng(), weapon="figure")
        if plan.score > FAIL + 100.0 and plan.progress > 3.0:
            bot.planned = plan
            return FreeMove()
    close = min((float(np.linalg.norm(z - here)) for z in bot.zombie_spots(fallen=False)), default=99.0)
    if close < 25.0:                        # a zombie close: the reaction would rush it here
        return _flare(bot, legal, sid)
    return None


def _flare(bot, legal: list, sid: str):
    """ELIJAH JORDAN: a small flare (QUIET) flicked as far from the team and its base as it
    stays in the city; the turn's reaction then goes to the flare."""
    state = bot.state
    s = state.data.survivor(sid)
    if UseFlare("small") not in legal or s.where != "city" or state.flow.actions_left <= 0:
        return None
    team = [np.array(spot(state, o.id)) for o in state.data.survivors if o.team == s.team and o.where == "city"]
    base = base_of(state, s.team)
    if base in bot.doors:
        team.append(np.array(bot.doors[base]))
    plan = plan_flare(bot.session, sid, team, rng=bot.rng())
    if plan.score > FLARE_AWAY:
        bot.planned = plan
        return UseFlare("small")
    return None


def _worth_an_action(bot, sid: str, goal: Goal, here: np.ndarray) -> bool:
    """ANITA WALLACE: one more action achieves something (or it is the last round: use them up)."""
    state = bot.state
    if state.flow.round_marker <= 1 and goal.kind != "hunt":
        return True
    if goal.kind == "stay":
        return bool(goal.drop or goal.take)
    return goal.kind == "enter" and goal.building in bot.doors and in_front(bot.bridge.city, goal.building, here)

