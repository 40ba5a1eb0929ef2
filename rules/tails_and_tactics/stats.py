"""A card's numbers as they stand now (rulebook: Anatomy of a Card - Special Effects, Attack and
Defense Stats; Card Types - Equipment, Turfs, New Rules): the printed stats plus the lasting
effects of face-up cards in play (``aura``, ``hand_limit``, ``extra_draw``) and this turn's boosts.

House: a Turf has no unit type; it is attacked with the attacker's Position attack value (a turf
is ground that stays put, like a Position) and defends with its own printed defense row."""
from __future__ import annotations

from feltbox.rules.tails_and_tactics.state import DRAWS_PER_TURN, HAND_LIMIT, TTState, field_card, owner, side
from feltbox.rules.tails_and_tactics.zones import card_of

TURF_DEFENDS_AS = "position"


def lasting(state: TTState, seat: str):
    """(effect, field card) for every lasting effect of ``seat``'s face-up cards in play."""
    for fc in side(state, seat).field:
        if fc.face_up and fc.requirement_of is None:
            for e in card_of(state, fc.iid).effects:
                if e.lasting:
                    yield e, fc


def _applies(state: TTState, e, source, iid: str) -> bool:
    if e.kind != "aura":
        return False
    if e.scope == "attached":
        return source.attached_to == iid
    if e.scope == "self":
        return source.iid == iid
    card = card_of(state, iid)
    return card.kind == "unit" and e.scope in ("units", card.unit_type)


def _bonus(state: TTState, iid: str, stat: str) -> int:
    total = sum(e.amount for e, src in lasting(state, owner(iid)) if e.stat == stat and _applies(state, e, src, iid))
    return total + sum(b.amount for b in state.flow.boosts if b.iid == iid and b.stat == stat)


def fights_as(state: TTState, iid: str) -> str:
    """The unit type a card attacks and defends as (equipment: its icon; turf: see the docstring)."""
    card = card_of(state, iid)
    return card.unit_type or TURF_DEFENDS_AS


def attack_value(state: TTState, iid: str, against: str) -> int:
    return card_of(state, iid).attack.get(against, 0) + _bonus(state, iid, "attack")


def defense_value(state: TTState, iid: str, against: str) -> int:
    return card_of(state, iid).defense.get(against, 0) + _bonus(state, iid, "defense")


def attacks_allowed(state: TTState, iid: str) -> int:
    card = card_of(state, iid)
    if card.attacks == 0:
        return 0
    return card.attacks + _bonus(state, iid, "attacks")


def health_left(state: TTState, iid: str) -> int | None:
    card, fc = card_of(state, iid), field_card(state, iid)
    if card.health is None or fc is None:
        return card.health
    return card.health - fc.damage


def hand_limit(state: TTState, seat: str) -> int:
    return HAND_LIMIT + sum(e.amount for e, _ in lasting(state, seat) if e.kind == "hand_limit")


def draws_per_turn(state: TTState, seat: str) -> int:
    return DRAWS_PER_TURN + sum(e.amount for e, _ in lasting(state, seat) if e.kind == "extra_draw")
