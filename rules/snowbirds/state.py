"""The Snowbirds game state: frozen dataclasses, JSON round-trippable (rules.core.to_json /
from_json), the flow (the day's stage, what was played today, the dice) apart from the game data
(the route of map cards, the cards, the mat). Rulebook: Setup, Flock & Health.

Hidden information: ``pile`` (the undrawn Action cards) is kept sorted, so the state holds no
order for it: each draw picks a card at random with the state's Rng (rules/core.py), the same
odds as a shuffled pile, and nothing in a save says which card comes next. The map cards still
to come are the pool's cards not on the route, drawn the same way."""
from __future__ import annotations

from dataclasses import dataclass

from feltbox.rules.core import Rng

PLAYER = "flock"            # the single seat
JOURNEYS = 10               # North, 9 random map cards, South: 10 journeys
STAGES = ("rest", "forage", "flight", "vigor", "tenacity", "over")


@dataclass(frozen=True)
class Setup:
    difficult: bool = False       # Game Difficulty: 1 Exhaustion, 2 Hunger, flock doubled at scoring


@dataclass(frozen=True)
class Data:
    route: tuple[str, ...]        # map cards placed, North first; the flock stands on route[position]
    position: int = 0             # journeys completed
    pile: tuple[str, ...] = ()    # undrawn Action cards, sorted (no order: see the module docstring)
    hand: tuple[str, ...] = ()
    gone: tuple[str, ...] = ()    # played face up or sideways: gone forever
    rested: tuple[str, ...] = ()  # played face down for REST: kept apart, -1 point each at scoring
    exhaustion: int = 0
    hunger: int = 0
    flock: int = 5


@dataclass(frozen=True)
class Flow:
    stage: str = "rest"           # rest | forage | flight | vigor | tenacity | over
    day: int = 1                  # days played, rest days included
    rest_days: int = 0            # rest days taken at this location
    foraged: int = 0              # Hunger removed by foraging today (Limited food: 2 a day)
    forage_cards: int = 0         # Forage cards played today (Plentiful food: +1 if any)
    storm: int = 0                # Rest and Forage cards played at this location (Storms: +1 Risk each)
    flight: int = 0               # Flight played for this journey
    flight_cards: int = 0
    dice: tuple[int, ...] = ()    # the Vigor dice, as amended by Tenacity
    reroll: int = -1              # the die an R card is re-rolling (a 1-die roll awaited), -1: none
    success: bool = False
    score: int = 0
    band: str = ""
    result: str = ""


@dataclass(frozen=True)
class SBState:
    setup: Setup
    data: Data
    flow: Flow
    rng: Rng
