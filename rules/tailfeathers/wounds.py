"""Wounds and defeat (rulebook: Hits vs. Wounds, Ranged Attack (wounds, nests), Glossary Defeated /
Wound, Rattled, Winning the Game, Tail Feathers (feathers dropped by a wounded flying bird))."""
from __future__ import annotations

from dataclasses import replace

from feltbox.rules.core import Event
from feltbox.rules.tailfeathers import data as tables
from feltbox.rules.tailfeathers.dice import add_cheese
from feltbox.rules.tailfeathers.feathers import collect
from feltbox.rules.tailfeathers.state import CARRIED, CASUALTY, FLYING, TFState
from feltbox.rules.tailfeathers.stats import stat


def wound(state: TFState, target: str, n: int, events: list[Event], attacker: str = "") -> TFState:
    """``n`` wounds on a figure or a nest ("nest:<alliance>"); defeats, rattles and ends the game."""
    if n <= 0:
        return state
    if target.startswith("nest:"):
        return _wound_nest(state, target[5:], n, events, attacker)
    fig = state.data.figure(target)
    if fig.where == CASUALTY:
        return state
    u = state.data.unit(fig.unit)
    state = _attacker_bonus(state, attacker, events, nest=False)
    if u.kind == "squad":
        events.append(Event("wounded", {"figure": fig.id, "wounds": n}))
        return defeat(state, fig.id, events)
    pilot_value = stat(state, u.id, "pilot")
    rattle = u.kind == "bird" and bool(u.pilot) and n > pilot_value and not u.rattled
    u = replace(u, wounds=u.wounds + n, rattled=u.rattled or rattle)
    state = replace(state, data=state.data.with_unit(u))
    events.append(Event("wounded", {"figure": fig.id, "wounds": n, "total": u.wounds}))
    if rattle:
        events.append(Event("rattled", {"unit": u.id, "why": "more wounds than its pilot value"}))
    if fig.where == FLYING and "tail_feathers" in state.setup.rules:
        state = collect(state, fig.id, n)          # 1 feather per wound, while the supply lasts (killed too)
    if u.wounds >= stat(state, u.id, "life"):
        return defeat(state, fig.id, events)
    return state


def _attacker_bonus(state: TFState, attacker: str, events: list[Event], nest: bool) -> TFState:
    """Public abilities: Snibble gains cheese when he wounds, Chumjaw for damaging a nest."""
    try:
        fig = state.data.figure(attacker)
    except KeyError:
        return state
    u = state.data.unit(fig.unit)
    if u.kind != "bird" or not u.pilot:
        return state
    gain = tables.pilot(u.pilot).get("cheese_on_nest" if nest else "cheese_on_wound", 0)
    if gain:
        state, _ = add_cheese(state, fig.alliance, gain)
        events.append(Event("ability cheese", {"unit": u.id, "cheese": gain}))
    return state


def _wound_nest(state: TFState, alliance: str, n: int, events: list[Event], attacker: str) -> TFState:
    p = state.data.player(alliance)
    if p.out:
        return state
    state = _attacker_bonus(state, attacker, events, nest=True)
    p = replace(state.data.player(alliance), nest_life=max(0, p.nest_life - n))
    state = replace(state, data=state.data.with_player(p))
    events.append(Event("nest wounded", {"nest": alliance, "wounds": n, "life": p.nest_life}))
    if p.nest_life == 0:
        return destroy_nest(state, alliance, events)
    return state


def destroy_nest(state: TFState, alliance: str, events: list[Event]) -> TFState:
    """Winning the Game: a player whose nest is destroyed is out and removes all of his figures;
    the last player with a nest in play wins."""
    p = replace(state.data.player(alliance), out=True, nest_life=0, nest_fire=0)
    figures = tuple(replace(f, where=CASUALTY, carrying="") if f.alliance == alliance else f
                    for f in state.data.figures)
    spirals = tuple(s for s in state.data.spirals
                    if all(state.data.unit(u).alliance != alliance for u in s))
    data = replace(state.data.with_player(p), figures=figures, spirals=spirals)
    state = replace(state, data=data)
    events.append(Event("nest destroyed", {"nest": alliance}))
    alive = [q.alliance for q in state.data.players if not q.out]
    if len(alive) <= 1:
        flow = replace(state.flow, phase="over", waiting="over", winners=tuple(alive), roll=None,
                       result=f"the {alliance} nest is destroyed")
        state = replace(state, flow=flow)
        events.append(Event("game over", {"winners": alive}))
    return state


def defeat(state: TFState, fid: str, events: list[Event]) -> TFState:
    """To the casualty pile, wound markers off the card; what it transported goes too; its bird
    action cards go to the refresh pile; a death spiral it was in ends."""
    fig = state.data.figure(fid)
    data = state.data.with_figure(replace(fig, where=CASUALTY, carrying="", launching=False,
                                          immobilized=False, on_fire=False, tilt="center"))
    if fig.carrying:
        data = data.with_figure(replace(data.figure(fig.carrying), where=CASUALTY))
    u = data.unit(fig.unit)
    if u.kind != "squad":
        p = data.player(u.alliance)
        data = data.with_player(replace(p, refresh=p.refresh + u.held_cards))
        data = data.with_unit(replace(u, wounds=0, rattled=False, held_cards=()))
    data = replace(data, spirals=tuple(s for s in data.spirals if u.id not in s),
                   figures=tuple(replace(f, where=CASUALTY) if f.where == CARRIED and f.id == fig.carrying
                                 else f for f in data.figures))
    events.append(Event("defeated", {"figure": fid}))
    return replace(state, data=data)
