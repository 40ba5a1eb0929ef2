"""The Root actions (Law 4, 12, 13): each a frozen dataclass that round-trips through JSON.
Battle dice come back as rules.core.Measured({"faces": [a, b]}) (flow.py)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Place:
    """Set-up: the Duchy's corner (Law 12.3.3) or a Corvid warrior's clearing (Law 13.3.2)."""
    clearing: int


@dataclass(frozen=True)
class Done:
    """End the current step (Assembly, Parliament, Sway, crafting, a Birdsong step, Daylight)."""


@dataclass(frozen=True)
class Move:
    """Law 4.2: ``count`` warriors from ``origin`` to adjacent ``dest``. ``via`` names what grants
    it: "" an Assembly / Daylight action, a Duchy minister in Parliament, or a card effect
    ("cobbler"); ``mayor`` = the Mayor takes that minister's action (Law 12.5.2.VI)."""
    origin: int
    dest: int
    count: int
    via: str = ""
    mayor: bool = False


@dataclass(frozen=True)
class Battle:
    """Law 4.3: initiate a battle in ``clearing`` against the other faction."""
    clearing: int
    via: str = ""                # "" | captain | brigadier | command_warren
    mayor: bool = False


@dataclass(frozen=True)
class Build:
    """Law 12.5.1.I (or the Foremole, 12.5.2.I): reveal ``card`` to place ``building``
    (citadel | market) in ``clearing``."""
    card: str
    clearing: int
    building: str
    via: str = ""                # "" | foremole
    mayor: bool = False


@dataclass(frozen=True)
class Recruit:
    """Duchy (Law 12.5.1.II): one warrior in the Burrow. Corvids (Law 13.4.3): spend ``card`` to
    place a warrior in each clearing of ``suit``."""
    card: str = ""
    suit: str = ""


@dataclass(frozen=True)
class Dig:
    """Law 12.5.1.V: spend ``card``, (remove the tunnel in ``remove`` first if all three are out),
    place a tunnel in ``clearing`` and move ``count`` (1-4) warriors there from the Burrow."""
    card: str
    clearing: int
    count: int
    remove: int = 0


@dataclass(frozen=True)
class Banker:
    """Law 12.5.2.V: spend ``cards`` of one suit to score as many VP."""
    cards: tuple[str, ...]
    mayor: bool = False


@dataclass(frozen=True)
class Score:
    """Law 12.5.2.VII-IX: the Duchess of Mud, the Baron of Dirt or the Earl of Stone scores."""
    minister: str


@dataclass(frozen=True)
class Sway:
    """Law 12.5.3: sway ``minister`` by revealing ``cards``."""
    minister: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class ReturnMinister:
    """Law 12.2.3: the Duchy chooses which swayed minister of the highest rank returns."""
    minister: str


@dataclass(frozen=True)
class Craft:
    """Law 4.1: craft ``card`` by activating crafting pieces of its suits."""
    card: str


@dataclass(frozen=True)
class Expose:
    """Law 13.2.4: show ``card`` (matching the clearing) and guess the face-down plot there."""
    clearing: int
    card: str
    guess: str


@dataclass(frozen=True)
class Flip:
    """Law 13.4.2: flip the face-down plot in ``clearing`` face up."""
    clearing: int


@dataclass(frozen=True)
class Plot:
    """Law 13.5.2: place a face-down ``kind`` plot in ``clearing``."""
    clearing: int
    kind: str


@dataclass(frozen=True)
class Trick:
    """Law 13.5.4: swap the plots in clearings ``a`` and ``b``."""
    a: int
    b: int


@dataclass(frozen=True)
class Ambush:
    """Law 4.3.1: the defender plays ``card`` (an ambush), or the attacker foils with one."""
    card: str


@dataclass(frozen=True)
class Decline:
    """Do not play an ambush / foil / battle effect now."""


@dataclass(frozen=True)
class UseEffect:
    """Use a crafted card's effect: ``effect`` names it (Law 4.1.3); ``clearing`` / ``card`` when
    it needs one."""
    effect: str
    clearing: int = 0


@dataclass(frozen=True)
class RemovePiece:
    """Law 4.3.4: the Duchy chooses which of its buildings or tokens a hit removes
    (citadel | market | tunnel)."""
    piece: str


@dataclass(frozen=True)
class Discard:
    """Hand limit (Law 12.6.3, 13.6.2): discard ``card``."""
    card: str


@dataclass(frozen=True)
class EndTurn:
    """Evening: Corvids draw (Law 13.6.2) or, having exerted, end the turn without drawing."""
