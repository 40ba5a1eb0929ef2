"""Life tokens of Dead of Winter (rulebook: LOSING LIFE; GAME END "a certain number of survivors
are dead"; WAYS TO PLAY: the pretzel of a survivor who dies goes to the closest survivor).

Below every step module: a shot, TOO CLOSE!, a Zombie Rush, a lost fight, going hungry and a
Crossroads card all take a life the same way, through :func:`lose_life`.
"""
from __future__ import annotations

import math
from dataclasses import replace

from feltbox.rules.core import Event
from feltbox.rules.flickem.scenarios import scenario_rules
from feltbox.rules.flickem.state import Data, FlickemState, Waiting
from feltbox.rules.geometry import distance

DEATH_DROP = "grocery_store"   # LOSING LIFE: tokens go face up to the grocery store


def drop_on_death(data: Data, sid: str) -> Data:
    """LOSING LIFE: a dead survivor's tokens go face up to the grocery store."""
    for tid in data.survivor(sid).inventory:
        data = data.with_token(replace(data.token(tid), where=DEATH_DROP, face="up"))
    return data.with_survivor(replace(data.survivor(sid), inventory=()))


def closest_survivor(data: Data, sid: str) -> str | None:
    """WAYS TO PLAY: "If the survivor holding the pretzel loses their last life token, the pretzel
    is given to the closest remaining survivor (of either team)": the living survivor nearest to
    where ``sid`` was last on the table (its figure's place, kept after death). A survivor in a
    building is where its figure stands on the building's support blocks (the table measures it
    there); one the rules know no place for, or every one if ``sid`` had none, counts as farther
    than any placed survivor, in the order of the survivor list (which breaks ties too)."""
    places = {p: (x, y) for p, x, y in data.positions}
    remaining = [s.id for s in data.survivors if s.where not in ("dead", "reserve") and s.id != sid]
    origin = places.get(sid)

    def how_far(other: str) -> float:
        return math.inf if origin is None or other not in places else distance(origin, places[other])

    return min(remaining, key=lambda other: (how_far(other), remaining.index(other)), default=None)


def lose_life(state: FlickemState, sid: str, events: list[Event], *, falls: bool) -> FlickemState:
    """LOSING LIFE: survivor ``sid`` loses 1 life token; at 0 it leaves the game (its tokens go to
    the grocery store, the pretzel passes on) and, at the scenario's number of dead (GAME END),
    the survivors lose. LOSING LIFE itself lays nobody down: ``falls`` says whether the cause
    does (TOO CLOSE! "is placed fallen", a rush or a shot that felled it, a missed bat "the
    survivor falls"), or not (a fight card's ATTACK, going hungry, a Crossroads card)."""
    s = state.data.survivor(sid)
    life = s.life - 1
    dead = life <= 0
    data = state.data.with_survivor(replace(s, life=max(life, 0), standing=s.standing and not falls,
                                            where="dead" if dead else s.where))
    if dead:
        data = drop_on_death(data, sid)
    events.append(Event("survivor died" if dead else "survivor lost a life", {"survivor": sid, "life": max(life, 0)}))
    if dead and data.pretzel == sid:                       # WAYS TO PLAY: the pretzel passes on
        data = replace(data, pretzel=closest_survivor(data, sid))
        if scenario_rules(state.scenario).competitive:      # it says which team starts each round
            events.append(Event("pretzel passed", {"survivor": sid, "to": data.pretzel}))
    state = replace(state, data=data)
    deaths = sum(x.where == "dead" for x in data.survivors)
    if deaths >= state.setup.deaths_to_lose:
        state = replace(state, flow=replace(state.flow, waiting=Waiting.OVER, result=f"lost: {deaths} survivors dead"))
    return state
