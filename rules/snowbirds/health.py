"""The flock's health (rulebook: Flock & Health, Risk & Dice): Hunger past 4 costs 1 bird per
point over and stays at 4; a Risk failure adds 1 Exhaustion, or at 2 costs a bird. Birds lost
may not be regained; a smaller flock keeps an oversized hand (Special Situations)."""
from __future__ import annotations

from dataclasses import replace

from feltbox.rules.core import Event
from feltbox.rules.snowbirds.data import tables
from feltbox.rules.snowbirds.state import SBState


def lose_birds(state: SBState, n: int, why: str, events: list) -> SBState:
    if n <= 0:
        return state
    flock = max(0, state.data.flock - n)
    lost = state.data.flock - flock
    events.append(Event("birds lost", {"birds": lost, "flock": flock,
                                       "text": f"{why}: the flock loses {lost} bird{'s' * (lost > 1)} ({flock} left)"}))
    return replace(state, data=replace(state.data, flock=flock))


def add_hunger(state: SBState, n: int, why: str, events: list) -> SBState:
    """Hunger +n; past the top of the track 1 bird per point over, Hunger stays at 4."""
    top = tables().mat.hunger_max
    raw = state.data.hunger + n
    state = replace(state, data=replace(state.data, hunger=min(raw, top)))
    events.append(Event("hunger", {"hunger": state.data.hunger, "added": n,
                                   "text": f"{why}: Hunger +{n}, now {state.data.hunger}"}))
    return lose_birds(state, raw - top, f"Hunger {raw} is past {top}", events)


def risk_failure(state: SBState, events: list) -> SBState:
    """Accepting a failed Vigor check: +1 Exhaustion, or at 2 the flock loses a bird."""
    top = tables().mat.exhaustion_max
    if state.data.exhaustion < top:
        state = replace(state, data=replace(state.data, exhaustion=state.data.exhaustion + 1))
        events.append(Event("exhausted", {"exhaustion": state.data.exhaustion,
                                          "text": f"the flock is exhausted: Exhaustion {state.data.exhaustion}"}))
        return state
    return lose_birds(state, 1, f"a Risk failure at Exhaustion {top}", events)
