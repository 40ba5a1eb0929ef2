"""The actions of a turn, checked and pushed on the chain (rulebook: Deploying Units, Attacking,
Events, Traps, and Other Shenanigans; Your Opponent's Turn; Actions and Timing). Each function
raises IllegalAction with the reason, or returns the state with the action on the chain.

Who may do what: the active player opens a chain (deploy, attack, an Event, a Trap played, set or
sprung) on an empty chain; whoever has priority on an open chain may respond: the active player
with an Event, a Trap played face up or sprung; the other player by springing a face-down Trap or
dodging an attack on a unit."""
from __future__ import annotations

from dataclasses import replace

from feltbox.rules.core import IllegalAction
from feltbox.rules.tails_and_tactics import chain, combat, effects, requirements
from feltbox.rules.tails_and_tactics.state import ChainItem, FieldCard, TTState, card_id, other, owner, side, with_side
from feltbox.rules.tails_and_tactics.zones import card_of, name, put_on_field, remove_from_field, take_from_hand

DEPLOYABLE = ("unit", "equipment", "turf", "new_rule")


def _opening(state: TTState, what: str) -> str:
    f = state.flow
    if f.phase != "play" or f.step != "main":
        return f"{what} only during a turn"
    if f.chain:
        return f"{what} only on an empty chain: respond or pass first"
    return ""


def _mine(state: TTState, iid: str, kinds) -> str:
    seat = state.flow.priority
    if iid not in side(state, seat).hand:
        return f"{iid} is not in {seat}'s hand"
    card = card_of(state, iid)
    if card.kind not in kinds:
        return f"{card.name} is a{'n' if card.kind[0] in 'aeiou' else ''} {card.kind.replace('_', ' ')}"
    return ""


def check_deploy(state: TTState, iid: str, paid: tuple[str, ...], attach_to: str | None) -> str:
    why = _opening(state, "deploying") or _mine(state, iid, DEPLOYABLE)
    if why:
        return why
    seat, card = state.flow.seat, card_of(state, iid)
    mine = [f.iid for f in side(state, seat).field if f.face_up and f.requirement_of is None]
    if len(set(paid)) != len(paid) or any(p not in mine for p in paid):
        return "requirements are distinct face-up cards from your battlefield"
    if paid and card.requirements.none:
        return f"{card.name} has No Deployment Requirements"
    if card.kind == "equipment":
        if attach_to is not None and attach_to not in effects.own_targets(state, seat):
            return f"{card.name} attaches to one of your units, not {attach_to!r}"
    elif attach_to is not None:
        return f"only equipment attaches to a unit; {card.name} is a {card.kind}"
    if attach_to in paid:
        return "equipment cannot attach to a unit discarded to deploy it"
    return ""


def deploy(state: TTState, iid: str, paid: tuple[str, ...], attach_to: str | None, events: list) -> TTState:
    why = check_deploy(state, iid, paid, attach_to)
    if why:
        raise IllegalAction(why)
    seat, card = state.flow.seat, card_of(state, iid)
    ok = requirements.met(card.requirements, [card_id(state, p) for p in paid])
    state = take_from_hand(state, iid)
    if ok:
        for p in paid:
            state = remove_from_field(state, p, events, f"a deployment requirement of {card.name}")
    unmet = "" if ok else f"requirements not met ({card.requirements.text()})"
    where = f" on {name(state, attach_to)}" if attach_to else ""
    item = ChainItem("deploy", seat, card=iid, source=iid, attach_to=attach_to, unmet=unmet,
                     text=f"{seat} deploys {card.name}{where}")
    return chain.push(state, item, events)


def attack(state: TTState, source: str, target: str, events: list) -> TTState:
    why = _opening(state, "attacking") or combat.check_attack(state, source, target)
    if why:
        raise IllegalAction(why)
    state = combat.declare(state, source, target)
    aim = f"{other(owner(source))}'s base" if target == "base" else name(state, target)
    item = ChainItem("attack", owner(source), source=source, target=target,
                     text=f"{name(state, source)} attacks {aim}")
    return chain.push(state, item, events)


def dodge(state: TTState, link: int, events: list) -> TTState:
    f, seat = state.flow, state.flow.priority
    if f.phase != "play" or isinstance(link, bool) or not isinstance(link, int) or not 0 <= link < len(f.chain):
        raise IllegalAction(f"no attack at chain position {link}")
    why = combat.dodge_refusal(state, seat, link)
    if why:
        raise IllegalAction(why)
    target = f.chain[link].target
    item = ChainItem("dodge", seat, source=target, target="base", link=link,
                     text=f"{name(state, target)} dodges: the hit goes to {seat}'s base")
    return chain.push(state, item, events)


def _instant(state: TTState, iid: str, target: str | None, kind: str, events: list) -> TTState:
    f = state.flow
    if f.phase != "play" or f.step != "main":
        raise IllegalAction("cards are played during a turn")
    if f.priority != f.seat:
        raise IllegalAction(f"{kind}s are played from the hand only during your turn")
    why = _mine(state, iid, (kind,))
    if why:
        raise IllegalAction(why)
    item, why = effects.prepare(state, f.seat, iid, target)
    if item is None:
        raise IllegalAction(why)
    state = take_from_hand(state, iid)
    aim = f" on {name(state, target)}" if target else ""
    return chain.push(state, replace(item, text=f"{f.seat} plays {name(state, iid)}{aim}"), events)


def play_event(state: TTState, iid: str, target: str | None, events: list) -> TTState:
    return _instant(state, iid, target, "event", events)


def play_trap(state: TTState, iid: str, target: str | None, events: list) -> TTState:
    return _instant(state, iid, target, "trap", events)


def set_trap(state: TTState, iid: str, events: list) -> TTState:
    why = _opening(state, "setting a trap") or _mine(state, iid, ("trap",))
    if why:
        raise IllegalAction(why)
    seat = state.flow.seat
    state = put_on_field(take_from_hand(state, iid), FieldCard(iid, face_up=False))
    return chain.push(state, ChainItem("set_trap", seat, text=f"{seat} sets a trap face down"), events)


def face_down_traps(state: TTState, seat: str) -> list[str]:
    return [f.iid for f in side(state, seat).field if not f.face_up and f.requirement_of is None
            and card_of(state, f.iid).kind == "trap"]


def spring_trap(state: TTState, iid: str, target: str | None, events: list) -> TTState:
    f, seat = state.flow, state.flow.priority
    if f.phase != "play" or f.step != "main":
        raise IllegalAction("traps are sprung during a turn")
    if iid not in face_down_traps(state, seat):
        raise IllegalAction(f"{iid} is not a face-down trap on {seat}'s battlefield")
    item, why = effects.prepare(state, seat, iid, target)
    if item is None:
        raise IllegalAction(why)
    s = side(state, seat)
    state = with_side(state, seat, replace(s, field=tuple(x for x in s.field if x.iid != iid)))
    aim = f" on {name(state, target)}" if target else ""
    return chain.push(state, replace(item, text=f"{seat} springs {name(state, iid)}{aim}"), events)



