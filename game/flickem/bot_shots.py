"""Bot weapons by simulation: shots at a zombie (rulebook USING A WEAPON: gun, knife, bat,
shotgun, sniper), flares (S7 FLARE), fight attacks in the arena (S2/S6 FIGHT,
game/table/arena.py) and the eject of a fight's loser (S6).

As for moves (bot_aim.py), every candidate is the real flick on a scratch table; the random
jitter of the bearings comes from the bot's seeded ``random.Random``.
"""
from __future__ import annotations

import random

import numpy as np

from feltbox.game.flickem.bot_aim import CAP_S, FAIL, Plan, Search, bearing, door_centre, start_of
from feltbox.game.table.arena import aim_at, arena_flick
from feltbox.game.table.city import rest_pose
from feltbox.game.table.flick import Aim, setup_flick
from feltbox.game.table.flick_runner import run_flick
from feltbox.models.dimensions import dims
from feltbox.rules.flickem.judge import is_zombie

HIT = 100.0                 # score of a simulated shot that fells a zombie


def plan_shot(session, survivor: str, piece: str, target: str, friends: set[str] = frozenset(),
              rng: random.Random | None = None, careful: bool = False) -> Plan:
    """A shot with ``piece`` (bullet, knife, bat, shotgun, sniper) at zombie ``target``: scores
    HIT (+10 for the target itself) when the first figure touched is a zombie that falls, far
    below zero when it fells one of ``friends`` (a wounded survivor loses a life)."""
    city = session.city
    here, _, _ = start_of(session, survivor, piece)
    goal = session.poses[city.index(target), :2].astype(float)
    heading = bearing(here, goal) + (rng.uniform(-0.5, 0.5) if rng is not None else 0.0)

    def score(outcome, end):
        first = outcome.first_contacts[0] if outcome.first_contacts else None
        if any(f in friends for f in outcome.fell):
            return FAIL
        if first is not None and is_zombie(first) and first in outcome.fell:
            return HIT + (10.0 if first == target else 0.0)
        if first is not None and not is_zombie(first):
            return -50.0 - float(np.linalg.norm(end - goal))
        return -float(np.linalg.norm(end - goal))
    search = Search(session, survivor, piece, score, careful)
    aims = (Aim((heading + d) % 360.0, p) for d in (0.0, -3.0, 3.0, -6.0, 6.0) for p in (0.4, 0.7))
    search.run(aims, good_enough=HIT)
    return search.best()


def plan_flare(session, survivor: str, away_from: list[np.ndarray], toward: np.ndarray | None = None,
               rng: random.Random | None = None) -> Plan:
    """FLARE: flick the flare token so it stays in the city as far as it can from ``away_from``
    (the team, its base), or as close as it can to ``toward`` (a spot where a rush does no harm)."""
    here, _, _ = start_of(session, survivor, "flare")

    def score(outcome, end):
        if outcome.flicked in outcome.left_city:
            return FAIL
        if toward is not None:
            return -float(np.linalg.norm(end - toward))
        return min((float(np.linalg.norm(end - p)) for p in away_from), default=0.0)
    search = Search(session, survivor, "flare", score)
    start = rng.uniform(0.0, 30.0) if rng is not None else 0.0
    if toward is not None:
        heading = bearing(here, toward)
        span = float(np.linalg.norm(np.asarray(toward) - here))
        search.run(Aim((heading + d) % 360.0, float(np.clip((span + r) / 100.0, 0.05, 1.0)))
                   for d in (0.0, -8.0, 8.0) for r in (-5.0, 0.0, 5.0))
    else:
        search.run(Aim((start + d) % 360.0, p) for d in range(0, 360, 30) for p in (0.25, 0.45, 0.65))
    return search.best()


def plan_fight(city, spec: dict, rng: random.Random | None = None) -> Plan:
    """A fight attack aimed by simulating it in the arena: a few directions and powers around
    straight at the nearest opponent; the one that fells most opponents (first touch an opponent)."""
    gap = float(spec["gap"])
    opponents = set(spec["opponents"].split(","))
    base = min(1.0, gap / 100.0 + 0.1)
    jitter = rng.uniform(-0.5, 0.5) if rng is not None else 0.0
    best, count = None, 0
    for offset in (0.0, -2.0, 2.0, -5.0, 5.0):
        for power in sorted({base, min(1.0, base + 0.15), max(0.1, base - 0.1)}):
            aim = Aim(aim_at(city, spec, offset + jitter) % 360.0, power)
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
