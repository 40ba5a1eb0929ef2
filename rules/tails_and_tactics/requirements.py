"""Deployment Requirements (rulebook: Deploying Units - Requirements; Battlefield Setup): "discard
N units of a type" or "discard a named card", paid from your battlefield in the same action as the
deploy (in set-up: cards from the hand placed face down with it, checked and discarded at the
reveal). Unmet: the card is discarded as it enters the battlefield and its effects do not occur."""
from __future__ import annotations

from itertools import combinations

from feltbox.rules.tails_and_tactics.cards import Card, Requirement, load_cards

CHOICES_CAP = 12        # ways to pay one requirement offered to a player (legal_actions stays short)


def fits(req: Requirement, card: Card) -> bool:
    """Whether ``card`` can be one of the cards that pay ``req``."""
    if req.card:
        return card.id == req.card
    return card.kind == "unit" and (req.unit_type is None or card.unit_type == req.unit_type)


def met(req: Requirement, paid: list[str]) -> bool:
    """Whether the card ids ``paid`` meet ``req`` exactly."""
    cards = load_cards()
    if req.none:
        return not paid
    need = 1 if req.card else req.count
    return len(paid) == need and all(fits(req, cards[c]) for c in paid)


def ways(req: Requirement, pool: list[tuple[str, str]]) -> list[tuple[str, ...]]:
    """Ways to pay ``req`` from ``pool`` (instance, card id), each a sorted tuple of instances."""
    if req.none:
        return [()]
    cards = load_cards()
    fitting = sorted(i for i, c in pool if fits(req, cards[c]))
    need = 1 if req.card else req.count
    out = []
    for combo in combinations(fitting, need):
        out.append(combo)
        if len(out) >= CHOICES_CAP:
            break
    return out
