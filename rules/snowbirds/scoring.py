"""Scoring and Final Score (rulebook: Scoring, Final Score, Game Difficulty):

    Distance of the unspent cards + Flock (x2 difficult) - 2 x Exhaustion - Hunger
    - face-down Rest cards

and for a migration that fell short, the estimate: the same minus 12 per incomplete journey.
Unspent cards are the cards never played: those in hand and those never drawn."""
from __future__ import annotations

from dataclasses import dataclass

from feltbox.rules.snowbirds.data import tables
from feltbox.rules.snowbirds.state import JOURNEYS, SBState

INCOMPLETE_JOURNEY = 12
BANDS = ((10, "Excellent flying! Whatever geese give for medals of valor, you've earned one."),
         (5, "Great work. You're a boon to goose-kind."),
         (0, "Good attempt! No one said this migration thing was going to be easy."),
         (None, "Look, you made it. Some of you, anyway, and that's a victory."))


@dataclass(frozen=True)
class Score:
    distance: int
    flock: int
    exhaustion: int      # already x2
    hunger: int
    rested: int
    incomplete: int      # already x12
    total: int


def score(state: SBState) -> Score:
    d = state.data
    t = tables()
    unspent = sum(t.action(c).flight for c in d.hand + d.pile)
    flock = d.flock * (2 if state.setup.difficult else 1)
    incomplete = INCOMPLETE_JOURNEY * (JOURNEYS - d.position)
    total = unspent + flock - 2 * d.exhaustion - d.hunger - len(d.rested) - incomplete
    return Score(unspent, flock, 2 * d.exhaustion, d.hunger, len(d.rested), incomplete, total)


def band(points: int) -> str:
    """Final Score: fewer than 0, 0-4, 5-9, 10+."""
    for floor, text in BANDS:
        if floor is None or points >= floor:
            return text
    raise AssertionError("unreachable")
