"""The 12 HOUSE objective cards (data/objectives.toml; names and texts are not public). A scenario
may deal them; ``met`` reads one card's check against a state."""
from __future__ import annotations

from feltbox.rules.tailfeathers import data as tables
from feltbox.rules.tailfeathers.state import CASUALTY, FLYING, TFState
from feltbox.rules.tailfeathers.stats import on_ground, space


def met(state: TFState, alliance: str, objective: str) -> bool:
    check = tables.objectives()[objective]["check"]
    name, *args = check.split(":")
    n = int(args[-1])
    p = state.data.player(alliance)
    foes = [f for f in state.data.figures if f.alliance != alliance]
    mine = [f for f in state.data.figures if f.alliance == alliance]
    if name == "cheese_at_least":
        return p.cheese >= n
    if name == "nest_life_at_least":
        return p.nest_life >= n
    if name == "casualties_of_enemy":
        return sum(1 for f in foes if f.where == CASUALTY) >= n
    if name == "flying_birds":
        return sum(1 for f in mine if f.where == FLYING) >= n
    if name == "figures_on_tree":
        kind = args[0]
        return sum(1 for f in mine if on_ground(state, f) and space(state, f.where).kind == kind) >= n
    if name == "missions_done":
        return state.flow.round - 1 >= n     # HOUSE approximation: rounds completed
    raise ValueError(f"unknown objective check {check!r}")
