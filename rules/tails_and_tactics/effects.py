"""The effect vocabulary of Events and Traps (rulebook: Card Types - Events, Traps; Actions and
Timing): what a card needs to be played (a target, something on the chain to act on) and what it
does when its chain item resolves. Boosts and "cannot dodge" end at the end of the turn (Events'
effects end at the end of the current turn unless stated).

- destroy / damage N: an enemy card with health ("enemy", chosen) or the attacker of the most
  recent enemy attack on the chain ("attacker", found; house: damage to an attacking equipment,
  which has no health, is dealt to the unit it is attached to; destroy discards the equipment);
- counter: the most recent uncountered enemy Event or Trap on the chain does nothing;
- negate_attack: the most recent uncountered enemy attack on the chain does nothing;
- no_dodge: the enemy's units cannot dodge this turn, and the most recent enemy dodge on the chain
  is countered;
- boost (attack / defense / attacks +N) and repair N: one of your units (chosen);
- heal_base N (never above the starting 30), draw N."""
from __future__ import annotations

from dataclasses import replace

from feltbox.rules.core import Event
from feltbox.rules.tails_and_tactics import combat
from feltbox.rules.tails_and_tactics.state import BASE_HEALTH, Boost, ChainItem, TTState, field_card, other, side, with_side
from feltbox.rules.tails_and_tactics.zones import card_of, draw, name, remove_from_field, update_field

LINKS = {"counter": ("event", "trap"), "negate_attack": ("attack",), "no_dodge": ("dodge",)}


def _latest(state: TTState, seat: str, kinds) -> int:
    """The most recent uncountered chain item of ``kinds`` played by ``seat``'s opponent, or -1."""
    for k in range(len(state.flow.chain) - 1, -1, -1):
        item = state.flow.chain[k]
        if item.kind in kinds and item.player != seat and not item.countered:
            return k
    return -1


def enemy_targets(state: TTState, seat: str) -> list[str]:
    return [f.iid for f in side(state, other(seat)).field
            if f.face_up and f.requirement_of is None and card_of(state, f.iid).health is not None]


def own_targets(state: TTState, seat: str) -> list[str]:
    return [f.iid for f in side(state, seat).field if f.face_up and card_of(state, f.iid).kind == "unit"]


def prepare(state: TTState, seat: str, iid: str, target: str | None) -> tuple[ChainItem | None, str]:
    """The chain item for playing Event/Trap ``iid`` at ``target``, or None and why not."""
    card = card_of(state, iid)
    link, chosen = -1, None
    if card.target == "enemy":
        if target not in enemy_targets(state, seat):
            return None, f"{card.name} needs an enemy card with health as its target, not {target!r}"
        chosen = target
    elif card.target == "own":
        if target not in own_targets(state, seat):
            return None, f"{card.name} needs one of your units as its target, not {target!r}"
        chosen = target
    elif target is not None:
        return None, f"{card.name} takes no target"
    for e in card.effects:
        if e.kind in ("destroy", "damage") and e.target == "attacker":
            k = _latest(state, seat, ("attack",))
            if k < 0 or field_card(state, state.flow.chain[k].source) is None:
                return None, f"{card.name} needs an enemy attack on the chain"
            chosen = state.flow.chain[k].source
        if e.kind in LINKS:
            link = _latest(state, seat, LINKS[e.kind])
            if link < 0 and e.kind != "no_dodge":
                what = "an enemy Event or Trap" if e.kind == "counter" else "an enemy attack"
                return None, f"{card.name} needs {what} on the chain to act on"
    return ChainItem(card.kind, seat, card=iid, source=iid, target=chosen, link=link), ""


def _counter(state: TTState, link: int, events: list, what: str) -> TTState:
    if link < 0:
        return state
    chain = list(state.flow.chain)
    chain[link] = replace(chain[link], countered=True)
    events.append(Event("countered", {"link": link, "text": f"{what}: {chain[link].text or chain[link].kind} is countered"}))
    return replace(state, flow=replace(state.flow, chain=tuple(chain)))


def resolve(state: TTState, item: ChainItem, events: list) -> TTState:
    """Carry out the effects of Event/Trap ``item`` in their printed order."""
    card, seat = card_of(state, item.card), item.player
    for e in card.effects:
        if e.kind in ("destroy", "damage"):
            if item.target is None or field_card(state, item.target) is None:
                events.append(Event("fizzled", {"text": f"{card.name}: its target has left the battlefield"}))
            elif e.kind == "destroy":
                state = remove_from_field(state, item.target, events, f"destroyed by {card.name}")
            else:
                hit = item.target
                if card_of(state, hit).health is None:          # an equipment attacker: its unit takes it
                    hit = field_card(state, hit).attached_to
                state = combat.deal_damage(state, hit, e.amount, events, card.name)
        elif e.kind in ("counter", "negate_attack"):
            state = _counter(state, item.link, events, card.name)
        elif e.kind == "no_dodge":
            state = _counter(state, item.link, events, card.name)
            f = state.flow
            state = replace(state, flow=replace(f, no_dodge=tuple(sorted(set(f.no_dodge) | {other(seat)}))))
            events.append(Event("no_dodge", {"player": other(seat), "text": f"{other(seat)}'s units cannot dodge this turn"}))
        elif e.kind == "boost":
            if item.target and field_card(state, item.target) is not None:
                f = state.flow
                state = replace(state, flow=replace(f, boosts=f.boosts + (Boost(item.target, e.stat, e.amount),)))
                events.append(Event("boost", {"card": item.target, "text": f"{name(state, item.target)}: "
                                                                           f"{e.stat} +{e.amount} until end of turn"}))
        elif e.kind == "repair":
            fc = field_card(state, item.target) if item.target else None
            if fc is not None:
                state = update_field(state, replace(fc, damage=max(0, fc.damage - e.amount)))
                events.append(Event("repaired", {"card": item.target, "text": f"{name(state, item.target)} is repaired"}))
        elif e.kind == "heal_base":
            s = side(state, seat)
            state = with_side(state, seat, replace(s, base=min(BASE_HEALTH, s.base + e.amount)))
            events.append(Event("base_healed", {"player": seat, "base": min(BASE_HEALTH, s.base + e.amount),
                                                "text": f"{seat}'s base heals to {min(BASE_HEALTH, s.base + e.amount)}"}))
        elif e.kind == "draw":
            state = draw(state, seat, e.amount, events)
    return state

