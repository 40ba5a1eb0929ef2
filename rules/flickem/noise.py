"""Noise and the zombies' reaction (rulebook: ZOMBIES' REACTION!, FLARE, S3 special rule, S4
BARRICADES).

A turn's reaction follows its loudest noise: LOUD (any gun fired, barricade touched, escorting
Anita in S3, a big flare), QUIET (a move or a non-gun weapon, a small flare), SILENT (neither).
A successful flare replaces the turn's noise and the reaction is aimed at the flare instead of
the active survivor.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import IntEnum

from feltbox.rules.geometry import Point, by_distance

GUNS = frozenset({"gun", "two_guns", "shotgun", "sniper"})   # "Fired any type of gun"
QUIET_WEAPONS = frozenset({"knife", "bat", "short_distance_kill"})


class Noise(IntEnum):
    SILENT = 0
    QUIET = 1
    LOUD = 2


def action_noise(action: str, weapon: str | None = None, touched_barricade: bool = False,
                 escorting: bool = False) -> Noise:
    """The noise of one action. ``action``: "move", "weapon", "take_drop" (or anything silent)."""
    if escorting or touched_barricade:
        return Noise.LOUD                                   # S3 special rule / S4 BARRICADES
    if action == "weapon":
        if weapon in GUNS:
            return Noise.LOUD                               # "Fired any type of gun"
        if weapon in QUIET_WEAPONS or weapon is not None:
            return Noise.QUIET                              # "Used a non-gun weapon"
    if action == "move":
        return Noise.QUIET                                  # "Moved"
    return Noise.SILENT                                     # take / drop off and the like


def turn_noise(noises: list[Noise], flare: str | None = None) -> Noise:
    """The loudest noise of the turn, or only the flare's when one was used successfully."""
    if flare is not None:
        if flare not in ("big", "small"):
            raise ValueError(f"flare side must be 'big' or 'small', got {flare!r}")
        return Noise.LOUD if flare == "big" else Noise.QUIET
    return max(noises, default=Noise.SILENT)


@dataclass(frozen=True)
class Reaction:
    """What the zombies do: which zombies rush (first one has the tower put behind it), which
    fallen zombie stands up, and whether all the others stand."""
    noise: Noise
    rush: tuple[str, ...] = ()
    stand: tuple[str, ...] = ()
    stand_all_others: bool = False


def zombies_react(noise: Noise, origin: Point, positions: Mapping[str, Point],
                  standing: Mapping[str, bool]) -> Reaction:
    """Choose the reaction for zombies in the city (``positions``/``standing`` keyed by id).

    LOUD: the closest standing zombie (the tower goes behind it) and the 2 next closest standing
    zombies rush; all zombies remaining in the city stand. QUIET: if the closest zombie is fallen
    it stands (no rush), if it stands it rushes alone. SILENT: nothing.
    """
    if noise == Noise.SILENT or not positions:
        return Reaction(noise)
    if noise == Noise.LOUD:
        up = by_distance(origin, positions, [z for z in positions if standing[z]])
        rush = tuple(up[:3])
        fallen = tuple(sorted(z for z in positions if not standing[z] and z not in rush))
        return Reaction(noise, rush=rush, stand=fallen, stand_all_others=True)
    closest = by_distance(origin, positions, positions)[0]
    if not standing[closest]:
        return Reaction(noise, stand=(closest,))
    return Reaction(noise, rush=(closest,))
