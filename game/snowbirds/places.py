"""Where every Snowbirds card lies, as the rules state says (pure: no Panda3D, no poses).

Rulebook: Setup (one face-down Action pile; the Map deck of North, 9 cards, South with North
flipped), Maps & Journeys (two map cards side by side make a journey), Actions & Play Order
(REST face down, FORAGE / FLIGHT face up, TENACITY sideways; "once that card is spent, it is gone
forever"), Scoring (the face-down Rest cards count -1 each).

A card's ``Place`` is its zone on the table, its index there and how it lies. The zones:
``draw`` (the Action pile, face down), ``hand`` (the hand area, face up: a solitaire player's own
cards), ``row`` (the cards played today, in the order played: a Rest card face down, Forage and
Flight face up, Tenacity sideways), ``gone`` (every other card once played: face up, gone
forever), ``rest`` (the Rest cards of earlier days, face down), ``map`` (the route: map card i on
map slot i, face up), ``map_deck`` (the map cards still to come, face down) and ``box`` (map
cards this migration never uses: off the table).

The rules state keeps what was played (``gone``, ``rested``) but not how each card was used
today nor which cards of ``gone`` were Tenacity: the bridge keeps today's row (``Row``), from the
actions it applies; ``row_of_day`` starts a new row when the rules begin a new day.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from feltbox.rules.snowbirds.actions import PlayFlight, PlayForage, PlayRest, PlayTenacity
from feltbox.rules.snowbirds.data import NORTH, SOUTH, tables
from feltbox.rules.snowbirds.state import JOURNEYS, SBState

HOW = {PlayRest: "rest", PlayForage: "forage", PlayFlight: "flight", PlayTenacity: "tenacity"}


@dataclass(frozen=True)
class Place:
    zone: str                 # draw | hand | row | gone | rest | map | map_deck | box
    index: int = 0            # its position in the zone (stacks: 0 = bottom)
    face_up: bool = True
    sideways: bool = False


@dataclass
class Row:
    """The cards played today, in order, each with how it was played."""
    day: tuple[int, int] = (0, 1)                  # (journeys completed, day) the row belongs to
    cards: list[tuple[str, str]] = field(default_factory=list)

    def follow(self, state: SBState, action=None) -> None:
        """The row after ``action`` was applied and reached ``state``: a new day clears it."""
        how = HOW.get(type(action))
        if how is not None:
            self.cards.append((action.card, how))
        today = (state.data.position, state.flow.day)
        if today != self.day:
            self.day, self.cards = today, []


def action_places(state: SBState, row: Row) -> dict[str, Place]:
    """Every Action card's place."""
    d = state.data
    out: dict[str, Place] = {}
    for k, card in enumerate(d.pile):                       # kept sorted by the rules: no order to hide
        out[card] = Place("draw", k, face_up=False)
    for k, card in enumerate(d.hand):
        out[card] = Place("hand", k)
    today = {card for card, _ in row.cards}
    for k, card in enumerate(c for c in d.gone if c not in today):
        out[card] = Place("gone", k)
    for k, card in enumerate(c for c in d.rested if c not in today):
        out[card] = Place("rest", k, face_up=False)
    for k, (card, how) in enumerate(row.cards):
        out[card] = Place("row", k, face_up=how != "rest", sideways=how == "tenacity")
    return out


def map_places(state: SBState) -> dict[str, Place]:
    """Every Map card's place: the route on the map row, the deck still to come (South at its
    bottom), the rest in the box. Which face-down card stands for which one to come says nothing:
    the rules draw the next map card from the pool at random when it is placed."""
    route = state.data.route
    out = {card: Place("map", k) for k, card in enumerate(route)}
    to_come = JOURNEYS + 1 - len(route)                     # South included
    pool = sorted(m for m in tables().maps if m not in (NORTH, SOUTH) and m not in route)
    deck = ([SOUTH] if SOUTH not in route else []) + pool[:max(0, to_come - 1)]
    for k, card in enumerate(deck[:to_come]):
        out[card] = Place("map_deck", k, face_up=False)
    for card in tables().maps:
        out.setdefault(card, Place("box"))
    return out
