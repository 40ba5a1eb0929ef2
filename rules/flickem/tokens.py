"""Tokens in buildings and inventories (rulebook: TAKE / DROP OFF, SURVIVORS "2 additional
inventory spaces", LOSING LIFE "tokens ... placed face up in the grocery store").

Take and drop happen inside a building, on its support blocks, for one action; taking and
dropping together is an exchange, still one action. Taking a face-down token shows it to the
taker only, who then keeps it or leaves it face up in the building (still one action).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from feltbox.rules.core import Event, IllegalAction
from feltbox.rules.flickem.figures import RESCUED_GAP, free_spot
from feltbox.rules.flickem.scenarios import scenario_rules
from feltbox.rules.flickem.state import Data, FlickemState, Survivor, Token, Waiting
from feltbox.rules.geometry import to_rectangle

REACH = 4.0 + 1.3        # S3: "within a movement disc's width" of the object, from the figure's base edge

INVENTORY_SPACES = 2           # rulebook SURVIVORS: 2 spaces besides the default weapon and life


@dataclass(frozen=True)
class TakeDrop:
    take: str | None = None
    drop: str | None = None
    also: str | None = None     # GABRIEL DIAZ: a second face-down token he looks at
    at: str | None = None       # S3: the object in the city a token is dropped at


@dataclass(frozen=True)
class KeepToken:
    keep: bool
    token: str | None = None    # which looked-at token to keep (Gabriel looks at 2)


# S7 SPECIAL POWERS: Loretta stacks 2 food on one space, Olivia 2 medicine
STACKS = {"Loretta": "food", "Olivia": "medicine"}


def spaces_used(survivor: Survivor, kinds: tuple[str, ...]) -> int:
    """Inventory spaces ``kinds`` fill for this survivor (2 of a stacking kind share a space)."""
    stack = STACKS.get(survivor.name) if survivor.power else None
    stacked = sum(k == stack for k in kinds)
    return len(kinds) - stacked + (stacked + 1) // 2


def _fits(data: Data, s: Survivor, token: Token, dropping: str | None = None) -> bool:
    kinds = tuple(data.token(t).kind for t in s.inventory if t != dropping)
    if token.face == "down":   # unknown kind: room for anything, or a stacker's maybe
        return spaces_used(s, kinds) < INVENTORY_SPACES or (s.power and s.name in STACKS)
    return spaces_used(s, kinds + (token.kind,)) <= INVENTORY_SPACES


def take_drop_options(state: FlickemState) -> list[TakeDrop]:
    """Every legal take, drop and exchange for the active survivor in its building, or at the
    objects within reach in the city (S3 TAKE, DROP, EXCHANGE IN THE CITY)."""
    s = state.data.survivor(state.flow.active)
    if s.where in ("dead", "reserve"):
        return []
    places = objects_in_reach(state.data, s.id) if s.where == "city" else [s.where]
    if not places:
        return []
    waiting = dict(state.data.recruits)     # S8: a revealed survivor token stays on its block
    here = sorted(t.id for t in state.data.tokens if t.where in places and t.id not in waiting)
    mine = list(s.inventory)
    options = [TakeDrop(take=t) for t in here if _fits(state.data, s, state.data.token(t))]
    if s.power and s.name == "Gabriel":     # looks at 2 face-down tokens before choosing
        down = [t for t in here if state.data.token(t).face == "down"]
        options += [TakeDrop(take=t, also=u) for t in down for u in down
                    if t != u and _fits(state.data, s, state.data.token(t))]
    if state.flow.actions_left == 0:        # only Loretta's free take is left
        return options
    options += [TakeDrop(drop=d, at=None if s.where != "city" else p) for d in mine for p in places]
    options += [TakeDrop(take=t, drop=d) for t in here for d in mine
                if _fits(state.data, s, state.data.token(t), dropping=d)]
    return options


def apply_take_drop(state: FlickemState, action: TakeDrop) -> tuple[FlickemState, list[Event]]:
    f = state.flow
    s = state.data.survivor(f.active)
    data, events = state.data, []
    if action.drop is not None:          # in the building, or at the object (S3 IN THE CITY)
        place = s.where if s.where != "city" else (action.at or data.token(action.take).where)
        data = data.with_token(replace(data.token(action.drop), where=place))
        s = replace(s, inventory=tuple(t for t in s.inventory if t != action.drop))
        events.append(Event("dropped off", {"survivor": s.id, "token": action.drop, "building": place}))
    waiting, looking = Waiting.ACT, None
    revealed = action.take is not None and reveals_at_once(state, data.token(action.take).kind)
    if action.take is not None and not revealed:
        token = data.token(action.take)
        if token.face == "down":                          # look first, then keep or leave it
            looked = [token] + ([data.token(action.also)] if action.also else [])
            waiting, looking = Waiting.LOOK, ",".join(t.id for t in looked)
            for t in looked:
                events.append(Event("looked at a token", {"survivor": s.id, "token": t.id,
                                                          "kind": t.kind}, visible_to=(s.team,)))
        else:
            data = data.with_token(replace(token, where=s.id))
            s = replace(s, inventory=s.inventory + (token.id,))
            events.append(Event("took", {"survivor": s.id, "token": token.id, "kind": token.kind}))
    data = data.with_survivor(s)
    free = f.free_take and action.drop is None          # Loretta's second token: no action
    flow = replace(f, actions_left=f.actions_left - (0 if free else 1), waiting=waiting,
                   looking=looking, free_take=False)
    if action.take is not None and waiting == Waiting.ACT and not revealed:
        flow = _after_taking(s, data.token(action.take), flow, free)
    state = replace(state, data=data, flow=flow)
    if revealed:                    # S5 CROSSROADS, S8 NEW SURVIVOR: flow.py reveals it next
        return state, events
    if action.take is not None and waiting == Waiting.ACT and data.token(action.take).kind == "survivor":
        state = survivor_found(state, action.take, events)
    return state, events


def reveals_at_once(state: FlickemState, kind: str) -> bool:
    """Tokens revealed when taken, never looked at in secret: Crossroads (S5 CROSSROADS, S6), and
    S8's survivor tokens (NEW SURVIVOR). :func:`apply_take_drop` leaves such a token where it
    was; the revealing (crossroads.py, strength.py) is the flow's next step."""
    return kind == "crossroads" or (kind == "survivor" and scenario_rules(state.scenario).recruits)


def survivor_found(state: FlickemState, token_id: str, events: list[Event]) -> FlickemState:
    """S5 SPECIAL RULE (and S3's rescue): taking a survivor token adds the next separated survivor
    to the taker's team, in the building where the token was found; the token leaves the game."""
    data = state.data
    taker = data.survivor(state.flow.active)
    reserve = [s for s in data.survivors if s.where == "reserve"]
    if not reserve:
        return state
    # joins ready to act this round (house reading; S8 says so for its recruits)
    found = replace(reserve[0], where=taker.where, team=taker.team, standing=True, backpack=state.flow.colour)
    taker = replace(taker, inventory=tuple(t for t in taker.inventory if t != token_id))
    data = data.with_survivor(taker).with_survivor(found)
    # The figure is on the table from now on, in the finder's building: like every figure on the
    # table it has a place in the rules (the finder's, on the same support blocks) until the next
    # episode measures it. Without one, anything reckoning a distance from it (its turn's zombie
    # reaction, TOO CLOSE!, stealing, the pretzel) had nothing to measure from.
    # Found in the street (S3: under a vehicle): RESCUED FIGURE "within a movement disc's width of
    # its escort", next to the finder, never on the finder's own spot (two figures in one place).
    here = {p: (x, y) for p, x, y in data.positions}.get(taker.id)
    gap = RESCUED_GAP if scenario_rules(state.scenario).rescue else 1.0
    if here is not None:
        data = data.with_positions({found.id: free_spot(data, here, ignore=(found.id,), gap=gap)
                                    if taker.where == "city" else here})
    data = data.with_token(replace(data.token(token_id), where="removed", face="up"))
    if scenario_rules(state.scenario).rescue:       # S3: she is escorted, she does not act
        data = replace(data, rescued=found.id, escort=taker.id)
        events.append(Event("escort", {"survivor": found.id, "escort": taker.id}))
    events.append(Event("survivor found", {"survivor": found.id, "building": found.where, "team": found.team}))
    return replace(state, data=data)


def _after_taking(s: Survivor, token: Token, flow, was_free: bool):
    """LORETTA CLAY: whenever she takes a food token she may take a second one for free."""
    if s.power and s.name == "Loretta" and token.kind == "food" and not was_free:
        return replace(flow, free_take=True)
    return flow


def apply_keep(state: FlickemState, action: KeepToken) -> tuple[FlickemState, list[Event]]:
    f = state.flow
    if f.waiting != Waiting.LOOK:
        raise IllegalAction("no token is being looked at")
    s = state.data.survivor(f.active)
    looked = f.looking.split(",")
    if action.token is not None and action.token not in looked:
        raise IllegalAction(f"{action.token} is not one of the tokens looked at")
    token = state.data.token(action.token or looked[0])
    flow = replace(f, waiting=Waiting.ACT, looking=None)
    if action.keep:
        kinds = tuple(state.data.token(t).kind for t in s.inventory) + (token.kind,)
        if spaces_used(s, kinds) > INVENTORY_SPACES:
            raise IllegalAction(f"{s.name}'s inventory is full")
        data = state.data.with_token(replace(token, where=s.id)).with_survivor(
            replace(s, inventory=s.inventory + (token.id,)))
        event = Event("took", {"survivor": s.id, "token": token.id, "kind": token.kind}, visible_to=(s.team,))
        flow = _after_taking(s, token, flow, was_free=False)
        if token.kind == "survivor":
            events = [event]
            state = survivor_found(replace(state, data=data, flow=flow), token.id, events)
            return state, events
    else:
        data = state.data.with_token(replace(token, face="up"))
        event = Event("left a token face up", {"survivor": s.id, "token": token.id, "kind": token.kind})
    return replace(state, data=data, flow=flow), [event]


def objects_in_reach(data: Data, sid: str) -> list[str]:
    """S3 TAKE, DROP, EXCHANGE IN THE CITY: objects within a movement disc's width of the
    survivor (house: the disc's 4 cm from the edge of the figure's 1.3 cm-radius base)."""
    here = dict((p, (x, y)) for p, x, y in data.positions).get(sid)
    if here is None:
        return []
    return sorted(o for o, x, y, heading, hl, hw in data.objects
                  if to_rectangle(here, (x, y), heading, hl, hw) <= REACH)
