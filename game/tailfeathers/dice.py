"""Rolling Tail Feathers action dice for real: thrown into the dice tray on a fresh Bullet table.

The throw, the reading of the top face and the re-throw of cocked dice are the shared dice
thrower's (game/table/dice_throw.py); this module names the kit: the 10 action dice of the box
(models/tailfeathers/dice.py, faces by ``FACE_NORMALS``) and the Tail Feathers tray.

Each attempt is one :class:`feltbox.game.table.session.Episode` ("roll") that a replay recorder
writes under ``tray_header`` (the tray's own body table), and ``feltbox.game.replay.recorder.verify``
re-simulates them bit for bit.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable

import numpy as np

from feltbox.game.table import dice_throw
from feltbox.game.table.bodies import BodySpec, quat_mul, quat_rotate
from feltbox.game.table.dice_throw import (  # noqa: F401  (this game's names for the shared ones)
    COCKED_DEG,
    FLAT_TOLERANCE,
    MAX_ATTEMPTS,
    DieReading,
    RollResult,
    body_of,
)
from feltbox.game.table.session import Episode
from feltbox.game.table.table import Input
from feltbox.models.tailfeathers import tray as tray_model
from feltbox.models.tailfeathers.dice import FACES, NORMALS, SIZE

MAX_DICE = 10              # the box holds 10 action dice (rulebook components)

KIT = dice_throw.DiceKit("tailfeathers", "tf_action_die", "tf_dice_tray", MAX_DICE, FACES, NORMALS, SIZE,
                         (tray_model.INNER_LENGTH, tray_model.INNER_WIDTH), tray_model.floor_top())


def dice_bodies() -> list[BodySpec]:
    """The roll's body table, in canonical order: the tray, then die-1 .. die-10."""
    return KIT.bodies()


def _parked(bodies: list[BodySpec]) -> np.ndarray:
    return dice_throw.parked(KIT, bodies)


def throw(dice: list[int], seed: int, attempt: int) -> tuple[np.ndarray, list[Input]]:
    """Start poses and tick-0 impulses that throw ``dice`` (0-based) into the tray."""
    return dice_throw.throw(KIT, dice, seed, attempt)


def read_dice(final: np.ndarray, dice: list[int]) -> list[DieReading]:
    """Top face, tilt and cocked flag of each die from an (N,7) pose array."""
    return dice_throw.read_dice(KIT, final, dice)


def roll_episode(dice: list[int], seed: int, attempt: int) -> tuple[Episode, list[DieReading]]:
    """One throw of ``dice`` on a fresh table: the recordable episode and its readings."""
    return dice_throw.roll_episode(KIT, dice, seed, attempt)


def roll(n: int, seed: int, on_episode: Callable[[Episode], None] | None = None) -> RollResult:
    """Roll ``n`` action dice (1..10) physically; cocked dice are thrown again."""
    return dice_throw.roll(KIT, n, seed, on_episode)


def tray_header(seed: int = 0) -> dict:
    """A replay header for roll episodes: the tray's body table instead of a city's."""
    return dice_throw.tray_header(KIT, seed)


def lying_in_tray(tray: np.ndarray, throws: Iterable[tuple[np.ndarray, np.ndarray, dict]]) -> dict[str, np.ndarray]:
    """Die id ("die-1" ..) -> its pose lying in the battlefield's dice tray (at pose ``tray``),
    from a roll's throws as (start snapshot, final poses, outcome) in the tray's own world: each
    die where its last throw left it (a cocked die is thrown again, the others lie where they
    came to rest). The same tray model stands in both worlds, so a die's pose relative to its
    tray is carried over unchanged."""
    index = {b.id: i for i, b in enumerate(KIT.bodies())}
    tray = np.asarray(tray, np.float64)
    lying: dict[str, np.ndarray] = {}
    for start, final, outcome in throws:
        home = np.asarray(start[0], np.float64)                  # the tray in its own world
        back = home[3:] * np.array([1.0, -1.0, -1.0, -1.0])      # its rotation undone
        for die in outcome["dice"]:
            pose = np.asarray(final[index[die]], np.float64)
            local = quat_rotate(back, pose[:3] - home[:3])
            lying[die] = np.concatenate([tray[:3] + quat_rotate(tray[3:], local),
                                         quat_mul(tray[3:], quat_mul(back, pose[3:]))])
    return lying
