"""Scenario rules kept as data (data/scenarios.toml) and the checks they switch on.

Scenario 1, Get Outta Town!: survivors can not enter buildings (the RV is not one of them here:
it is the goal), zombies enter neither buildings nor the RV, the first survivor in the RV becomes
the driver and is no longer available, the survivors win with a survivor in the RV and 3 or
fewer zombies in the city, and lose at once if a zombie touches the RV or its support blocks.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

DATA = Path(__file__).with_name("data") / "scenarios.toml"


@dataclass(frozen=True)
class ScenarioRules:
    deaths_to_lose: int = 3
    survivors_enter_buildings: bool = True
    zombies_enter_buildings: bool = True
    zombies_enter_rv: bool = True
    driver: bool = False
    objective: str = ""
    max_zombies: int = 18
    instant_defeat: str = ""
    powers: bool = False            # "Power side face up": survivors use their special powers


@lru_cache(maxsize=None)
def scenario_rules(number: int) -> ScenarioRules:
    with DATA.open("rb") as f:
        table = tomllib.load(f).get(f"s{number}", {})
    unknown = set(table) - set(ScenarioRules.__dataclass_fields__)
    if unknown:
        raise ValueError(f"{DATA}: [s{number}] unknown key(s) {sorted(unknown)}")
    return ScenarioRules(**table)


def objective_met(rules: ScenarioRules, survivors_where: list[str], zombies_in_city: int) -> bool:
    if rules.objective == "survivor_in_rv_and_few_zombies":
        return "rv" in survivors_where and zombies_in_city <= rules.max_zombies
    return False


def may_enter(rules: ScenarioRules, building: str, figure: str) -> bool:
    """Whether a survivor or a zombie may enter ``building`` in this scenario."""
    if figure == "survivor":
        return building == "rv" or rules.survivors_enter_buildings
    return rules.zombies_enter_rv if building == "rv" else rules.zombies_enter_buildings
