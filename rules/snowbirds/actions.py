"""The Snowbirds actions (rulebook: Actions & Play Order, Risk & Dice, Special Situations): one
card or one button at a time, each a frozen dataclass that round-trips through JSON. The dice
come back as rules.core.Measured({"faces": [...]}) (flow.py)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PlayRest:
    """REST: play ``card`` face down to remove 1 Exhaustion (pre-flight, first)."""
    card: str


@dataclass(frozen=True)
class PlayForage:
    """FORAGE: play ``card`` forage side up to decrease Hunger (pre-flight, after resting)."""
    card: str


@dataclass(frozen=True)
class PlayFlight:
    """FLIGHT: play ``card`` flight side up toward the journey's Distance."""
    card: str


@dataclass(frozen=True)
class Fly:
    """Take off: the flight meets the Distance; roll two dice for VIGOR."""


@dataclass(frozen=True)
class PlayTenacity:
    """TENACITY: play ``card`` sideways on Vigor die ``die`` (0 or 1): its pips replace the die,
    or an R card re-rolls it."""
    card: str
    die: int


@dataclass(frozen=True)
class AcceptFailure:
    """Accept the failed Vigor check: +1 Exhaustion (at 2: the flock loses a bird), then land."""


@dataclass(frozen=True)
class RestDay:
    """Special Situations: end the day without flying (Hunger +1, draw up to a full hand)."""
