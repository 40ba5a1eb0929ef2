"""Root (Leder Games) pieces: the Autumn map board, the Burrow, both faction boards with their
tracks, the score track, warriors (Duchy moles, Corvid crows), citadels, markets, tunnels, plot
tokens that flip, crowns, minister tiles, score markers and the dice tray for the two d12
(models/d12.py). Every size is a house value from ``dimensions.toml`` next to this file."""
from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from feltbox.models.dimensions import freeze

TABLE_PATH = Path(__file__).with_name("dimensions.toml")
FACTIONS = ("duchy", "corvids")
PLOT_KINDS = ("bomb", "snare", "extortion", "raid")
HIDDEN = "hidden"          # a plot token whose kind the viewer may not know: both sides its back


@lru_cache(maxsize=1)
def root_dims() -> Mapping[str, Any]:
    with TABLE_PATH.open("rb") as f:
        return freeze(tomllib.load(f))


def colour(name: str) -> tuple[float, float, float, float]:
    return tuple(float(c) for c in root_dims()["colours"][name]) + (1.0,)
