"""Final Phase (rulebook page 11-12): burning nests take their wounds, Reinforce, Resolve Missions
(revealed together, by type: decoy, intercept, siege, patrol, rescue, special; same type in turn
order), Refresh, Reset Battlefield (tail feathers flipped or removed; drifting leaves move).
Started by the flow when no unit is left to activate (step.ACTIVATIONS_OVER); after a mission's
attack (step.ATTACK_RESOLVED) the flow goes on with next_mission, after a leaf's drift
(step.LEAF_DRIFTED) with drift_next."""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

from feltbox.rules.core import Event
from feltbox.rules.tailfeathers import combat, dice, measure
from feltbox.rules.tailfeathers import data as tables
from feltbox.rules.tailfeathers.feathers import reset_feathers
from feltbox.rules.tailfeathers.state import CASUALTY, FLYING, MISSION, RESERVES, Attack, TFState
from feltbox.rules.tailfeathers.stats import can_enter, home_nest, in_spiral, nest_in_play, opponents, space, stat
from feltbox.rules.tailfeathers.wounds import wound


@dataclass(frozen=True)
class SiegeTree:
    """Siege: "move all figures in your mission box to any one tree ... and place them in a space
    or spaces adjacent to its trunk": ``space`` is the trunk-adjacent space the figures go to
    first ("" when none has room: as close to the trunk as possible)."""
    tree: str
    space: str = ""


@dataclass(frozen=True)
class PatrolTarget:
    target: str            # an opponent's flying figure ("" = none)


@dataclass(frozen=True)
class RescueBird:
    unit: str              # a bird unit in the casualty pile ("" = none)


def start_final(state: TFState, events: list) -> TFState:
    state = replace(state, flow=replace(state.flow, phase="final", waiting="final", active="", figs=(), done=()))
    events.append(Event("final phase", {"round": state.flow.round}))
    for p in state.data.players:            # On Fire: 1 wound per marker at the start of the phase
        if p.nest_fire and not p.out:
            state = wound(state, f"nest:{p.alliance}", p.nest_fire, events)
            if state.flow.phase == "over":
                return state
    data = state.data
    for f in data.figures:                   # Reinforce (not without a home nest)
        if f.where == RESERVES and nest_in_play(state, f.alliance):
            data = data.with_figure(replace(f, where=home_nest(state, f.alliance)))
            events.append(Event("reinforced", {"figure": f.id}))
    order = tables.mission_order()
    seats = [a for a in state.flow.order]
    for p in data.players:
        if p.mission and not p.out and not p.mission_revealed:
            data = data.with_player(replace(p, mission_revealed=True))
            events.append(Event("mission revealed", {"player": p.alliance, "mission": p.mission}))
    queue = tuple(sorted((p.alliance for p in data.players if p.mission and not p.out),
                         key=lambda a: (order[data.player(a).mission], seats.index(a))))
    return next_mission(replace(state, data=data, flow=replace(state.flow, missions=queue)), events)


def _box(state: TFState, who: str):
    return [f for f in state.data.figures if f.alliance == who and f.where == MISSION]


def _home(state: TFState, who: str, events: list) -> TFState:
    data = state.data
    box = _box(state, who)
    for f in box:
        to = home_nest(state, who) if nest_in_play(state, who) else CASUALTY
        data = data.with_figure(replace(f, where=to))
    if box:
        events.append(Event("mission figures home", {"player": who, "figures": [f.id for f in box]}))
    return replace(state, data=data)


def next_mission(state: TFState, events: list) -> TFState:
    f = state.flow
    queue = f.missions
    if f.waiting in ("siege", "patrol", "rescue") or f.attack is not None:
        return state
    intercepted = [p.alliance for p in state.data.players if p.mission == "intercept" and p.alliance not in queue]
    if not queue or state.data.player(queue[0]).mission != "intercept":
        for who in intercepted:             # after all intercepts: the rest go home
            state = _home(state, who, events)
            state = _done(state, who)
    if not queue:
        return drift_leaves(state, events)
    who, kind = queue[0], state.data.player(queue[0]).mission
    state = replace(state, flow=replace(state.flow, waiting="final"))
    if kind == "decoy" or kind == "special":
        if kind == "special":               # HOUSE default of the scenario's special mission
            state, _ = dice.add_cheese(state, who, 1)
            events.append(Event("special mission", {"player": who, "cheese": 1}))
        return _pop(_home(state, who, events), who, events)
    if kind == "intercept":
        state = replace(state, flow=replace(state.flow, missions=queue[1:]))
        foes = [o for o in opponents(state, who) if _box(state, o)]
        n = combat.group_value(state, _box(state, who), "melee")
        if not foes or n == 0:
            return next_mission(state, events)
        targets = tuple(x.id for x in _box(state, foes[0]))
        return _group_attack(state, Attack(who, "mission:intercept", "melee", True, n, targets, "final"), events)
    if kind == "siege":
        return replace(state, flow=replace(state.flow, waiting="siege"))
    if kind == "patrol":
        return replace(state, flow=replace(state.flow, waiting="patrol"))
    if kind == "rescue" and len(_box(state, who)) >= 2 and _rescuable(state, who):
        return replace(state, flow=replace(state.flow, waiting="rescue"))
    return _pop(_home(state, who, events), who, events)


def _done(state: TFState, who: str) -> TFState:
    p = state.data.player(who)
    return replace(state, data=state.data.with_player(replace(p, mission="", mission_revealed=False)))


def _pop(state: TFState, who: str, events: list) -> TFState:
    state = _done(state, who)
    state = replace(state, flow=replace(state.flow, missions=tuple(a for a in state.flow.missions if a != who),
                                        waiting="final"))
    return next_mission(state, events)


def trees(state: TFState) -> list[str]:
    return sorted({s.tree for s in state.setup.battlefield.spaces if s.kind != "leaf"})


TRUNK_TOUCH = 0.05      # cm: a space whose outline comes this close to the trunk's is adjacent to it


def _segment_gap(p, a, b) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = dx * dx + dy * dy
    t = 0.0 if n == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / n))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def outline_gap(p, q) -> float:
    """The least distance between two polygons' outlines (0 when they touch or cross)."""
    def one_way(u, v):
        return min(_segment_gap(x, v[i], v[(i + 1) % len(v)]) for x in u for i in range(len(v)))
    return min(one_way(p, q), one_way(q, p))


def _tree_spaces(state: TFState, tree: str) -> list:
    bf = state.setup.battlefield
    spaces = [s for s in bf.spaces if s.tree == tree and s.kind not in ("leaf", "nest")]
    return spaces or [s for s in bf.spaces if s.tree == tree]


def _trunk_gaps(state: TFState, tree: str) -> dict[str, float]:
    """Each space of ``tree`` -> its outline's gap to the trunk's (no trunk: to the first space's
    centre, the old house reading)."""
    trunk = state.setup.battlefield.trunk_of(tree)
    spaces = _tree_spaces(state, tree)
    if trunk is None:
        c = measure.centroid(spaces[0].polygon)
        return {s.id: math.dist(measure.centroid(s.polygon), c) + 1.0 for s in spaces}
    return {s.id: outline_gap(s.polygon, trunk.polygon) for s in spaces}


def siege_options(state: TFState) -> list:
    """One choice per space adjacent to a tree's trunk (its outline touches the trunk's) that a
    figure of the box can enter; a tree with none such: the tree alone (closest spaces)."""
    box = _box(state, state.flow.missions[0])
    out = []
    for t in trees(state):
        gaps = _trunk_gaps(state, t)
        adjacent = sorted(sid for sid, g in gaps.items() if g <= TRUNK_TOUCH and any(can_enter(state, f, sid) for f in box))
        out += [SiegeTree(t, sid) for sid in adjacent] or [SiegeTree(t)]
    return out


def siege(state: TFState, a: SiegeTree, events: list) -> TFState:
    """Siege: the box's figures to the chosen space adjacent to the tree's trunk; those it cannot
    take to the other spaces, the closest to the trunk first (then the closest to the chosen
    space): "if all the spaces adjacent to the trunk are full, ... as close to the trunk as
    possible"."""
    who = state.flow.missions[0]
    gaps = _trunk_gaps(state, a.tree)
    spaces = _tree_spaces(state, a.tree)
    first = measure.centroid(space(state, a.space).polygon) if a.space else None
    spaces.sort(key=lambda s: (s.id != a.space, round(gaps[s.id], 2),
                               round(math.dist(measure.centroid(s.polygon), first), 2) if first else 0.0, s.id))
    for f in _box(state, who):
        to = next((s.id for s in spaces if can_enter(state, f, s.id)), None)
        if to is None:
            to = home_nest(state, who)      # HOUSE: no room anywhere on that tree
        state = replace(state, data=state.data.with_figure(replace(f, where=to)))
        events.append(Event("siege", {"figure": f.id, "space": to}))
    return _pop(state, who, events)


def patrol_options(state: TFState) -> list:
    who = state.flow.missions[0]
    foes = set(opponents(state, who))
    targets = [f.id for f in state.data.figures if f.alliance in foes and f.where == FLYING
               and not in_spiral(state, f.unit)]      # Death Spirals: not from outside the spiral
    targets += [f"leaf:{leaf.id}" for leaf in state.data.leaves           # a drifting leaf with enemies on it
                if any(f.alliance in foes for f in state.data.on_space(leaf.id))]
    return [PatrolTarget(t) for t in sorted(targets)] + ([] if targets else [PatrolTarget("")])


def patrol(state: TFState, a: PatrolTarget, events: list) -> TFState:
    who = state.flow.missions[0]
    n = combat.group_value(state, _box(state, who), "ranged")
    state = _home(state, who, events)
    state = _pop_only(state, who)
    if not a.target or n == 0:
        return next_mission(state, events)
    targets = (a.target,) if not a.target.startswith("leaf:") else \
        tuple(f.id for f in state.data.on_space(a.target[5:]) if f.alliance != who)
    return _group_attack(state, Attack(who, "mission:patrol", "ranged", True, n, targets, "final"), events)


def _group_attack(state: TFState, atk: Attack, events: list) -> TFState:
    """An intercept or patrol group attack. After its rolls the flow resumes with next_mission; one
    with no die or no target is over at once and the missions go straight on (start_final runs
    on its own until a choice or a roll)."""
    step = combat.start(state, atk, events)
    return next_mission(step.state, events) if step.next else step.state


def _pop_only(state: TFState, who: str) -> TFState:
    state = _done(state, who)
    return replace(state, flow=replace(state.flow, waiting="final",
                                       missions=tuple(x for x in state.flow.missions if x != who)))


def _rescuable(state: TFState, who: str) -> list[str]:
    return sorted({f.unit for f in state.data.figures if f.alliance == who and f.where == CASUALTY
                   and state.data.unit(f.unit).kind == "bird"})


def rescue_options(state: TFState) -> list:
    return [RescueBird(u) for u in _rescuable(state, state.flow.missions[0])] + [RescueBird("")]


def rescue(state: TFState, a: RescueBird, events: list) -> TFState:
    """Rescue: a bird/pilot from the casualty pile to the home nest, wounded by its bonus life."""
    who = state.flow.missions[0]
    if a.unit:
        nest = home_nest(state, who)
        fig = state.data.figures_of(a.unit)[0]
        c = measure.centroid(space(state, nest).polygon)
        data = state.data.with_figure(replace(fig, where=nest, pose=(c[0], c[1], fig.pose[2]), tilt="center"))
        u = data.unit(a.unit)
        data = data.with_unit(replace(u, wounds=stat(state, a.unit, "bonus_life")))
        state = replace(state, data=data)
        events.append(Event("rescued", {"player": who, "unit": a.unit}))
    return _pop(_home(state, who, events), who, events)


def drift_leaves(state: TFState, events: list) -> TFState:
    """Leaves still drifting move on, after the missions, in turn order (of the figures on them)."""
    seats = list(state.flow.order)
    owners = {leaf.id: (state.data.on_space(leaf.id) or [None])[0] for leaf in state.data.leaves}
    drifts = tuple(sorted((leaf.id for leaf in state.data.leaves if owners[leaf.id]),
                          key=lambda i: (seats.index(owners[i].alliance), i)))
    return drift_next(replace(state, flow=replace(state.flow, drifts=drifts)), events)


def drift_next(state: TFState, events: list) -> TFState:
    drifts = [d for d in state.flow.drifts if any(leaf.id == d for leaf in state.data.leaves) and state.data.on_space(d)]
    if not drifts:
        return _refresh(replace(state, flow=replace(state.flow, drifts=())), events)
    who = state.data.on_space(drifts[0])[0].alliance
    flow = replace(state.flow, drifts=tuple(drifts[1:]), leaf=drifts[0])
    return dice.ask(replace(state, flow=flow), "leaf", who, 1)


def _refresh(state: TFState, events: list) -> TFState:
    """Refresh (used cards back to the hand, unit cards ready) and Reset Battlefield."""
    data = state.data
    for p in data.players:
        data = data.with_player(replace(p, hand=p.hand + p.refresh, refresh=(), mission="", mission_revealed=False))
    data = replace(data, units=tuple(replace(u, activated=False) for u in data.units))
    state = replace(state, data=data)
    if "tail_feathers" in state.setup.rules:
        state = reset_feathers(state, events)
    events.append(Event("round over", {"round": state.flow.round}))
    order = tuple(a for a in state.flow.order if not state.data.player(a).out)
    flow = replace(state.flow, round=state.flow.round + 1, phase="mission", waiting="mission_select",
                   queue=order, missions=(), turn=0)
    return replace(state, flow=flow)
