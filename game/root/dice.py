"""Root's two twelve-sided dice thrown for real in their tray (Law 4.3.2: "roll both dice; the
attacker deals the higher result, the defender the lower").

The shared dice thrower (game/table/dice_throw.py) with the Root kit: the d12 (models/d12.py,
faces 0-3 three times each) and the Root tray (models/root ``[tray]``). Seeded, top face read,
cocked dice thrown again; each throw is an Episode a replay recorder writes under ``tray_header``
and ``feltbox.game.replay.recorder.verify`` re-simulates bit for bit.
"""
from __future__ import annotations

from collections.abc import Callable

from feltbox.game.table import dice_throw
from feltbox.game.table.dice_throw import RollResult
from feltbox.game.table.session import Episode
from feltbox.models import d12
from feltbox.models.root.pieces import tray_size

DICE = 2


def kit() -> dice_throw.DiceKit:
    tray = tray_size()
    return dice_throw.DiceKit("root", "d12", "root_dice_tray", DICE, d12.FACES, d12.NORMALS, d12.size(),
                              (tray.inner_length, tray.inner_width), tray.floor)


def roll(seed: int, on_episode: Callable[[Episode], None] | None = None) -> RollResult:
    """Throw both d12 physically from ``seed``; ``measured()`` is ``{"faces": [a, b], "rerolled": [...]}``."""
    return dice_throw.roll(kit(), DICE, seed, on_episode)


def tray_header(seed: int = 0) -> dict:
    return dice_throw.tray_header(kit(), seed)
