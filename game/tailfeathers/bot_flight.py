"""How the Tail Feathers bot flies (rulebook: Tilt Phase, Launch Position, Flight Movement,
Crossing, Transporting, Swoop Attack). It looks one flight ahead with the rules' own geometry
(rules/tailfeathers/measure.py), never with physics.

A flight is judged as the rules would resolve it: the templates are laid, a trunk ends it there
(2 wounds, rattled), ending on a flying figure ends it at the last free maneuver point, and an
end point off the battlefield is a casualty, so such a flight is never chosen while any other
is legal. A flight may also end early by perching on a crossed space the bird may enter
(Crossing: "you may end your figure's movement and become perched"): on the enemy nest or next
to it the pilot attacks the nest every round as a ground unit, and a perch is the way out when
every flight's end would leave the table. Crossing an enemy bird starts a death spiral (Death
Spirals), sought by the bird that rolls more dice in it and avoided by the other. The same
judgement chooses the tilt in the Tilt Phase (the best flight the next activation could make with
each tilt), the heading of a launch, when a piloting check or a bird action card (tilt, move,
heal) is worth it, and where to perch or swoop on the way.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import product

from feltbox.rules.tailfeathers import measure, spirals
from feltbox.rules.tailfeathers.state import FLYING, TFState
from feltbox.rules.tailfeathers.stats import (
    can_enter,
    enemies_on,
    flight_things,
    home_nest,
    in_spiral,
    nest_in_play,
    nest_owner,
    space,
)

OFF = -1e9              # a flight that ends off the battlefield: the bird is a casualty
TRUNK = 150.0           # a flight into a trunk: 2 wounds, rattled, the flight ends there
NEST_SWOOP = 80.0       # crossing the enemy nest: a swoop attack on it
GROUND_SWOOP = 25.0     # crossing a space with enemy ground figures: a swoop on them
DEFEND_SWOOP = 60.0     # crossing enemies on our own nest or next to it: a swoop that defends it
MISSION_SWOOP = 30.0    # crossing the enemy's face-down mission card
FEATHER = 8.0           # crossing a tail feather: the pilot is rattled
THROUGH_ENEMY = 6.0     # flying through an enemy bird: a wound (or a death spiral)
PERCH_ON_NEST = 70.0    # perched on the enemy nest or next to it: the pilot melees the nest each round
SPIRAL_DIE = 15.0       # a death spiral, per die rolled more than the enemy bird (half a wound)
HUNT = 0.75            # an enemy bird we outfight is hunted when this much nearer than the nest
EDGE = 6.0              # cm: an end this close to the edge leaves little room for the next flight


@dataclass(frozen=True)
class Plan:
    """A flight as the bot judges it: its templates and tilt, the space it perches on ("" = none)."""
    templates: tuple[str, ...]
    tilt: str
    perch: str
    score: float


def on_table(state: TFState, point) -> bool:
    """The end point's centre on the battlefield (then no part of the base is "completely out")."""
    x0, x1, y0, y1 = state.setup.battlefield.bounds
    return x0 <= point[0] <= x1 and y0 <= point[1] <= y1


def edge_room(state: TFState, point) -> float:
    x0, x1, y0, y1 = state.setup.battlefield.bounds
    return min(point[0] - x0, x1 - point[0], point[1] - y0, y1 - point[1])


def enemy_of(state: TFState, alliance: str) -> str:
    others = [p.alliance for p in state.data.players if p.alliance != alliance and not p.out]
    alive = [a for a in others if nest_in_play(state, a)]
    return (alive or others or [alliance])[0]


def centre(state: TFState, sid: str) -> tuple[float, float]:
    return measure.centroid(space(state, sid).polygon)


def goal_of(state: TFState, bird) -> tuple[float, float]:
    """Where a bird heads: the enemy nest, unless a flying enemy it is a match for (as many death
    spiral dice or more, when death spirals are in play) is much nearer, or one it outfights is
    nearer by a quarter (HUNT): a weaker bird chasing a stronger one only loses wounds and the
    race to the nest; a stronger one wins the spiral."""
    goal = centre(state, home_nest(state, enemy_of(state, bird.alliance)))
    d_goal = math.dist(goal, bird.pose[:2])
    foes = [f for f in state.data.figures if f.where == FLYING and f.alliance != bird.alliance]
    for f in sorted(foes, key=lambda f: math.dist(f.pose[:2], bird.pose[:2])):
        edge = _spiral(state, bird, f.id) or 0.0
        if edge >= 0.0 and math.dist(f.pose[:2], bird.pose[:2]) < (HUNT if edge > 0 else 0.5) * d_goal:
            return f.pose[0], f.pose[1]
    return goal


def perch_value(state: TFState, bird, sid: str, goal) -> float:
    """A perch on ``sid``: best on the enemy nest or next to it (the pilot melees the nest from there)."""
    enemy = enemy_of(state, bird.alliance)
    nest = home_nest(state, enemy)
    near = {sid, *space(state, sid).adjacent}
    value = -math.dist(centre(state, sid), goal)
    if nest in near and nest_in_play(state, enemy):
        value += PERCH_ON_NEST
    elif any(enemies_on(state, s, bird.alliance) for s in near):
        value += GROUND_SWOOP
    return value


def judge(state: TFState, bird, pose, templates, tilt, things, goal, may_perch: bool) -> Plan:
    """The best way to fly ``templates`` at ``tilt`` from ``pose``: to its end, or perched early."""
    path = measure.flight_path(pose, measure.BASE_RADIUS, templates, tilt)
    end, stop = path.end, path.centreline[-1][2]
    others = [o.pose for o in state.data.figures if o.where == FLYING and o.id != bird.id]
    if any(measure.overlaps(end, o) for o in others):      # the last free maneuver point instead
        free = [p for p in path.maneuver_points if not any(measure.overlaps(p, o) for o in others)]
        end = free[-1] if free else pose
        stop = min(path.centreline, key=lambda c: math.dist(c[:2], end[:2]))[2] if free else 0.0
    enemy = enemy_of(state, bird.alliance)
    swoop, bonus, best = 0.0, 0.0, Plan(templates, tilt, "", OFF)
    for c in measure.crossings(path, things, measure.BASE_RADIUS):
        if c.s > stop + 1e-9:
            break
        if c.kind == "trunk":
            x, y, _ = measure.position_at(path, c.s)
            return max(best, Plan(templates, tilt, "", swoop + bonus - TRUNK - math.dist((x, y), goal)),
                       key=lambda p: p.score)
        if c.kind == "space":
            owner = nest_owner(state, c.id)
            if owner == enemy and nest_in_play(state, enemy):
                swoop = max(swoop, NEST_SWOOP)
            elif enemies_on(state, c.id, bird.alliance):
                mine = home_nest(state, bird.alliance)
                swoop = max(swoop, DEFEND_SWOOP if mine in (c.id, *space(state, c.id).adjacent) else GROUND_SWOOP)
            if may_perch and can_enter(state, bird, c.id):
                perched = Plan(templates, tilt, c.id, swoop + bonus + perch_value(state, bird, c.id, goal))
                best = max(best, perched, key=lambda p: p.score)
        elif c.kind == "mission" and c.id != f"mission:{bird.alliance}":
            swoop = max(swoop, MISSION_SWOOP)
        elif c.kind == "feather":
            bonus -= FEATHER
        elif c.kind == "flying":
            spiral = _spiral(state, bird, c.id)
            if spiral is None:
                bonus -= THROUGH_ENEMY
            else:                                   # the movement ends in a death spiral there
                other = state.data.figure(c.id).pose
                return max(best, Plan(templates, tilt, "", swoop + bonus + spiral - math.dist(other[:2], goal)),
                           key=lambda p: p.score)
    if on_table(state, end):
        cramped = max(0.0, EDGE - edge_room(state, end)) * 3.0
        ends = Plan(templates, tilt, "", swoop + bonus - math.dist(end[:2], goal) - cramped)
        best = max(best, ends, key=lambda p: p.score)
    return best


def _spiral(state: TFState, bird, other_id: str) -> float | None:
    """Crossing an enemy bird with the Death Spirals rule: both roll battle + pilot melee, the
    difference in sword faces (3 of 6) is wounds; worth SPIRAL_DIE per die more than the enemy
    (negative when it rolls more). None: no spiral (a friend, no rule, either already in one)."""
    other = state.data.figure(other_id)
    if "death_spirals" not in state.setup.rules or other.alliance == bird.alliance \
            or state.data.unit(other.unit).kind != "bird" or in_spiral(state, other.unit) or in_spiral(state, bird.unit):
        return None
    return SPIRAL_DIE * (spirals.value(state, bird.unit) - spirals.value(state, other.unit))


def combos(most: int, least: int = 2):
    for n in range(least, most + 1):
        yield from product(("short", "long"), repeat=n)


def best_plan(state: TFState, bird, pose, tilts, most: int, may_perch: bool, goal=None) -> Plan:
    """The best flight over every announcement of 2..``most`` templates at each of ``tilts``."""
    goal = goal or goal_of(state, bird)
    things = measure.prepare(flight_things(state, bird.id))
    plans = [judge(state, bird, pose, t, tilt, things, goal, may_perch) for tilt in tilts for t in combos(most)]
    return max(plans, key=lambda p: p.score, default=Plan((), "center", "", OFF))
