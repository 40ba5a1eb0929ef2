"""Which survivor a bot team plays next, and S1's plan (rulebook USING A SURVIVOR; S1 GET OUTTA
TOWN!: a survivor in the RV and 3 or fewer zombies in the city; INSTANT DEFEAT when a zombie
touches the RV).

Choosing: each available survivor's goal (bot_goals.py) gives its turn an urgency: a survivor
next to a standing zombie (the more so when wounded: TOO CLOSE! strikes again), in the base with
goods to drop, or in a building with tokens to search plays before one with a long walk ahead; a
survivor with nothing to do plays last. Ties
go to the team's seeded RNG, which also picks among turns that matter about as much (so two seeds
play two games).

S1: the zombies to kill are those above 3. A survivor who can kill this turn plays first: next
to a zombie it kills at short distance (quiet weapons first), else it closes in with a move that
ends next to one (then kills), else it shoots when a simulated shot fells one. Once 3 or fewer
are left, the survivor who can get into the RV from where it stands goes in, straight through
the door (or lines up in front of it with a second action to follow): the objective is met the
moment it enters, before any zombie reacts. One survivor, the driver (bot_s1.py), walks to the
RV's door early, plays last in each round (the others' kills may leave 3 by then) and goes in
earlier only when the reaction to its move cannot rush into the RV (INSTANT DEFEAT); survivors
with nothing to kill walk toward the nearest zombie (the street's way when boxed in), or stay silent.
Before a kill, a shot, a landing next to a zombie or a walk, the bot foresees the reaction
(``rush_risk``): the zombie that would rush (QUIET: the closest one, if standing; LOUD: the
closest standing one, the tower behind it) runs from the tower behind it through the survivor's
spot and on; if that line passes within a zombie's reach of the RV or its blocks, the action is
not played there (the rush of a quiet kill next to the RV ended 2 of 4 sampled games).
"""
from __future__ import annotations

import numpy as np

from feltbox.game.flickem import bot_s1
from feltbox.game.flickem.bot_aim import ENTERED, plan_move, plan_near
from feltbox.game.flickem.bot_bat import GOOD as BAT_GOOD
from feltbox.game.flickem.bot_bat import plan_bat
from feltbox.game.flickem.bot_goals import dist, has_quiet_kill, spot
from feltbox.game.flickem.bot_safety import bombs, stood_up
from feltbox.game.flickem.bot_shots import HIT, plan_shot
from feltbox.models.dimensions import dims
from feltbox.rules.flickem.flow import WEAPON_PIECE, EndTurn, Move, ShortDistanceKill, UseWeapon
from feltbox.rules.flickem.noise import GUNS
from feltbox.rules.flickem.scenarios import scenario_rules
from feltbox.rules.flickem.weapons import weapons_of

NEXT_TO = (3.7, 6.1)        # cm between a landed disc's centre and a zombie's: next to it, not touching
CLOSE_IN = 48.0             # cm: a zombie this close can be reached next to, then killed, in one turn
RV_CLEAR = 30.0             # cm from the RV's door: no fight this close to it (S1 INSTANT DEFEAT)
RUSH_ON = 25.0              # cm a rush runs on past the survivor it is aimed at (house, from transcripts)
RUSH_REACH = 6.0            # cm from the RV's footprint (its blocks' shelves included) a rushing line may pass
APPROACH = (7.5, 13.0)      # cm from a zombie a walk up to it ends: the kill's landing is short next turn, not TOO CLOSE
SHOT_RANGE = 45.0           # cm: farther zombies are approached rather than shot (house)
GUN_RANGE = 60.0            # cm: a survivor with no quiet weapon shoots first, this far (house)
QUIET_FIRST = {"knife": 0, "bat": 1, "sniper": 2, "shotgun": 3, "gun": 4, "two_guns": 5}
LATE = 4.0                  # S3: urgency an escort with a teammate beside him gives up (it plays after it)
CROWD = 7.0                 # cm between centres: a teammate this near the escort stands in his way
WOUNDING = ("knife", "sniper", "shotgun", "gun", "two_guns")   # a bat knocks down, it never wounds


def choose_survivor(bot, choices: list):
    """The available survivor whose turn matters most now (S1: its own plan)."""
    if len(choices) == 1:
        return choices[0]
    state = bot.state
    if state.scenario == 1:
        return _s1_choice(bot, choices)
    rng = bot.rng(state.flow.teams[state.flow.team_index])
    # near-equal turns are told apart by the seed: different seeds, different games
    late = crowded_escort(bot, choices) if state.scenario == 3 else None
    return max(choices, key=lambda c: urgency(bot, c.survivor) + 0.6 * rng.random() - (LATE if c.survivor == late else 0.0))


def crowded_escort(bot, choices: list) -> str | None:
    """S3: Anita's escort, in the street, when a standing teammate who has yet to play this round
    stands within ``CROWD`` cm of him: that teammate plays first and walks off toward the door, so
    the escort's turn meets a clearer street (S3 seed 26: Thomas, escorting her at the ice cream
    truck with Olivia 5.1 cm beside him, had no way on; after Olivia walked off his next turn went
    37 cm and into the hospital)."""
    state = bot.state
    escort = state.data.escort
    ids = {c.survivor for c in choices}
    if escort not in ids or state.data.survivor(escort).where != "city":
        return None
    here = bot.xy(escort)
    near = [o for o in state.data.survivors if o.id in ids and o.id != escort and o.standing and o.where == "city"
            and float(np.linalg.norm(bot.xy(o.id) - here)) < CROWD]
    return escort if near else None


def urgency(bot, sid: str) -> float:
    """How much this survivor's turn matters now."""
    state = bot.state
    s = state.data.survivor(sid)
    goal = bot.goal_of(sid)
    here = spot(state, sid) if s.where == "city" else bot.doors.get(s.where, (0.0, 0.0))
    score = 0.0
    close = min((dist(here, z) for z in map(tuple, bot.zombie_spots())), default=99.0) if s.where == "city" else 99.0
    if close < 12.0:                        # a zombie next to it (a fallen one stands at the latest at the
        # round's end): act before it is too late (docs/bots.md, stop 37)
        start = next((x.life for x in state.setup.survivors if x.id == sid), s.life)
        score += (5.0 if close < 7.0 else 3.0) + max(start - s.life, 0)     # TOO CLOSE! again, or worse
    if any(sid in hit for hit in bombs(state, s.team).values()):
        score += 3.0                        # a fallen zombie beside it stands up soon: kill it or go
    if goal.kind == "stay":
        score += 5.0 if goal.drop else 4.0 if goal.take else 0.0
    elif goal.kind in ("enter", "reach") and goal.building is not None:
        target = bot.doors.get(goal.building) or _object_xy(state, goal.building) or here
        score += (3.5 if goal.drop else 2.0) - dist(here, target) / 50.0
        score += 2.0 if state.data.escort == sid else 0.0
    elif goal.kind == "wait" and goal.building not in bot.doors:   # S3: nobody escorts Anita: to her
        score += 2.5 - dist(here, bot.xy(goal.building)) / 50.0
    elif goal.kind == "wait":               # S3: on its way to the hospital's door, for Anita
        score += 1.0 if s.where != "city" or dist(here, bot.doors[goal.building]) > 25.0 else 0.0
    return score


def _object_xy(state, place: str):
    return next(((x, y) for o, x, y, *_ in state.data.objects if o == place), None)


# -- S1: Get Outta Town! ------------------------------------------------------------------------
def zombies_to_kill(state) -> int:
    in_city = sum(z.where == "city" for z in state.data.zombies)
    return in_city - scenario_rules(state.scenario).max_zombies


def _s1_choice(bot, choices: list):
    state = bot.state
    rv = np.array(bot.doors["rv"])
    zombies = [np.array(state.data.position(z.id)) for z in state.data.zombies if z.where == "city"]
    rng = bot.rng(state.flow.teams[state.flow.team_index])

    def to_rv(c) -> float:
        return float(np.linalg.norm(bot.xy(c.survivor) - rv))

    def to_zombie(c) -> float:
        here = bot.xy(c.survivor)
        return min((float(np.linalg.norm(here - z)) for z in zombies), default=99.0)
    if zombies_to_kill(state) <= 0 and state.data.driver is None:
        ranked = sorted(choices, key=lambda c: to_rv(c) * (1.0 + 0.3 * rng.random()))
        for c in ranked[:3]:                # the first that can get in from where it stands
            plan = plan_move(bot.session, c.survivor, rv, "rv", bot.zombie_spots(), rng=rng)
            if plan.score > ENTERED - 10.0:
                return c
        return ranked[0]
    waiter = bot_s1.driver(bot)             # the driver plays last: the round's kills may leave 3 first
    hunters = [c for c in choices if c.survivor != waiter] or choices
    return min(hunters, key=lambda c: (to_zombie(c) > CLOSE_IN, (to_zombie(c) + 0.2 * to_rv(c)) * (1.0 + 0.4 * rng.random())))


def s1_act(bot, legal: list, sid: str):
    """One action of S1's plan for the active survivor ``sid``."""
    state = bot.state
    need = zombies_to_kill(state)
    near_rv = float(np.linalg.norm(bot.xy(sid) - np.array(bot.doors["rv"]))) < RV_CLEAR
    if need > 0:
        kill = quiet_kill(legal, state, sid, loud_ok=not near_rv)     # near the RV: quietly only
        loud = kill is not None and (getattr(kill, "weapon", None) or "") in GUNS
        if kill is not None and not rush_risk(bot, bot.xy(sid), {kill.zombie}, loud) \
                and not _fatal_stand(state, sid, bot.xy(sid), loud, {kill.zombie}):
            return kill
    elif state.data.driver is None and Move() in legal:
        plan = plan_move(bot.session, sid, np.array(bot.doors["rv"]), "rv", bot.zombie_spots(),
                         rng=bot.rng(), careful=False)
        # in, or (with a second action to follow) onto a spot the entry is a clear flick from
        if plan.score > ENTERED - 10.0 or (state.flow.actions_left >= 2 and plan.score > -3.0):
            bot.planned = plan
            return Move()
    if need > 0 and sid == bot_s1.driver(bot):     # the driver goes in early (bot_s1.py)
        action = bot_s1.drive(bot, legal, sid, rush_risk)
        if action is not None:
            return action
    if need > 0:
        action = _s1_hunt(bot, legal, sid)
        if action is not None:
            return action
    bot.planned = None
    return EndTurn()


def _fatal_stand(state, sid: str, at, loud: bool, exclude=()) -> bool:
    """The turn's reaction would stand a fallen zombie next to a teammate at its last life (TOO
    CLOSE! kills it; S1 ends at 3 dead): S1 seed 1, a kill stood the zombie lying beside John."""
    hit = {v for vs in stood_up(state, sid, at, loud, exclude).values() for v in vs if v != sid}
    return any(state.data.survivor(v).life <= 1 for v in hit)


def rush_risk(bot, at: np.ndarray, exclude=(), loud: bool = False, travel: float | None = None) -> bool:
    """S1 INSTANT DEFEAT foreseen: would the zombies' reaction to a survivor ending its turn at
    ``at`` (``exclude``: zombies it kills first) rush along a line that touches the RV?
    Rulebook ZOMBIES' REACTION!: QUIET, the closest zombie rushes if it stands (a fallen one only
    stands up); LOUD, the closest standing one, the tower behind it, with the 2 next. ``travel``:
    the line ends that far from the zombie, short of the survivor (bot_s1: a far zombie's rush)."""
    state = bot.state
    zs = [(np.array(state.data.position(z.id), dtype=float), z.standing) for z in state.data.zombies
          if z.where == "city" and z.id not in exclude]
    zs = [z for z in zs if z[1]] if loud else zs
    if not zs:
        return False
    z, standing = min(zs, key=lambda t: float(np.linalg.norm(t[0] - at)))
    span = float(np.linalg.norm(at - z))
    if not standing or span < 1e-6:
        return False
    g = bot.bridge.city.buildings["rv"]
    length = span + RUSH_ON if travel is None else min(span + RUSH_ON, travel)
    local = g.to_local(z + np.outer(np.linspace(0.0, length / span, 24), at - z))
    half = g.door_half_span + dims()["support_block"]["width"]
    dx = np.maximum.reduce([g.back_x - local[:, 0], local[:, 0] - g.door_x, np.zeros(len(local))])
    dy = np.maximum(np.abs(local[:, 1]) - half, 0.0)
    return bool(np.min(np.hypot(dx, dy)) < RUSH_REACH)


def _s1_hunt(bot, legal: list, sid: str):
    """Kill one more: land next to a zombie within reach (its kill is the next action; a landing
    in the band counts even if aim noise may spoil it: every kill counts here), else shoot one,
    else walk up to the nearest one, to kill it next turn."""
    state = bot.state
    here = bot.xy(sid)
    rv = np.array(bot.doors["rv"])
    quiet = has_quiet_kill(state, sid)
    # a fight near the RV draws the zombies' rush at it (INSTANT DEFEAT): only a quiet kill from the
    # far side (the rush then comes from the RV's side, away from it), never a gun there
    every = sorted((z.id for z in state.data.zombies if z.where == "city"),
                   key=lambda z: (float(np.linalg.norm(bot.xy(z) - here)), z))
    zombies = [z for z in every if float(np.linalg.norm(bot.xy(z) - rv)) > RV_CLEAR]
    far_from_rv = float(np.linalg.norm(here - rv)) > RV_CLEAR
    if not quiet and far_from_rv:
        # a gun's kill is LOUD however it is made: shot from afar, the rush of 3 lands short of
        # the shooter, and a second action may shoot again (a landing next to a zombie, then a
        # kill at short distance, draws the rush onto the survivor: S1 seed 1, Anita died so)
        shot = shoot(bot, legal, sid, [z for z in zombies if float(np.linalg.norm(bot.xy(z) - here)) < GUN_RANGE])
        if shot is not None and not rush_risk(bot, here, (), loud=shot.weapon in GUNS):
            return shot
    if state.flow.actions_left >= 2 and Move() in legal:
        standing = [z.id for z in state.data.zombies if z.where == "city" and z.standing]
        for z in [z for z in (every if quiet else zombies) if float(np.linalg.norm(bot.xy(z) - here)) <= CLOSE_IN][:5]:
            target = bot.xy(z)
            others = [p for p in bot.zombie_spots() if float(np.linalg.norm(p - target)) > 1.0]
            near_rv = float(np.linalg.norm(target - rv)) <= RV_CLEAR

            def gap(end, t=target, near_rv=near_rv, z=z) -> float:
                if near_rv and float(np.linalg.norm(end - rv)) < float(np.linalg.norm(t - rv)) + 2.0:
                    return 99.0                 # on the RV's side of it: no
                g = float(np.linalg.norm(end - t))
                if NEXT_TO[0] <= g <= NEXT_TO[1] and (rush_risk(bot, end, {z}) or _fatal_stand(state, sid, end, not quiet, {z})):
                    return 99.0                 # the kill's reaction would rush into the RV, or kill a teammate
                return g
            if UseWeapon("bat") in legal:     # the bat first: it only has to touch the zombie first (bot_bat.py)
                def ok(end, t=target, near_rv=near_rv, z=z) -> bool:
                    return not (near_rv and float(np.linalg.norm(end - rv)) < float(np.linalg.norm(t - rv)) + 2.0) \
                        and not rush_risk(bot, end, {z}) and not _fatal_stand(state, sid, end, not quiet, {z})
                swing = plan_bat(bot.session, sid, z, standing, ok, rng=bot.rng())
                if swing.score >= BAT_GOOD:
                    bot.planned = swing
                    return UseWeapon("bat")
            plan = plan_near(bot.session, sid, target, gap, NEXT_TO, others, rng=bot.rng(), careful=bot.careful(sid),
                             ring=8)
            if plan.score > 100.0:
                bot.planned = plan
                return Move()
    if far_from_rv and quiet:
        shot = shoot(bot, legal, sid, [z for z in zombies if float(np.linalg.norm(bot.xy(z) - here)) < SHOT_RANGE])
        if shot is not None and not rush_risk(bot, here, (), loud=shot.weapon in GUNS):
            return shot
    targets = every if quiet else zombies       # a quiet weapon may go up to one by the RV too
    return walk_up(bot, legal, sid, targets) or bot_s1.walk_out(bot, legal, sid, targets, rush_risk)


def walk_up(bot, legal: list, sid: str, zombies: list[str]):
    """A walk up to one of the 3 first of ``zombies`` (nearest first), ending 7.5-13 cm from it
    (a landing next to it, then a kill, next turn; not TOO CLOSE! now) or at least 5 cm nearer."""
    if Move() not in legal or not zombies:
        return None
    here = bot.xy(sid)
    for z in zombies[:3]:                       # walk up to the nearest zombie, to kill it next turn
        target = bot.xy(z)
        span = float(np.linalg.norm(target - here))
        if span <= APPROACH[1]:
            continue                            # as near as a walk gets; landing next to it failed
        point = here + (target - here) * (span - sum(APPROACH) / 2) / span
        if bot.state.scenario == 1 and rush_risk(bot, point):
            continue                            # the walk's reaction would rush into the RV
        plan = plan_near(bot.session, sid, target, lambda end, t=target: float(np.linalg.norm(end - t)),
                         APPROACH, bot.zombie_spots(), rng=bot.rng(), ring=8)
        # in the band (kill range next turn, not TOO CLOSE), or at least 5 cm nearer, clear of others
        if plan.score > 100.0 or plan.score > -(span - sum(APPROACH) / 2) + 5.0:
            bot.planned = plan
            return Move()
    return None


def quiet_kill(legal: list, state, sid: str, loud_ok: bool = False):
    """SHORT DISTANCE KILL of a zombie next to ``sid``, with the quietest weapon the options offer
    (``weapon`` when the action names one, else the survivor's default); a gun's only if ``loud_ok``."""
    kills = [a for a in legal if isinstance(a, ShortDistanceKill)]
    if not kills:
        return None
    s = state.data.survivor(sid)
    default = weapons_of(s.name, state.data.kinds(s.inventory))[0]
    standing = {z.id: z.standing for z in state.data.zombies}

    def noise(a) -> int:
        return QUIET_FIRST.get(getattr(a, "weapon", None) or default, 9)
    best = min(kills, key=lambda a: (noise(a), not standing.get(a.zombie, False), a.zombie))
    loud = (getattr(best, "weapon", None) or default) in GUNS
    return best if loud_ok or not loud else None


def shoot(bot, legal: list, sid: str, targets: list[str], loud_ok: bool = True):
    """The quietest weapon whose simulated shot fells one of ``targets`` (nearest first), its aim
    kept; None when no shot does (at most 2 weapons x 2 targets are simulated)."""
    weapons = sorted((a for a in legal if isinstance(a, UseWeapon) and a.weapon in WOUNDING
                      and (loud_ok or a.weapon not in GUNS)), key=lambda a: QUIET_FIRST[a.weapon])
    state = bot.state
    friends = {s.id for s in state.data.survivors if s.team == state.data.survivor(sid).team}
    for target in targets[:2]:
        for weapon in weapons[:2]:
            plan = plan_shot(bot.session, sid, WEAPON_PIECE[weapon.weapon], target, friends, rng=bot.rng())
            if plan.score >= HIT:
                bot.planned, bot.target = plan, target
                return weapon
    return None

