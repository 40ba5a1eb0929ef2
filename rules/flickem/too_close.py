"""TOO CLOSE!, checked whenever the table may have changed (rulebook: TOO CLOSE!, ZOMBIE RUSH,
END OF THE ROUND, USING A SURVIVOR).

"Any survivor figure standing next to a standing zombie (within the space of a movement disc)
immediately loses 1 life token and is placed fallen on the table. EXCEPTION: The active survivor
is immune to this rule during their turn." The flow (flow.py) checks it after every action: a
flick, a rush or a new horde, a reaction standing zombies up, the end of a round standing them
all, a survivor recruited or found. Zombies waiting on the tower for a rush or a horde are not in
the city yet (they are placed on the roof before the rush), so they make nobody too close.
"""
from __future__ import annotations

from feltbox.rules.core import Event
from feltbox.rules.flickem.figures import DISC_WIDTH, FIGURE_RADIUS
from feltbox.rules.flickem.game_end import check_scenario_end
from feltbox.rules.flickem.life import lose_life
from feltbox.rules.flickem.state import FlickemState, Waiting
from feltbox.rules.geometry import next_to


def on_the_tower(state: FlickemState) -> set[str]:
    """Zombies picked for the pending Zombie Rush or new horde (off the city until it runs)."""
    if state.flow.waiting not in (Waiting.RUSH, Waiting.HORDE):
        return set()
    return set(filter(None, dict(state.flow.request).get("zombies", "").split(",")))


def too_close(state: FlickemState, events: list[Event]) -> FlickemState:
    """Every standing survivor in the city next to a standing zombie in the city loses 1 life and
    is placed fallen (LOSING LIFE), but the active survivor during its turn."""
    if state.flow.waiting == Waiting.OVER:
        return state
    away = on_the_tower(state)
    at = {p: (x, y) for p, x, y in state.data.positions}      # a figure with no place is nowhere near
    zombies = [at[z.id] for z in state.data.zombies
               if z.where == "city" and z.standing and z.id not in away and z.id in at]
    lost = False
    for s in state.data.survivors:
        if s.id == state.flow.active or s.where != "city" or not s.standing or s.id not in at:
            continue
        if any(next_to(at[s.id], z, FIGURE_RADIUS, FIGURE_RADIUS, DISC_WIDTH) for z in zombies):
            events.append(Event("too close", {"survivor": s.id}))
            state, lost = lose_life(state, s.id, events, falls=True), True
            if state.flow.waiting == Waiting.OVER:
                break
    return check_scenario_end(state, None, events) if lost else state
