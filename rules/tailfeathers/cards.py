"""Additional Rules: Action Cards and Structures (the ballista). 60 HOUSE cards (data/
action_cards.toml) with a small effect vocabulary interpreted here. One card per player turn, for
the active unit when it matches the requirement; hero/pilot cards cost cheese and go to the
refresh pile; bird cards need the bird in flight and stay by its card until it perches or is
defeated. Build Ballista puts a ballista structure on a tree space (not a leaf or nest), turned
(activated) the round it is built; it activates only with its required figures and no enemies."""
from __future__ import annotations

from dataclasses import dataclass, replace

from feltbox.rules.core import Event, IllegalAction
from feltbox.rules.tailfeathers import data as tables
from feltbox.rules.tailfeathers import dice
from feltbox.rules.tailfeathers.state import FLYING, Figure, TFState, Unit
from feltbox.rules.tailfeathers.stats import on_ground, space


@dataclass(frozen=True)
class PlayCard:
    card: str


def _fits(state: TFState, card: dict) -> bool:
    u = state.data.unit(state.flow.active)
    fig = state.data.figures_of(u.id)[0]
    req = card["requirement"]
    if card["kind"] == "bird":
        if u.kind != "bird" or not (fig.where == FLYING or fig.launching):
            return False
        return req == "bird" or req == tables.bird(u.card)["type"]
    if req == "pilot":
        return u.kind == "bird" and bool(u.pilot) and (not u.rattled or card["effect"] == "unrattle")
    if req == "hero":
        return u.kind == "hero"
    if req == "ground":
        return u.kind in ("squad", "hero") and any(on_ground(state, f) for f in state.data.figures_of(u.id))
    if u.kind == "bird" and u.pilot and not u.rattled:          # a proficiency
        return req in tables.pilot(u.pilot).get("proficiencies", [])
    return False


def card_options(state: TFState) -> list:
    f = state.flow
    if "action_cards" not in state.setup.rules or f.card_played or not f.active:
        return []
    timing = "before_attack" if f.waiting == "act" else "activation_start"
    if f.waiting not in ("act", "move", "pilot") or (timing == "activation_start" and (f.done or f.piloted)):
        return []
    who = state.data.unit(f.active).alliance
    p = state.data.player(who)
    out = []
    for cid in p.hand:
        card = tables.action_cards()[cid]
        if card["timing"] == timing and _fits(state, card) and p.cheese >= card["cost"] \
                and (card["effect"] != "build:ballista" or _build_space(state)):
            out.append(PlayCard(cid))
    return sorted(set(out), key=lambda c: c.card)


def _build_space(state: TFState) -> str:
    u = state.data.unit(state.flow.active)
    if any(x.kind == "structure" and x.alliance == u.alliance for x in state.data.units):
        return ""
    for fid in state.flow.figs:
        fig = state.data.figure(fid)
        if on_ground(state, fig) and space(state, fig.where).kind in ("branch", "sapling"):
            if len(state.data.on_space(fig.where)) < space(state, fig.where).capacity:
                return fig.where
    return ""


def play(state: TFState, a: PlayCard, events: list) -> TFState:
    card = tables.action_cards()[a.card]
    u = state.data.unit(state.flow.active)
    p = state.data.player(u.alliance)
    hand = list(p.hand)
    hand.remove(a.card)
    if card["kind"] == "bird":
        data = state.data.with_player(replace(p, hand=tuple(hand)))
        data = data.with_unit(replace(data.unit(u.id), held_cards=u.held_cards + (a.card,)))
    else:
        data = state.data.with_player(replace(p, hand=tuple(hand), cheese=p.cheese - card["cost"],
                                              refresh=p.refresh + (a.card,)))
    state = replace(state, data=data, flow=replace(state.flow, card_played=True))
    events.append(Event("action card", {"player": u.alliance, "card": a.card, "unit": u.id}))
    return _effect(state, card["effect"], events)


def _effect(state: TFState, effect: str, events: list) -> TFState:
    name, _, arg = effect.partition(":")
    f = state.flow
    u = state.data.unit(f.active)
    if name == "heal":
        return replace(state, data=state.data.with_unit(replace(u, wounds=max(0, u.wounds - int(arg)))))
    if name == "cheese":
        return dice.add_cheese(state, u.alliance, int(arg))[0]
    if name == "unrattle":
        return replace(state, data=state.data.with_unit(replace(u, rattled=False)))
    if name == "extinguish":
        data = state.data
        for fid in f.figs:
            data = data.with_figure(replace(data.figure(fid), on_fire=False))
        return replace(state, data=data)
    if name == "move_bonus":
        return replace(state, flow=replace(f, bonus_move=f.bonus_move + int(arg)))
    if name == "attack_bonus":
        return replace(state, flow=replace(f, bonus_attack=f.bonus_attack + int(arg)))
    if name == "tilt_free":
        return replace(state, flow=replace(f, tilt_free=True))
    if name == "build" and arg == "ballista":
        where = _build_space(state)
        uid = f"ballista-{u.alliance}"
        unit = Unit(uid, u.alliance, "structure", "ballista", activated=True)
        fig = Figure(uid, uid, u.alliance, "S", where)
        data = replace(state.data, units=state.data.units + (unit,), figures=state.data.figures + (fig,))
        events.append(Event("ballista built", {"player": u.alliance, "space": where}))
        return replace(state, data=data)
    raise IllegalAction(f"unknown card effect {effect!r}")


HAND_SIZE = 7       # Action Cards: "start the game with 7 unique action cards of their choosing"


def default_hand(units, alliance: str) -> tuple[str, ...]:
    """House choice when a player brings no hand: the first 7 cards (data order) some unit of
    ``alliance`` can use (its birds' types, pilots and their proficiencies, hero, ground units),
    topped up with the next cards if fewer fit."""
    usable = {"bird", "pilot", "ground"}
    for u in units:
        if u.alliance != alliance:
            continue
        if u.kind == "bird":
            usable.add(tables.bird(u.card)["type"])
            if u.pilot:
                usable.update(tables.pilot(u.pilot).get("proficiencies", []))
        usable.add(u.kind)
    cards = list(tables.action_cards())
    fitting = [c for c in cards if tables.action_cards()[c]["requirement"] in usable]
    rest = [c for c in cards if c not in fitting]
    return tuple((fitting + rest)[:HAND_SIZE])
