"""Applying measured physics to the Dead of Winter state (rulebook: MOVE, ENTERING AND EXITING A
BUILDING, USING A WEAPON, TOO CLOSE!, LOSING LIFE, ZOMBIES ENTERING A BUILDING, GAME END).

The bridge hands back a flick's measured outcome with where every figure now stands; these
functions judge it and update the game data, then check the scenario's end conditions.
"""
from __future__ import annotations

from dataclasses import replace

from feltbox.rules.core import Event
from feltbox.rules.flickem.barricades import after_barricades, barricaded
from feltbox.rules.flickem.figures import DISC_WIDTH, FIGURE_RADIUS, place_measured_figures, zombies_enter_buildings
from feltbox.rules.flickem.game_end import check_scenario_end
from feltbox.rules.flickem.judge import judge_bat, judge_move, judge_shot
from feltbox.rules.flickem.life import lose_life
from feltbox.rules.flickem.scenarios import blocked_by_x, may_enter, scenario_rules
from feltbox.rules.flickem.state import FlickemState
from feltbox.rules.geometry import next_to


def _after_flick(state: FlickemState, outcome: dict) -> tuple[FlickemState, list[Event]]:
    f = state.flow
    weapon = dict(f.request)["weapon"]
    events: list[Event] = []
    state = replace(state, data=place_measured_figures(state.data, outcome))
    state = zombies_enter_buildings(state, outcome, events)
    if weapon == "movement_disc":
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
        elif verdict.success and (verdict.entered or verdict.exited):   # ENTERING AND EXITING
            s = state.data.survivor(f.active)
            where = verdict.entered or "city"
            data = state.data.with_survivor(replace(s, where=where))
            events.append(Event("entered a building" if verdict.entered else "left a building",
                                {"survivor": s.id, "building": verdict.entered or verdict.exited}))
            if rules.rv_reveals and where == "rv":       # S6: key and fuel go into the RV
                for tid in [t for t in s.inventory if data.token(t).kind in ("key", "fuel")]:
                    data = data.with_token(replace(data.token(tid), where="rv", face="up"))
                    data = data.with_survivor(replace(data.survivor(s.id), inventory=tuple(
                        x for x in data.survivor(s.id).inventory if x != tid)))
                    events.append(Event("revealed in the RV", {"token": tid, "kind": data.token(tid).kind}))
            if rules.driver and where == "rv" and data.driver is None:
                data = replace(data, driver=s.id)
                events.append(Event("driver", {"survivor": s.id}))
            state = replace(state, data=data)
            if verdict.exited:                           # S8 NEW SURVIVOR, NEW X TOKENS
                from feltbox.rules.flickem.strength import left_building
                state = left_building(state, verdict.exited, events)
    elif weapon == "bat":           # BASEBALL BAT: a move that may knock figures over, no wounds
        s = state.data.survivor(f.active)
        friends = frozenset(x.id for x in state.data.survivors if x.team == s.team)
        verdict = judge_bat(outcome, friends)
        events.append(Event("bat succeeded" if verdict.success else "bat failed", {"reason": verdict.reason}))
        if verdict.success and verdict.entered and barricaded(state.data, verdict.entered):
            events[-1] = Event("bat failed", {"reason": f"the {verdict.entered} is barricaded"})
        elif verdict.success and verdict.entered and may_enter(scenario_rules(state.scenario), verdict.entered, "survivor"):
            state = replace(state, data=state.data.with_survivor(replace(s, where=verdict.entered)))
            events.append(Event("entered a building", {"survivor": s.id, "building": verdict.entered}))
    elif weapon == "figure":        # MIKE CHO: the figure flicked itself; falling fails too
        mike = f.active
        failed = not outcome.get("clean", False) or mike in outcome.get("fell", ()) or \
            mike in outcome.get("left_city", ())
        events.append(Event("free move failed" if failed else "free move", {"survivor": mike}))
    else:
        verdict = judge_shot(outcome, shotgun=weapon == "shotgun")
        events.append(Event("shot missed" if verdict.hit_nothing else "shot hit",
                            {"first": verdict.first, "wounded": list(verdict.wounded)}))
        for hit in verdict.wounded:
            if hit.startswith("zombie-"):                  # to the zombie bin
                zombies = tuple(replace(z, where="bin", standing=True) if z.id == hit else z
                                for z in state.data.zombies)
                state = replace(state, data=replace(state.data, zombies=zombies),
                                flow=replace(state.flow, kills=state.flow.kills + 1))
                events.append(Event("zombie wounded", {"zombie": hit}))
            else:
                state = lose_life(state, hit, events)
    state = after_barricades(state, outcome, events, weapon)
    state = _too_close(state, events)
    state = check_scenario_end(state, outcome, events)
    if state.flow.waiting != "over":
        second = dict(f.request).get("second")
        if second:                  # the other gun's bullet, from the other side, same action
            request = (("side", second), ("survivor", f.active), ("weapon", weapon))
            state = replace(state, flow=replace(state.flow, waiting="flick", request=request))
        else:
            state = replace(state, flow=replace(state.flow, waiting="act", request=()))
        if weapon == "figure":      # at the end of his turn: nothing but ending it is left
            state = replace(state, flow=replace(state.flow, actions_left=0))
        entered = state.data.survivor(f.active).where
        if weapon in ("movement_disc", "bat") and state.flow.waiting == "act" and entered not in ("city", "dead"):
            if any(e.kind == "entered a building" for e in events):
                from feltbox.rules.flickem.fights import after_entering     # fights import results
                state = after_entering(state, entered, events)
        if state.flow.closing and state.flow.waiting == "act":     # S8: an X to place first
            state = replace(state, flow=replace(state.flow, waiting="x"))
    return state, events


def _too_close(state: FlickemState, events: list[Event]) -> FlickemState:
    """TOO CLOSE!: a standing survivor next to a standing zombie loses 1 life and falls; the
    active survivor is immune during its turn."""
    zombies = [z.id for z in state.data.zombies if z.where == "city" and z.standing]
    for s in state.data.survivors:
        if s.id == state.flow.active or s.where != "city" or not s.standing:
            continue
        here = state.data.position(s.id)
        if any(next_to(here, state.data.position(z), FIGURE_RADIUS, FIGURE_RADIUS, DISC_WIDTH) for z in zombies):
            events.append(Event("too close", {"survivor": s.id}))
            state = lose_life(state, s.id, events)
    return state
