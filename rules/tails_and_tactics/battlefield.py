"""Battlefield Setup (rulebook): each player may search the deck for a Rule Changer and place it
face down; shuffle and draw 9; deploy Units, Traps, Turfs or New Rules face down from the hand,
each with its requirements face down beside it; the hand limit of 7 at the end of set-up; decide
who starts; reveal everything but Traps, discarding requirements that are met and cards whose
requirements are not.

House: set-up runs red's steps then blue's (hot-seat); who starts is one d6 per seat from the
physics tray (higher starts, a tie rolls again); requirement cards placed with a card are
discarded at the reveal whether or not they met it (they were committed to it)."""
from __future__ import annotations

from dataclasses import replace

from feltbox.rules.core import Event, Rng
from feltbox.rules.tails_and_tactics import requirements, stats, turn
from feltbox.rules.tails_and_tactics.cards import load_cards
from feltbox.rules.tails_and_tactics.decks import ready_deck
from feltbox.rules.tails_and_tactics.state import (
    OPENING_HAND,
    SEATS,
    FieldCard,
    Flow,
    Setup,
    Side,
    TTState,
    card_id,
    iid_of,
    side,
    with_side,
)
from feltbox.rules.tails_and_tactics.zones import card_of, draw, name, put_on_field, take_from_hand

SETUP_KINDS = ("unit", "trap", "turf", "new_rule")


def new_game(setup: Setup | None, seed: int) -> TTState:
    setup = setup or Setup()
    rng = Rng(seed)
    sides = []
    for k, seat in enumerate(SEATS):
        deck = setup.decks[k] if setup.decks else ready_deck(setup.factions[k])
        cards, rng = rng.shuffled(tuple(deck))
        sides.append(Side(setup.factions[k], cards, draw=tuple(iid_of(seat, i) for i in range(len(cards)))))
    return TTState(setup, tuple(sides), Flow(), rng)


def rule_changers(state: TTState, seat: str) -> list[str]:
    """Card ids of the Rule Changers in ``seat``'s draw pile."""
    cards = load_cards()
    return sorted({card_id(state, i) for i in side(state, seat).draw if cards[card_id(state, i)].rule_changer})


def choose_rule_changer(state: TTState, cid: str | None, events: list) -> TTState:
    seat = state.flow.seat
    if cid is not None:
        s = side(state, seat)
        iid = min(i for i in s.draw if card_id(state, i) == cid)
        state = with_side(state, seat, replace(s, draw=tuple(i for i in s.draw if i != iid)))
        state = put_on_field(state, FieldCard(iid, face_up=False))
        events.append(Event("rule_changer", {"player": seat, "text": f"{seat} places a Rule Changer face down"}))
        events.append(Event("rule_changer_card", {"player": seat, "card": iid, "card_id": cid,
                                                  "text": f"{seat} places {load_cards()[cid].name} face down"},
                            visible_to=(seat,)))
    else:
        events.append(Event("rule_changer", {"player": seat, "text": f"{seat} places no Rule Changer"}))
    if seat == SEATS[0]:
        return replace(state, flow=replace(state.flow, seat=SEATS[1]))
    for s in SEATS:
        state = draw(state, s, OPENING_HAND, events)
    return replace(state, flow=replace(state.flow, step="deploy", seat=SEATS[0]))


def check_deploy(state: TTState, iid: str, paid: tuple[str, ...]) -> str:
    seat, hand = state.flow.seat, side(state, state.flow.seat).hand
    if iid not in hand:
        return f"{iid} is not in {seat}'s hand"
    card = card_of(state, iid)
    if card.kind not in SETUP_KINDS:
        return f"{card.name} is {card.kind.replace('_', ' ')}: set-up deploys Units, Traps, Turfs or New Rules"
    if len(set(paid)) != len(paid) or iid in paid or any(p not in hand for p in paid):
        return "requirements are other, distinct cards from your hand"
    if paid and card.requirements.none:
        return f"{card.name} has No Deployment Requirements"
    return ""


def setup_deploy(state: TTState, iid: str, paid: tuple[str, ...], events: list) -> TTState:
    seat = state.flow.seat
    for p in (iid, *paid):
        state = take_from_hand(state, p)
    state = put_on_field(state, FieldCard(iid, face_up=False))
    for p in paid:
        state = put_on_field(state, FieldCard(p, face_up=False, requirement_of=iid))
    extra = f" with {len(paid)} requirement card{'s' if len(paid) > 1 else ''}" if paid else ""
    events.append(Event("set_up", {"player": seat, "card": iid, "text": f"{seat} deploys a card face down{extra}"}))
    events.append(Event("set_up_card", {"player": seat, "card": iid, "card_id": card_id(state, iid),
                                        "requirements": [card_id(state, p) for p in paid],
                                        "text": f"{seat} deploys {name(state, iid)} face down{extra}"}, visible_to=(seat,)))
    return state


def ready(state: TTState, events: list) -> TTState:
    seat = state.flow.seat
    events.append(Event("ready", {"player": seat, "text": f"{seat} is content with the battlefield"}))
    if seat == SEATS[0]:
        return replace(state, flow=replace(state.flow, seat=SEATS[1]))
    return replace(state, flow=replace(state.flow, step="roll", seat=SEATS[0]))


def first_player(state: TTState, faces: tuple[int, ...], events: list) -> TTState:
    """One die each: the higher starts, a tie rolls again; then reveal and the first turn."""
    red, blue = faces
    if red == blue:
        events.append(Event("tie", {"faces": [red, blue], "text": f"both roll {red}: roll again"}))
        return state
    first = SEATS[0] if red > blue else SEATS[1]
    events.append(Event("first", {"faces": [red, blue], "player": first,
                                  "text": f"red rolls {red}, blue rolls {blue}: {first} takes the first turn"}))
    for seat in SEATS:
        state = reveal(state, seat, events)
    return turn.start_turn(state, first, events)


def reveal(state: TTState, seat: str, events: list) -> TTState:
    """Flip every deployed card but Traps; pay or fail requirements."""
    s = side(state, seat)
    keep, gone = [], []
    for fc in s.field:
        if fc.requirement_of is not None:
            continue
        card = card_of(state, fc.iid)
        if card.kind == "trap":
            keep.append(fc)
            continue
        paid = [f.iid for f in s.field if f.requirement_of == fc.iid]
        ok = requirements.met(card.requirements, [card_id(state, p) for p in paid])
        gone += paid
        if ok:
            keep.append(replace(fc, face_up=True))
            events.append(Event("revealed", {"player": seat, "card": fc.iid, "card_id": card.id,
                                             "text": f"{seat} reveals {card.name}"}))
        else:
            gone.append(fc.iid)
            events.append(Event("discarded", {"player": seat, "card": fc.iid, "card_id": card.id,
                                              "text": f"{seat} reveals {card.name}: requirements not met, discarded"}))
    for p in gone:
        if p not in [fc.iid for fc in s.field if fc.requirement_of is None]:
            events.append(Event("discarded", {"player": seat, "card": p, "card_id": card_id(state, p),
                                              "text": f"{seat} discards {name(state, p)}, a deployment requirement"}))
    state = with_side(state, seat, replace(s, field=tuple(keep), discard=s.discard + tuple(gone)))
    return state


def hand_over(state: TTState) -> int:
    return len(side(state, state.flow.seat).hand) - stats.hand_limit(state, state.flow.seat)
