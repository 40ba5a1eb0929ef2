"""Snowbirds' two six-sided dice thrown for real in their tray (rulebook Risk & Dice: "Roll 2 dice
and compare their sum against the journey's value"; TENACITY "re-roll a die").

The shared dice thrower (game/table/dice_throw.py) with the Snowbirds kit: the standard d6
(models/d6.py, faces 1..6) and the Snowbirds tray (models/snowbirds, ``[tray]``). Seeded, top face
read, cocked dice thrown again; each throw is an Episode a replay recorder writes under
``tray_header`` and ``feltbox.game.replay.recorder.verify`` re-simulates bit for bit.
"""
from __future__ import annotations

from collections.abc import Callable

from feltbox.game.table import dice_throw
from feltbox.game.table.dice_throw import RollResult
from feltbox.game.table.session import Episode
from feltbox.models import d6
from feltbox.models.snowbirds.pieces import tray_size

DICE = 2                   # Components: "2 six-sided dice"


def kit() -> dice_throw.DiceKit:
    tray = tray_size()
    return dice_throw.DiceKit("snowbirds", "d6", "sb_dice_tray", DICE, d6.FACES, d6.NORMALS, d6.size(),
                              (tray.inner_length, tray.inner_width), tray.floor)


def roll(seed: int, n: int = DICE, on_episode: Callable[[Episode], None] | None = None) -> RollResult:
    """Throw ``n`` (1 or 2) d6 physically from ``seed``: ``faces`` are pips (ints 1..6) in die order;
    ``measured()`` is ``{"faces": [a, b], "rerolled": [...]}`` (the dice thrown again, 0-based)."""
    return dice_throw.roll(kit(), n, seed, on_episode)


def tray_header(seed: int = 0) -> dict:
    """A replay header for the throws: the tray and the two dice as the body table."""
    return dice_throw.tray_header(kit(), seed)
