"""Whose turn it is and which figure is acting, in the Activation Phase (rulebook: Activate Units,
"play will proceed clockwise around the table with players activating units in turn order";
Flight Movement: the activated bird's one figure). Shared by the step modules and the flow."""
from __future__ import annotations

from feltbox.rules.tailfeathers.state import Figure, TFState


def player(state: TFState) -> str:
    """The player whose activation turn it is (flow.order is the turn order, first player first)."""
    return state.flow.order[state.flow.turn]


def mover(state: TFState) -> Figure:
    """The figure of the activated unit: the bird in a flight or a death spiral (one figure each)."""
    return state.data.figures_of(state.flow.active)[0]
