"""Status Effects (rulebook p. 12) as the effects of cards, abilities and scenarios apply them:
rattled (pilots only, 1 marker), immobilized (small figures; a flying figure immobilized is
defeated; large figures cannot be), on fire (1 marker per figure, any number on a nest).
Structures receive no status effects. Their consequences live where they bite: activation.py
(standing up, fire rolls, rattled removal), stats.py (pilot value 1), combat.py (no attack)."""
from __future__ import annotations

from dataclasses import replace

from feltbox.rules.core import Event
from feltbox.rules.tailfeathers.state import FLYING, TFState
from feltbox.rules.tailfeathers.wounds import defeat


def rattle(state: TFState, uid: str, events: list) -> TFState:
    u = state.data.unit(uid)
    if u.kind != "bird" or not u.pilot or u.rattled:      # pilotless birds cannot be rattled
        return state
    events.append(Event("rattled", {"unit": uid}))
    return replace(state, data=state.data.with_unit(replace(u, rattled=True)))


def immobilize(state: TFState, fid: str, events: list) -> TFState:
    fig = state.data.figure(fid)
    if state.data.unit(fig.unit).kind == "structure":
        return state
    if fig.where == FLYING:
        events.append(Event("immobilized in flight", {"figure": fid}))
        return defeat(state, fid, events)
    if fig.size == "L" or fig.immobilized:
        return state
    events.append(Event("immobilized", {"figure": fid}))
    return replace(state, data=state.data.with_figure(replace(fig, immobilized=True)))


def ignite(state: TFState, target: str, events: list) -> TFState:
    if target.startswith("nest:"):
        p = state.data.player(target[5:])
        events.append(Event("on fire", {"target": target}))
        return replace(state, data=state.data.with_player(replace(p, nest_fire=p.nest_fire + 1)))
    fig = state.data.figure(target)
    if fig.on_fire or state.data.unit(fig.unit).kind == "structure":
        return state
    events.append(Event("on fire", {"target": target}))
    return replace(state, data=state.data.with_figure(replace(fig, on_fire=True)))
