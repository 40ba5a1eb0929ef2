"""The one dimensions table (``dimensions.toml``): every size, mass and physics constant.

All values are house values (no public source prints them); they are read once and shared.
"""
from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

TABLE_PATH = Path(__file__).with_name("dimensions.toml")


def freeze(value: Any) -> Any:
    """A read-only view of a parsed TOML table: nested dicts become ``MappingProxyType`` (lists and
    numbers are kept as they are), so a table read once can be shared without anyone changing it."""
    if isinstance(value, dict):
        return MappingProxyType({k: freeze(v) for k, v in value.items()})
    return value


@lru_cache(maxsize=1)
def dims() -> Mapping[str, Any]:
    """The dimensions table as a read-only nested mapping, e.g. ``dims()["bullet"]["diameter"]``."""
    with TABLE_PATH.open("rb") as f:
        return freeze(tomllib.load(f))


def dim(section: str, key: str) -> float:
    """One number from the table, with an error naming what is missing."""
    try:
        return dims()[section][key]
    except KeyError as exc:
        raise KeyError(f"{TABLE_PATH.name}: no [{section}] {key}") from exc
