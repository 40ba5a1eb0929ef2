"""The Tail Feathers data files (rules/tailfeathers/data/*.toml), read once. HOUSE values are
marked in the files; the rules never read files at play time beyond these tables."""
from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

DATA = Path(__file__).with_name("data")


@cache
def table(name: str) -> dict:
    with open(DATA / f"{name}.toml", "rb") as f:
        return tomllib.load(f)


def faces() -> dict[str, dict]:
    return table("dice")["face"]


def face(name: str) -> dict:
    try:
        return faces()[name]
    except KeyError:
        raise ValueError(f"{name!r} is not a face of the action dice") from None


def bird(card: str) -> dict:
    return table("units")["bird"][card]


def pilot(card: str) -> dict:
    name, rank = card.split(".")
    return table("units")["pilot"][name][rank]


def card_of(kind: str, card: str) -> dict:
    if kind == "bird":
        return bird(card)
    return table("units")[kind][card]


def mission_order() -> dict[str, int]:
    return {k: v["order"] for k, v in table("missions")["mission"].items()}


def mission_card() -> dict:
    return table("missions")["card"]


def action_cards() -> dict[str, dict]:
    return table("action_cards")["card"]


def objectives() -> dict[str, dict]:
    return table("objectives")["objective"]
