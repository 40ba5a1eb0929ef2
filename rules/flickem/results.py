"""Applying a flick's measured physics to the Dead of Winter state (rulebook: THE FLICK, MOVE,
ENTERING AND EXITING A BUILDING, USING A WEAPON, BASEBALL BAT, LOSING LIFE, ZOMBIES
ENTERING A BUILDING, GAME END).

The bridge hands back a flick's measured outcome with where every figure now stands;
:func:`flick_measured` judges it, updates the game data and checks the scenario's end. What the
flick leads to next (a FIGHT in the building entered, S8's X to place, JOHN PRICE's bonus) is the
flow's to decide (flow.py), with :func:`building_entered` telling it where a fight may start.
"""
from __future__ import annotations

from dataclasses import replace

from feltbox.rules.core import Event
from feltbox.rules.flickem.barricades import after_barricades, barricaded
from feltbox.rules.flickem.figures import place_measured_figures, zombies_enter_buildings
from feltbox.rules.flickem.game_end import check_scenario_end
from feltbox.rules.flickem.judge import MoveVerdict, judge_bat, judge_move, judge_shot
from feltbox.rules.flickem.life import lose_life
from feltbox.rules.flickem.outcome import FlickOutcome
from feltbox.rules.flickem.scenarios import ScenarioRules, blocked_by_x, may_enter, scenario_rules
from feltbox.rules.flickem.state import Data, FlickemState, Flow, Survivor, Waiting
from feltbox.rules.flickem.strength import left_building


def flick_measured(state: FlickemState, outcome: FlickOutcome) -> tuple[FlickemState, list[Event]]:
    """THE FLICK's measured ``outcome``: the figures where they stopped, zombies at a door entering
    (ZOMBIES ENTERING A BUILDING), the flicked piece's verdict, then barricades (S4) and GAME END
    (TOO CLOSE! is the flow's, after every action: too_close.py); unless the game is over the
    survivor acts again (or flicks the second gun)."""
    before = state.flow
    weapon = dict(before.request)["weapon"]
    events: list[Event] = []
    earlier = state.data
    state = replace(state, data=place_measured_figures(state.data, outcome))
    state = zombies_enter_buildings(state, outcome, events)
    if weapon == "movement_disc":
        state = _moved(state, outcome, earlier, events)
    elif weapon == "bat":
        state = _batted(state, outcome, earlier, events)
    elif weapon == "figure":
        state = _figure_flicked(state, outcome, earlier, events)
    else:
        state = _shot(state, outcome, weapon, events)
    state = after_barricades(state, outcome, events, weapon)
    state = check_scenario_end(state, outcome, events)
    if state.flow.waiting != Waiting.OVER:
        state = _act_again(state, before, weapon)
    return state, events


def building_entered(state: FlickemState, weapon: str, events: list[Event]) -> str | None:
    """FIGHT (S2, S6): the building the active survivor has just entered with a move or the bat,
    if it is still acting there (the game not over, no second bullet to flick); else None."""
    if weapon not in ("movement_disc", "bat") or state.flow.waiting != Waiting.ACT:
        return None
    where = state.data.survivor(state.flow.active).where
    if where in ("city", "dead") or not any(e.kind == "entered a building" for e in events):
        return None
    return where


def _act_again(state: FlickemState, before: Flow, weapon: str) -> FlickemState:
    """Back to the survivor's actions, or SHOOTING WITH 2 GUNS: the other gun's bullet, from the
    other side, in the same action. MIKE CHO's free move comes at the end of his turn."""
    second = dict(before.request).get("second")
    if second:
        request = (("side", second), ("survivor", before.active), ("weapon", weapon))
        state = replace(state, flow=replace(state.flow, waiting=Waiting.FLICK, request=request))
    else:
        state = replace(state, flow=replace(state.flow, waiting=Waiting.ACT, request=()))
    if weapon == "figure":          # at the end of his turn: nothing but ending it is left
        state = replace(state, flow=replace(state.flow, actions_left=0))
    return state


def _moved(state: FlickemState, outcome: FlickOutcome, earlier: Data, events: list[Event]) -> FlickemState:
    """MOVE: the movement disc's verdict; a door crossed is ENTERING AND EXITING A BUILDING, unless
    the scenario closes the building to survivors (S1), an X closes it (S8) or it is barricaded (S4)."""
    verdict = judge_move(outcome)
    events.append(Event("move succeeded" if verdict.success else "move failed", {"reason": verdict.reason}))
    rules = scenario_rules(state.scenario)
    places = [(t.kind, t.where) for t in state.data.tokens]
    if verdict.success and verdict.entered and not may_enter(rules, verdict.entered, "survivor"):
        events[-1] = Event("move failed", {"reason": f"survivors can not enter the {verdict.entered}"})
    elif verdict.success and verdict.entered and blocked_by_x(verdict.entered, places):
        events[-1] = Event("move failed", {"reason": f"an X token closes the {verdict.entered}"})
    elif verdict.success and verdict.entered and barricaded(state.data, verdict.entered):
        events[-1] = Event("move failed", {"reason": f"the {verdict.entered} is barricaded"})
    elif verdict.success and (verdict.entered or verdict.exited):
        state = _crossed_door(state, verdict, rules, events)
    if events[-1].kind == "move failed":      # back where it was, and every disturbed piece too
        state = _put_back(state, earlier, (state.flow.active, *outcome.disturbed), events)
    return state


def _put_back(state: FlickemState, earlier: Data, pieces: tuple[str, ...], events: list[Event]) -> FlickemState:
    """MOVE (B) / BASEBALL BAT (B): "returned to the position it occupied before the flick": the
    figures' places and stances as they were; the failure event lists every piece for the table."""
    was = {p: (x, y) for p, x, y in earlier.positions if p in pieces}
    stood = {f.id: f.standing for f in (*earlier.survivors, *earlier.zombies) if f.id in pieces}
    data = state.data.with_positions(was)
    data = replace(data, zombies=tuple(replace(z, standing=stood.get(z.id, z.standing)) for z in data.zombies),
                   survivors=tuple(replace(s, standing=stood.get(s.id, s.standing)) for s in data.survivors))
    events[-1] = Event(events[-1].kind, {**events[-1].data, "restore": list(pieces)})
    return replace(state, data=data)


def _crossed_door(state: FlickemState, verdict: MoveVerdict, rules: ScenarioRules,
                  events: list[Event]) -> FlickemState:
    """ENTERING AND EXITING A BUILDING: the survivor is in the building (or back in the city); S1
    the first in the RV drives, S6 the key and fuel carried go into the RV; S8 leaving a building
    may recruit a survivor and calls for an X (strength.py)."""
    s = state.data.survivor(state.flow.active)
    where = verdict.entered or "city"
    data = state.data.with_survivor(replace(s, where=where))
    events.append(Event("entered a building" if verdict.entered else "left a building",
                        {"survivor": s.id, "building": verdict.entered or verdict.exited}))
    if rules.rv_reveals and where == "rv":
        data = _into_the_rv(data, s, events)
    if rules.driver and where == "rv" and data.driver is None:
        data = replace(data, driver=s.id)
        events.append(Event("driver", {"survivor": s.id}))
    state = replace(state, data=data)
    if verdict.exited:                           # S8 NEW SURVIVOR, NEW X TOKENS
        state = left_building(state, verdict.exited, events)
    return state


def _into_the_rv(data: Data, s: Survivor, events: list[Event]) -> Data:
    """S6: the key and fuel a survivor carries into the RV go into it, face up."""
    for tid in [t for t in s.inventory if data.token(t).kind in ("key", "fuel")]:
        data = data.with_token(replace(data.token(tid), where="rv", face="up"))
        data = data.with_survivor(replace(data.survivor(s.id), inventory=tuple(
            x for x in data.survivor(s.id).inventory if x != tid)))
        events.append(Event("revealed in the RV", {"token": tid, "kind": data.token(tid).kind}))
    return data


def _batted(state: FlickemState, outcome: FlickOutcome, earlier: Data, events: list[Event]) -> FlickemState:
    """BASEBALL BAT: a move that may knock figures over, no wounds; it may enter a building
    (ENTERING OR EXITING A BUILDING), not a barricaded one (S4). Success or failure, the components
    that fell (but the struck figure) are returned to standing; on failure the survivor goes back."""
    s = state.data.survivor(state.flow.active)
    friends = frozenset(x.id for x in state.data.survivors if x.team == s.team)
    verdict = judge_bat(outcome, friends)
    result = Event("bat succeeded" if verdict.success else "bat failed", {"reason": verdict.reason})
    entered = None
    if verdict.success and verdict.entered and barricaded(state.data, verdict.entered):
        result = Event("bat failed", {"reason": f"the {verdict.entered} is barricaded"})
    elif verdict.success and verdict.entered and may_enter(scenario_rules(state.scenario), verdict.entered, "survivor"):
        state = replace(state, data=state.data.with_survivor(replace(s, where=verdict.entered)))
        entered = Event("entered a building", {"survivor": s.id, "building": verdict.entered})
    events.append(result)
    if result.kind == "bat failed":
        state = _put_back(state, earlier, (s.id,), events)
    if entered is not None:
        events.append(entered)
    return returned_to_standing(state, verdict.stand_up, events)


def _figure_flicked(state: FlickemState, outcome: FlickOutcome, earlier: Data, events: list[Event]) -> FlickemState:
    """MIKE CHO (S7 SPECIAL POWERS): the figure flicked itself; touching, falling or leaving the
    city fails the free move: "return him to the position he occupied before the flick", and
    (the move rules) every disturbed piece goes back where it was, standing as it stood."""
    mike = state.flow.active
    failed = not outcome.clean or mike in outcome.fell or mike in outcome.left_city
    events.append(Event("free move failed" if failed else "free move", {"survivor": mike}))
    return _put_back(state, earlier, (mike, *outcome.disturbed), events) if failed else state


def _shot(state: FlickemState, outcome: FlickOutcome, weapon: str, events: list[Event]) -> FlickemState:
    """USING A WEAPON (gun, knife; S1 SHOTGUN, SNIPER RIFLE): a wounded zombie goes to the zombie
    bin, a wounded survivor loses 1 life (LOSING LIFE)."""
    verdict = judge_shot(outcome, shotgun=weapon == "shotgun")
    events.append(Event("shot missed" if verdict.hit_nothing else "shot hit",
                        {"first": verdict.first, "wounded": list(verdict.wounded)}))
    state = returned_to_standing(state, verdict.stand_up, events)
    for hit in verdict.wounded:
        if hit.startswith("zombie-"):                  # to the zombie bin
            zombies = tuple(replace(z, where="bin", standing=True) if z.id == hit else z
                            for z in state.data.zombies)
            state = replace(state, data=replace(state.data, zombies=zombies),
                            flow=replace(state.flow, kills=state.flow.kills + 1))
            events.append(Event("zombie wounded", {"zombie": hit}))
        else:
            state = lose_life(state, hit, events, falls=True)
    return state


def returned_to_standing(state: FlickemState, pieces: tuple[str, ...], events: list[Event]) -> FlickemState:
    """GUN / BASEBALL BAT / FLARE / After the Zombie Rush: fallen components "returned to
    standing" where they lie: figures stand in the rules; the event names every piece, objects
    included, for the table to stand up."""
    if not pieces:
        return state
    data = state.data
    data = replace(data, zombies=tuple(replace(z, standing=True) if z.id in pieces else z for z in data.zombies),
                   survivors=tuple(replace(s, standing=True) if s.id in pieces and s.where != "dead" else s
                                   for s in data.survivors))
    events.append(Event("returned to standing", {"pieces": sorted(pieces)}))
    return replace(state, data=data)
