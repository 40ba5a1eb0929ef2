"""One journey's play, one card or one button at a time (rulebook: Actions & Play Order, Risk &
Dice, Special Locations, Special Situations). The stages come in the fixed order REST, FORAGE,
FLIGHT, VIGOR, TENACITY: playing a card of a later stage ends the earlier ones (no Rest after a
Forage card, no Forage after a Flight card). Each ``why_not_*`` returns the reason a card may not
be played now in the player's words, or "" when it may; ``options`` lists every legal action."""
from __future__ import annotations

from dataclasses import replace

from feltbox.rules.core import Event, IllegalAction
from feltbox.rules.snowbirds import day, health, journey
from feltbox.rules.snowbirds.actions import AcceptFailure, Fly, PlayFlight, PlayForage, PlayRest, PlayTenacity, RestDay
from feltbox.rules.snowbirds.data import REROLL, tables
from feltbox.rules.snowbirds.state import STAGES, SBState

PRE_FLIGHT = ("rest", "forage")


def _at(state: SBState, stage: str) -> bool:
    return STAGES.index(state.flow.stage) <= STAGES.index(stage)


def _in_hand(state: SBState, cid: str) -> str:
    if cid not in tables().actions:
        return f"there is no Action card {cid!r}"
    if cid not in state.data.hand:
        return f"{journey.title(cid)} is not in your hand"
    return ""


def why_not_rest(state: SBState, cid: str) -> str:
    if state.flow.stage != "rest":
        return "Rest comes first: it is too late to rest on this journey"
    if state.data.exhaustion == 0:
        return "the flock is not exhausted: a Rest card would remove nothing"
    return _in_hand(state, cid)


def why_not_forage(state: SBState, cid: str) -> str:
    if state.flow.stage not in PRE_FLIGHT:
        return "birds must eat before their flight: it is too late to forage"
    if state.data.hunger <= tables().mat.hunger_min:
        return "the flock is already gorged (Hunger -1)"
    if journey.forage_left(state) == 0:
        return f"food is limited at {journey.here(state).title}: the flock has foraged 2 today"
    return _in_hand(state, cid)


def why_not_flight(state: SBState, cid: str) -> str:
    if not _at(state, "flight"):
        return "the flock is already in the air"
    need = journey.distance(state)
    if state.flow.flight >= need:
        return f"the flight already covers the Distance of {need}"
    problem = _in_hand(state, cid)
    if problem:
        return problem
    reach = state.flow.flight + sum(journey.card(c).flight for c in state.data.hand)
    if reach < need:
        return (f"your Flight cards reach {reach}, short of the Distance of {need}: forage first"
                " or take a rest day")
    return ""


def why_not_fly(state: SBState) -> str:
    if not _at(state, "flight"):
        return "the flock is already in the air"
    need = journey.distance(state)
    if state.flow.flight < need:
        return f"the flight is {state.flow.flight}, short of the Distance of {need}"
    return ""


def why_not_tenacity(state: SBState, cid: str, die: int) -> str:
    if state.flow.stage != "tenacity":
        return "Tenacity is played on a failed Vigor roll"
    if die not in (0, 1):
        return f"there is no die {die}: choose die 0 or 1"
    problem = _in_hand(state, cid)
    if problem:
        return problem
    pips = journey.card(cid).tenacity
    if pips != REROLL and pips <= state.flow.dice[die]:
        return f"{journey.title(cid)}'s {pips} would not raise the die showing {state.flow.dice[die]}"
    return ""


def why_not_rest_day(state: SBState) -> str:
    if state.flow.stage not in PRE_FLIGHT:
        return "a rest day is taken before the flight"
    return ""


def options(state: SBState) -> list:
    s, hand = state.flow.stage, sorted(set(state.data.hand))
    out: list = []
    if s == "tenacity":
        out = [PlayTenacity(c, d) for c in hand for d in (0, 1) if not why_not_tenacity(state, c, d)]
        return out + [AcceptFailure()]
    if s not in ("rest", "forage", "flight"):
        return []
    out += [PlayRest(c) for c in hand if not why_not_rest(state, c)]
    out += [PlayForage(c) for c in hand if not why_not_forage(state, c)]
    out += [PlayFlight(c) for c in hand if not why_not_flight(state, c)]
    if not why_not_fly(state):
        out.append(Fly())
    if not why_not_rest_day(state):
        out.append(RestDay())
    return out


def reason(state: SBState, action) -> str:
    """Why ``action`` is refused now ("" = it is legal)."""
    checks = {PlayRest: lambda a: why_not_rest(state, a.card), PlayForage: lambda a: why_not_forage(state, a.card),
              PlayFlight: lambda a: why_not_flight(state, a.card), Fly: lambda a: why_not_fly(state),
              PlayTenacity: lambda a: why_not_tenacity(state, a.card, a.die),
              RestDay: lambda a: why_not_rest_day(state),
              AcceptFailure: lambda a: "" if state.flow.stage == "tenacity" else "no Vigor roll has failed"}
    check = checks.get(type(action))
    if check is None:
        return f"{type(action).__name__} is not a Snowbirds action"
    return check(action)


def _spend(state: SBState, cid: str, face_down: bool = False) -> SBState:
    hand = list(state.data.hand)
    hand.remove(cid)
    d = state.data
    d = replace(d, hand=tuple(hand), rested=d.rested + (cid,)) if face_down else \
        replace(d, hand=tuple(hand), gone=d.gone + (cid,))
    return replace(state, data=d)


def rest(state: SBState, a: PlayRest, events: list) -> SBState:
    state = _spend(state, a.card, face_down=True)
    exhaustion = state.data.exhaustion - tables().rest
    state = replace(state, data=replace(state.data, exhaustion=exhaustion),
                    flow=replace(state.flow, storm=state.flow.storm + 1))
    events.append(Event("rest", {"card": a.card, "exhaustion": exhaustion,
                                 "text": f"rest: {journey.title(a.card)} face down, Exhaustion {exhaustion}"}))
    return day.check_stuck(state, events)


def forage(state: SBState, a: PlayForage, events: list) -> SBState:
    eaten = journey.forage_value(state, a.card)
    state = _spend(state, a.card)
    hunger = state.data.hunger - eaten
    f = state.flow
    state = replace(state, data=replace(state.data, hunger=hunger),
                    flow=replace(f, stage="forage", foraged=f.foraged + eaten, forage_cards=f.forage_cards + 1,
                                 storm=f.storm + 1))
    events.append(Event("forage", {"card": a.card, "hunger": hunger,
                                   "text": f"forage: {journey.title(a.card)} -{eaten} Hunger, now {hunger}"}))
    return day.check_stuck(state, events)


def flight(state: SBState, a: PlayFlight, events: list) -> SBState:
    state = _spend(state, a.card)
    f = state.flow
    total = f.flight + journey.card(a.card).flight
    state = replace(state, flow=replace(f, stage="flight", flight=total, flight_cards=f.flight_cards + 1))
    events.append(Event("flight", {"card": a.card, "flight": total,
                                   "text": f"flight: {journey.title(a.card)}, {total} of Distance {journey.distance(state)}"}))
    return state


def fly(state: SBState, events: list) -> SBState:
    events.append(Event("take off", {"text": f"take off: roll Vigor against Risk {journey.risk(state)}"}))
    return replace(state, flow=replace(state.flow, stage="vigor"))


def tenacity(state: SBState, a: PlayTenacity, events: list) -> SBState:
    pips = journey.card(a.card).tenacity
    state = _spend(state, a.card)
    name = journey.title(a.card)
    if pips == REROLL:
        events.append(Event("tenacity", {"card": a.card, "die": a.die,
                                         "text": f"tenacity: {name} re-rolls the die showing {state.flow.dice[a.die]}"}))
        return replace(state, flow=replace(state.flow, stage="vigor", reroll=a.die))
    dice = list(state.flow.dice)
    events.append(Event("tenacity", {"card": a.card, "die": a.die,
                                     "text": f"tenacity: {name} turns the {dice[a.die]} into a {pips}"}))
    dice[a.die] = pips
    return vigor_check(replace(state, flow=replace(state.flow, dice=tuple(dice))), events)


def faces(state: SBState, faces_: tuple[int, ...], events: list) -> SBState:
    """The dice came back: the Vigor roll, or an R card's re-roll of one die."""
    f = state.flow
    if f.reroll >= 0:
        dice = list(f.dice)
        dice[f.reroll] = faces_[0]
        state = replace(state, flow=replace(f, dice=tuple(dice), reroll=-1))
    else:
        state = replace(state, flow=replace(f, dice=tuple(faces_)))
    return vigor_check(state, events)


def vigor_check(state: SBState, events: list) -> SBState:
    dice, need = state.flow.dice, journey.risk(state)
    ok = sum(dice) >= need
    events.append(Event("vigor", {"dice": list(dice), "risk": need, "success": ok,
                                  "text": f"vigor {dice[0]}+{dice[1]}={sum(dice)} against Risk {need}: "
                                          + ("made it" if ok else "too weak")}))
    if ok:
        return day.land(state, events)
    return replace(state, flow=replace(state.flow, stage="tenacity"))


def accept_failure(state: SBState, events: list) -> SBState:
    state = health.risk_failure(state, events)
    if state.data.flock == 0:
        return day.finish(state, False, "all the birds died", events)
    return day.land(state, events)


def check(state: SBState, action) -> None:
    why = reason(state, action)
    if why:
        raise IllegalAction(why)
