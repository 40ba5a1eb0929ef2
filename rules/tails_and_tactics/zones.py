"""Moving cards between zones (rulebook: Your Turn, Card Types - Equipment, Dealing Damage): the
draw pile, the hand, the battlefield, the discard pile. Every card instance is in exactly one zone
(or on the chain while it is being played)."""
from __future__ import annotations

from dataclasses import replace

from feltbox.rules.core import Event
from feltbox.rules.tails_and_tactics.cards import Card, load_cards
from feltbox.rules.tails_and_tactics.state import FieldCard, TTState, card_id, owner, side, with_side


def card_of(state: TTState, iid: str) -> Card:
    return load_cards()[card_id(state, iid)]


def name(state: TTState, iid: str) -> str:
    return card_of(state, iid).name


def reshuffle(state: TTState, seat: str, events: list) -> TTState:
    """An empty draw pile: the discard pile becomes the new draw pile. Its instances are permuted
    among themselves, so a card seen in the discard cannot be followed into the pile."""
    s = side(state, seat)
    pool = sorted(s.discard)
    ids, rng = state.rng.shuffled(tuple(s.cards[int(i.rsplit("-", 1)[1]) - 1] for i in pool))
    cards = list(s.cards)
    for iid, cid in zip(pool, ids):
        cards[int(iid.rsplit("-", 1)[1]) - 1] = cid
    events.append(Event("reshuffle", {"player": seat, "count": len(pool),
                                      "text": f"{seat} shuffles {len(pool)} discarded cards into a new draw pile"}))
    return replace(with_side(state, seat, replace(s, cards=tuple(cards), draw=tuple(pool), discard=())), rng=rng)


def draw(state: TTState, seat: str, count: int, events: list) -> TTState:
    """Draw ``count`` cards at random from the unordered pile, reshuffling the discard whenever the
    pile is empty (no cards anywhere: the draw stops)."""
    drawn = 0
    for _ in range(count):
        if not side(state, seat).draw:
            if not side(state, seat).discard:
                break
            state = reshuffle(state, seat, events)
        s = side(state, seat)
        k, rng = state.rng.below(len(s.draw))
        iid = s.draw[k]
        state = replace(with_side(state, seat, replace(s, draw=s.draw[:k] + s.draw[k + 1:], hand=s.hand + (iid,))),
                        rng=rng)
        events.append(Event("drew", {"player": seat, "card": iid, "card_id": card_id(state, iid),
                                     "text": f"{seat} draws {name(state, iid)}"}, visible_to=(seat,)))
        drawn += 1
    events.append(Event("draws", {"player": seat, "count": drawn,
                                  "text": f"{seat} draws {drawn} card{'s' if drawn != 1 else ''}"}))
    return state


def take_from_hand(state: TTState, iid: str) -> TTState:
    s = side(state, owner(iid))
    return with_side(state, owner(iid), replace(s, hand=tuple(h for h in s.hand if h != iid)))


def to_discard(state: TTState, iid: str) -> TTState:
    s = side(state, owner(iid))
    return with_side(state, owner(iid), replace(s, discard=s.discard + (iid,)))


def put_on_field(state: TTState, fc: FieldCard) -> TTState:
    s = side(state, owner(fc.iid))
    return with_side(state, owner(fc.iid), replace(s, field=s.field + (fc,)))


def update_field(state: TTState, fc: FieldCard) -> TTState:
    s = side(state, owner(fc.iid))
    return with_side(state, owner(fc.iid), replace(s, field=tuple(fc if f.iid == fc.iid else f for f in s.field)))


def remove_from_field(state: TTState, iid: str, events: list, why: str) -> TTState:
    """Discard ``iid`` from the battlefield with every equipment attached to it."""
    s = side(state, owner(iid))
    gone = [f.iid for f in s.field if f.iid == iid or f.attached_to == iid]
    state = with_side(state, owner(iid), replace(s, field=tuple(f for f in s.field if f.iid not in gone),
                                                 discard=s.discard + tuple(gone)))
    for g in gone:
        events.append(Event("discarded", {"player": owner(g), "card": g, "card_id": card_id(state, g),
                                          "text": f"{name(state, g)} ({owner(g)}) is discarded: {why}"}))
    return state
