"""Flight Movement, Crossing and Transporting a Ground Figure (rulebook pages 8-9), with the
Additional Rules' tail feathers and death spirals where a flight meets them.

A flying unit must move: an optional piloting check (pilot value dice, a mark succeeds) may allow a
one-step tilt change; then 2..move templates are announced and geometry.flight_path lays them.
Crossings (geometry.crossings) are resolved in order: trunk (stop touching it, turned 180, 2
wounds, rattled), space (may perch unless it began perched; may swoop ground enemies / a nest /
a mission), flying figure (1 wound through an enemy; ending on one -> last free maneuver point,
both wounded if enemy; with Death Spirals an enemy bird crossed or ended on starts one), tail feather
(removed, rattled), the whole base off the battlefield at the end -> casualty.
A flight that leaves the unit with no figure in play reports step.UNIT_DONE to the flow."""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from itertools import product

from feltbox.rules.core import Event
from feltbox.rules.tailfeathers import combat, dice, measure
from feltbox.rules.tailfeathers import data as tables
from feltbox.rules.tailfeathers.feathers import cross_feather
from feltbox.rules.tailfeathers.spirals import start_spiral
from feltbox.rules.tailfeathers.state import CARRIED, CASUALTY, FLYING, MISSION, Attack, Flight, TFState
from feltbox.rules.tailfeathers.stats import (
    can_enter,
    enemies_on,
    figure_thing,
    flight_things,
    home_nest,
    in_spiral,
    nest_in_play,
    nest_owner,
    on_ground,
    space,
    stat,
)
from feltbox.rules.tailfeathers.step import UNIT_DONE, Step
from feltbox.rules.tailfeathers.turn import mover
from feltbox.rules.tailfeathers.wounds import defeat, wound

TILTS = ("left", "center", "right")


@dataclass(frozen=True)
class PilotCheck:
    pass


@dataclass(frozen=True)
class Fly:
    templates: tuple[str, ...]      # "short" | "long", announced in order; the last is an end template
    tilt: str
    carry: str = ""                 # a small friendly ground figure in close range to transport


@dataclass(frozen=True)
class Continue:
    pass


@dataclass(frozen=True)
class Perch:
    """Perch on the crossed space. Transporting a Ground Figure: "you must place that figure on an
    adjacent space or place it in your casualty pile": ``to`` is that space, or "casualty"."""
    to: str = ""


@dataclass(frozen=True)
class Swoop:
    target: str                     # the crossed space id, or "mission:<alliance>"


@dataclass(frozen=True)
class Drop:
    pass


@dataclass(frozen=True)
class Pickup:
    figure: str                     # Transporting: picked up at a maneuver point


def pilot_options(state: TFState) -> list:
    fig, f = mover(state), state.flow
    out = [] if f.piloted or stat(state, fig.unit, "pilot") <= 0 else [PilotCheck()]
    k = TILTS.index(fig.tilt)
    tilts = [t for i, t in enumerate(TILTS) if i == k or ((f.tilt_ok or f.tilt_free) and abs(i - k) == 1)]
    most = max(2, stat(state, fig.unit, "move") + f.bonus_move)
    dart = "dart" in tables.bird(state.data.unit(fig.unit).card).get("abilities", [])
    top = {t: most + (1 if dart and t == "center" else 0) for t in tilts}   # DART (house: +1 at center)
    carry = [""] + carriable(state, fig)
    for n in range(2, max(top.values()) + 1):
        for combo in product(("short", "long"), repeat=n):
            out += [Fly(combo, t, c) for t in tilts if n <= top[t] for c in carry]
    return out


def carriable(state: TFState, fig, pose=None) -> list[str]:
    """Transporting: a large bird, a small friendly ground figure in close range, one at a time."""
    if fig.size != "L" or fig.carrying:
        return []
    pose = pose or fig.pose
    me = measure.Thing("flying", fig.id, circle=(pose[0], pose[1], measure.BASE_RADIUS))
    return sorted(o.id for o in state.data.figures if o.alliance == fig.alliance and o.size == "S"
                  and on_ground(state, o) and state.data.unit(o.unit).kind != "structure"
                  and measure.range_check(me, figure_thing(state, o), []).close)


def pilot_check(state: TFState, events: list) -> TFState:
    fig = mover(state)
    state = replace(state, flow=replace(state.flow, piloted=True))
    return dice.ask(state, "pilot", fig.alliance, stat(state, fig.unit, "pilot"))


def pilot_faces(state: TFState, faces, events: list) -> TFState:
    ok = dice.marks(faces) > 0
    events.append(Event("piloting check", {"unit": state.flow.active, "faces": list(faces), "success": ok}))
    return replace(state, flow=replace(state.flow, roll=None, tilt_ok=ok))


def _s_of(path, pose) -> float:
    return min(path.centreline, key=lambda p: math.hypot(p[0] - pose[0], p[1] - pose[1]))[2]


def fly(state: TFState, a: Fly, events: list) -> Step:
    fig = mover(state)
    path = measure.flight_path(fig.pose, measure.BASE_RADIUS, a.templates, a.tilt)
    things = flight_things(state, fig.id)
    crossings = measure.crossings(path, things, measure.BASE_RADIUS)
    touching = measure.touching_base(fig.pose, [t for t in things if t.kind != "flying"])
    others = [o for o in state.data.figures if o.where == FLYING and o.id != fig.id]
    end, stop, blocked = path.end, path.centreline[-1][2], ""
    on = [o for o in others if measure.overlaps(end, o.pose)]
    if any(_spirals_with(state, fig, o) for o in on):
        on = []                         # Death Spirals replace that rule: the crossing starts one
    if on:                              # ending on a flying figure: the last free maneuver point
        blocked = on[0].id
        free = [p for p in path.maneuver_points if not any(measure.overlaps(p, o.pose) for o in others)]
        end = free[-1] if free else fig.pose
        stop = _s_of(path, end) if free else 0.0
    kept = [(c.s, c.kind, c.id) for c in crossings if c.s <= stop + 1e-9 and c.id != fig.id]
    kept += [(_s_of(path, p), "maneuver", str(k)) for k, p in enumerate(path.maneuver_points)
             if fig.size == "L" and _s_of(path, p) <= stop + 1e-9]    # transport pick-ups
    kept = tuple(sorted(kept, key=lambda c: (c[0], c[1] == "maneuver")))
    data = state.data
    if a.carry:
        data = data.with_figure(replace(data.figure(a.carry), where=CARRIED))
        events.append(Event("transporting", {"bird": fig.id, "figure": a.carry}))
    data = data.with_figure(replace(fig, where=FLYING, launching=False, tilt=a.tilt, carrying=a.carry or fig.carrying))
    flight = Flight(fig.unit, a.tilt, fig.pose, tuple(a.templates), kept, 0, stop, end,
                    began_perched=fig.launching, touching=touching, blocked_by=blocked)
    events.append(Event("flight", {"unit": fig.unit, "templates": list(a.templates), "tilt": a.tilt,
                                   "crossings": [list(c) for c in kept if c[1] != "maneuver"]}))
    state = replace(state, data=data, flow=replace(state.flow, flight=flight, waiting="flight", step="move"))
    return advance(state, events)


def flight_options(state: TFState) -> list:
    return _choices(state) + [Continue()]


def _choices(state: TFState) -> list:
    fl, fig = state.flow.flight, mover(state)
    s, kind, cid = fl.crossings[fl.index]
    out = []
    if kind == "space":
        if not fl.began_perched and can_enter(state, fig, cid):
            out += _perches(state, fig, cid)
        foes = [f for f in enemies_on(state, cid, fig.alliance) if not in_spiral(state, f.unit)]
        nest = nest_owner(state, cid)
        if not fl.swooped and cid not in fl.touching and \
                (foes or (nest and nest != fig.alliance and nest_in_play(state, nest))):
            out.append(Swoop(cid))
        if fig.carrying and not fl.dropped and can_enter(state, state.data.figure(fig.carrying), cid):
            out.append(Drop())
    elif kind == "maneuver" and not fl.dropped:
        pose = _path(fl).maneuver_points[int(cid)]
        out += [Pickup(o) for o in carriable(state, fig, pose)]
    elif kind == "mission":
        who = cid.split(":")[1]
        p = state.data.player(who)
        if who != fig.alliance and p.mission and not fl.swooped and cid not in fl.touching:
            out.append(Swoop(cid))
    return out


def advance(state: TFState, events: list) -> Step:
    """Resolve crossings in order until the player has a choice, the flight stops, or it ends."""
    while True:
        fl, fig = state.flow.flight, mover(state)
        if fig.where == CASUALTY or state.flow.phase == "over":
            return _after_flight(state)
        if fl.index >= len(fl.crossings):
            return _arrive(state, events)
        s, kind, cid = fl.crossings[fl.index]
        if kind == "trunk":
            return _stop_at_trunk(state, s, cid, events)
        if kind == "feather" and any(t.id == cid for t in state.data.feathers):
            state = cross_feather(state, cid, events)
        elif kind == "flying":
            other = state.data.figure(cid)
            if other.where == FLYING and other.alliance != fig.alliance:
                if in_spiral(state, other.unit) or in_spiral(state, fig.unit):
                    pass                                 # crossing a death spiral: no wounds
                elif _spirals_with(state, fig, other):
                    return Step(start_spiral(state, other.id, events, measure.position_at(_path(fl), s)[:2]))
                else:
                    events.append(Event("flew through an enemy", {"figure": fig.id, "enemy": cid}))
                    state = wound(state, fig.id, 1, events, attacker=cid)
        elif kind in ("space", "mission", "maneuver") and _choices(state):
            return Step(state)
        state = replace(state, flow=replace(state.flow, flight=replace(state.flow.flight,
                                                                       index=state.flow.flight.index + 1)))


def _spirals_with(state: TFState, fig, other) -> bool:
    """Death Spirals: "when your bird crosses an enemy bird in flight, the two birds will
    immediately enter a death spiral (this rule replaces the standard rule for crossing an enemy
    bird in flight)", unless either is already in one."""
    return ("death_spirals" in state.setup.rules and other.where == FLYING and other.alliance != fig.alliance
            and state.data.unit(other.unit).kind == "bird"
            and not in_spiral(state, other.unit) and not in_spiral(state, fig.unit))


def cont(state: TFState, events: list) -> Step:
    fl = state.flow.flight
    return advance(replace(state, flow=replace(state.flow, flight=replace(fl, index=fl.index + 1))), events)


def _path(fl: Flight):
    return measure.flight_path(fl.start, measure.BASE_RADIUS, fl.templates, fl.tilt)


def _stop_at_trunk(state: TFState, s: float, trunk: str, events: list) -> Step:
    fig, fl = mover(state), state.flow.flight
    wood = next(t for t in state.setup.battlefield.trunks if t.id == trunk)
    pose = measure.stop_touching(_path(fl), measure.Thing("trunk", trunk, polygon=wood.polygon))
    data = state.data.with_figure(replace(fig, pose=pose))
    u = data.unit(fig.unit)
    if u.pilot and not u.rattled:
        data = data.with_unit(replace(u, rattled=True))
        events.append(Event("rattled", {"unit": u.id, "why": "crossed a trunk"}))
    events.append(Event("hit a trunk", {"figure": fig.id, "trunk": trunk}))
    state = wound(replace(state, data=data), fig.id, 2, events)
    return _after_flight(state)


def _perches(state: TFState, fig, sid: str) -> list:
    """Perch choices on ``sid``: one, or with a transported figure one per adjacent space it can
    enter (as it stands once the bird has perched) and the casualty pile."""
    if not fig.carrying:
        return [Perch()]
    landed = replace(state, data=state.data.with_figure(replace(fig, where=sid, carrying="")))
    carried = state.data.figure(fig.carrying)
    return [Perch(a) for a in sorted(space(state, sid).adjacent) if can_enter(landed, carried, a)] + [Perch(CASUALTY)]


def perch(state: TFState, a: Perch, events: list) -> Step:
    """Perch on the crossed space at center tilt; bird action cards go to the refresh pile; a
    transported figure goes to the adjacent space chosen (``a.to``), or to the casualty pile."""
    fig, fl = mover(state), state.flow.flight
    s, _, sid = fl.crossings[fl.index]
    x, y, h = measure.position_at(_path(fl), s)
    data = state.data
    u = data.unit(fig.unit)
    p = data.player(fig.alliance)
    data = data.with_player(replace(p, refresh=p.refresh + u.held_cards)).with_unit(replace(u, held_cards=()))
    data = data.with_figure(replace(fig, where=sid, pose=(x, y, h), tilt="center", carrying=""))
    events.append(Event("perched", {"figure": fig.id, "space": sid}))
    if fig.carrying:
        cur = replace(state, data=data)
        carried = data.figure(fig.carrying)
        to = a.to if a.to else next((x for x in sorted(space(cur, sid).adjacent) if can_enter(cur, carried, x)),
                                    CASUALTY)
        data = data.with_figure(replace(carried, where=to))
        events.append(Event("dropped off", {"figure": carried.id, "space": to}))
    return _after_flight(replace(state, data=data))


def drop(state: TFState, events: list) -> Step:
    fig, fl = mover(state), state.flow.flight
    sid = fl.crossings[fl.index][2]
    data = state.data.with_figure(replace(state.data.figure(fig.carrying), where=sid))
    data = data.with_figure(replace(fig, carrying=""))
    events.append(Event("dropped off", {"figure": fig.carrying, "space": sid}))
    return advance(replace(state, data=data, flow=replace(state.flow, flight=replace(fl, dropped=True))), events)


def pickup(state: TFState, a: Pickup, events: list) -> Step:
    fig = mover(state)
    data = state.data.with_figure(replace(state.data.figure(a.figure), where=CARRIED))
    data = data.with_figure(replace(fig, carrying=a.figure))
    events.append(Event("transporting", {"bird": fig.id, "figure": a.figure}))
    return advance(replace(state, data=data), events)


def swoop(state: TFState, a: Swoop, events: list) -> Step:
    """Swoop Attack: a melee group attack of battle + pilot melee, once, instead of the normal
    attack. A mission is flipped: a decoy sends its figures home and no attack happens."""
    fig, fl = mover(state), state.flow.flight
    flow = replace(state.flow, flight=replace(fl, swooped=True), attacked=True)
    state = replace(state, flow=flow)
    if a.target.startswith("mission:"):
        who = a.target.split(":")[1]
        p = state.data.player(who)
        state = replace(state, data=state.data.with_player(replace(p, mission_revealed=True)))
        events.append(Event("mission revealed", {"player": who, "mission": p.mission}))
        box = [f for f in state.data.figures if f.alliance == who and f.where == MISSION]
        if p.mission == "decoy":
            data = state.data
            for f in box:
                data = data.with_figure(replace(f, where=home_nest(state, who)))
            events.append(Event("decoy", {"player": who, "figures": [f.id for f in box]}))
            return advance(replace(state, data=data), events)
        targets = tuple(f.id for f in box)
    else:
        foes = [f.id for f in enemies_on(state, a.target, fig.alliance) if not in_spiral(state, f.unit)]
        nest = nest_owner(state, a.target)
        targets = tuple(foes) + ((f"nest:{nest}",) if nest and nest != fig.alliance and nest_in_play(state, nest) else ())
    atk = Attack(fig.alliance, fig.id, "melee", True, combat.swoop_value(state, fig.unit), targets, "flight")
    return combat.start(state, atk, events)


def resume(state: TFState, events: list) -> Step:
    """Back to the flight once a swoop attack is over: the next crossings."""
    return advance(replace(state, flow=replace(state.flow, waiting="flight")), events)


def _arrive(state: TFState, events: list) -> Step:
    fig, fl = mover(state), state.flow.flight
    if measure.completely_out(state.setup.battlefield.bounds, fl.end):
        events.append(Event("flew off the battlefield", {"figure": fig.id}))
        return _after_flight(defeat(state, fig.id, events))
    state = replace(state, data=state.data.with_figure(replace(fig, pose=fl.end)))
    if fl.blocked_by:
        other = state.data.figure(fl.blocked_by)
        if other.where == FLYING and other.alliance != fig.alliance and not in_spiral(state, other.unit):
            events.append(Event("would end on an enemy", {"figure": fig.id, "enemy": other.id}))
            state = wound(state, other.id, 1, events, attacker=fig.id)
            state = wound(state, fig.id, 1, events, attacker=other.id)
    return _after_flight(state)


def _after_flight(state: TFState) -> Step:
    """The movement is over: Scurry OR Attack next, or, with no figure of the unit left in play, the
    unit is done (the flow goes on with Revive and the end of the activation)."""
    state = replace(state, flow=replace(state.flow, flight=None, waiting="act", step="act", done=()))
    if state.flow.phase == "over":
        return Step(state)
    if not any(f.where not in (CASUALTY,) for f in state.data.figures_of(state.flow.active)):
        return Step(state, UNIT_DONE)
    return Step(state)
