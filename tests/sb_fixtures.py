"""Helpers for the Snowbirds rules tests: a state built to order (route, hand, mat), and short
ways to play and roll. Card values quoted in the tests' comments are the house values of
rules/snowbirds/data/*.toml."""
from __future__ import annotations

from dataclasses import replace

from feltbox.rules.core import Measured
from feltbox.rules.snowbirds.data import tables
from feltbox.rules.snowbirds.flow import apply, legal_actions, new_game, pending
from feltbox.rules.snowbirds.state import Flow, Setup

__all__ = ["apply", "at", "legal_actions", "new_game", "pending", "play", "roll", "texts"]


def at(route=("north", "delta_marsh"), hand=(), position=0, exhaustion=0, hunger=0, flock=5,
       difficult=False, pile=None, rested=(), gone=(), seed=1, **flow):
    """A state at a pre-flight decision of the journey route[position] -> route[position+1]."""
    s = new_game(Setup(difficult=difficult), seed)
    if pile is None:
        pile = tuple(sorted(set(tables().actions) - set(hand) - set(rested) - set(gone)))
    data = replace(s.data, route=tuple(route), position=position, hand=tuple(hand), pile=tuple(sorted(pile)),
                   exhaustion=exhaustion, hunger=hunger, flock=flock, rested=tuple(rested), gone=tuple(gone))
    return replace(s, data=data, flow=Flow(**flow))


def play(state, *actions):
    for a in actions:
        state, _ = apply(state, a)
    return state


def roll(state, *faces):
    state, _ = apply(state, Measured({"faces": list(faces)}))
    return state


def texts(events) -> list[str]:
    return [e.data.get("text", "") for e in events]
