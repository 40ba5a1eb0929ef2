"""The Tails and Tactics actions (rulebook: Battlefield Setup, Your Turn, Actions and Timing, Your
Opponent's Turn), each a frozen dataclass that round-trips through JSON. Cards are named by
instance id (``"red-07"``), except the Rule Changer searched from the deck (by card id: the deck's
instances are hidden). Who starts comes back as rules.core.Measured({"faces": [red, blue]})."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ChooseRuleChanger:
    """Battlefield Setup: search the deck for Rule Changer ``card_id`` (None: none) and place it
    face down."""
    card_id: str | None = None


@dataclass(frozen=True)
class SetupDeploy:
    """Battlefield Setup: deploy ``card`` face down with ``requirements`` (cards from the hand,
    placed face down with it)."""
    card: str
    requirements: tuple[str, ...] = ()


@dataclass(frozen=True)
class Ready:
    """Battlefield Setup: content with the battlefield (hand within the limit)."""


@dataclass(frozen=True)
class Deploy:
    """Deploying: put ``card`` (unit, equipment, turf, new rule) on the battlefield, discarding
    ``requirements`` from your battlefield in the same action; equipment attaches to ``attach_to``."""
    card: str
    requirements: tuple[str, ...] = ()
    attach_to: str | None = None


@dataclass(frozen=True)
class Attack:
    """Attacking: ``source`` (a unit or an equipment) attacks ``target`` (an instance or "base")."""
    source: str
    target: str


@dataclass(frozen=True)
class Dodge:
    """Dodging: the unit attacked by the attack at chain position ``attack`` dodges; the hit goes
    to the base."""
    attack: int


@dataclass(frozen=True)
class PlayEvent:
    """Events (your turn only): play ``card`` from the hand; ``target`` when it picks one."""
    card: str
    target: str | None = None


@dataclass(frozen=True)
class PlayTrap:
    """Traps: play ``card`` from the hand face up during your turn, as an event."""
    card: str
    target: str | None = None


@dataclass(frozen=True)
class SetTrap:
    """Traps: set ``card`` face down on your battlefield during your turn."""
    card: str


@dataclass(frozen=True)
class SpringTrap:
    """Traps: turn face-down ``card`` face up, any time you may act (even in the opponent's turn)."""
    card: str
    target: str | None = None


@dataclass(frozen=True)
class Pass:
    """Actions and Timing: no response; two passes in a row resolve the chain."""


@dataclass(frozen=True)
class EndTurn:
    """Your Turn: done (then discard down to the hand limit)."""


@dataclass(frozen=True)
class Discard:
    """The hand limit: discard ``card`` from the hand (not an action: nothing responds)."""
    card: str
