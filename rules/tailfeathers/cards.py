"""Additional Rules: Action Cards and Structures (the ballista). 60 HOUSE cards (data/
action_cards.toml) with a small effect vocabulary interpreted here. A card is played for a unit
that matches its requirement, at its timing; hero/pilot cards cost cheese and go to the refresh
pile; bird cards need the bird in flight and stay by its card until it perches or is defeated.
"You cannot play more than 1 action card on each player's turn": each player at most one on
each turn (flow.cards_played), the active player's or another's: in a death spiral both birds
attack, so before each battle roll the bird's player may play a before-attack card for it (a
card window, ``window_options``; PlayCard("") plays none). Build Ballista puts a ballista
structure on a tree space (not a leaf or nest), turned (activated) the round it is built; it
activates only with its required figures and no enemies."""
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


def _fits(state: TFState, card: dict, uid: str = "") -> bool:
    u = state.data.unit(uid or state.flow.active)
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
    if "action_cards" not in state.setup.rules or not f.active:
        return []
    if state.data.unit(f.active).alliance in f.cards_played:
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


def window_options(state: TFState, uid: str = "") -> list:
    """A death spiral bird's before-attack cards (its player's hand, requirement, cost), then
    PlayCard("") for none; [] when its player has played a card on this turn or has none."""
    f = state.flow
    uid = uid or f.card_window
    if "action_cards" not in state.setup.rules or not uid:
        return []
    p = state.data.player(state.data.unit(uid).alliance)
    if p.alliance in f.cards_played:
        return []
    out = sorted({PlayCard(c) for c in p.hand if tables.action_cards()[c]["timing"] == "before_attack"
                  and _fits(state, tables.action_cards()[c], uid) and p.cheese >= tables.action_cards()[c]["cost"]},
                 key=lambda c: c.card)
    return out + [PlayCard("")] if out else []


def play_window(state: TFState, a: PlayCard, events: list) -> TFState:
    """The card (or none) played in a death spiral's card window: its attack bonus goes to the
    bird's battle roll (flow.spiral_bonus)."""
    uid = state.flow.card_window
    state = replace(state, flow=replace(state.flow, card_window=""))
    if not a.card:
        return state
    card = tables.action_cards()[a.card]
    state = _pay(state, uid, a.card, card, events)
    name, _, arg = card["effect"].partition(":")
    if name != "attack_bonus":
        raise IllegalAction(f"{a.card}: no before-attack effect {card['effect']!r} in a death spiral")
    return replace(state, flow=replace(state.flow, spiral_bonus=state.flow.spiral_bonus + int(arg)))


def _pay(state: TFState, uid: str, cid: str, card: dict, events: list) -> TFState:
    """The card leaves the hand: a bird card by the bird's unit card, a hero/pilot card to the
    refresh pile once its cheese is paid; its player has played this turn's card."""
    u = state.data.unit(uid)
    p = state.data.player(u.alliance)
    hand = list(p.hand)
    hand.remove(cid)
    if card["kind"] == "bird":
        data = state.data.with_player(replace(p, hand=tuple(hand)))
        data = data.with_unit(replace(data.unit(u.id), held_cards=u.held_cards + (cid,)))
    else:
        data = state.data.with_player(replace(p, hand=tuple(hand), cheese=p.cheese - card["cost"],
                                              refresh=p.refresh + (cid,)))
    events.append(Event("action card", {"player": u.alliance, "card": cid, "unit": u.id}))
    return replace(state, data=data, flow=replace(state.flow, cards_played=state.flow.cards_played + (u.alliance,)))


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
    state = _pay(state, state.flow.active, a.card, card, events)
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


def default_hand(units, alliance: str, rules: tuple[str, ...] = ()) -> tuple[str, ...]:
    """House choice when a player brings no hand: the first 7 cards (data order) some unit of
    ``alliance`` can use (its birds' types, pilots and their proficiencies, hero, ground units),
    topped up with the next cards if fewer fit. With Structures in play one of the 7 is Build
    Ballista ("Keep this in mind when selecting your action cards": the ballista is built by it)."""
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
    hand = [c for c in fitting + rest if c != "build_ballista"][:HAND_SIZE]
    if "structures" in rules and "build_ballista" in cards:
        hand = hand[:HAND_SIZE - 1] + ["build_ballista"]
    return tuple(hand)
