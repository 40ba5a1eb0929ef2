"""Snowbirds (Brian Garthwaite, 2017, print and play) pieces: the player mat of three track cards,
its four tokens, the map row the 11 map cards lie on and the dice tray (the two dice are the
standard d6, models/d6.py; the Action and Map cards are the card layer's).

Every size comes from ``dimensions.toml`` next to this file, a house-value table read once by
``sb_dims()``.
"""
from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from feltbox.models.dimensions import freeze

TABLE_PATH = Path(__file__).with_name("dimensions.toml")


@lru_cache(maxsize=1)
def sb_dims() -> Mapping[str, Any]:
    """The Snowbirds house-value table, e.g. ``sb_dims()["card"]["width"]``."""
    with TABLE_PATH.open("rb") as f:
        return freeze(tomllib.load(f))


def track(name: str) -> Mapping[str, Any]:
    """One track of the player mat by name (exhaustion, hunger, flock)."""
    for t in sb_dims()["mat"]["track"]:
        if t["name"] == name:
            return t
    raise KeyError(f"{TABLE_PATH.name}: no [[mat.track]] named {name!r} (exhaustion, hunger, flock)")


TRACKS: tuple[str, ...] = ("exhaustion", "hunger", "flock")
