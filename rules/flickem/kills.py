"""SHORT DISTANCE KILL (rulebook: "Any weapon can be used at short distance to kill a zombie. If
the active survivor is next to a zombie, you may spend 1 action to kill the zombie without flicking
a weapon. NOTE: This counts as using the weapon, for the purpose of determining the zombies'
reaction"; S3 SPECIAL RULE: every action of Anita's escort is LOUD; JOHN PRICE's third action).

The action names the weapon used, one of those the survivor holds: a gun kills LOUD, a knife or a
bat QUIET. An action without one (saves, replays and scripts from before it was named) is the
survivor's default weapon's (:func:`with_weapon`).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from feltbox.rules.core import Event
from feltbox.rules.flickem.figures import DISC_WIDTH, FIGURE_RADIUS
from feltbox.rules.flickem.game_end import check_scenario_end
from feltbox.rules.flickem.noise import action_noise
from feltbox.rules.flickem.powers import john_bonus
from feltbox.rules.flickem.state import FlickemState
from feltbox.rules.flickem.weapons import weapons_of
from feltbox.rules.geometry import next_to


@dataclass(frozen=True)
class ShortDistanceKill:
    """Kill ``zombie`` (NEXT TO the active survivor) with ``weapon``; None: the default weapon."""
    zombie: str
    weapon: str | None = None


def zombies_next_to(state: FlickemState, sid: str) -> list[str]:
    """Zombies in the city NEXT TO the survivor (standing or fallen)."""
    s = state.data.survivor(sid)
    if s.where != "city":
        return []
    here = state.data.position(sid)
    return sorted(z.id for z in state.data.zombies if z.where == "city"
                  and next_to(here, state.data.position(z.id), FIGURE_RADIUS, FIGURE_RADIUS, DISC_WIDTH))


def kill_weapons(state: FlickemState, sid: str) -> list[str]:
    """"Any weapon can be used": each weapon the survivor holds, its default one first (two guns
    are two of its guns, not a weapon of their own)."""
    s = state.data.survivor(sid)
    return [w for w in weapons_of(s.name, state.data.kinds(s.inventory)) if w != "two_guns"]


def kill_options(state: FlickemState, sid: str) -> list[ShortDistanceKill]:
    return [ShortDistanceKill(z, w) for z in zombies_next_to(state, sid) for w in kill_weapons(state, sid)]


def with_weapon(state: FlickemState, action: ShortDistanceKill) -> ShortDistanceKill:
    """An old action without a weapon: the active survivor's default one (what it used to mean)."""
    if action.weapon is not None or not state.flow.active:
        return action
    return replace(action, weapon=kill_weapons(state, state.flow.active)[0])


def apply_short_distance_kill(state: FlickemState, action: ShortDistanceKill) -> tuple[FlickemState, list[Event]]:
    """The zombie goes to the bin, for 1 action, with the weapon's noise (LOUD from Anita's escort);
    then JOHN PRICE's third action and GAME END."""
    f = state.flow
    noise = action_noise("weapon", action.weapon, escorting=state.data.escort == f.active)
    zombies = tuple(replace(z, where="bin", standing=True) if z.id == action.zombie else z
                    for z in state.data.zombies)
    flow = replace(f, actions_left=f.actions_left - 1, noises=f.noises + (int(noise),), kills=f.kills + 1)
    events = [Event("zombie killed at short distance", {"zombie": action.zombie, "weapon": action.weapon})]
    state = john_bonus(replace(state, flow=flow), events)
    state = replace(state, data=replace(state.data, zombies=zombies))
    return check_scenario_end(state, None, events), events
