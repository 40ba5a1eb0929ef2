"""A bot that plays Tails and Tactics legally and with purpose (issue 16): it deploys (paying
requirements with its cheapest units when the new card is worth more), equips its best unit,
sets its traps, attacks what it can damage (a kill or the base first), dodges when the hit would
cost a unit and the base can afford it, springs traps and plays counters in response, and passes
when a response would waste a card. ``choose(state)`` is pure and deterministic: the same state
gives the same action (ties broken by the order of legal_actions)."""
from __future__ import annotations

from feltbox.rules.tails_and_tactics import combat, flow, stats
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
from feltbox.rules.tails_and_tactics.cards import Card
from feltbox.rules.tails_and_tactics.state import TTState, field_card, side
from feltbox.rules.tails_and_tactics.zones import card_of

SAFE_BASE = 8          # below this the bot stops dodging into its base
DODGE_WORTH = 3.0      # a unit worth less is let go rather than pay Base Health for it (dodging
                       # more freely than this won the dodging side more bot games)
HARMFUL = ("destroy", "damage", "counter", "negate_attack", "no_dodge")


def worth(card: Card) -> float:
    """A rough value of a card on the battlefield."""
    if card.kind == "unit":
        return card.health + card.attacks * max(card.attack.values()) / 2 + max(card.defense.values()) / 2 \
            + (2 if card.direct else 0) + (1 if card.explosive else 0)
    if card.kind in ("turf", "new_rule"):
        return 3.0
    if card.kind == "equipment":
        return 2.0
    return 1.5


def _left(state: TTState, iid: str) -> int:
    return stats.health_left(state, iid) or 0


def _hurts(state: TTState, source: str, target: str) -> bool:
    return stats.attack_value(state, source, stats.fights_as(state, target)) >= \
        stats.defense_value(state, target, stats.fights_as(state, source))


def _score(state: TTState, a) -> float:
    """How much the bot likes opening action ``a`` (<= 0: not worth it)."""
    seat = state.flow.seat
    if isinstance(a, Deploy):
        card = card_of(state, a.card)
        paid = sum(worth(card_of(state, p)) for p in a.requirements)
        if card.kind == "equipment":
            return 6 + worth(card_of(state, a.attach_to)) / 10
        return 5 + worth(card) - 1.2 * paid if card.kind == "unit" else 9.0
    if isinstance(a, Attack):
        if a.target == "base":
            return 8.0
        if not _hurts(state, a.source, a.target):
            return 0.0
        kill = _left(state, a.target) <= 1
        return 4 + (3 if kill else 0) + worth(card_of(state, a.target)) / 5
    if isinstance(a, SetTrap):
        return 3.0
    if isinstance(a, (PlayEvent, PlayTrap, SpringTrap)):
        return _instant_score(state, seat, card_of(state, a.card), a.target, opening=True)
    return 0.0


def _instant_score(state: TTState, seat: str, card: Card, target: str | None, opening: bool) -> float:
    kinds = {e.kind for e in card.effects}
    me = side(state, seat)
    score = 0.0
    for e in card.effects:
        if e.kind in ("damage", "destroy") and target:
            dies = e.kind == "destroy" or _left(state, target) <= e.amount
            score += (4 + worth(card_of(state, target)) / 3) if dies else 1.5
        elif e.kind == "draw":
            score += 2.5 if len(me.hand) <= 5 else 0.5
        elif e.kind == "heal_base":
            score += 3 if me.base <= 24 else 0
        elif e.kind == "repair" and target:
            score += 3 if field_card(state, target).damage else 0
        elif e.kind == "boost" and target and opening:
            score += _boost_gain(state, seat, target, e.stat)
    if kinds & {"counter", "negate_attack", "no_dodge"} and opening:
        return 0.0
    return score


def _boost_gain(state: TTState, seat: str, target: str, stat: str) -> float:
    fc = field_card(state, target)
    if stat == "attacks":
        return 3.0 if fc.used >= stats.attacks_allowed(state, target) and stats.attacks_allowed(state, target) else 0.0
    if stat == "attack":
        left = stats.attacks_allowed(state, target) - fc.used
        blocked = [t for t in combat.targets(state, target) if t != "base" and not _hurts(state, target, t)] if left > 0 else []
        return 2.5 if blocked else 0.0
    return 0.0


def _covered(state: TTState, seat: str, iid: str) -> bool:
    """``seat`` already has an uncountered card on the chain aimed at ``iid`` (to save or to kill it)."""
    return any(i.player == seat and i.target == iid and i.kind in ("event", "trap") and not i.countered
               for i in state.flow.chain)


def _response_score(state: TTState, a) -> float:
    f, seat = state.flow, state.flow.priority
    top = f.chain[-1]
    if top.player == seat:
        return 0.0                    # the opponent let my last action stand: nothing to answer
    if isinstance(a, Dodge):
        item = f.chain[a.attack]
        if side(state, seat).base < SAFE_BASE or not _hurts(state, item.source, item.target):
            return 0.0
        if _covered(state, seat, item.target):
            return 0.0
        return 5.0 if _left(state, item.target) <= 1 and worth(card_of(state, item.target)) >= DODGE_WORTH else 0.0
    card = card_of(state, a.card)
    kinds = {e.kind for e in card.effects}
    if "counter" in kinds:
        enemy = top.player != seat and top.kind in ("event", "trap")
        if enemy and {e.kind for e in card_of(state, top.card).effects} & set(HARMFUL):
            return 7.0
        return 0.0
    if "negate_attack" in kinds or any(e.target == "attacker" for e in card.effects):
        if top.kind == "attack" and top.player != seat:
            big = top.target == "base" or (top.target and field_card(state, top.target) and _hurts(state, top.source, top.target))
            return 6.0 if big else 0.0
        return 0.0
    if "no_dodge" in kinds:
        return 6.0 if top.kind == "dodge" and top.player != seat else 0.0
    guard = [e for e in card.effects if e.kind == "boost" and e.stat == "defense"]
    if guard and top.kind == "attack" and top.player != seat and top.target == a.target and not top.dodged:
        power = stats.attack_value(state, top.source, stats.fights_as(state, top.target))
        saved = stats.defense_value(state, top.target, stats.fights_as(state, top.source)) <= power \
            < stats.defense_value(state, top.target, stats.fights_as(state, top.source)) + guard[0].amount
        return 5.0 if saved else 0.0
    if getattr(a, "target", None) and _covered(state, seat, a.target):
        return 0.0
    score = _instant_score(state, seat, card, getattr(a, "target", None), opening=False)
    return score if score >= 4 else 0.0


def _setup_choice(state: TTState, legal: list):
    if state.flow.step == "rule_changer":
        return legal[-1]                      # a Rule Changer if the deck has one
    deploys = [a for a in legal if isinstance(a, SetupDeploy) and not a.requirements]
    if deploys:
        return max(deploys, key=lambda a: worth(card_of(state, a.card)))
    discards = [a for a in legal if isinstance(a, Discard)]
    if discards:
        return min(discards, key=lambda a: worth(card_of(state, a.card)))
    return next(a for a in legal if isinstance(a, (Ready, ChooseRuleChanger)))


def choose(state: TTState, legal: list | None = None):
    """The bot's action for whoever must act now."""
    legal = flow.legal_actions(state) if legal is None else legal
    f = state.flow
    if f.phase == "setup":
        return _setup_choice(state, legal)
    if f.step == "discard":
        return min(legal, key=lambda a: worth(card_of(state, a.card)))
    if f.chain:
        best = max(legal, key=lambda a: 0.0 if isinstance(a, Pass) else _response_score(state, a))
        return best if not isinstance(best, Pass) and _response_score(state, best) > 0 else Pass()
    best, score = EndTurn(), 0.0
    for a in legal:
        s = _score(state, a)
        if s > score:
            best, score = a, s
    return best


