"""The Tails and Tactics game state: frozen dataclasses, JSON round-trippable (rules.core.to_json /
from_json), the flow (phase, step, turn, priority, the chain) apart from the game data (each side's
zones). Rulebook: Objective of the Game, Game Structure, Actions and Timing.

Card instances are named ``"<seat>-NN"`` (``"red-07"``). Which card an instance is comes from a
permutation drawn with the state's Rng at the start, so an instance id says nothing about the
card; when a discard pile is shuffled into a new draw pile its instances are permuted again, so a
card seen in the discard cannot be followed into the pile. Hidden information: ``draw`` is kept
sorted (no order: each draw picks at random with the Rng, rules/core.py)."""
from __future__ import annotations

from dataclasses import dataclass, replace

from feltbox.rules.core import Rng

SEATS = ("red", "blue")
BASE_HEALTH = 30
OPENING_HAND = 9
HAND_LIMIT = 7
DRAWS_PER_TURN = 2
PHASES = ("setup", "play", "over")
# setup steps: rule_changer (search the deck), deploy (face down), roll (who starts); play: main, discard
STEPS = ("rule_changer", "deploy", "roll", "main", "discard", "over")


@dataclass(frozen=True)
class Setup:
    factions: tuple[str, str] = ("foxes", "badgers")     # red's, blue's
    decks: tuple[tuple[str, ...], ...] = ()              # card ids per seat; () = the ready-made decks


@dataclass(frozen=True)
class FieldCard:
    iid: str
    face_up: bool = True
    damage: int = 0
    attached_to: str | None = None        # equipment: the unit it is attached to
    requirement_of: str | None = None     # set-up: a face-down requirement of that card
    used: int = 0                         # attacks made this turn
    targets: tuple[str, ...] = ()         # unique targets attacked this turn ("X on Y")


@dataclass(frozen=True)
class Side:
    faction: str
    cards: tuple[str, ...]                # card id of instance "<seat>-NN" at index NN-1
    draw: tuple[str, ...] = ()            # sorted: no order
    hand: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()         # oldest first
    field: tuple[FieldCard, ...] = ()
    base: int = BASE_HEALTH


@dataclass(frozen=True)
class ChainItem:
    """One action on the chain. ``source``: the attacker (attack), the card played (event/trap),
    the card deployed; ``target``: an instance, "base", or a chain index (counter / negate / dodge)."""
    kind: str                             # deploy | attack | dodge | event | trap | set_trap
    player: str
    card: str | None = None               # the instance played/deployed, if any
    source: str | None = None
    target: str | None = None
    countered: bool = False
    dodged: bool = False                  # attack: a dodge resolved, the hit goes to the base
    attach_to: str | None = None          # deploy of equipment
    link: int = -1                        # the chain position a counter / negate / no-dodge / dodge acts on
    unmet: str = ""                       # deploy: why the card will be discarded as it enters
    text: str = ""


@dataclass(frozen=True)
class Boost:
    """A change until end of turn (an event's boost)."""
    iid: str
    stat: str
    amount: int


@dataclass(frozen=True)
class Flow:
    phase: str = "setup"
    step: str = "rule_changer"
    seat: str = "red"                     # set-up: whose set-up it is; play: the active player
    turn: int = 0
    priority: str | None = None           # who may act now (play)
    chain: tuple[ChainItem, ...] = ()
    passes: int = 0                       # passes in a row on the open chain
    boosts: tuple[Boost, ...] = ()
    no_dodge: tuple[str, ...] = ()        # seats whose units cannot dodge this turn
    winner: str | None = None
    reason: str = ""


@dataclass(frozen=True)
class TTState:
    setup: Setup
    sides: tuple[Side, Side]
    flow: Flow
    rng: Rng


def other(seat: str) -> str:
    return SEATS[1 - SEATS.index(seat)]


def side(state: TTState, seat: str) -> Side:
    return state.sides[SEATS.index(seat)]


def with_side(state: TTState, seat: str, new: Side) -> TTState:
    sides = list(state.sides)
    sides[SEATS.index(seat)] = new
    return replace(state, sides=tuple(sides))


def owner(iid: str) -> str:
    return iid.rsplit("-", 1)[0]


def card_id(state: TTState, iid: str) -> str:
    seat, number = iid.rsplit("-", 1)
    return side(state, seat).cards[int(number) - 1]


def iid_of(seat: str, index: int) -> str:
    return f"{seat}-{index + 1:02d}"


def field_card(state: TTState, iid: str) -> FieldCard | None:
    """``iid`` on the battlefield, or None (also for anything that is not an instance id)."""
    if not isinstance(iid, str) or owner(iid) not in SEATS:
        return None
    for fc in side(state, owner(iid)).field:
        if fc.iid == iid:
            return fc
    return None
