"""Your Turn (rulebook): draw two cards when the turn begins (an empty pile: shuffle the discard
into a new one), act in any order, then discard down to the hand limit (7 by default; discarding is
not an action) before the next player's turn. This turn's boosts, "cannot dodge" and the attacks
used end with the turn."""
from __future__ import annotations

from dataclasses import replace

from feltbox.rules.core import Event
from feltbox.rules.tails_and_tactics import stats
from feltbox.rules.tails_and_tactics.state import TTState, card_id, other, side, with_side
from feltbox.rules.tails_and_tactics.zones import draw, name, take_from_hand, to_discard


def start_turn(state: TTState, seat: str, events: list) -> TTState:
    f = state.flow
    s = side(state, seat)
    state = with_side(state, seat, replace(s, field=tuple(replace(fc, used=0, targets=()) for fc in s.field)))
    state = replace(state, flow=replace(f, phase="play", step="main", seat=seat, turn=f.turn + 1, priority=seat,
                                        chain=(), passes=0, boosts=(), no_dodge=()))
    events.append(Event("turn", {"player": seat, "turn": f.turn + 1, "text": f"turn {f.turn + 1}: {seat}'s turn"}))
    return draw(state, seat, stats.draws_per_turn(state, seat), events)


def end_turn(state: TTState, events: list) -> TTState:
    """The active player is done: discard down to the limit first if the hand is over it."""
    seat = state.flow.seat
    over = len(side(state, seat).hand) - stats.hand_limit(state, seat)
    if over > 0:
        events.append(Event("hand_limit", {"player": seat, "discard": over,
                                           "text": f"{seat} must discard {over} card{'s' if over > 1 else ''} "
                                                   f"to the hand limit of {stats.hand_limit(state, seat)}"}))
        return replace(state, flow=replace(state.flow, step="discard", priority=seat))
    return _next(state, events)


def _next(state: TTState, events: list) -> TTState:
    state = replace(state, flow=replace(state.flow, boosts=(), no_dodge=()))
    return start_turn(state, other(state.flow.seat), events)


def discard(state: TTState, iid: str, events: list) -> TTState:
    """Discard ``iid`` from the hand to meet the hand limit (set-up or end of turn)."""
    seat = state.flow.seat
    state = to_discard(take_from_hand(state, iid), iid)
    events.append(Event("discarded", {"player": seat, "card": iid, "card_id": card_id(state, iid),
                                      "text": f"{seat} discards {name(state, iid)} to the hand limit"}))
    if state.flow.step == "discard" and len(side(state, seat).hand) <= stats.hand_limit(state, seat):
        return _next(state, events)
    return state
