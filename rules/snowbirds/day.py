"""Setup, NEW DAY, Landing, the rest day, and Success or Failure (rulebook: Setup, Actions & Play
Order, Landing, Special Situations, Success or Failure?, Game Difficulty).

When the migration fails (Success or Failure? 2, "insufficient Flight cards to make the next
journey"): the rules check after every action that leaves the flock at a pre-flight decision
(after NEW DAY's draw, after each Rest or Forage card, after a rest day). The migration fails
there when no split of the cards in hand between Forage and Flight meets the journey's Distance
today (journey.can_fly) AND a rest day would draw no card (the hand is already as large as the
flock, or the pile is empty). With no card left at all this is "spent all of your Action cards".
A Flight card that could no longer reach the Distance is refused instead (play.py), so once the
flock has played Flight it can always take off. Failure 1 (all birds dead) ends the game the
moment the flock reaches 0, whatever caused it."""
from __future__ import annotations

from dataclasses import replace

from feltbox.rules.core import Event, Rng
from feltbox.rules.snowbirds import health, journey, scoring
from feltbox.rules.snowbirds.data import NORTH, SOUTH, tables
from feltbox.rules.snowbirds.state import JOURNEYS, Data, Flow, SBState, Setup

HAND = 5                       # Setup: starting hand is 5 cards
DIFFICULT = (1, 2)             # Game Difficulty: start with 1 Exhaustion and 2 Hunger


def draw(state: SBState, n: int, events: list) -> SBState:
    """Draw ``n`` cards at random from the pile (the pile keeps no order)."""
    pile, hand, rng = list(state.data.pile), list(state.data.hand), state.rng
    drawn = []
    for _ in range(min(n, len(pile))):
        k, rng = rng.below(len(pile))
        drawn.append(pile.pop(k))
    if drawn:
        hand += drawn
        events.append(Event("cards drawn", {"cards": drawn, "pile": len(pile),
                                            "text": "drew " + ", ".join(journey.title(c) for c in drawn)}))
    return replace(state, data=replace(state.data, pile=tuple(pile), hand=tuple(hand)), rng=rng)


def refill(state: SBState, events: list) -> SBState:
    """Draw up to the flock size; an oversized hand is kept (no discard)."""
    return draw(state, max(0, state.data.flock - len(state.data.hand)), events)


def place_map(state: SBState, events: list) -> SBState:
    """The next map card: one of the pool not yet on the route, South for the last journey."""
    route = state.data.route
    if len(route) == JOURNEYS:
        nxt, rng = SOUTH, state.rng
    else:
        pool = sorted(m for m in tables().maps if m not in (NORTH, SOUTH) and m not in route)
        k, rng = state.rng.below(len(pool))
        nxt = pool[k]
    state = replace(state, data=replace(state.data, route=route + (nxt,)), rng=rng)
    m = tables().map(nxt)
    special = f", {m.special} food" if m.special in ("plentiful", "limited") else (", storms" if m.special else "")
    events.append(Event("map placed", {"card": nxt, "journey": state.data.position + 1, "text":
                                       f"journey {state.data.position + 1}: {journey.here(state).title} to {m.title}{special}"
                                       f" (Distance {journey.base_distance(state)}, Risk {journey.here(state).risk + m.risk},"
                                       f" Hunger {journey.journey_hunger(state)})"}))
    return state


def new_game(setup: Setup | None = None, seed: int = 0) -> SBState:
    """Setup: the shuffled Action pile, a hand of 5, North flipped with the token on it, the mat at
    0 Exhaustion, 0 Hunger, 5 Birds (difficult: 1 and 2); then the first NEW DAY."""
    setup = setup or Setup()
    t = tables()
    exhaustion, hunger = DIFFICULT if setup.difficult else (0, 0)
    data = Data(route=(NORTH,), pile=tuple(sorted(t.actions)), exhaustion=exhaustion, hunger=hunger,
                flock=t.mat.flock_start)
    state = draw(SBState(setup, data, Flow(), Rng(seed)), HAND, [])
    return new_day(state, [])


def _fresh_day(state: SBState, **changes) -> SBState:
    return replace(state, flow=replace(state.flow, stage="rest", foraged=0, forage_cards=0, flight=0,
                                       flight_cards=0, dice=(), reroll=-1, **changes))


def new_day(state: SBState, events: list) -> SBState:
    """NEW DAY: draw up to a full hand, place the next map card: the journey ahead."""
    state = refill(state, events)
    state = place_map(state, events)
    return check_stuck(_fresh_day(state, storm=0, rest_days=0), events)


def rest_day(state: SBState, events: list) -> SBState:
    """A rest day: Hunger +1 applied when drawing, then draw back up to a full hand; the flock
    stays, the journey ahead is the same one (Storms keep counting at this location)."""
    events.append(Event("rest day", {"text": f"the flock rests a day at {journey.here(state).title}"}))
    state = health.add_hunger(state, 1, "a day spent resting", events)
    if state.data.flock == 0:
        return finish(state, False, "all the birds died", events)
    state = refill(state, events)
    return check_stuck(_fresh_day(state, day=state.flow.day + 1, rest_days=state.flow.rest_days + 1), events)


def land(state: SBState, events: list) -> SBState:
    """Landing: move the token, Hunger + the journey's Hunger; then the South, or a NEW DAY."""
    gain = journey.journey_hunger(state)
    dest = journey.there(state).title
    state = replace(state, data=replace(state.data, position=state.data.position + 1),
                    flow=replace(state.flow, day=state.flow.day + 1))
    events.append(Event("landed", {"position": state.data.position, "text": f"the flock lands at {dest}"}))
    state = health.add_hunger(state, gain, f"landing at {dest}", events) if gain else state
    if state.data.flock == 0:
        return finish(state, False, "all the birds died", events)
    if state.data.position == JOURNEYS:
        return finish(state, True, f"the flock reached the South with {state.data.flock} birds", events)
    return new_day(state, events)


def stuck(state: SBState) -> bool:
    """No split of the hand makes the journey today and a rest day would draw nothing."""
    if state.flow.stage not in ("rest", "forage"):
        return False
    drawable = state.data.pile and len(state.data.hand) < state.data.flock
    return not drawable and not journey.can_fly(state)


def check_stuck(state: SBState, events: list | None = None) -> SBState:
    if not stuck(state):
        return state
    why = ("all the Action cards are spent" if not state.data.hand and not state.data.pile
           else "the cards left cannot make the next journey")
    return finish(state, False, why, events if events is not None else [])


def finish(state: SBState, success: bool, why: str, events: list) -> SBState:
    s = scoring.score(state)
    band = scoring.band(s.total) if success else ""
    verdict = "migration successful" if success else "migration failed"
    est = "score" if success else "estimated score"
    result = f"{verdict}: {why}; {est} {s.total}" + (f" ({band})" if band else "")
    events.append(Event("migration over", {"success": success, "score": s.total, "text": result}))
    return replace(state, flow=replace(state.flow, stage="over", success=success, score=s.total, band=band,
                                       result=result))
