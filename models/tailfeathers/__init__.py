"""Tail Feathers (Plaid Hat, 2015) pieces: tree overlays, birds, templates, tokens, dice.

Every size comes from ``dimensions.toml`` next to this file: a house-value table (real sizes are
not public). ``tf_dims()`` reads it once.
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
def tf_dims() -> Mapping[str, Any]:
    """The Tail Feathers house-value table, e.g. ``tf_dims()["bird"]["tilt_angle"]``."""
    with TABLE_PATH.open("rb") as f:
        return freeze(tomllib.load(f))
