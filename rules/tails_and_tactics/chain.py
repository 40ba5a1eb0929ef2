"""Actions and Timing as a chain (a stack). Every action (deploy, attack, dodge, an Event, a Trap
played, set or sprung) is pushed; priority passes to the other player, who may push a response
(an Event or Trap that takes effect "immediately before the most recent action", a dodge), and so
on; when both players pass in a row the chain resolves from the top down, and a countered item does
nothing. House decisions (the rulebook is silent):

- a new chain opens only with the active player's action on an empty chain; while it is open only
  responses are allowed (Events and face-up Traps by the active player, springing a face-down Trap
  by either, a dodge by the attacked player), so the opponent acts in your turn only in response;
- either player may respond to any item, a dodge included (an attacker may answer a dodge with a
  "cannot dodge" Event);
- the game ends the moment a base reaches 0 (only an attack, dodged or not, costs Base Health, and
  an attack always opens its chain, so nothing is left beneath it);
- after the chain resolves, the active player has priority again on an empty chain."""
from __future__ import annotations

from dataclasses import replace

from feltbox.rules.core import Event
from feltbox.rules.tails_and_tactics import combat, effects
from feltbox.rules.tails_and_tactics.state import SEATS, ChainItem, FieldCard, TTState, field_card, other, side
from feltbox.rules.tails_and_tactics.zones import card_of, name, put_on_field, to_discard


def push(state: TTState, item: ChainItem, events: list) -> TTState:
    f = state.flow
    events.append(Event("chain", {"player": item.player, "kind": item.kind, "depth": len(f.chain) + 1,
                                  "text": item.text}))
    return replace(state, flow=replace(f, chain=f.chain + (item,), priority=other(item.player), passes=0))


def pass_priority(state: TTState, events: list) -> TTState:
    f = state.flow
    events.append(Event("pass", {"player": f.priority, "text": f"{f.priority} passes"}))
    if f.passes + 1 >= 2:
        return resolve(replace(state, flow=replace(f, passes=0)), events)
    return replace(state, flow=replace(f, priority=other(f.priority), passes=f.passes + 1))


def _winner(state: TTState) -> TTState:
    for seat in SEATS:
        if side(state, seat).base <= 0:
            return replace(state, flow=replace(state.flow, phase="over", step="over", priority=None,
                                               winner=other(seat), reason=f"{seat}'s base health reached 0"))
    return state


def resolve(state: TTState, events: list) -> TTState:
    """Resolve the chain from the top down."""
    while state.flow.chain:
        item = state.flow.chain[-1]
        state = replace(state, flow=replace(state.flow, chain=state.flow.chain[:-1]))
        state = _resolve_item(state, item, events)
        state = _winner(state)
        if state.flow.phase == "over":
            events.append(Event("game_over", {"winner": state.flow.winner,
                                              "text": f"{state.flow.winner} wins: {state.flow.reason}"}))
            return state
    return replace(state, flow=replace(state.flow, priority=state.flow.seat, passes=0))


def _resolve_item(state: TTState, item: ChainItem, events: list) -> TTState:
    if item.countered:
        events.append(Event("fizzled", {"text": f"{item.text or item.kind}: countered, nothing happens"}))
        if item.kind in ("event", "trap") or item.kind == "deploy":
            state = to_discard(state, item.card)
        return state
    if item.kind == "attack":
        return combat.resolve_attack(state, item, events)
    if item.kind == "dodge":
        chain = list(state.flow.chain)
        if 0 <= item.link < len(chain):
            chain[item.link] = replace(chain[item.link], dodged=True)
        return replace(state, flow=replace(state.flow, chain=tuple(chain)))
    if item.kind in ("event", "trap"):
        events.append(Event("resolves", {"card": item.card, "text": f"{name(state, item.card)} takes effect"}))
        state = effects.resolve(state, item, events)
        return to_discard(state, item.card)
    if item.kind == "deploy":
        return enter_field(state, item, events)
    return state                                   # set_trap: the trap lies face down already


def enter_field(state: TTState, item: ChainItem, events: list) -> TTState:
    """A deployed card enters the battlefield, or is discarded at once (requirements unmet, or
    equipment with no valid unit to attach to: its effects do not occur)."""
    card = card_of(state, item.card)
    why = item.unmet
    if not why and card.kind == "equipment":
        host = field_card(state, item.attach_to) if item.attach_to else None
        if host is None or card_of(state, item.attach_to).unit_type not in card.equips:
            why = "no valid unit to attach it to"
    if why:
        events.append(Event("discarded", {"player": item.player, "card": item.card, "card_id": card.id,
                                          "text": f"{card.name} is discarded as it enters the battlefield: {why}"}))
        return to_discard(state, item.card)
    events.append(Event("deployed", {"player": item.player, "card": item.card, "card_id": card.id,
                                     "text": f"{card.name} enters {item.player}'s battlefield"}))
    return put_on_field(state, FieldCard(item.card, face_up=True, attached_to=item.attach_to))
