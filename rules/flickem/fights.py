"""Fights, staged outside the city (rulebook S2 FIGHT: SURVIVOR VS ZOMBIE with USING A GUN OR
KNIFE, 2 VS. 1 and USING A BASEBALL BAT; S6 FIGHT: SURVIVOR VS SURVIVOR with USING THE BASEBALL
BAT, 2 VS 1 and SURVIVOR(S) VS SURVIVOR VS ZOMBIE(S)).

A fight starts when a survivor enters a building holding zombies (they stand up) or opposing
survivors, or when a survivor in a building with a standing zombie wants to act. Each survivor
picks a fight weapon; attacks are physics requests ("fight_flick": the bridge lines the two sides
up ``gap`` cm apart in a scratch arena and flicks the weapon); survivors flicked out of a
building after losing are "eject" requests. Zombies move by the fight deck (data/fights.toml).

House readings (written down here and in docs/rules-coverage-flickem.md):
- a fight costs no action and makes no noise (it is staged outside the city);
- an ATTACK card wounds the survivor who started the fight (the first of its side);
- the bat attacks once per fight; in a zombie fight its attack ends the fight either way;
- losing a zombie fight (ATTACK, or a missed bat) ends the survivor's actions this turn; in S8 it
  also puts the loser out of the building (NEW X TOKENS: "losing a zombie fight" exits it);
- if WALK cards bring the zombies to the survivors' line they attack.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

from feltbox.rules.core import Event, IllegalAction
from feltbox.rules.flickem.figures import place_measured_figures
from feltbox.rules.flickem.life import lose_life
from feltbox.rules.flickem.outcome import FlickOutcome
from feltbox.rules.flickem.scenarios import scenario_rules
from feltbox.rules.flickem.state import Fight, FlickemState, Waiting
from feltbox.rules.flickem.strength import left_building
from feltbox.rules.flickem.weapons import weapons_of

DATA = Path(__file__).with_name("data") / "fights.toml"
PIECE = {"gun": "bullet", "knife": "knife", "bat": "bat"}     # what each fight weapon flicks


@lru_cache(maxsize=1)
def fight_data() -> dict:
    with DATA.open("rb") as f:
        return tomllib.load(f)


@dataclass(frozen=True)
class FightWith:
    """A survivor's weapon for the fight (the survivor chooses: USING A GUN OR KNIFE / BAT)."""
    survivor: str
    weapon: str


@dataclass(frozen=True)
class BatTurn:
    """USING A BASEBALL BAT: attack now (flick the bat) or wait."""
    attack: bool


def fight_weapons(state: FlickemState, sid: str) -> list[str]:
    s = state.data.survivor(sid)
    table = fight_data()["weapons"]
    out: list[str] = []
    for w in weapons_of(s.name, state.data.kinds(s.inventory)):
        if table[w] not in out:
            out.append(table[w])
    return out


def _standing_zombies_in(state: FlickemState, building: str) -> list[str]:
    return sorted(z.id for z in state.data.zombies if z.where == building and z.standing)


def must_fight(state: FlickemState) -> bool:
    """FIGHT trigger 2: the active survivor is in a building with a standing zombie."""
    s = state.data.survivor(state.flow.active)
    return (scenario_rules(state.scenario).zombie_fights and s.where not in ("city", "dead", "reserve")
            and bool(_standing_zombies_in(state, s.where)))


def _fighters(state: FlickemState, team: str, building: str, first: str | None = None) -> tuple[str, ...]:
    """2 VS 1: up to two survivors of ``team`` in ``building`` (``first`` leads)."""
    ids = sorted(s.id for s in state.data.survivors if s.team == team and s.where == building
                 and s.id not in (state.data.rescued,))
    if first in ids:
        ids = [first] + [i for i in ids if i != first]
    return tuple(ids[:2])


def start_zombie_fight(state: FlickemState, building: str, near: tuple[str, ...],
                       events: list[Event]) -> FlickemState:
    """The zombies in the building stand up and face ``near`` (USING A GUN OR KNIFE, step 2:
    the fight deck is shuffled)."""
    data = fight_data()
    zombies = tuple(replace(z, standing=True) if z.where == building else z for z in state.data.zombies)
    far = tuple(sorted(z.id for z in zombies if z.where == building))[:2]
    deck, rng = state.rng.shuffled(("walk",) * data["deck"]["walk"] + ("attack",) * data["deck"]["attack"])
    fight = Fight("zombie", building, near, far, gap=data["arena"]["start_gap"], deck=deck, queue=near)
    events.append(Event("fight", {"kind": "zombie", "building": building, "survivors": list(near),
                                  "zombies": list(far)}))
    state = replace(state, data=replace(state.data, zombies=zombies), rng=rng)
    return replace(state, flow=replace(state.flow, fight=fight, waiting=Waiting.FIGHT))


def after_entering(state: FlickemState, building: str, events: list[Event]) -> FlickemState:
    """FIGHT triggers on entering: opposing survivors (S6, fought first) or zombies inside."""
    rules = scenario_rules(state.scenario)
    active = state.data.survivor(state.flow.active)
    rivals = sorted({s.team for s in state.data.survivors if s.where == building and s.team != active.team})
    zombies = any(z.where == building for z in state.data.zombies)
    if rules.survivor_fights and rivals:
        near = _fighters(state, active.team, building, active.id)
        far = _fighters(state, rivals[0], building)
        fight = Fight("survivor", building, near, far, gap=fight_data()["arena"]["start_gap"], queue=near,
                      zombies_next=zombies and rules.zombie_fights)
        events.append(Event("fight", {"kind": "survivor", "building": building, "survivors": list(near),
                                      "opponents": list(far)}))
        return replace(state, flow=replace(state.flow, fight=fight, waiting=Waiting.FIGHT))
    if rules.zombie_fights and zombies:
        return start_zombie_fight(state, building, _fighters(state, active.team, building, active.id), events)
    return state


def _survivor_fighters(fight: Fight) -> tuple[str, ...]:
    return fight.near + (fight.far if fight.kind == "survivor" else ())


def fight_options(state: FlickemState) -> list:
    fight = state.flow.fight
    armed = dict(fight.weapons)
    for sid in _survivor_fighters(fight):
        if sid not in armed:
            return [FightWith(sid, w) for w in fight_weapons(state, sid)]
    return [BatTurn(True), BatTurn(False)]


def fight_player(state: FlickemState) -> str:
    """The team deciding now in the fight (a weapon choice, or a bat's wait-or-attack)."""
    fight = state.flow.fight
    armed = dict(fight.weapons)
    sid = next((s for s in _survivor_fighters(fight) if s not in armed), None) or fight.queue[0]
    return state.data.survivor(sid).team


def apply_fight_action(state: FlickemState, action) -> tuple[FlickemState, list[Event]]:
    fight = state.flow.fight
    events: list[Event] = []
    if isinstance(action, FightWith):
        fight = replace(fight, weapons=fight.weapons + ((action.survivor, action.weapon),))
        events.append(Event("fight weapon", {"survivor": action.survivor, "weapon": action.weapon}))
        if any(s not in dict(fight.weapons) for s in _survivor_fighters(fight)):
            return _with(state, fight, Waiting.FIGHT), events
        return _advance(_with(state, fight, Waiting.FIGHT), events)
    if isinstance(action, BatTurn) and not action.attack:
        events.append(Event("fight: wait", {"survivor": fight.queue[0]}))
        return _advance(_with(state, replace(fight, queue=fight.queue[1:]), Waiting.FIGHT), events)
    return _request_attack(state, fight.queue[0], "bat"), events


def _with(state: FlickemState, fight: Fight | None, waiting: Waiting, request=()) -> FlickemState:
    return replace(state, flow=replace(state.flow, fight=fight, waiting=waiting, request=request))


def _request_attack(state: FlickemState, attacker: str, weapon: str) -> FlickemState:
    fight = state.flow.fight
    own, other = (fight.near, fight.far) if attacker in fight.near else (fight.far, fight.near)
    request = (("attacker", attacker), ("building", fight.building), ("gap", f"{fight.gap:.1f}"),
               ("kind", fight.kind), ("opponents", ",".join(other)), ("side", ",".join(own)),
               ("weapon", PIECE[weapon]))
    return _with(state, fight, Waiting.FIGHT_FLICK, request)


def _advance(state: FlickemState, events: list[Event]) -> tuple[FlickemState, list[Event]]:
    """What the fight does next: flick out a fallen survivor, the next attack, the zombies'
    card, the other side's advance, or its end."""
    fight = state.flow.fight
    if fight.eject:
        sid, team = fight.eject[0]
        request = (("building", fight.building), ("survivor", sid), ("team", team))
        return _with(state, fight, Waiting.EJECT, request), events
    if not fight.near or not fight.far:
        return _end(state, events)
    if fight.queue:
        attacker = fight.queue[0]
        weapon = dict(fight.weapons)[attacker]
        if weapon == "bat":
            if attacker in fight.bat_used:           # S6: the bat attacks once; then it waits
                return _advance(_with(state, replace(fight, queue=fight.queue[1:]), Waiting.FIGHT), events)
            return _with(state, fight, Waiting.FIGHT), events
        return _request_attack(state, attacker, weapon), events
    if fight.kind == "zombie":
        return _zombies_move(state, events)
    other = "far" if fight.side == "near" else "near"      # S6: the other side advances, attacks
    gap = max(fight.gap - fight_data()["arena"]["step"], 0.0)
    events.append(Event("fight: advance", {"survivors": list(getattr(fight, other)), "gap": gap}))
    fight = replace(fight, side=other, queue=getattr(fight, other), gap=gap)
    return _advance(_with(state, fight, Waiting.FIGHT), events)


def _zombies_move(state: FlickemState, events: list[Event]) -> tuple[FlickemState, list[Event]]:
    """THE ZOMBIE MOVES: reveal the top fight card. WALK: the zombies come one card closer and
    the survivors attack again; ATTACK: the fight ends and the survivor loses 1 life."""
    fight = state.flow.fight
    deck, rng = fight.deck, state.rng
    if not deck:                                  # house: the discards are shuffled again
        data = fight_data()["deck"]
        deck, rng = rng.shuffled(("walk",) * data["walk"] + ("attack",) * data["attack"])
    card, deck = deck[0], deck[1:]
    gap = fight.gap - fight_data()["arena"]["card_length"] if card == "walk" else fight.gap
    if card == "walk" and gap > 0:
        events.append(Event("fight card WALK", {"zombies": list(fight.far), "gap": round(gap, 1)}))
        fight = replace(fight, deck=deck, gap=gap, queue=fight.near)
        return _advance(replace(_with(state, fight, Waiting.FIGHT), rng=rng), events)
    loser = fight.near[0]
    events.append(Event("fight card ATTACK", {"zombies": list(fight.far), "survivor": loser}))
    return _lost_to_zombies(replace(state, rng=rng), loser, events, falls=False)


def _lost_to_zombies(state: FlickemState, loser: str, events: list[Event], *,
                     falls: bool) -> tuple[FlickemState, list[Event]]:
    """A zombie fight lost: to an ATTACK card the survivor "loses 1 life token and may not
    perform any further actions this turn" (standing); to a missed bat it "falls and loses 1
    life token" (``falls``). S8 (``lost_zombie_fight_leaves``), house reading of
    NEW X TOKENS' "the last survivor in a building exits that building (move action, losing a
    zombie fight, etc.)": the loser, if alive, also leaves the building, flicked out as S6's loser
    is, by the next team in turn order (the zombies that won have no player); the fight ends."""
    state = lose_life(state, loser, events, falls=falls)
    s = state.data.survivor(loser)
    if state.flow.waiting == Waiting.OVER or s.where == "dead" \
            or not scenario_rules(state.scenario).lost_zombie_fight_leaves:
        return _end(state, events, lost=loser)
    teams = state.flow.teams
    flicker = teams[(teams.index(s.team) + 1) % len(teams)] if s.team in teams else s.team
    fight = replace(state.flow.fight, near=(), queue=(), eject=((loser, flicker),))
    if loser == state.flow.active:                # no further actions this turn
        state = replace(state, flow=replace(state.flow, actions_left=0))
    return _advance(_with(state, fight, Waiting.FIGHT), events)


def _end(state: FlickemState, events: list[Event], lost: str | None = None) -> tuple[FlickemState, list[Event]]:
    fight = state.flow.fight
    if state.flow.waiting == Waiting.OVER:
        return replace(state, flow=replace(state.flow, fight=None, request=())), events
    winners = fight.near or fight.far
    up = {f.id for f in (*state.data.survivors, *state.data.zombies) if f.standing and f.where != "dead"}
    events.append(Event("fight over", {"building": fight.building,
                                       "standing": [p for p in (*fight.near, *fight.far) if p in up]}))
    if fight.kind == "survivor" and fight.zombies_next and winners and \
            any(z.where == fight.building for z in state.data.zombies):
        state = replace(state, flow=replace(state.flow, fight=None))
        return start_zombie_fight(state, fight.building, winners, events), events
    flow = replace(state.flow, fight=None, waiting=Waiting.ACT, request=())
    active = flow.active and state.data.survivor(flow.active)
    if lost == flow.active or (active and active.where == "dead"):
        flow = replace(flow, actions_left=0)      # house: a lost fight ends the survivor's actions
    if flow.closing:                              # S8 NEW X TOKENS: a building was emptied
        flow = replace(flow, waiting=Waiting.X)
    return replace(state, flow=flow), events


def fight_measured(state: FlickemState, outcome: FlickOutcome) -> tuple[FlickemState, list[Event]]:
    """An attack's measured result (``fell``: the arena figures that fell), or, for an eject,
    where the flicked-out survivor now lies (``positions`` / ``standing``)."""
    fight, events = state.flow.fight, []
    if state.flow.waiting == Waiting.EJECT:
        sid, _ = fight.eject[0]
        data = place_measured_figures(state.data, outcome)
        data = data.with_survivor(replace(data.survivor(sid), where="city"))
        events.append(Event("flicked out of the building", {"survivor": sid, "building": fight.building}))
        # S8 NEW X TOKENS: the last one out calls for an X (no recruit: not a move action)
        state = left_building(replace(state, data=data), fight.building, events, by_move=False)
        return _advance(_with(state, replace(fight, eject=fight.eject[1:]), Waiting.FIGHT), events)
    spec = dict(state.flow.request)
    attacker, weapon = spec["attacker"], spec["weapon"]
    own_near = attacker in fight.near
    opponents = fight.far if own_near else fight.near
    fell = [p for p in opponents if p in outcome.fell]
    events.append(Event("fight attack", {"attacker": attacker, "weapon": weapon, "fell": fell}))
    fight = replace(fight, queue=fight.queue[1:])
    if fight.kind == "zombie":
        if weapon == "bat":                       # USING A BASEBALL BAT: one attack ends it
            if fell:
                zombies = tuple(replace(z, standing=False) if z.id in fell else z for z in state.data.zombies)
                events.append(Event("zombie knocked onto the support block", {"zombies": fell}))
                return _end(_with(replace(state, data=replace(state.data, zombies=zombies)), fight, Waiting.FIGHT), events)
            return _lost_to_zombies(_with(state, fight, Waiting.FIGHT), attacker, events, falls=True)
        zombies = tuple(replace(z, where="bin", standing=True) if z.id in fell else z for z in state.data.zombies)
        for z in fell:
            events.append(Event("zombie killed in a fight", {"zombie": z}))
        fight = replace(fight, far=tuple(z for z in fight.far if z not in fell))
        state = replace(state, data=replace(state.data, zombies=zombies),
                        flow=replace(state.flow, kills=state.flow.kills + len(fell)))
        return _advance(_with(state, fight, Waiting.FIGHT), events)
    return _survivor_attack(state, fight, attacker, weapon, fell, events)


def _survivor_attack(state, fight: Fight, attacker: str, weapon: str, fell: list[str], events):
    """S6: a fallen opponent loses 1 life (not to a bat) and is flicked out by the winner's
    team; a bat that fells nobody costs its wielder 1 life and it is flicked out."""
    team = state.data.survivor(attacker).team
    out: list[tuple[str, str]] = [(s, team) for s in fell]
    if weapon == "bat":
        fight = replace(fight, bat_used=fight.bat_used + (attacker,))
        if not fell:
            rival = state.data.survivor((fight.far if attacker in fight.near else fight.near)[0]).team
            out = [(attacker, rival)]
    state = _with(state, fight, Waiting.FIGHT)
    for sid, _ in out:
        if weapon != "bat" or sid == attacker:
            state = lose_life(state, sid, events, falls=sid in fell)
        else:
            events.append(Event("survivor fell", {"survivor": sid}))
    if state.flow.waiting == Waiting.OVER:
        return _end(state, events)
    gone = {sid for sid, _ in out}
    alive = [(sid, t) for sid, t in out if state.data.survivor(sid).where != "dead"]
    fight = replace(fight, near=tuple(s for s in fight.near if s not in gone),
                    far=tuple(s for s in fight.far if s not in gone),
                    queue=tuple(s for s in fight.queue if s not in gone), eject=fight.eject + tuple(alive))
    return _advance(_with(state, fight, Waiting.FIGHT), events)


def start_fight_to_act(state: FlickemState, action: FightWith) -> tuple[FlickemState, list[Event]]:
    """FIGHT trigger 2: acting in a building with a standing zombie starts the fight with the
    weapon chosen."""
    if action.survivor != state.flow.active or action.weapon not in fight_weapons(state, action.survivor):
        raise IllegalAction(f"{action} is not a weapon {action.survivor} can fight with")
    s = state.data.survivor(state.flow.active)
    events: list[Event] = []
    state = start_zombie_fight(state, s.where, _fighters(state, s.team, s.where, s.id), events)
    state, more = apply_fight_action(state, action)
    return state, events + more
