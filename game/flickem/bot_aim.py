"""Bot aims by simulation: moves into and out of buildings through their doors, and fight attacks
in the arena (game/table/arena.py).

A move toward a building aims at a point just behind its door line when the survivor stands in
front of the door (within a cone around the door's heading), else at a staging point 12 cm in
front of the door (staged hops of 15 / 30 / 45 cm). A move from inside a building starts behind
it, as the session places it (SHOOTING / MOVING FROM INSIDE: out through the door), and only
candidates that leave the building count. Every candidate is a scratch world (the real table,
not recorded) measured like the real flick; the best-scoring one is kept.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from feltbox.game.table.arena import aim_at, arena_flick
from feltbox.game.table.city import rest_pose
from feltbox.game.table.flick import Aim, setup_flick
from feltbox.game.table.flick_runner import run_flick
from feltbox.models.dimensions import dims

STAGE = 12.0          # cm in front of the door line: where a staged approach lines up
HOPS = (15.0, 30.0, 45.0)   # cm: hops tried toward a far goal (a blocked long flick is lost)
FAIL = -1000.0
CAP_S = 2.0           # simulated seconds a candidate may run: a move settles well within it; one
                      # that sets the street wobbling past it has touched something anyway


@dataclass
class Plan:
    aim: Aim
    score: float
    simulated: int


def door_centre(city, building: str) -> np.ndarray:
    return city.buildings[building].door_world().mean(axis=0)


def inside_point(city, building: str) -> np.ndarray:
    g = city.buildings[building]
    return g.to_world(np.array([(g.door_x + g.back_x) / 2, 0.0]))[0]


def stage_point(city, building: str) -> np.ndarray:
    g = city.buildings[building]
    return g.to_world(np.array([g.door_x + STAGE, 0.0]))[0]


def in_front(city, building: str, xy: np.ndarray) -> bool:
    """Standing in the cone in front of the door from which a straight flick goes in."""
    g = city.buildings[building]
    lx, ly = g.to_local(np.asarray(xy, dtype=float))[0]
    ahead = lx - g.door_x
    return ahead > 3.0 and abs(ly) < 0.35 * ahead + g.door_half_span - 3.5


def _bearing(frm: np.ndarray, to: np.ndarray) -> float:
    return float(np.degrees(np.arctan2(to[1] - frm[1], to[0] - frm[0])))


def _start(session, survivor: str) -> tuple[np.ndarray, tuple | None, str | None]:
    inside = session.inside.get(survivor)
    if inside is None:
        return session.poses[session.city.index(survivor), :2].astype(float), None, None
    xy = session.behind_building(inside)
    return np.asarray(xy, dtype=float), xy, inside


def simulate(session, survivor: str, weapon: str, aim: Aim):
    """One candidate flick in a scratch world, set up and measured as Session.flick does."""
    city = session.city
    _, start_xy, inside = _start(session, survivor)
    setup = setup_flick(city, session.poses, session.present, survivor, weapon, aim, "right", None, start_xy)
    run = run_flick(city, setup, inside, cap_s=CAP_S)
    return run.outcome, run.result.final[setup.flicked, :2].astype(float)


def plan_move(session, survivor: str, target_xy: np.ndarray, enter: str | None = None,
              zombies: list[np.ndarray] = (), barricades: int = 0) -> Plan:
    """The best movement-disc flick toward ``target_xy`` (or into building ``enter``, knocking
    its ``barricades`` out of the entrance, S4). When every aimed candidate touches something, a
    fan of short hops all around finds a way out of a crowd."""
    city = session.city
    here, _, inside = _start(session, survivor)
    point = np.asarray(target_xy, dtype=float)
    straight_in = enter is not None and inside is None and in_front(city, enter, here)
    if enter is not None and inside != enter:
        point = inside_point(city, enter) if straight_in else stage_point(city, enter)
    span = float(np.linalg.norm(point - here))
    bearing = _bearing(here, point)
    if inside is not None:                  # out through the door, then toward the point
        door = city.buildings[inside].heading
        turn = ((bearing - door + 180.0) % 360.0) - 180.0
        bearings = [door + d for d in sorted({0.0, -12.0, 12.0, -25.0, 25.0, float(np.clip(turn, -30, 30))})]
        reaches = sorted({18.0, 24.0, float(np.clip(span, 18.0, 40.0))})
    else:
        bearings = [bearing + d for d in (0.0, -4.0, 4.0, -10.0, 10.0, -20.0, 20.0, -35.0, 35.0)]
        if straight_in:
            reaches = [span - 1.5, span + 1.0]
        else:
            reaches = sorted({min(d, span) for d in (*HOPS, span) if d > 3.0}) or [max(span, 2.0)]
    if barricades and straight_in:          # hit the barricades hard enough to clear the door
        reaches = reaches + [span + 8.0, span + 15.0]
    best, count = None, 0
    fan = [(d, r) for d in bearings for r in reaches]
    for extra in (False, True):
        if extra:
            if best.score > FAIL + 100.0 or inside is not None:
                break
            fan = [(bearing + d, r) for d in range(-150, 181, 30) if d for r in (10.0, 20.0)]
        for direction, reach in fan:
            aim = Aim(direction % 360.0, float(np.clip(reach / 100.0, 0.03, 1.0)))
            outcome, end = simulate(session, survivor, "movement_disc", aim)
            count += 1
            score = _score_move(outcome, end, point, enter, inside, zombies, barricades)
            if best is None or score > best.score:
                best = Plan(aim, score, count)
            if score > 490.0 or (enter is None or not straight_in) and score > -2.0:
                best.simulated = count              # in, or on the point: good enough
                return best
    best.simulated = count
    return best


def _score_move(outcome, end: np.ndarray, point: np.ndarray, enter: str | None, inside: str | None,
                zombies, barricades: int = 0) -> float:
    if barricades and enter is not None and outcome.extra.barricades is not None:
        removed = barricades - len((outcome.extra.barricades or {}).get(enter, ()))
        if removed > 0 and outcome.flicked not in outcome.left_city:
            return 250.0 * removed - float(np.linalg.norm(end - point))
    if not outcome.clean or outcome.flicked in outcome.left_city:
        return FAIL
    if inside is not None and outcome.exited != inside:
        return FAIL + 100.0                 # still inside: no progress
    score = -float(np.linalg.norm(end - point))
    if outcome.entered is not None:
        score += 500.0 if outcome.entered == enter else -300.0
    reach = dims()["figure"]["base_diameter"] + dims()["movement_disc"]["diameter"]
    score -= sum(15.0 for z in zombies if float(np.linalg.norm(end - z)) < reach + 1.0)
    return score


# -- fights -----------------------------------------------------------------------------------
def plan_fight(city, spec: dict) -> Plan:
    """A fight attack aimed by simulating it in the arena: a few directions and powers around
    straight at the nearest opponent; the one that fells most opponents (first touch an opponent)."""
    gap = float(spec["gap"])
    opponents = set(spec["opponents"].split(","))
    base = min(1.0, gap / 100.0 + 0.1)
    best, count = None, 0
    for offset in (0.0, -2.0, 2.0, -5.0, 5.0):
        for power in sorted({base, min(1.0, base + 0.15), max(0.1, base - 0.1)}):
            aim = Aim(aim_at(city, spec, offset) % 360.0, power)
            outcome = run_flick(city, arena_flick(city, spec, aim), cap_s=2 * CAP_S).outcome
            count += 1
            fell = len(opponents & set(outcome.fell))
            first = outcome.first_contacts[0] if outcome.first_contacts else None
            score = 100.0 * fell + (10.0 if first in opponents else 0.0) - abs(offset)
            if best is None or score > best.score:
                best = Plan(aim, score, count)
            if fell:
                best.simulated = count
                return best
    best.simulated = count
    return best


def plan_eject(session, spec: dict, zombies: list[np.ndarray] = ()) -> Plan:
    """S6: flick a fight's loser out of the building (placed at the entrance as Session.eject
    does): a few directions around the door's heading and powers; the one that lands it farthest
    from the door, still in the city, best next to a standing zombie (TOO CLOSE!)."""
    city = session.city
    sid, building = spec["survivor"], spec["building"]
    i, g = city.index(sid), city.buildings[building]
    x, y = g.to_world(np.array([g.door_x + dims()["figure"]["base_diameter"] / 2 + 0.3, 0.0]))[0]
    poses, present = session.poses.copy(), session.present.copy()
    poses[i] = rest_pose(city.bodies[i], float(x), float(y), g.heading)
    present[i] = True
    door = door_centre(city, building)
    best, count = None, 0
    for offset in (0.0, -20.0, 20.0, -40.0, 40.0):
        for power in (0.25, 0.4):
            aim = Aim((g.heading + offset) % 360.0, power)
            run = run_flick(city, setup_flick(city, poses, present, sid, "figure", aim, "right"), cap_s=CAP_S)
            outcome, end = run.outcome, run.result.final[i, :2].astype(float)
            count += 1
            score = FAIL if sid in outcome.left_city else float(np.linalg.norm(end - door))
            score += sum(20.0 for z in zombies if float(np.linalg.norm(end - z)) < 6.0)
            if best is None or score > best.score:
                best = Plan(aim, score, count)
    best.simulated = count
    return best
