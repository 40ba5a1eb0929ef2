"""S3 Tend to the Wounded: what the survivors who do not escort Anita do once she is found.

RESCUED FIGURE: "If the escort falls for any reason, it and the rescued figure become separated.
The nearest standing survivor becomes the new escort. Reposition the rescued figure next to its
new escort" (rules/flickem/game_end.py: the standing survivor in the street nearest the fallen
escort). Every action of the escort is LOUD, so its moves draw 3-zombie rushes and it falls often
(TOO CLOSE!): read on main, seed 11: Kevin found her at the car, 20 cm from the hospital's door,
fell to the rush of his next action, and she went to Olivia, 30 cm south, then to Thomas, farther
east. Before this, the others had nothing to fetch and ended 12-14 turns silent.

So once she is found, every other survivor walks to a spot beside the hospital's door (off the
straight line into it, within the cone from which a straight flick goes in) and waits there in
the street: whenever the escort falls, she is passed to the nearest of them, and a survivor
already beside the door takes her in. They keep to the street (a survivor in a building is no
escort for her), and a standing zombie next to them is still killed first (bot_act).
"""
from __future__ import annotations

import numpy as np

from feltbox.game.flickem.bot_aim import ENTERED, FAIL, plan_move, plan_near, simulate
from feltbox.game.flickem.bot_paths import DISC_R, Clearance, Field, door_waypoints, sees_door
from feltbox.rules.flickem.figures import DISC_WIDTH, FIGURE_RADIUS, RESCUED_GAP, free_spot
from feltbox.rules.flickem.flow import Move
from feltbox.rules.flickem.noise import Noise

HOSPITAL = "hospital"
# spots beside the door, (cm ahead of the door line, cm across from its middle): off the straight way
# in (8 cm or more aside), within 45 degrees of the door's normal (a straight flick in from there);
# nearer ones first; those where no disc fits (a vehicle, a barrel, a zombie there) are left out
SPOTS = tuple((a, side * c) for a, c in ((11.0, 9.0), (14.0, 12.0), (18.0, 10.0), (20.0, 16.0), (26.0, 13.0),
                                         (26.0, 22.0), (32.0, 18.0)) for side in (-1.0, 1.0))
THERE = 6.0                 # cm from its spot: waiting, no move
PASSED = 10.0               # cm nearer the door a teammate must stand for the stuck escort to draw the rush
SIDES = (12.0, 18.0)        # cm the stuck escort steps aside (bot_s3.unstick)
BACK = 20.0                 # cm of way his fallback move may give up
AHEAD = 12.0                # cm of his way on that she must stand clear of after it
REACH = 2 * FIGURE_RADIUS + DISC_WIDTH  # cm between centres: "within a movement disc's width" of him


def relay_spot(bot, sid: str) -> np.ndarray:
    """The spot beside the hospital's door where ``sid`` waits for Anita: the free spots (a disc
    fits, in the city) in order, one to each teammate who does not escort her (alive, in order of
    their ids)."""
    state = bot.state
    s = state.data.survivor(sid)
    others = sorted(o.id for o in state.data.survivors if o.team == s.team and o.where not in ("dead", "reserve")
                    and o.id not in (state.data.escort, state.data.rescued))
    k = others.index(sid) if sid in others else 0
    g = bot.bridge.city.buildings[HOSPITAL]
    clear = Clearance(bot.session, ignore={*others, state.data.escort or "", state.data.rescued or ""})
    spots = [g.to_world(np.array([g.door_x + ahead, across]))[0] for ahead, across in SPOTS]
    free = [w for w in spots if clear.gap(w)[0] > DISC_R + 1.5 and clear.in_city(w)] or spots
    return free[k % len(free)]


NEXT_TO_HER = (3.8, 6.2)    # cm between centres: the disc clear of her base (3.3), within a disc's width (6.6)


def relay_move(bot, legal: list, sid: str):
    """A move toward its waiting spot beside the hospital's door, or None (there already, or no
    move gets closer); with nobody escorting Anita, a move that ends next to her (RESCUED FIGURE:
    its mover becomes her escort), or toward her."""
    if Move() not in legal:
        return None
    state = bot.state
    s = state.data.survivor(sid)
    if state.data.escort is None and state.data.rescued is not None:
        her = bot.xy(state.data.rescued)
        plan = plan_near(bot.session, sid, her, lambda end: float(np.linalg.norm(end - her)), NEXT_TO_HER,
                         bot.zombie_spots(), rng=bot.rng(), careful=bot.careful(sid), ring=8)
        if plan.score > 100.0:
            bot.planned = plan
            return Move()
    target = relay_spot(bot, sid) if state.data.escort is not None or state.data.rescued is None \
        else bot.xy(state.data.rescued)
    if s.where == "city" and float(np.linalg.norm(bot.xy(sid) - target)) < THERE:
        return None
    plan = plan_move(bot.session, sid, target, None, bot.zombie_spots(), rng=bot.rng(), careful=bot.careful(sid))
    if plan.score > FAIL + 100.0 and (s.where != "city" or plan.progress > 2.0 or plan.hemmed):
        bot.planned = plan
        return Move()
    return None


def walk_in(bot, legal: list, sid: str):
    """The escort in front of the hospital's door goes in at once when a straight flick takes her
    in (before a kill beside it: the objective is met on entering; S3 seed 12 on the first try
    of this branch: Olivia, 15 cm before the door, killed the zombie beside her with her last
    action, fell to the round's end, and Anita went back 20 cm to a teammate)."""
    state = bot.state
    here = bot.xy(sid)
    city = bot.bridge.city
    if Move() not in legal or state.data.escort != sid or state.data.survivor(sid).where != "city" \
            or not sees_door(city, HOSPITAL, here) or float(np.linalg.norm(here - np.array(bot.doors[HOSPITAL]))) > 60.0:
        return None
    plan = plan_move(bot.session, sid, np.array(bot.doors[HOSPITAL]), HOSPITAL, bot.zombie_spots(), rng=bot.rng(),
                     careful=bot.careful(sid), company=(state.data.rescued,) if state.data.rescued else ())
    if plan.score > ENTERED - 10.0:
        bot.planned = plan
        return Move()
    return None


def stir(bot, legal: list, sid: str):
    """The escort who found no move nearer the hospital, and whose turn made no LOUD noise yet,
    flicks anyway (his best flick, clean or not: a failed move is still an action, LOUD from
    Anita's escort) when the standing teammate nearest him waits nearer the door: the LOUD
    reaction's rush brings him down (TOO CLOSE!, or knocked over) and she is passed on to that
    teammate. Ending the turn instead is silent and changes nothing (S3 seed 2 on this branch:
    Mike, his base touching Anita's after a rush, every flick touching her, ended 3 turns idle;
    seed 4 on main: Thomas between barrel-3 and box-3, 3 turns)."""
    state = bot.state
    s = state.data.survivor(sid)
    if Move() not in legal or state.data.escort != sid or s.where != "city" or Noise.LOUD in state.flow.noises:
        return None
    door, here = np.array(bot.doors[HOSPITAL]), bot.xy(sid)
    team = [bot.xy(o.id) for o in state.data.survivors if o.team == s.team and o.where == "city" and o.standing
            and o.id not in (sid, state.data.rescued)]
    if not team:
        return None
    nearest = min(team, key=lambda p: (float(np.linalg.norm(p - here)), float(p[0]), float(p[1])))
    if float(np.linalg.norm(nearest - door)) > float(np.linalg.norm(here - door)) - PASSED:
        return None
    bot.planned = plan_move(bot.session, sid, door, HOSPITAL, bot.zombie_spots(), rng=bot.rng(),
                            company=(state.data.rescued,) if state.data.rescued else ())
    return Move()


def unstick(bot, legal: list, sid: str):
    """The escort with no move nearer the hospital (and no teammate nearer the door to pass her
    to: ``stir``) steps aside, so that she is placed off his way. RESCUED FIGURE: "after the escort
    completes a move action, the rescued figure must be repositioned" (within a movement disc's
    width of him; rules/flickem/game_end.py: when his move ends beyond it, next to him on the
    side she came from). Ending the turn leaves both where they stand (S3 seed 9 on main: Gabriel
    escorted her from (-12.2, -19.7) with her 5.1 cm north of him, on the way; every flick north
    touched her and he ended 4 turns idle, rounds 4 to 1). Steps of ``SIDES`` cm square to the
    line from him to her are planned; each landing's new spot for her is worked out as the rules
    place her, and the step whose landing leaves the least way, with her off the line of his way
    on from there, is played; when no step does, his best clean move losing under ``BACK`` cm of
    the way (the branch's first try, alone: it mostly stepped straight back and she was placed on
    his way again: seed 17, Olivia walked her 20 cm south in two turns)."""
    state = bot.state
    s = state.data.survivor(sid)
    rescued = state.data.rescued
    if Move() not in legal or state.data.escort != sid or s.where != "city" or rescued is None:
        return None
    here, her = bot.xy(sid), bot.xy(rescued)
    line = her - here
    if float(np.linalg.norm(line)) < 1e-6:
        return None
    square = np.array([-line[1], line[0]]) / float(np.linalg.norm(line))
    clear = Clearance(bot.session, ignore={sid, rescued})
    field = Field(clear, door_waypoints(bot.bridge.city, HOSPITAL, clear))
    best, least = None, np.inf
    for step in SIDES:
        for side in (1.0, -1.0):
            plan = plan_move(bot.session, sid, here + square * side * step, None, bot.zombie_spots(), rng=bot.rng(),
                             careful=bot.careful(sid), company=(rescued,))
            if plan.score <= FAIL + 100.0 or plan.progress <= 2.0:
                continue
            outcome, end = simulate(bot.session, sid, "movement_disc", plan.aim)
            if not outcome.clean:
                continue
            way = field.cost_near(end)
            if way < least and _off_the_way(state.data, field, sid, rescued, end, her):
                best, least = plan, way
    if best is None:            # no step puts her off his way: his best clean move losing under BACK cm
        plan = plan_move(bot.session, sid, np.array(bot.doors[HOSPITAL]), HOSPITAL, bot.zombie_spots(), rng=bot.rng(),
                         careful=bot.careful(sid), company=(rescued,))
        if plan.score <= FAIL + 100.0 or plan.progress <= -BACK:
            return None
        best = plan
    bot.planned = best
    return Move()


def _off_the_way(data, field, sid: str, rescued: str, end: np.ndarray, her: np.ndarray) -> bool:
    """After the escort's move to ``end``, Anita (now at ``her``) stands clear of the band his
    movement disc sweeps along the first ``AHEAD`` cm of his way on."""
    end = np.asarray(end, dtype=float)
    if float(np.linalg.norm(her - end)) > REACH:
        moved = data.with_positions({sid: (float(end[0]), float(end[1]))})
        her = np.array(free_spot(moved, (float(end[0]), float(end[1])), ignore=(rescued,),
                                 behind=(float(her[0]), float(her[1])), gap=RESCUED_GAP))
    path = field.path(end)
    ahead = next((p for p in path if float(np.linalg.norm(p - end)) >= AHEAD), path[-1] if path else None)
    if ahead is None:
        return False
    seg = ahead - end
    t = float(np.clip(np.dot(her - end, seg) / max(float(np.dot(seg, seg)), 1e-9), 0.0, 1.0))
    return float(np.linalg.norm(her - (end + t * seg))) > FIGURE_RADIUS + DISC_WIDTH / 2 + 0.5
