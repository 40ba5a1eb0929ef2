"""Attacks (rulebook: Attack, Ranged Attack, Melee Attack, Rolling Cheese, Attacking and Defending
with a Bird, Group Attack). An attack is a small pipeline kept in flow.attack: the attacker's
roll -> hits (a group attack's hits assigned one by one) -> each hit figure defends with its own
roll -> wounds (wounds.py). When it is over, the step says so (step.ATTACK_RESOLVED, with
Attack.resume) and the flow goes back to what the attack interrupted."""
from __future__ import annotations

from dataclasses import dataclass, replace

from feltbox.rules.core import Event, IllegalAction
from feltbox.rules.tailfeathers import dice, measure
from feltbox.rules.tailfeathers.state import FLYING, Attack, Figure, TFState
from feltbox.rules.tailfeathers.stats import (
    blockers,
    enemies_on,
    fig_value,
    figure_thing,
    home_nest,
    in_spiral,
    nest_in_play,
    nest_thing,
    on_ground,
    opponents,
    space,
    stat,
)
from feltbox.rules.tailfeathers.step import ATTACK_RESOLVED, Step
from feltbox.rules.tailfeathers.wounds import wound


@dataclass(frozen=True)
class AssignHit:
    """Group Attack: choose which figure (or nest) the next hit goes to."""
    target: str


def owner(state: TFState, target: str) -> str:
    return target.split(":")[1] if target.startswith("nest:") else state.data.figure(target).alliance


def thing_of(state: TFState, target: str):
    return nest_thing(state, owner(state, target)) if target.startswith("nest:") else \
        figure_thing(state, state.data.figure(target))


def normal_targets(state: TFState, fig: Figure) -> list[tuple[str, str]]:
    """(target, melee|ranged) a figure's normal attack may choose. A ground figure meleés adjacent
    ground enemies (or a nest); a flying one meleés flying enemies in close range; ranged needs
    range and clear sight, and from a space shared with enemies only those enemies."""
    out, me = [], fig.alliance
    melee, ranged = fig_value(state, fig, "melee"), fig_value(state, fig, "ranged")
    enemies = [f for f in state.data.figures if f.alliance in opponents(state, me)
               and (on_ground(state, f) or f.where == FLYING) and not in_spiral(state, f.unit)]
    nests = [f"nest:{a}" for a in opponents(state, me) if nest_in_play(state, a)]
    if on_ground(state, fig):
        near = {fig.where, *space(state, fig.where).adjacent}
        if melee > 0:
            out += [(e.id, "melee") for e in enemies if on_ground(state, e) and e.where in near]
            out += [(n, "melee") for n in nests if home_nest(state, n[5:]) in near]
        shared = enemies_on(state, fig.where, me)
        if ranged > 0 and shared:
            return out + [(e.id, "ranged") for e in shared]
    elif melee > 0:
        me_thing = figure_thing(state, fig)
        out += [(e.id, "melee") for e in enemies if e.where == FLYING
                and measure.range_check(me_thing, figure_thing(state, e), []).close]
    if ranged > 0 and stat(state, fig.unit, "extended_range"):     # anywhere, no range finder
        return out + [(e.id, "ranged") for e in enemies] + [(n, "ranged") for n in nests]
    if ranged > 0:
        me_thing, walls = figure_thing(state, fig), blockers(state)
        for t in [e.id for e in enemies] + nests:
            r = measure.range_check(me_thing, thing_of(state, t), walls)
            if r.in_range and r.clear:
                out.append((t, "ranged"))
    return out


def start(state: TFState, atk: Attack, events: list[Event]) -> Step:
    """Announce an attack and ask for its roll; with no die or no target it is over at once."""
    events.append(Event("attack", {"side": atk.side, "attacker": atk.attacker, "kind": atk.kind,
                                   "dice": atk.dice, "group": atk.group, "targets": list(atk.targets)}))
    state = replace(state, flow=replace(state.flow, attack=atk))
    if atk.dice <= 0 or not atk.targets:
        return finish(state)
    return Step(dice.ask(state, "attack", atk.side, atk.dice))


def on_faces(state: TFState, faces: tuple[str, ...], events: list[Event]) -> Step:
    """Measured faces for an attack or defense roll (flow.roll.why attack/defense, + = re-roll):
    a first roll's excess cheese waits for the player's choice (dice.excess), else it counts."""
    roll = state.flow.roll
    if roll.why.endswith("+"):                   # the second roll: its cheese counts, no re-roll
        state, _ = dice.add_cheese(state, roll.player, dice.count(faces, "cheese"))
        return resolve(replace(state, flow=replace(state.flow, roll=None)), roll.why, roll.player,
                       roll.kept + tuple(faces), events)
    state, waiting = dice.excess(state, faces)
    return Step(state) if waiting else resolve(state, roll.why, roll.player, roll.kept + tuple(faces), events)


def resolve(state: TFState, why: str, player: str, all_faces: tuple[str, ...], events: list[Event]) -> Step:
    """An attack or defense roll with its final faces: hits, or blocks and wounds."""
    atk = state.flow.attack
    events.append(Event("rolled", {"player": player, "why": why.rstrip("+"), "faces": list(all_faces)}))
    if why.startswith("attack"):
        n = dice.hits(all_faces, atk.kind)
        atk = replace(atk, hits=n, faces=all_faces)
        events.append(Event("hits", {"side": atk.side, "hits": n}))
        if n == 0:
            return finish(replace(state, flow=replace(state.flow, attack=atk)))
        if not atk.group or len(atk.targets) == 1:
            atk = replace(atk, assigned=(atk.targets[0],) * n)
        state = replace(state, flow=replace(state.flow, attack=atk))
        return _defend_next(state, events) if len(atk.assigned) == atk.hits else Step(state)
    target = _current(atk)
    blocks = dice.count(all_faces, "block")
    n = max(0, atk.assigned.count(target) - blocks)
    events.append(Event("defended", {"target": target, "blocked": min(blocks, atk.assigned.count(target))}))
    return _wound_and_next(state, target, n, events)


def _current(atk: Attack) -> str:
    return next(t for t in dict.fromkeys(atk.assigned) if t not in atk.defended)


def assign(state: TFState, action: AssignHit, events: list[Event]) -> Step:
    atk = state.flow.attack
    if atk is None or len(atk.assigned) >= atk.hits or action.target not in atk.targets:
        raise IllegalAction("no hit to assign to that target")
    atk = replace(atk, assigned=atk.assigned + (action.target,))
    state = replace(state, flow=replace(state.flow, attack=atk))
    return _defend_next(state, events) if len(atk.assigned) == atk.hits else Step(state)


def _defend_next(state: TFState, events: list[Event]) -> Step:
    """One at a time, each hit figure rolls its defense (nests: defense 0)."""
    atk = state.flow.attack
    if set(atk.defended) >= set(atk.assigned):
        return finish(state)
    target = _current(atk)
    gone = not target.startswith("nest:") and state.data.figure(target).where in ("casualty",)
    d = 0 if target.startswith("nest:") or gone else fig_value(state, state.data.figure(target), "defense")
    if d <= 0 or gone:
        return _wound_and_next(state, target, 0 if gone else atk.assigned.count(target), events)
    return Step(dice.ask(state, "defense", owner(state, target), d))


def _wound_and_next(state: TFState, target: str, n: int, events: list[Event]) -> Step:
    atk = state.flow.attack
    state = wound(state, target, n, events, attacker=atk.attacker)
    if state.flow.phase == "over":
        return Step(state)
    atk = replace(atk, defended=atk.defended + (target,))
    return _defend_next(replace(state, flow=replace(state.flow, attack=atk)), events)


def finish(state: TFState) -> Step:
    """The attack is over: the flow resumes what it interrupted (Attack.resume), unless the game is."""
    atk = state.flow.attack
    state = replace(state, flow=replace(state.flow, attack=None))
    if state.flow.phase == "over":
        return Step(state)
    return Step(state, ATTACK_RESOLVED, atk.resume)


def group_value(state: TFState, figs: list[Figure], kind: str) -> int:
    """Mission group attacks: 1 die per small figure with the value 1+, 3 per large one."""
    return sum(3 if f.size == "L" else 1 for f in figs if fig_value(state, f, kind) >= 1)


def swoop_value(state: TFState, uid: str) -> int:
    """Swoop Attack: the bird's battle value plus its pilot's melee (not while rattled)."""
    u = state.data.unit(uid)
    pilot = 0 if u.rattled else stat(state, uid, "melee")
    return stat(state, uid, "battle") + pilot + stat(state, uid, "swoop_bonus")
