"""Tail Feathers (Plaid Hat, 2015) pieces: tree overlays, birds, templates, tokens, dice.

Every size comes from ``dimensions.toml`` next to this file, a house-value table (real sizes are
not public), except the sizes the rules measure with, which come from the rules' table
(``measured_by_rules``). ``tf_dims()`` reads both once.
"""
from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from feltbox.models.dimensions import freeze

TABLE_PATH = Path(__file__).with_name("dimensions.toml")
# the rules' measuring sizes, read as data (models import nothing of the rules: tests/test_boundaries.py)
RULES_TABLE_PATH = Path(__file__).resolve().parents[2] / "rules" / "tailfeathers" / "data" / "templates.toml"


@lru_cache(maxsize=1)
def tf_dims() -> Mapping[str, Any]:
    """The Tail Feathers house-value table, e.g. ``tf_dims()["bird"]["tilt_angle"]``, with the
    sizes the rules measure with (``measured_by_rules``) filled in from the rules' own table."""
    with TABLE_PATH.open("rb") as f:
        table = tomllib.load(f)
    for section, values in measured_by_rules().items():
        table.setdefault(section, {}).update(values)
    return freeze(table)


def measured_by_rules() -> dict[str, dict[str, float]]:
    """One truth for what the rules measure: bird and small bases, the flight templates, the range
    finder, the death spiral and the tail feathers are drawn and simulated at the sizes the rules
    compute with (rules/tailfeathers/data/templates.toml), so what a player sees on the table is
    what the rules judged. dimensions.toml holds only what the rules never measure."""
    with RULES_TABLE_PATH.open("rb") as f:
        t = tomllib.load(f)
    return {"bird": {"base_radius": t["bases"]["bird_radius"]},
            "rodent": {"base_radius": t["bases"]["small_radius"]},
            "template": {"width": t["template"]["width"], "maneuver_radius": t["template"]["maneuver_radius"],
                         "line_angle": t["template"]["flight_line_angle"],
                         "short": t["short"]["length"], "long": t["long"]["length"],
                         "short_end": t["end"]["short_length"], "long_end": t["end"]["long_length"],
                         "cavity_radius": t["bases"]["bird_radius"], "rim": t["end"]["rim"]},
            "range_finder": {"length": t["range_finder"]["length"], "close": t["range_finder"]["close_length"]},
            "death_spiral": {"length": t["death_spiral"]["length"], "width": t["death_spiral"]["width"]},
            "feather": {"length": t["tail_feather"]["length"], "width": t["tail_feather"]["width"]}}
