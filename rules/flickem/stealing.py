"""S6 STEALING TOKENS: "When a survivor falls due to any attack, a face down token may be stolen
from their inventory. Identify the standing survivor with free space in their inventory closest
to the fallen survivor (within the city or in the same building). That standing survivor may look
at one face down token in the fallen figure's inventory before deciding what to do with it": add
it to their own inventory, leave it, or remove it from the game if it is an X token.

Attacks are shots, fights, TOO CLOSE and the rush (a survivor losing a life, or felled by a bat);
going hungry and Crossroads cards are not attacks. The steal interrupts whatever came next
(``Flow.resume``) and gives it back once every fallen survivor's steal is settled.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from feltbox.rules.core import Event
from feltbox.rules.flickem.scenarios import scenario_rules
from feltbox.rules.flickem.state import FlickemState, Waiting
from feltbox.rules.flickem.tokens import INVENTORY_SPACES, spaces_used
from feltbox.rules.geometry import distance

ATTACKED = ("survivor lost a life", "survivor fell")
NOT_ATTACKS = ("went hungry", "crossroads card")


@dataclass(frozen=True)
class Steal:
    """Look at one face-down token of the fallen survivor (``None``: steal nothing)."""
    token: str | None = None


@dataclass(frozen=True)
class StealKeep:
    """What the stealer does with the token looked at: take | leave | remove (an X only)."""
    choice: str


def _face_down(state: FlickemState, sid: str) -> list[str]:
    return [t for t in state.data.survivor(sid).inventory if state.data.token(t).face == "down"]


def stealer(state: FlickemState, victim: str) -> str | None:
    """The standing survivor with a free inventory space closest to the fallen ``victim``."""
    data = state.data
    fallen = data.survivor(victim)
    ready = [s for s in data.survivors if s.id != victim and s.standing and s.where == fallen.where
             and s.where not in ("dead", "reserve") and spaces_used(s, data.kinds(s.inventory)) < INVENTORY_SPACES]
    if fallen.where == "city":
        here = data.position(victim)
        ready.sort(key=lambda s: (distance(data.position(s.id), here), s.id))
    else:
        ready.sort(key=lambda s: s.id)
    return ready[0].id if ready else None


def offer_steals(state: FlickemState, events: list[Event]) -> FlickemState:
    """After an action: the fallen survivors that can be stolen from wait their turn."""
    if not scenario_rules(state.scenario).stealing or state.flow.waiting in (Waiting.OVER, Waiting.STEAL, Waiting.STEAL_KEEP):
        return state
    if any(e.kind in NOT_ATTACKS for e in events):
        return state
    victims = []
    for e in events:
        sid = e.data.get("survivor")
        if e.kind in ATTACKED and sid and sid not in victims and state.data.survivor(sid).where != "dead" \
                and _face_down(state, sid) and stealer(state, sid):
            victims.append(sid)
    if not victims:
        return state
    return replace(state, flow=replace(state.flow, steal=tuple(victims), resume=state.flow.waiting, waiting=Waiting.STEAL))


def steal_player(state: FlickemState) -> str:
    return state.data.survivor(stealer(state, state.flow.steal[0])).team


def steal_options(state: FlickemState) -> list:
    victim = state.flow.steal[0]
    if state.flow.waiting == Waiting.STEAL:
        return [Steal(t) for t in _face_down(state, victim)] + [Steal(None)]
    thief = state.data.survivor(stealer(state, victim))
    token = state.data.token(state.flow.looking)
    options = [StealKeep("leave")]
    if spaces_used(thief, state.data.kinds(thief.inventory) + (token.kind,)) <= INVENTORY_SPACES:
        options.insert(0, StealKeep("take"))
    if token.kind == "x":
        options.append(StealKeep("remove"))
    return options


def apply_steal(state: FlickemState, action) -> tuple[FlickemState, list[Event]]:
    victim = state.flow.steal[0]
    thief = state.data.survivor(stealer(state, victim))
    if isinstance(action, Steal) and action.token is not None:
        kind = state.data.token(action.token).kind
        event = Event("looked at a stolen token", {"survivor": thief.id, "from": victim, "token": action.token,
                                                   "kind": kind}, visible_to=(thief.team,))
        return replace(state, flow=replace(state.flow, waiting=Waiting.STEAL_KEEP, looking=action.token)), [event]
    events: list[Event] = []
    data = state.data
    if isinstance(action, StealKeep) and action.choice != "leave":
        token = data.token(state.flow.looking)
        owner = data.survivor(victim)
        data = data.with_survivor(replace(owner, inventory=tuple(t for t in owner.inventory if t != token.id)))
        if action.choice == "take":
            data = data.with_token(replace(token, where=thief.id))
            data = data.with_survivor(replace(thief, inventory=thief.inventory + (token.id,)))
            events.append(Event("token stolen", {"survivor": thief.id, "from": victim, "token": token.id}))
        else:
            data = data.with_token(replace(token, where="removed", face="up"))
            events.append(Event("X token removed", {"survivor": thief.id, "from": victim, "token": token.id}))
    state = replace(state, data=data)
    rest = tuple(v for v in state.flow.steal[1:] if _face_down(state, v) and stealer(state, v))
    flow = replace(state.flow, steal=rest, looking=None, waiting=Waiting.STEAL if rest else Waiting(state.flow.resume),
                   resume="" if not rest else state.flow.resume)
    return replace(state, flow=flow), events
