"""CROSSROADS (rulebook: S5 SEPARATED, NEW RULES; S6 "Crossroads tokens are immediately revealed
as normal"): taking a Crossroads token reveals it at once and draws a Crossroads card, read aloud
(an event ``crossroads card`` with its title and text for everyone) and executed "if possible".

The 30 cards are house values (data/crossroads.toml: the rulebook does not print them). The deck
is every card not yet discarded (``Data.crossroads_drawn``); drawing picks one of them with the
state's Rng, which is the same as drawing the top card of a deck shuffled with it. When the deck
runs out the discards are shuffled back. "The survivor" is the active survivor; "a survivor"
is every survivor matching the card's condition. NEW zombies come from the game box (zombies
whose ``where`` is "box"), then from the zombie bin.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

from feltbox.rules.core import Event
from feltbox.rules.flickem.figures import free_spot
from feltbox.rules.flickem.life import lose_life
from feltbox.rules.flickem.noise import Noise
from feltbox.rules.flickem.state import FlickemState, Survivor, Waiting

DATA = Path(__file__).with_name("data") / "crossroads.toml"
EFFECTS = {"life", "token", "zombies", "discard", "drop", "fall", "noise", "actions", "nothing"}
OUT_OF_PLAY = ("dead", "reserve")
IN_BUILDING_MAX = 2        # ZOMBIES ENTERING A BUILDING: never more than 2 zombies inside


@dataclass(frozen=True)
class Card:
    id: str
    title: str
    text: str
    effects: tuple[tuple[tuple[str, object], ...], ...]   # each effect as sorted (key, value) pairs


@cache
def cards() -> tuple[Card, ...]:
    with DATA.open("rb") as f:
        table = tomllib.load(f)
    deck = []
    for entry in table["card"]:
        for effect in entry["effects"]:
            if effect.get("do") not in EFFECTS:
                raise ValueError(f"{DATA}: card {entry['id']!r}: unknown effect {effect.get('do')!r}")
        deck.append(Card(entry["id"], entry["title"], entry["text"],
                         tuple(tuple(sorted(e.items())) for e in entry["effects"])))
    if len({c.id for c in deck}) != len(deck):
        raise ValueError(f"{DATA}: card ids must be unique")
    return tuple(deck)


def card(card_id: str) -> Card:
    return next(c for c in cards() if c.id == card_id)


def draw(state: FlickemState, token_id: str, events: list[Event]) -> FlickemState:
    """The active survivor took Crossroads token ``token_id``: reveal it, draw, read, execute."""
    data = state.data
    taker = data.survivor(state.flow.active)
    token = data.token(token_id)
    taker = replace(taker, inventory=tuple(t for t in taker.inventory if t != token_id))
    data = data.with_survivor(taker).with_token(replace(token, where="removed", face="up"))
    events.append(Event("crossroads revealed", {"survivor": taker.id, "token": token_id, "building": token.where}))
    drawn = data.crossroads_drawn
    deck = [c.id for c in cards() if c.id not in drawn]
    if not deck:                                   # house: the discards are shuffled back
        deck, drawn = [c.id for c in cards()], ()
    index, rng = state.rng.below(len(deck))
    chosen = card(deck[index])
    data = replace(data, crossroads_drawn=drawn + (chosen.id,))
    state = replace(state, data=data, rng=rng)
    events.append(Event("crossroads card", {"card": chosen.id, "title": chosen.title, "text": chosen.text,
                                            "survivor": taker.id}))
    for effect in chosen.effects:
        if state.flow.waiting == Waiting.OVER:
            break
        state = _execute(state, dict(effect), events)
    return state


def _who(state: FlickemState, who: str) -> list[Survivor]:
    data = state.data
    active = data.survivor(state.flow.active)
    alive = [s for s in data.survivors if s.where not in OUT_OF_PLAY]
    if who == "the_survivor":
        return [active] if active.where not in OUT_OF_PLAY else []
    if who == "in_building":
        return [s for s in alive if s.where == active.where and active.where != "city"]
    if who == "in_city":
        return [s for s in alive if s.where == "city"]
    if who == "team":
        return [s for s in alive if s.team == active.team]
    if who == "all":
        return alive
    if who.startswith("holding:"):
        kind = who.split(":", 1)[1]
        return [s for s in alive if kind in data.kinds(s.inventory)]
    raise ValueError(f"unknown crossroads target {who!r}")


def _execute(state: FlickemState, effect: dict, events: list[Event]) -> FlickemState:
    do = effect["do"]
    targets = [s.id for s in _who(state, effect.get("who", "the_survivor"))]
    f = state.flow
    if do == "life" and effect["amount"] > 0:
        start = {s.id: s.life for s in state.setup.survivors}
        for sid in targets:
            s = state.data.survivor(sid)
            life = min(s.life + effect["amount"], max(start.get(sid, s.life), s.life))
            if life != s.life:
                state = replace(state, data=state.data.with_survivor(replace(s, life=life)))
                events.append(Event("survivor gained a life", {"survivor": sid, "life": life}))
    elif do == "life":
        for sid in targets:
            for _ in range(-effect["amount"]):
                if state.flow.waiting == Waiting.OVER or state.data.survivor(sid).where == "dead":
                    break
                state = lose_life(state, sid, events, falls=False)
    elif do == "token":
        state = _token_appears(state, effect["kind"], events)
    elif do == "zombies":
        for sid in targets:
            for _ in range(effect.get("count", 1)):
                state = _new_zombie(state, sid, not effect.get("fallen", False), events)
    elif do == "discard":
        for sid in targets:
            s = state.data.survivor(sid)
            tid = next((t for t in s.inventory if state.data.token(t).kind == effect["kind"]), None)
            if tid is not None:
                data = state.data.with_survivor(replace(s, inventory=tuple(t for t in s.inventory if t != tid)))
                data = data.with_token(replace(data.token(tid), where="removed", face="up"))
                state = replace(state, data=data)
                events.append(Event("discarded", {"survivor": sid, "token": tid, "kind": effect["kind"]}))
    elif do == "drop":
        s = state.data.survivor(f.active)
        if s.inventory and s.where not in ("city", *OUT_OF_PLAY):
            index, rng = state.rng.below(len(s.inventory))
            tid = s.inventory[index]
            data = state.data.with_survivor(replace(s, inventory=tuple(t for t in s.inventory if t != tid)))
            data = data.with_token(replace(data.token(tid), where=s.where, face="up"))
            state = replace(state, data=data, rng=rng)
            events.append(Event("dropped off", {"survivor": s.id, "token": tid, "building": s.where,
                                                "kind": data.token(tid).kind}))
    elif do == "fall":
        for sid in targets:
            state = replace(state, data=state.data.with_survivor(replace(state.data.survivor(sid), standing=False)))
            events.append(Event("survivor fell", {"survivor": sid}))
    elif do == "noise":
        level = Noise.LOUD if effect["level"] == "loud" else Noise.QUIET
        state = replace(state, flow=replace(f, noises=f.noises + (int(level),)))
    elif do == "actions":
        state = replace(state, flow=replace(f, actions_left=max(0, f.actions_left + effect["amount"])))
        events.append(Event("actions changed", {"survivor": f.active, "actions_left": state.flow.actions_left}))
    return state


def _token_appears(state: FlickemState, kind: str, events: list[Event]) -> FlickemState:
    """A token of ``kind`` from the supply outside the city, face up where the survivor stands."""
    s = state.data.survivor(state.flow.active)
    supply = sorted(t.id for t in state.data.tokens if t.where == "supply" and t.kind == kind)
    if not supply or s.where in OUT_OF_PLAY:
        return state
    data = state.data.with_token(replace(state.data.token(supply[0]), where=s.where, face="up"))
    events.append(Event("token appeared", {"token": supply[0], "kind": kind, "building": s.where}))
    return replace(state, data=data)


def _new_zombie(state: FlickemState, sid: str, standing: bool, events: list[Event]) -> FlickemState:
    """One NEW zombie, from the game box if possible, else from the zombie bin: next to survivor
    ``sid`` in the city, or into the building it is in (if fewer than 2 zombies are there)."""
    data = state.data
    s = data.survivor(sid)
    source = next((w for w in ("box", "bin") if any(z.where == w for z in data.zombies)), None)
    if source is None:
        return state
    zid = min(z.id for z in data.zombies if z.where == source)
    if s.where == "city":
        x, y = free_spot(data, data.position(sid))
        data = data.with_positions({zid: (x, y)})
        where, info = "city", {"x": x, "y": y}
    elif sum(z.where == s.where for z in data.zombies) < IN_BUILDING_MAX:
        where, info, standing = s.where, {}, True
    else:
        return state
    zombies = tuple(replace(z, where=where, standing=standing) if z.id == zid else z for z in data.zombies)
    events.append(Event("new zombie", {"zombie": zid, "from": source, "where": where, "standing": standing,
                                       "next_to": sid, **info}))
    return replace(state, data=replace(data, zombies=zombies))
