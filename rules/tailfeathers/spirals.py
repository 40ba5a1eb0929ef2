"""Additional Rules: Death Spirals. Crossing an enemy bird in flight starts one (instead of the
1-wound crossing): the movement ends against it; both roll battle + pilot melee, counting sword
and sword/shield faces. Not a tie: the difference in wounds to the lower, survivors pivot 180
degrees apart at center tilt. A tie: 1 wound each and they stay entangled; the next activation of
either rolls again, and a second tie sends both to the casualty piles. Birds in a spiral cannot be
targeted from outside it; a bird cannot make a normal attack on a turn it is in one. When the
activated bird does not survive the battle, the step reports step.UNIT_DONE to the flow."""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

from feltbox.rules.core import Event
from feltbox.rules.tailfeathers import cards, dice, measure
from feltbox.rules.tailfeathers.state import CASUALTY, FLYING, TFState
from feltbox.rules.tailfeathers.stats import figure_thing, flight_things, stat
from feltbox.rules.tailfeathers.step import UNIT_DONE, Step
from feltbox.rules.tailfeathers.turn import mover
from feltbox.rules.tailfeathers.wounds import defeat, wound


def value(state: TFState, uid: str) -> int:
    u = state.data.unit(uid)
    return stat(state, uid, "battle") + (0 if u.rattled else stat(state, uid, "melee"))


def start_spiral(state: TFState, enemy: str, events: list, toward: tuple[float, float] | None = None) -> TFState:
    """Steps 1-2: the template against the enemy bird on the side the attacker reached it from
    (``toward``: the attacker's place on its flight path where it crossed the enemy; default its
    flight start), the attacker's base against the template's other side, facing the enemy;
    rotated around the enemy's base until the attacker's base overlaps no other flying figure
    or trunk (geometry.death_spiral_place)."""
    fig, other = mover(state), state.data.figure(enemy)
    toward = toward or state.flow.flight.start[:2]
    things = [t for t in flight_things(state, fig.id) if t.kind in ("flying", "trunk") and t.id != other.id]
    placed = measure.death_spiral_place(figure_thing(state, other), toward, measure.BASE_RADIUS, things)
    if placed is None:        # HOUSE: nowhere free around the enemy: the attacker stays where it met it
        a = math.degrees(math.atan2(other.pose[1] - toward[1], other.pose[0] - toward[0])) % 360.0
        pose = (toward[0], toward[1], a)
    else:
        pose = placed[0]
    data = state.data.with_figure(replace(fig, pose=pose))
    events.append(Event("death spiral", {"attacker": fig.id, "defender": enemy}))
    flow = replace(state.flow, flight=None, attacked=True, waiting="act", step="act", done=(),
                   spiral=(fig.unit, other.unit, "flight", "1"), totals=())
    return battle_roll(replace(state, data=data, flow=flow), fig.unit)


def continue_spiral(state: TFState, events: list) -> TFState:
    me = state.flow.active
    pair = next(p for p in state.data.spirals if me in p)
    other = pair[0] if pair[1] == me else pair[1]
    flow = replace(state.flow, attacked=True, spiral=(me, other, "activation", "2"), totals=())
    events.append(Event("death spiral continues", {"units": [me, other]}))
    return battle_roll(replace(state, flow=flow), me)


def battle_roll(state: TFState, uid: str) -> TFState:
    """Ask ``uid``'s death spiral battle roll; first, when its player may still play a
    before-attack card on this turn (Action Cards), the card window (flow.card_window)."""
    if cards.window_options(state, uid):
        return replace(state, flow=replace(state.flow, card_window=uid))
    return ask_battle_roll(state, uid)


def ask_battle_roll(state: TFState, uid: str) -> TFState:
    """The battle roll: battle value + melee, plus a card's bonus dice."""
    n = value(state, uid) + state.flow.spiral_bonus
    return dice.ask(replace(state, flow=replace(state.flow, spiral_bonus=0)), "spiral", state.data.unit(uid).alliance, n)


@dataclass(frozen=True)
class Grudge:
    """Discard the grudge marker to re-roll these faces of the death spiral roll (() = keep all)."""
    reroll: tuple[str, ...]


def roller(state: TFState) -> str:
    a, b = state.flow.spiral[:2]
    return b if state.flow.totals else a


def grudge_options(state: TFState) -> list:
    faces = sorted(state.flow.grudge)
    subsets = {()}
    for f in faces:
        subsets |= {tuple(sorted(s + (f,))) for s in subsets}
    return [Grudge(s) for s in sorted(subsets, key=lambda s: (len(s), s))]


def grudge(state: TFState, a: Grudge, events: list) -> Step:
    uid = roller(state)
    u = state.data.unit(uid)
    faces = list(state.flow.grudge)
    state = replace(state, flow=replace(state.flow, grudge=()))
    if not a.reroll:
        return _result(state, tuple(faces), events)
    for f in a.reroll:
        faces.remove(f)
    state = replace(state, data=state.data.with_unit(replace(u, grudge=False)))
    events.append(Event("grudge", {"unit": uid, "reroll": list(a.reroll)}))
    return Step(dice.ask(state, "spiral+", u.alliance, len(a.reroll), kept=tuple(faces)))


def spiral_faces(state: TFState, faces, events: list) -> Step:
    roll = state.flow.roll
    if roll.why == "spiral":                  # Rolling Cheese: the excess may be re-rolled first
        state, waiting = dice.excess(state, tuple(faces))
        return Step(state) if waiting else kept_faces(state, tuple(faces), events)
    state, _ = dice.add_cheese(state, roll.player, dice.count(faces, "cheese"))
    state = replace(state, flow=replace(state.flow, roll=None))
    return _result(state, roll.kept + tuple(faces), events)


def kept_faces(state: TFState, faces: tuple[str, ...], events: list) -> Step:
    """A first death spiral roll its player keeps (no excess cheese re-rolled): the grudge
    marker may re-roll it, else it is the result."""
    if state.data.unit(roller(state)).grudge:
        return Step(replace(state, flow=replace(state.flow, grudge=tuple(faces))))   # may re-roll (Grudge)
    return _result(state, faces, events)


def _result(state: TFState, faces, events: list) -> Step:
    """One side's death spiral battle roll: the attacker's, then the defender's, then the outcome."""
    a, b, source, rnd = state.flow.spiral
    n = dice.hits(faces, "melee")
    player = state.data.unit(roller(state)).alliance
    events.append(Event("rolled", {"player": player, "why": "death spiral", "faces": list(faces), "total": n}))
    if not state.flow.totals:
        flow = replace(state.flow, roll=None, totals=((a, n),))
        return Step(battle_roll(replace(state, flow=flow), b))
    na = state.flow.totals[0][1]
    state = replace(state, flow=replace(state.flow, roll=None, totals=(), spiral=()),
                    data=replace(state.data, spirals=tuple(p for p in state.data.spirals if a not in p)))
    state = _battle(state, (a, b), (na, n), rnd, events)
    if state.flow.phase == "over":
        return Step(state)
    if state.data.figures_of(state.flow.active)[0].where == CASUALTY:
        return Step(state, UNIT_DONE)                    # the activated bird is gone: its activation ends
    if source == "activation" and not any(state.flow.active in p for p in state.data.spirals):
        return Step(replace(state, flow=replace(state.flow, waiting="pilot", step="move")))
    return Step(replace(state, flow=replace(state.flow, waiting="act", step="act", done=())))


def _battle(state: TFState, units, totals, rnd: str, events: list) -> TFState:
    """Death spiral battle (steps 3-4): a tie wounds both and keeps them entangled, a second tie
    sends both to the casualty piles; otherwise the difference in wounds to the lower, and the
    survivors pivot 180 degrees apart (one survivor does not turn), at center tilt."""
    (a, b), (na, nb) = units, totals
    fa, fb = state.data.figures_of(a)[0].id, state.data.figures_of(b)[0].id
    if na == nb and rnd == "2":
        events.append(Event("death spiral plummet", {"units": [a, b]}))
        state = defeat(defeat(state, fa, events), fb, events)
    elif na == nb:
        state = wound(wound(state, fa, 1, events), fb, 1, events)
        if all(state.data.figure(f).where == FLYING for f in (fa, fb)):
            state = replace(state, data=replace(state.data, spirals=state.data.spirals + ((a, b),)))
            events.append(Event("entangled", {"units": [a, b]}))
    else:
        loser = fb if na > nb else fa
        state = wound(state, loser, abs(na - nb), events)
        alive = [state.data.figure(f) for f in (fa, fb) if state.data.figure(f).where == FLYING]
        poses = measure.pivot_apart(alive[0].pose, alive[1].pose) if len(alive) == 2 else [f.pose for f in alive]
        for fig, pose in zip(alive, poses):
            state = replace(state, data=state.data.with_figure(replace(fig, tilt="center", pose=pose)))
    return state
