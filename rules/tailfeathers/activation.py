"""Activate Units, Tree Movement, Scurry, Attack, Revive, Foraging and the end of an activation
(rulebook pages 8-11: Activate Units, Move, Tree Movement, Scurry OR Attack, Revive; Status
Effects: Rattled, Immobilized, On Fire; Additional Rules: Foraging). When no player has a unit
left to activate, the step reports step.ACTIVATIONS_OVER and the flow starts the Final Phase."""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, replace
from itertools import combinations

from feltbox.rules.core import Event
from feltbox.rules.tailfeathers import combat, dice
from feltbox.rules.tailfeathers.leaves import cut_options
from feltbox.rules.tailfeathers.spirals import continue_spiral
from feltbox.rules.tailfeathers.state import CASUALTY, FLYING, RESERVES, Attack, TFState
from feltbox.rules.tailfeathers.stats import (
    available,
    can_enter,
    enemies_on,
    fig_value,
    in_spiral,
    nest_owner,
    on_ground,
    space,
    stat,
    unit_available,
)
from feltbox.rules.tailfeathers.step import ACTIVATIONS_OVER, Step
from feltbox.rules.tailfeathers.turn import player
from feltbox.rules.tailfeathers.wounds import wound


@dataclass(frozen=True)
class Activate:
    unit: str
    figures: tuple[str, ...] = ()     # squads: up to the squad value of its available figures


@dataclass(frozen=True)
class Pass:
    pass


@dataclass(frozen=True)
class TreeMove:
    figure: str
    to: str


@dataclass(frozen=True)
class EndMove:
    pass


@dataclass(frozen=True)
class Scurry:
    figure: str
    to: str


@dataclass(frozen=True)
class AttackWith:
    figure: str
    target: str                      # a figure id or "nest:<alliance>"
    kind: str                        # melee | ranged


@dataclass(frozen=True)
class EndActivation:
    pass


@dataclass(frozen=True)
class Forage:
    pass


@dataclass(frozen=True)
class Revive:
    figures: tuple[str, ...]         # () = do not revive


def ready_units(state: TFState, who: str) -> list[str]:
    return [u.id for u in state.data.units if u.alliance == who and not u.activated
            and unit_available(state, u.id) and _can_activate(state, u.id)]


def _can_activate(state: TFState, uid: str) -> bool:
    u = state.data.unit(uid)
    if u.kind != "structure":
        return True
    fig = state.data.figures_of(uid)[0]          # Structures: required figures, no enemies
    need = stat(state, uid, "activate")
    here = state.data.on_space(fig.where)
    mine = [f for f in here if f.alliance == u.alliance and f.id != fig.id]
    return len(mine) >= need and not enemies_on(state, fig.where, u.alliance)


def activate_options(state: TFState) -> list:
    who = player(state)
    ready = ready_units(state, who)
    if not ready:
        return [Pass()]
    out = []
    for uid in ready:
        u = state.data.unit(uid)
        figs = [f.id for f in state.data.figures_of(uid) if available(f)]
        if u.kind == "squad":
            for n in range(1, min(stat(state, uid, "squad"), len(figs)) + 1):
                out += [Activate(uid, c) for c in combinations(figs, n)]
        else:
            out.append(Activate(uid, tuple(figs)))
    return out


def activate(state: TFState, a: Activate, events: list) -> Step:
    u = state.data.unit(a.unit)
    data = state.data.with_unit(replace(u, activated=True))
    done = []
    for fid in a.figures:                      # Immobilized: the whole activation stands it up
        f = data.figure(fid)
        if f.immobilized:
            data = data.with_figure(replace(f, immobilized=False))
            done.append(fid)
            events.append(Event("stood up", {"figure": fid}))
    figs = tuple(f for f in a.figures if f not in done)
    flow = replace(state.flow, active=u.id, figs=figs, done=(), attacked=False,
                   began_rattled=u.rattled, cards_played=(), bonus_move=0, bonus_attack=0,
                   tilt_free=False, tilt_ok=False, piloted=False, fire_checks=())
    state = replace(state, data=data, flow=flow)
    events.append(Event("activated", {"player": u.alliance, "unit": u.id, "figures": list(a.figures)}))
    if not figs:
        return finish_acting(state, events)
    fig = data.figure(figs[0])
    if u.kind == "bird" and in_spiral(state, u.id):
        return Step(continue_spiral(state, events))
    if u.kind == "bird" and (fig.where == FLYING or fig.launching):
        return Step(replace(state, flow=replace(state.flow, waiting="pilot", step="move")))
    if u.kind in ("structure",) or (u.kind == "bird"):        # perched birds and structures do not tree-move
        return Step(replace(state, flow=replace(state.flow, waiting="act", step="act")))
    return Step(replace(state, flow=replace(state.flow, waiting="move", step="move")))


def reachable(state: TFState, fid: str, steps: int) -> list[str]:
    """Tree Movement: up to ``steps`` spaces through adjacent spaces with room; entering a space
    with an opponent's figure ends the move; outnumbered by opponents, a figure cannot leave."""
    fig = state.data.figure(fid)
    if not on_ground(state, fig) or steps <= 0:
        return []
    here = state.data.on_space(fig.where)
    foes = sum(1 for f in here if f.alliance != fig.alliance)
    if foes > sum(1 for f in here if f.alliance == fig.alliance):
        return []
    seen, out, todo = {fig.where}, [], deque([(fig.where, 0)])
    while todo:
        sid, d = todo.popleft()
        if d == steps:
            continue
        for nxt in space(state, sid).adjacent:
            if nxt in seen or not can_enter(state, fig, nxt):
                continue
            seen.add(nxt)
            out.append(nxt)
            if not enemies_on(state, nxt, fig.alliance):
                todo.append((nxt, d + 1))
    return sorted(out)


def move_options(state: TFState) -> list:
    f = state.flow
    out = []
    for fid in f.figs:
        if fid in f.done:
            continue
        steps = stat(state, state.data.figure(fid).unit, "move") + f.bonus_move
        out += [TreeMove(fid, s) for s in reachable(state, fid, steps)]
    out.append(EndMove())
    if "foraging" in state.setup.rules and not f.done:
        out.append(Forage())
    return out


def tree_move(state: TFState, a: TreeMove, events: list) -> TFState:
    fig = state.data.figure(a.figure)
    events.append(Event("moved", {"figure": fig.id, "from": fig.where, "to": a.to}))
    data = state.data.with_figure(replace(fig, where=a.to))
    return replace(state, data=data, flow=replace(state.flow, done=state.flow.done + (fig.id,)))


def end_move(state: TFState, events: list) -> TFState:
    return replace(state, flow=replace(state.flow, waiting="act", step="act", done=()))


def forage(state: TFState, events: list) -> Step:
    """Foraging: a ground unit activated to do nothing gains 1 cheese (it may still revive)."""
    state, _ = dice.add_cheese(state, player(state), 1)
    events.append(Event("foraged", {"player": player(state), "unit": state.flow.active}))
    return finish_acting(state, events)


def act_options(state: TFState) -> list:
    f = state.flow
    out = []
    u = state.data.unit(f.active)
    for fid in f.figs:
        fig = state.data.figure(fid)
        if fid in f.done or not available(fig):
            continue
        if on_ground(state, fig) and u.kind not in ("bird", "structure"):
            out += [Scurry(fid, s) for s in reachable(state, fid, stat(state, fig.unit, "move"))]
        if _may_attack(state, fig):
            out += [AttackWith(fid, t, k) for t, k in combat.normal_targets(state, fig)]
            out += cut_options(state, fig)          # Leaves: cut it loose instead of attacking
    if "foraging" in state.setup.rules and u.kind == "bird" and not f.done and not f.attacked \
            and any(on_ground(state, state.data.figure(fid)) for fid in f.figs):
        out.append(Forage())                        # Perched: "considered a ground unit" (Foraging)
    return out + [EndActivation()]


def _may_attack(state: TFState, fig) -> bool:
    u = state.data.unit(fig.unit)
    if u.kind == "bird":
        # Rattled / Pilotless Bird: no normal attack; a swoop replaces it; not in a death spiral
        return bool(u.pilot) and not u.rattled and not state.flow.attacked and not in_spiral(state, u.id)
    return True


def scurry(state: TFState, a: Scurry, events: list) -> TFState:
    fig = state.data.figure(a.figure)
    events.append(Event("scurried", {"figure": fig.id, "from": fig.where, "to": a.to}))
    data = state.data.with_figure(replace(fig, where=a.to))
    return replace(state, data=data, flow=replace(state.flow, done=state.flow.done + (fig.id,)))


def attack(state: TFState, a: AttackWith, events: list) -> Step:
    fig = state.data.figure(a.figure)
    n = fig_value(state, fig, a.kind) + state.flow.bonus_attack
    flow = replace(state.flow, done=state.flow.done + (fig.id,), bonus_attack=0,
                   attacked=state.flow.attacked or state.data.unit(fig.unit).kind == "bird")
    atk = Attack(fig.alliance, fig.id, a.kind, False, n, (a.target,), "act")
    return combat.start(replace(state, flow=flow), atk, events)


def after_act(state: TFState, events: list) -> TFState:
    """Back to Scurry OR Attack once the attack is over."""
    return replace(state, flow=replace(state.flow, waiting="act", step="act"))


# -- the end of an activation ---------------------------------------------------------------------
def revive_options(state: TFState) -> list:
    who = player(state)
    dead = [f for f in state.data.figures if f.alliance == who and f.where == CASUALTY]
    heroes = [(f.id,) for f in dead if state.data.unit(f.unit).kind in ("hero", "creature")]
    squads = [f.id for f in dead if state.data.unit(f.unit).kind == "squad"]
    out = [Revive(c) for c in heroes]
    for n in range(1, min(3, len(squads)) + 1):
        out += [Revive(c) for c in combinations(squads, n)]
    return out


def finish_acting(state: TFState, events: list) -> Step:
    """Revive: after activating a unit, with a full cheese wheel."""
    who = player(state)
    if state.data.player(who).cheese >= dice.MAX_CHEESE and revive_options(state):
        return Step(replace(state, flow=replace(state.flow, waiting="revive")))
    return end_activation(state, events)


def revive(state: TFState, a: Revive, events: list) -> Step:
    if a.figures:
        who = player(state)
        data = state.data.with_player(replace(state.data.player(who), cheese=0))
        for fid in a.figures:
            data = data.with_figure(replace(data.figure(fid), where=RESERVES))
        state = replace(state, data=data)
        events.append(Event("revived", {"player": who, "figures": list(a.figures)}))
    return end_activation(state, events)


def end_activation(state: TFState, events: list) -> Step:
    """On Fire: each activated figure on fire rolls a die (HOUSE: a sword/shield puts it out,
    the rulebook's symbol is not legible), else 1 wound; a figure ending on a burning nest tries to
    put out 1 marker. Rattled: a unit that began its activation rattled loses the marker."""
    checks = tuple(fid for fid in state.flow.figs if available(state.data.figure(fid))
                   and state.data.figure(fid).on_fire)
    nest = next((fid for fid in state.flow.figs if available(state.data.figure(fid))
                 and on_ground(state, state.data.figure(fid))
                 and nest_owner(state, state.data.figure(fid).where)
                 and state.data.player(nest_owner(state, state.data.figure(fid).where)).nest_fire > 0), None)
    if nest:
        checks += ("nest:" + nest_owner(state, state.data.figure(nest).where),)
    state = replace(state, flow=replace(state.flow, fire_checks=checks))
    return _next_fire(state, events)


def _next_fire(state: TFState, events: list) -> Step:
    if state.flow.fire_checks:
        return Step(dice.ask(state, "fire", player(state), 1))
    u = state.data.unit(state.flow.active)
    if state.flow.began_rattled and u.rattled:
        state = replace(state, data=state.data.with_unit(replace(u, rattled=False)))
        events.append(Event("rattled removed", {"unit": u.id}))
    return next_turn(state)


def fire_faces(state: TFState, faces: tuple[str, ...], events: list) -> Step:
    target, rest = state.flow.fire_checks[0], state.flow.fire_checks[1:]
    state = replace(state, flow=replace(state.flow, roll=None, fire_checks=rest))
    out = dice.count(faces, "block") > 0
    events.append(Event("fire check", {"target": target, "faces": list(faces), "put out": out}))
    if target.startswith("nest:"):
        if out:
            p = state.data.player(target[5:])
            state = replace(state, data=state.data.with_player(replace(p, nest_fire=max(0, p.nest_fire - 1))))
    elif out:
        state = replace(state, data=state.data.with_figure(replace(state.data.figure(target), on_fire=False)))
    else:
        state = wound(state, target, 1, events)
    if state.flow.phase == "over":
        return Step(state)
    return _next_fire(state, events)


def next_turn(state: TFState) -> Step:
    flow = replace(state.flow, active="", figs=(), done=(), step="", waiting="activate",
                   turn=(state.flow.turn + 1) % len(state.flow.order))
    return start_turn(replace(state, flow=flow))


def start_turn(state: TFState) -> Step:
    """Activate Units: a player's activation turn, players out of the game skipped. When no player
    has an available, unactivated unit the Activation Phase is over (ACTIVATIONS_OVER)."""
    if not any(ready_units(state, p.alliance) for p in state.data.players if not p.out):
        return Step(state, ACTIVATIONS_OVER)
    while state.data.player(player(state)).out:
        state = replace(state, flow=replace(state.flow, turn=(state.flow.turn + 1) % len(state.flow.order)))
    return Step(state)


def pass_turn(state: TFState, events: list) -> Step:
    who = player(state)
    state, _ = dice.add_cheese(state, who, 1)
    events.append(Event("passed", {"player": who}))
    return next_turn(state)

