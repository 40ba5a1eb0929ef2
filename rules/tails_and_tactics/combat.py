"""Attacking and defending (rulebook: Deploying Units - Attacking, Valid Targets, Dealing Damage,
Special Attacks; Your Opponent's Turn - Dodging).

- A unit or an attached equipment attacks up to its Attacks number per turn, each attack at any
  time of the turn; "X on Y" caps the unique targets per turn at Y.
- Valid targets: any face-up enemy card with health; the base only when the defender has no units
  (Turfs do not protect it), or always for a Direct attack.
- Attack (against the target's type) >= Defense (against the attacker's type): 1 damage; a card at
  0 health is discarded with its equipment. A hit on the base costs 1 Base Health.
- Dodge: the defender turns an attack on a unit into a hit on the base; Positions and Turfs cannot
  dodge; Explosive and Direct attacks cannot be dodged.

House: attacks are spent when declared (a negated attack is still used); an attacker that has left
the battlefield when its attack resolves does not attack (the rulebook's chain example: "the Trap
would destroy the unit before it had the chance to attack")."""
from __future__ import annotations

from dataclasses import replace

from feltbox.rules.core import Event
from feltbox.rules.tails_and_tactics import stats
from feltbox.rules.tails_and_tactics.state import ChainItem, TTState, field_card, other, owner, side, with_side
from feltbox.rules.tails_and_tactics.zones import card_of, name, remove_from_field, update_field


def has_units(state: TTState, seat: str) -> bool:
    """Units that defend the base (face-up units; face-down set-up cards are revealed before play)."""
    return any(card_of(state, f.iid).kind == "unit" and f.requirement_of is None and f.face_up
               for f in side(state, seat).field)


def attackers(state: TTState, seat: str) -> list[str]:
    """``seat``'s cards with an attack left this turn."""
    out = []
    for fc in side(state, seat).field:
        card = card_of(state, fc.iid)
        if fc.face_up and card.kind in ("unit", "equipment") and fc.used < stats.attacks_allowed(state, fc.iid):
            out.append(fc.iid)
    return out


def targets(state: TTState, source: str) -> list[str]:
    """The valid targets of one attack by ``source`` (enemy instances and/or "base")."""
    seat, fc, card = owner(source), field_card(state, source), card_of(state, source)
    enemy = other(seat)
    out = [f.iid for f in side(state, enemy).field
           if f.face_up and f.requirement_of is None and card_of(state, f.iid).health is not None]
    if card.direct or not has_units(state, enemy):
        out.append("base")
    if card.on_targets and len(fc.targets) >= card.on_targets:
        out = [t for t in out if t in fc.targets]
    return out


def check_attack(state: TTState, source: str, target: str) -> str:
    """Why ``source`` may not attack ``target`` now ("" = it may)."""
    fc = field_card(state, source)
    if fc is None or owner(source) != state.flow.seat:
        return f"{source} is not one of your cards on the battlefield"
    if source not in attackers(state, owner(source)):
        return f"{name(state, source)} has no attack left this turn"
    if target not in targets(state, source):
        card = card_of(state, source)
        if target == "base":
            return "the base may only be attacked when the defender has no units (or by a Direct attack)"
        if card.on_targets and len(fc.targets) >= card.on_targets:
            return f"{name(state, source)} attacks {card.attacks_text}: no more than {card.on_targets} targets a turn"
        return f"{target} is not a valid target"
    return ""


def declare(state: TTState, source: str, target: str) -> TTState:
    """Spend one attack of ``source`` on ``target`` (its unique targets for X on Y)."""
    fc = field_card(state, source)
    seen = fc.targets if target in fc.targets else fc.targets + (target,)
    return update_field(state, replace(fc, used=fc.used + 1, targets=seen))


def dodge_refusal(state: TTState, seat: str, link: int) -> str:
    """Why ``seat`` may not dodge the attack at chain position ``link`` ("" = it may)."""
    item = state.flow.chain[link]
    if item.kind != "attack" or item.countered or item.dodged or item.target in (None, "base"):
        return "only an attack on a unit can be dodged"
    if any(d.kind == "dodge" and d.link == link and not d.countered for d in state.flow.chain):
        return "that attack is being dodged already"
    if owner(item.target) != seat or field_card(state, item.target) is None:
        return "only the attacked player's unit can dodge"
    target = card_of(state, item.target)
    if target.kind != "unit":
        return f"{target.name} is a {target.kind.replace('_', ' ')}: Turfs cannot dodge"
    if target.unit_type == "position":
        return f"{target.name} is a Position: Positions cannot dodge"
    source = card_of(state, item.source)
    if source.explosive:
        return f"{source.name} is Explosive: its attacks cannot be dodged"
    if source.direct:
        return f"{source.name} attacks Dir.: Direct attacks cannot be dodged"
    if seat in state.flow.no_dodge:
        return "your units cannot dodge this turn"
    return ""


def hit_base(state: TTState, seat: str, events: list, why: str) -> TTState:
    s = side(state, seat)
    state = with_side(state, seat, replace(s, base=max(0, s.base - 1)))
    events.append(Event("base_hit", {"player": seat, "base": max(0, s.base - 1),
                                     "text": f"{why}: {seat}'s base loses 1 health ({max(0, s.base - 1)} left)"}))
    return state


def deal_damage(state: TTState, iid: str, amount: int, events: list, why: str) -> TTState:
    fc = field_card(state, iid)
    fc = replace(fc, damage=fc.damage + amount)
    state = update_field(state, fc)
    left = card_of(state, iid).health - fc.damage
    events.append(Event("damaged", {"card": iid, "amount": amount, "health": max(0, left),
                                    "text": f"{why}: {name(state, iid)} takes {amount} damage ({max(0, left)} health left)"}))
    if left <= 0:
        state = remove_from_field(state, iid, events, "no health left")
    return state


def resolve_attack(state: TTState, item: ChainItem, events: list) -> TTState:
    who = name(state, item.source)
    if field_card(state, item.source) is None:
        events.append(Event("fizzled", {"text": f"{who} left the battlefield before its attack"}))
        return state
    defender = other(item.player)
    if item.dodged:
        return hit_base(state, defender, events, f"{name(state, item.target)} dodges {who}'s attack")
    if item.target == "base":
        return hit_base(state, defender, events, f"{who} attacks the base")
    if field_card(state, item.target) is None:
        events.append(Event("fizzled", {"text": f"{who}'s target left the battlefield"}))
        return state
    power = stats.attack_value(state, item.source, stats.fights_as(state, item.target))
    guard = stats.defense_value(state, item.target, stats.fights_as(state, item.source))
    if power >= guard:
        return deal_damage(state, item.target, 1, events, f"{who} hits ({power} against {guard})")
    events.append(Event("no_damage", {"card": item.target, "text": f"{who} attacks {name(state, item.target)}: "
                                                                   f"{power} against defense {guard}, no damage"}))
    return state
