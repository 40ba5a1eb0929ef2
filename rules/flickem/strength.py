"""S8 Strength in Numbers, Special Rules NEW X TOKENS and NEW SURVIVOR (scenario data: the
``x_tokens`` and ``recruits`` switches in data/scenarios.toml).

NEW SURVIVOR: a survivor token taken face down is revealed at once and stays face up on the same
support block; an unused survivor board (a reserve survivor of the scene) is drawn at random with
the state's Rng and waits outside the city, normal side up, with its 2 life. The next survivor to
exit that building with a move action (``left_building(..., by_move=True)``) adds it to its team:
the figure is placed next to the active survivor, the token leaves the game, and its backpack
shows the round's colour.

NEW X TOKENS: when the last survivor in a building exits it (a move, losing a zombie fight, ...)
the active player moves an X from the building of their choice to the front of that building
(``MoveX``, offered while the flow waits for "x"), and a random token of the supply outside the
city goes face down into the building the X left.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from feltbox.rules.core import Event, IllegalAction
from feltbox.rules.flickem.figures import free_spot
from feltbox.rules.flickem.scenarios import scenario_rules
from feltbox.rules.flickem.state import FlickemState, Waiting

FRONT = "front:"


@dataclass(frozen=True)
class MoveX:
    """NEW X TOKENS: take the X in front of ``from_building``, place it in front of ``to_building``."""
    from_building: str
    to_building: str


def survivor_revealed(state: FlickemState, token_id: str, events: list[Event]) -> FlickemState:
    """The taken survivor token goes face up on its block; a random unused board waits for it."""
    data = state.data
    taker = data.survivor(state.flow.active)
    token = data.token(token_id)
    taker = replace(taker, inventory=tuple(t for t in taker.inventory if t != token_id))
    data = data.with_survivor(taker)
    waiting = {sid for _, sid in data.recruits}
    unused = sorted(s.id for s in data.survivors if s.where == "reserve" and s.id not in waiting)
    if not unused:                          # no board left: the token has nothing to bring
        data = data.with_token(replace(token, where="removed", face="up"))
        events.append(Event("survivor token revealed", {"token": token_id, "building": token.where,
                                                        "survivor": None}))
        return replace(state, data=data)
    index, rng = state.rng.below(len(unused))
    board = unused[index]
    data = data.with_token(replace(token, where=token.where, face="up"))
    data = replace(data, recruits=data.recruits + ((token_id, board),))
    events.append(Event("survivor token revealed", {"token": token_id, "building": token.where, "survivor": board}))
    return replace(state, data=data, rng=rng)


def left_building(state: FlickemState, building: str, events: list[Event], by_move: bool = True) -> FlickemState:
    """The active survivor exited ``building``: recruits (by a move only), then NEW X TOKENS."""
    rules = scenario_rules(state.scenario)
    data = state.data
    if rules.recruits and by_move:
        for token_id, board in [(t, b) for t, b in data.recruits if data.token(t).where == building]:
            active = data.survivor(state.flow.active)
            here = {p: (px, py) for p, px, py in data.positions}.get(active.id, (0.0, 0.0))
            x, y = free_spot(data, here, ignore=(board,))
            new = replace(data.survivor(board), where="city", team=active.team, standing=True,
                          backpack=state.flow.colour, power=False, specials=(), inventory=())
            data = data.with_survivor(new).with_positions({board: (x, y)})
            data = data.with_token(replace(data.token(token_id), where="removed"))
            data = replace(data, recruits=tuple(r for r in data.recruits if r[0] != token_id))
            events.append(Event("survivor recruited", {"survivor": board, "team": active.team, "by": active.id,
                                                       "token": token_id, "x": x, "y": y}))
    state = replace(state, data=data)
    empty = not any(s.where == building for s in data.survivors)
    if rules.x_tokens and empty and x_sources(state):
        state = replace(state, flow=replace(state.flow, closing=building))
        events.append(Event("place an X", {"building": building, "from": x_sources(state)}))
    return state


def x_first(state: FlickemState) -> FlickemState:
    """NEW X TOKENS: a building was just emptied (``closing``): before the survivor acts again the
    active player moves an X (the flow waits for "x")."""
    if state.flow.closing and state.flow.waiting == Waiting.ACT:
        return replace(state, flow=replace(state.flow, waiting=Waiting.X))
    return state


def x_sources(state: FlickemState) -> list[str]:
    """Buildings with an X in front of them (where an X may be taken from)."""
    return sorted(t.where[len(FRONT):] for t in state.data.tokens if t.kind == "x" and t.where.startswith(FRONT))


def move_x_options(state: FlickemState) -> list[MoveX]:
    return [MoveX(b, state.flow.closing) for b in x_sources(state)]


def apply_move_x(state: FlickemState, action: MoveX) -> tuple[FlickemState, list[Event]]:
    if state.flow.waiting != Waiting.X or action not in move_x_options(state):
        raise IllegalAction(f"{action} is not legal now")
    data = state.data
    x = next(t for t in sorted(data.tokens, key=lambda t: t.id)
             if t.kind == "x" and t.where == FRONT + action.from_building)
    data = data.with_token(replace(x, where=FRONT + action.to_building))
    events = [Event("X token moved", {"token": x.id, "from": action.from_building, "to": action.to_building})]
    supply = sorted(t.id for t in data.tokens if t.where == "supply")
    rng = state.rng
    if supply:
        index, rng = rng.below(len(supply))
        data = data.with_token(replace(data.token(supply[index]), where=action.from_building, face="down"))
        events.append(Event("supply token placed", {"token": supply[index], "building": action.from_building}))
    flow = replace(state.flow, waiting=Waiting.ACT, closing=None)
    return replace(state, data=data, flow=flow, rng=rng), events
