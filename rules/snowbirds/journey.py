"""A journey's values (rulebook: Maps & Journeys, Flock & Health, Special Locations): two
consecutive map cards summed, the mat's Hunger modifier on Distance and Exhaustion modifier on
Risk, Storms' +1 Risk per Rest or Forage card, Plentiful's +1 and Limited's cap on Forage, and
whether a split of the hand between Forage and Flight can still make the journey."""
from __future__ import annotations

from itertools import combinations

from feltbox.rules.snowbirds.data import ActionCard, MapCard, tables
from feltbox.rules.snowbirds.state import SBState

LIMITED_FORAGE = 2        # Limited food: Maximum Forage 2 (a day: both days of a rest day)
PLENTIFUL_BONUS = 1       # Plentiful food: +1 Forage bonus if any Forage card is played


def card(cid: str) -> ActionCard:
    return tables().action(cid)


def title(cid: str) -> str:
    return tables().action(cid).title


def here(state: SBState) -> MapCard:
    return tables().map(state.data.route[state.data.position])


def there(state: SBState) -> MapCard:
    return tables().map(state.data.route[state.data.position + 1])


def base_distance(state: SBState) -> int:
    return here(state).distance + there(state).distance


def hunger_modifier(hunger: int) -> int:
    return tables().mat.hunger_distance[hunger]


def distance(state: SBState, hunger: int | None = None) -> int:
    """The Distance the flight must meet: both cards plus the Hunger modifier."""
    h = state.data.hunger if hunger is None else hunger
    return base_distance(state) + hunger_modifier(h)


def risk(state: SBState) -> int:
    """The Risk Vigor must meet: both cards, the Exhaustion modifier, and Storms here."""
    storms = state.flow.storm if here(state).special == "storms" else 0
    return here(state).risk + there(state).risk + tables().mat.exhaustion_risk[state.data.exhaustion] + storms


def journey_hunger(state: SBState) -> int:
    return here(state).hunger + there(state).hunger


def forage_left(state: SBState) -> int:
    """How much Hunger foraging may still remove today: down to -1, and at most 2 a day where
    food is Limited."""
    room = state.data.hunger - tables().mat.hunger_min
    if here(state).special == "limited":
        room = min(room, LIMITED_FORAGE - state.flow.foraged)
    return max(0, room)


def forage_value(state: SBState, cid: str) -> int:
    """What one more Forage card removes: its value (+1 on the day's first at Plentiful food),
    capped by forage_left."""
    bonus = PLENTIFUL_BONUS if here(state).special == "plentiful" and state.flow.forage_cards == 0 else 0
    return min(card(cid).forage + bonus, forage_left(state))


def hunger_after(state: SBState, foraged: tuple[str, ...]) -> int:
    if not foraged:
        return state.data.hunger
    total = sum(card(c).forage for c in foraged)
    if here(state).special == "plentiful" and state.flow.forage_cards == 0:
        total += PLENTIFUL_BONUS
    return state.data.hunger - min(total, forage_left(state))


def can_fly(state: SBState, hand: tuple[str, ...] | None = None) -> bool:
    """Some split of ``hand`` (the cards in hand) into Forage cards and Flight cards meets the
    Distance today, with the Flight already played (Forage only while the stage allows it)."""
    hand = state.data.hand if hand is None else hand
    may_forage = state.flow.stage in ("rest", "forage") and forage_left(state) > 0
    sizes = range(len(hand) + 1) if may_forage else (0,)
    for k in sizes:
        for foraged in combinations(hand, k):
            rest = list(hand)
            for c in foraged:
                rest.remove(c)
            if state.flow.flight + sum(card(c).flight for c in rest) >= distance(state, hunger_after(state, foraged)):
                return True
    return False
