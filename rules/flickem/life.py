"""Life tokens of Dead of Winter (rulebook: LOSING LIFE; GAME END "a certain number of survivors
are dead").

Below every step module: a shot, TOO CLOSE!, a Zombie Rush, a lost fight, going hungry and a
Crossroads card all take a life the same way, through :func:`lose_life`.
"""
from __future__ import annotations

from dataclasses import replace

from feltbox.rules.core import Event
from feltbox.rules.flickem.state import Data, FlickemState, Waiting

DEATH_DROP = "grocery_store"   # LOSING LIFE: tokens go face up to the grocery store


def drop_on_death(data: Data, sid: str) -> Data:
    """LOSING LIFE: a dead survivor's tokens go face up to the grocery store."""
    for tid in data.survivor(sid).inventory:
        data = data.with_token(replace(data.token(tid), where=DEATH_DROP, face="up"))
    return data.with_survivor(replace(data.survivor(sid), inventory=()))


def lose_life(state: FlickemState, sid: str, events: list[Event]) -> FlickemState:
    """LOSING LIFE: survivor ``sid`` loses 1 life token and falls; at 0 it leaves the game (its
    tokens go to the grocery store, the pretzel passes on) and, at the scenario's number of dead
    (GAME END), the survivors lose."""
    s = state.data.survivor(sid)
    life = s.life - 1
    dead = life <= 0
    data = state.data.with_survivor(replace(s, life=max(life, 0), standing=False,
                                            where="dead" if dead else s.where))
    if dead:
        data = drop_on_death(data, sid)
    events.append(Event("survivor died" if dead else "survivor lost a life", {"survivor": sid, "life": max(life, 0)}))
    if dead and data.pretzel == sid:                       # the pretzel passes to the closest
        alive = [x.id for x in data.survivors if x.where not in ("dead", "reserve")]
        data = replace(data, pretzel=alive[0] if alive else None)
    state = replace(state, data=data)
    deaths = sum(x.where == "dead" for x in data.survivors)
    if deaths >= state.setup.deaths_to_lose:
        state = replace(state, flow=replace(state.flow, waiting=Waiting.OVER, result=f"lost: {deaths} survivors dead"))
    return state
