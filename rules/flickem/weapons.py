"""Which weapons a survivor can use (rulebook: SURVIVORS, USING A WEAPON, SHORT DISTANCE KILL).

A survivor always has its default weapon (data/survivors.toml, house values) and any weapon
tokens in its inventory. A short distance kill needs a zombie NEXT TO the survivor and counts as
using the weapon for the zombies' reaction.
"""
from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

WEAPON_TOKENS = {"gun": "gun", "knife": "knife", "baseball_bat": "bat", "shotgun": "shotgun",
                 "sniper": "sniper"}
DATA = Path(__file__).with_name("data") / "survivors.toml"


@lru_cache(maxsize=1)
def default_weapons() -> dict[str, str]:
    with DATA.open("rb") as f:
        table = tomllib.load(f)["default_weapon"]
    bad = {name: w for name, w in table.items() if w not in WEAPON_TOKENS.values()}
    if bad:
        raise ValueError(f"{DATA}: unknown default weapon(s) {bad}")
    return dict(table)


def weapons_of(name: str, inventory: tuple[str, ...]) -> list[str]:
    """The weapons a survivor can use: its default one and the weapon tokens it carries.

    ``inventory`` holds token kinds (``"gun"``, ``"baseball_bat"``...); order is stable.
    """
    weapons = [default_weapons()[name]]
    for token in inventory:
        weapon = WEAPON_TOKENS.get(token)
        if weapon is not None and weapon not in weapons:
            weapons.append(weapon)
    guns = (weapons[0] == "gun") + sum(t == "gun" for t in inventory)
    if guns >= 2:                 # SHOOTING WITH 2 GUNS: two bullets in one action (never three)
        weapons.append("two_guns")
    return weapons
