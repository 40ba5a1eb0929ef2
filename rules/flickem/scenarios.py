"""Scenario rules kept as data (data/scenarios.toml) and the checks they switch on.

Scenario 1, Get Outta Town!: survivors can not enter buildings (the RV is not one of them here:
it is the goal), zombies enter neither buildings nor the RV, the first survivor in the RV becomes
the driver and is no longer available, the survivors win with a survivor in the RV and 3 or
fewer zombies in the city, and lose at once if a zombie touches the RV or its support blocks.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

DATA = Path(__file__).with_name("data") / "scenarios.toml"


@dataclass(frozen=True)
class ScenarioRules:
    deaths_to_lose: int = 3
    competitive: bool = False       # WAYS TO PLAY: COMPETITIVE (S6-S10), teams against each other
    survivors_enter_buildings: bool = True
    zombies_enter_buildings: bool = True
    zombies_enter_rv: bool = True
    driver: bool = False
    objective: str = ""
    max_zombies: int = 18
    instant_defeat: str = ""
    powers: bool = False            # "Power side face up": survivors use their special powers
    bases: tuple[tuple[str, str], ...] = ()   # team -> its base building (S7)
    goods: tuple[tuple[str, int], ...] = ()   # token kind -> how many make a corner (S7)
    fuel_in_rv: int = 0             # S5: fuel tokens the RV needs; S10: fuel a raider carries
    food_in_rv: int = 0             # S4: food tokens the RV needs
    eat_at: tuple[int, ...] = ()    # S4: round-marker spaces where the group eats or goes hungry
    rescue: bool = False            # S3: the survivor token reveals a wounded survivor to escort
    rv_reveals: bool = False        # S6: entering the RV puts the key and fuel carried into it
    zombie_fights: bool = True      # S2 FIGHT: SURVIVOR VS ZOMBIE (S1 keeps survivors out of buildings)
    survivor_fights: bool = False   # S6 FIGHT: SURVIVOR VS SURVIVOR
    stealing: bool = False          # S6 STEALING TOKENS
    secret_objectives: bool = False   # S9/S10: the secret objective deal and accusations (secrets.py)
    control: int = 0                # S9: tokens of ``control_kinds`` held in the team's base (``bases``)
    control_kinds: tuple[str, ...] = ()
    x_tokens: bool = False          # S8 NEW X TOKENS: the last survivor out of a building moves an X
    recruits: bool = False          # S8 NEW SURVIVOR: a revealed survivor token joins whoever exits next
    lost_zombie_fight_leaves: bool = False   # S8 NEW X TOKENS: losing a zombie fight exits the building


@cache
def scenario_rules(number: int) -> ScenarioRules:
    with DATA.open("rb") as f:
        table = tomllib.load(f).get(f"s{number}", {})
    unknown = set(table) - set(ScenarioRules.__dataclass_fields__)
    if unknown:
        raise ValueError(f"{DATA}: [s{number}] unknown key(s) {sorted(unknown)}")
    for key in ("bases", "goods"):          # TOML tables -> sorted pairs (hashable, frozen)
        if key in table:
            table[key] = tuple(sorted(table[key].items()))
    for key in ("eat_at", "control_kinds"):
        if key in table:
            table[key] = tuple(table[key])
    return ScenarioRules(**table)


def cornered_market(rules: ScenarioRules, token_places: list[tuple[str, str]]) -> list[str]:
    """S7 OBJECTIVE at the end of a round: teams holding every token of one good in their base.

    ``token_places``: (kind, where) of every token in play."""
    winners = []
    for team, base in rules.bases:
        for kind, total in rules.goods:
            if sum(1 for k, w in token_places if k == kind and w == base) >= total:
                winners.append(team)
                break
    return winners


def market_at_the_skull(rules: ScenarioRules, token_places: list[tuple[str, str]],
                        holders: dict[str, str]) -> list[str]:
    """S7 GAME END at the skull: most goods in the base wins; tied, most goods held by the team's
    survivors (``holders``: survivor id -> team); still tied, both teams share the result."""
    goods = {kind for kind, _ in rules.goods}
    in_base = {team: sum(1 for k, w in token_places if k in goods and w == base) for team, base in rules.bases}
    held = {team: sum(1 for k, w in token_places if k in goods and holders.get(w) == team) for team, _ in rules.bases}
    ranking = sorted(in_base, key=lambda t: (in_base[t], held[t]), reverse=True)
    best = (in_base[ranking[0]], held[ranking[0]])
    return sorted(t for t in ranking if (in_base[t], held[t]) == best)


def objective_met(rules: ScenarioRules, survivors_where: list[str], zombies_in_city: int,
                  token_places: list[tuple[str, str]] = ()) -> bool:
    """Cooperative objectives checked after every episode (S1, S5)."""
    if rules.objective == "survivor_in_rv_and_few_zombies":
        return "rv" in survivors_where and zombies_in_city <= rules.max_zombies
    if rules.objective == "food_in_rv":              # S4: bring 4 food to the RV
        return sum(1 for kind, where in token_places if kind == "food" and where == "rv") >= rules.food_in_rv
    if rules.objective == "goods_in_rv":             # S2: 2 fuel and 2 food in the RV
        in_rv = [kind for kind, where in token_places if where == "rv"]
        return in_rv.count("fuel") >= rules.fuel_in_rv and in_rv.count("food") >= rules.food_in_rv
    if rules.objective == "found_and_fuel":          # S5: both found, 2 fuel in the RV
        fuel = sum(1 for kind, where in token_places if kind == "fuel" and where == "rv")
        return "reserve" not in survivors_where and fuel >= rules.fuel_in_rv
    return False


def may_enter(rules: ScenarioRules, building: str, figure: str) -> bool:
    """Whether a survivor or a zombie may enter ``building`` in this scenario."""
    if figure == "survivor":
        return building == "rv" or rules.survivors_enter_buildings
    return rules.zombies_enter_rv if building == "rv" else rules.zombies_enter_buildings


def team_sizes(survivors) -> dict[str, int]:
    """Survivors each team controls (alive, found)."""
    sizes: dict[str, int] = {}
    for s in survivors:
        if s.where not in ("dead", "reserve"):
            sizes[s.team] = sizes.get(s.team, 0) + 1
    return sizes


def outnumbering(rules: ScenarioRules, survivors) -> list[str]:
    """S8 OBJECTIVE: a team controlling 3 more survivors than every other team, at any time."""
    if rules.objective != "strength_in_numbers":
        return []
    sizes = team_sizes(survivors)
    return [t for t, n in sizes.items() if all(n >= m + 3 for u, m in sizes.items() if u != t)]


def blocked_by_x(building: str, token_places: list[tuple[str, str]]) -> bool:
    """S8 AVAILABLE BUILDINGS: an X token in front of a building closes it."""
    return ("x", f"front:{building}") in token_places


def war_won(rules: ScenarioRules, survivors, raid: tuple[str, str, int] | None = None) -> list[str]:
    """S10 GAME END: a team wins when the other has no survivors left, or when one of its
    survivors enters the other team's colony holding 2 fuel (``raid``: team, building, fuel)."""
    if rules.objective != "war":
        return []
    sizes = team_sizes(survivors)
    teams = [t for t, _ in rules.bases]
    alive = [t for t in teams if sizes.get(t, 0) > 0]
    if len(alive) == 1:
        return alive
    if raid is not None:
        team, building, fuel = raid
        enemy_bases = {b for t, b in rules.bases if t != team}
        if building in enemy_bases and fuel >= rules.fuel_in_rv:
            return [team]
    return []


def rv_claimed(rules: ScenarioRules, survivors, token_places: list[tuple[str, str]]) -> list[str]:
    """S6 OBJECTIVE FOR BOTH GROUPS: at least 2 of the team's survivors, the key and at least 1
    fuel in the RV."""
    if rules.objective != "rv_with_key_and_fuel":
        return []
    key = ("key", "rv") in token_places
    fuel = ("fuel", "rv") in token_places
    in_rv: dict[str, int] = {}
    for s in survivors:
        if s.where == "rv":
            in_rv[s.team] = in_rv.get(s.team, 0) + 1
    return sorted(t for t, n in in_rv.items() if n >= 2 and key and fuel)
