"""legal_actions: the discrete choices of whoever must act now (rulebook: Battlefield Setup, Your
Turn, Actions and Timing, Your Opponent's Turn). On an open chain a player with no possible
response is offered only Pass (the felt may auto-pass it)."""
from __future__ import annotations

from feltbox.rules.tails_and_tactics import battlefield, combat, effects, play, requirements
from feltbox.rules.tails_and_tactics.actions import (
    Attack,
    ChooseRuleChanger,
    Deploy,
    Discard,
    Dodge,
    EndTurn,
    Pass,
    PlayEvent,
    PlayTrap,
    Ready,
    SetTrap,
    SetupDeploy,
    SpringTrap,
)
from feltbox.rules.tails_and_tactics.state import TTState, card_id, side
from feltbox.rules.tails_and_tactics.zones import card_of


def _distinct(state: TTState, iids) -> list[str]:
    """One instance per card id (identical cards make identical choices)."""
    seen, out = set(), []
    for i in sorted(iids):
        if card_id(state, i) not in seen:
            seen.add(card_id(state, i))
            out.append(i)
    return out


def _setup(state: TTState) -> list:
    f = state.flow
    if f.step == "rule_changer":
        return [ChooseRuleChanger(None)] + [ChooseRuleChanger(c) for c in battlefield.rule_changers(state, f.seat)]
    hand = side(state, f.seat).hand
    out: list = [Discard(i) for i in _distinct(state, hand)] if battlefield.hand_over(state) > 0 else [Ready()]
    for iid in _distinct(state, hand):
        card = card_of(state, iid)
        if card.kind not in battlefield.SETUP_KINDS:
            continue
        pool = [(h, card_id(state, h)) for h in hand if h != iid]
        for way in requirements.ways(card.requirements, pool):
            out.append(SetupDeploy(iid, way))
    return out


def _instants(state: TTState, seat: str, iids, make) -> list:
    out = []
    for iid in iids:
        card = card_of(state, iid)
        aims = {"enemy": effects.enemy_targets, "own": effects.own_targets}.get(card.target)
        for target in (aims(state, seat) if aims else [None]):
            if effects.prepare(state, seat, iid, target)[0] is not None:
                out.append(make(iid, target))
    return out


def _responses(state: TTState) -> list:
    f = state.flow
    seat = f.priority
    out = _instants(state, seat, _distinct(state, play.face_down_traps(state, seat)), SpringTrap)
    if seat == f.seat:
        hand = side(state, seat).hand
        out += _instants(state, seat, _distinct(state, [h for h in hand if card_of(state, h).kind == "event"]), PlayEvent)
        out += _instants(state, seat, _distinct(state, [h for h in hand if card_of(state, h).kind == "trap"]), PlayTrap)
    else:
        out += [Dodge(k) for k in range(len(f.chain)) if not combat.dodge_refusal(state, seat, k)]
    return out


def _deploys(state: TTState, seat: str) -> list:
    out = []
    mine = [(x.iid, card_id(state, x.iid)) for x in side(state, seat).field if x.face_up and x.requirement_of is None]
    for iid in _distinct(state, side(state, seat).hand):
        card = card_of(state, iid)
        if card.kind not in play.DEPLOYABLE:
            continue
        for way in requirements.ways(card.requirements, mine):
            if card.kind == "equipment":
                hosts = [u for u in effects.own_targets(state, seat)
                         if u not in way and card_of(state, u).unit_type in card.equips]
                out += [Deploy(iid, way, u) for u in hosts]
            else:
                out.append(Deploy(iid, way))
    return out


def legal_actions(state: TTState) -> list:
    f = state.flow
    if f.phase == "over" or f.step == "roll":
        return []
    if f.phase == "setup":
        return _setup(state)
    seat = f.priority
    if f.step == "discard":
        return [Discard(i) for i in _distinct(state, side(state, seat).hand)]
    if f.chain:
        return [Pass(), *_responses(state)]
    out: list = [EndTurn(), *_deploys(state, seat)]
    for source in combat.attackers(state, seat):
        out += [Attack(source, t) for t in combat.targets(state, source)]
    out += [SetTrap(i) for i in _distinct(state, [h for h in side(state, seat).hand if card_of(state, h).kind == "trap"])]
    return out + _responses(state)
