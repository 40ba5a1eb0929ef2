"""The first-player roll of Tails and Tactics, thrown for real: one d6 for each side in the dice
tray (rulebook, Battlefield Setup: "decide who will take the first turn ... rolling a die"; house:
each side rolls one die, the higher starts, a tie is rolled again: TT-API "Who starts").

The shared dice thrower (game/table/dice_throw.py) with the standard d6 (models/d6.py) and the
house dice tray (the Snowbirds tray model: models/snowbirds ``[tray]``). Die 1 is red's, die 2
blue's. Seeded, top face read, cocked dice thrown again; each throw is an Episode a replay
recorder writes under ``tray_header`` and feltbox.game.replay.recorder.verify re-simulates.
"""
from __future__ import annotations

from collections.abc import Callable

from feltbox.game.table import dice_throw
from feltbox.game.table.dice_throw import RollResult
from feltbox.game.table.session import Episode
from feltbox.models import d6
from feltbox.models.snowbirds.pieces import tray_size

DICE = 2                   # one per side


def kit() -> dice_throw.DiceKit:
    tray = tray_size()
    return dice_throw.DiceKit("tailsandtactics", "d6", "sb_dice_tray", DICE, d6.FACES, d6.NORMALS, d6.size(),
                              (tray.inner_length, tray.inner_width), tray.floor)


def roll(seed: int, on_episode: Callable[[Episode], None] | None = None) -> RollResult:
    """Throw red's and blue's d6 from ``seed``: ``measured()`` is ``{"faces": [red, blue], ...}``."""
    return dice_throw.roll(kit(), DICE, seed, on_episode)


def tray_header(seed: int = 0) -> dict:
    return dice_throw.tray_header(kit(), seed)
