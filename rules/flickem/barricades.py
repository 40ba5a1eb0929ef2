"""S4 BARRICADES (rulebook: S4 STARVATION, NEW RULES, BARRICADES).

The game data keeps every barricade still in play with the building whose entrance it blocks
(``Data.barricades``: (barricade id, building) pairs). After every episode the bridge measures
which of them still block (``outcome["barricades"]``: {building: [ids]}, game/table/barricades.py); the
rules then decide:

- a barricaded building can not be entered (by survivors or zombies);
- a barricade that no longer blocks the entrance is removed from the game;
- if a movement disc or the baseball bat removed the last barricade of a building, the active
  survivor enters that building; otherwise a failed move puts the survivor back, as normal;
- any flick whose flicked component touched a barricade (``outcome["touched_barricade"]``, or a
  barricade among its first contacts) made a LOUD noise.

EXCEPTION, house reading of "You may not attempt to remove barricades from behind a building":
a flick made while the active survivor stood behind the building's door line (building-local x
short of the line, measured by the bridge as ``outcome["behind"]``, a list of buildings; a survivor
inside the building is behind it too) does not count for that building's removal: the barricades
it knocked out of the entrance are put back where they stood ("barricade put back"). A rush or a
horde knocking a barricade out does remove it (the rulebook names no exception for zombies).
"""
from __future__ import annotations

from dataclasses import replace

from feltbox.rules.core import Event
from feltbox.rules.flickem.noise import Noise
from feltbox.rules.flickem.outcome import FlickOutcome, RushOutcome
from feltbox.rules.flickem.state import FlickemState

ENTERING_PIECES = ("movement_disc", "bat")   # "If a movement disc or baseball bat causes the last..."


def barricaded(data, building: str) -> bool:
    """A building is barricaded while one or more barricades block its entrance."""
    return any(b == building for _, b in data.barricades)


def touched_barricade(outcome: FlickOutcome) -> bool:
    """S4: the flicked piece touched a barricade (measured by the bridge, or a first contact)."""
    return outcome.touched_barricade or any(str(c).startswith("barricade") for c in outcome.first_contacts)


def after_barricades(state: FlickemState, outcome: FlickOutcome | RushOutcome, events: list[Event],
                     weapon: str | None = None) -> FlickemState:
    """Apply one episode's measured barricades (``weapon``: the flicked piece, None for a rush)."""
    if weapon is not None and touched_barricade(outcome):
        state = replace(state, flow=replace(state.flow, noises=state.flow.noises + (int(Noise.LOUD),)))
        events.append(Event("barricade touched", {"noise": "LOUD"}))
    data = state.data
    measured = outcome.barricades
    if not data.barricades or measured is None:
        return state
    behind = set(outcome.behind or ()) if weapon is not None else set()
    kept, removed = [], []
    for bid, building in data.barricades:
        if bid in measured.get(building, ()):
            kept.append((bid, building))
        elif building in behind:
            kept.append((bid, building))
            events.append(Event("barricade put back", {"barricade": bid, "building": building,
                                                       "reason": "flicked from behind the building"}))
        else:
            removed.append((bid, building))
            events.append(Event("barricade removed", {"barricade": bid, "building": building}))
    state = replace(state, data=replace(data, barricades=tuple(kept)))
    cleared = sorted({b for _, b in removed} - {b for _, b in kept})
    for building in cleared:
        events.append(Event("barricades cleared", {"building": building}))
    if cleared and weapon in ENTERING_PIECES and state.flow.active:
        s = state.data.survivor(state.flow.active)
        state = replace(state, data=state.data.with_survivor(replace(s, where=cleared[0], standing=True)))
        events.append(Event("entered a building", {"survivor": s.id, "building": cleared[0]}))
    return state
