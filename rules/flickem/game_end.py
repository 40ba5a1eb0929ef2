"""GAME END of Dead of Winter, checked after every episode (rulebook: GAME END, each scenario's
OBJECTIVE, INSTANT DEFEAT and GAME END; S3 RESCUED FIGURE).

Below every step module: a flick, a rush, a fight, a token taken and an accusation all end with
:func:`check_scenario_end`. The checks at the end of a round (the skull, S7's market, S9's control)
belong to the round (rounds.py, secrets.py); the number of dead to LOSING LIFE (life.py).
"""
from __future__ import annotations

from dataclasses import replace

from feltbox.rules.core import Event
from feltbox.rules.flickem.figures import DISC_WIDTH, FIGURE_RADIUS, RESCUED_GAP, free_spot
from feltbox.rules.flickem.outcome import FlickOutcome, TableFacts
from feltbox.rules.flickem.scenarios import objective_met, outnumbering, rv_claimed, scenario_rules, war_won
from feltbox.rules.flickem.state import FlickemState, Waiting
from feltbox.rules.geometry import distance, next_to


def check_scenario_end(state: FlickemState, outcome: TableFacts | None, events: list[Event]) -> FlickemState:
    """GAME END: the scenario's instant defeat or a group's objective, after an episode measured as
    ``outcome`` (None for an action without physics). S3: the rescued figure first follows her escort."""
    if state.flow.waiting == Waiting.OVER:
        return state
    state = _follow_escort(state, events)
    for check in (_rescue_ended, _instant_defeat, _team_objective, _group_objective):
        ended = check(state, outcome, events)
        if ended is not None:
            return ended
    return state


def _over(state: FlickemState, result: str, **winners) -> FlickemState:
    return replace(state, flow=replace(state.flow, waiting=Waiting.OVER, result=result, **winners))


def _follow_escort(state: FlickemState, events: list[Event]) -> FlickemState:
    """S3 RESCUED FIGURE: she goes where her escort goes; if the escort falls, the nearest standing
    survivor in her vicinity (the street, or the same building) takes over, else she waits for
    the next survivor to end a move next to her."""
    data = state.data
    if data.rescued is None:
        return state
    if data.escort is None:
        return _escort_found(state, events)
    escort, rescued = data.survivor(data.escort), data.survivor(data.rescued)
    if rescued.where == "dead":                 # she died: she follows nobody (GAME END)
        return state
    if escort.standing and escort.where != "dead":
        data = data.with_survivor(replace(rescued, where=escort.where))
        if escort.where == "city" and not _within_reach(data, rescued.id, escort.id):   # repositioned by her escort
            was = next(((x, y) for p, x, y in data.positions if p == rescued.id), None)   # None: out of a building
            data = data.with_positions({rescued.id: free_spot(data, data.position(escort.id), ignore=(rescued.id,),
                                                              behind=was, gap=RESCUED_GAP)})
        return replace(state, data=data)
    others = sorted((s for s in data.survivors if s.standing and s.where == rescued.where
                     and s.id not in (rescued.id, escort.id)), key=lambda s: s.id)
    if rescued.where == "city" and others:
        here = data.position(escort.id)
        others.sort(key=lambda s: (distance(data.position(s.id), here), s.id))
    new = others[0].id if others else None
    events.append(Event("new escort" if new else "escort lost", {"survivor": rescued.id, "escort": new}))
    return replace(state, data=replace(data, escort=new))


def _escort_found(state: FlickemState, events: list[Event]) -> FlickemState:
    """S3 RESCUED FIGURE, with nobody escorting her: "The next survivor to end its movement next
    to the rescued figure becomes its new escort": a move that succeeded and ended within a
    movement disc's width of her in the street, or in the building she is in."""
    data = state.data
    active, rescued = state.flow.active, data.survivor(data.rescued)
    if active is None or rescued.where == "dead" or not any(e.kind == "move succeeded" for e in events):
        return state
    mover = data.survivor(active)
    if not mover.standing or mover.where != rescued.where \
            or (mover.where == "city" and not _within_reach(data, rescued.id, mover.id)):
        return state
    events.append(Event("new escort", {"survivor": rescued.id, "escort": mover.id}))
    return replace(state, data=replace(data, escort=mover.id))


def _within_reach(data, rescued: str, escort: str) -> bool:
    """RESCUED FIGURE: "within a movement disc's width of its escort"."""
    here = dict((p, (x, y)) for p, x, y in data.positions)
    return rescued in here and next_to(here[rescued], here[escort], FIGURE_RADIUS, FIGURE_RADIUS, DISC_WIDTH)


def _rescue_ended(state: FlickemState, outcome: TableFacts | None, events: list[Event]) -> FlickemState | None:
    """S3 TEND TO THE WOUNDED: she dies (defeat), or is in a zombie-free hospital (objective)."""
    if scenario_rules(state.scenario).objective != "escort_to_hospital" or state.data.rescued is None:
        return None
    rescued = state.data.survivor(state.data.rescued)
    if rescued.where == "dead":
        events.append(Event("the wounded survivor died", {"survivor": rescued.id}))
        return _over(state, f"lost: {rescued.name} died")
    if rescued.where == "hospital" and not any(z.where == "hospital" for z in state.data.zombies):
        events.append(Event("objective complete", {"survivor": rescued.id}))
        return _over(state, "won: objective complete", winners=state.flow.teams)
    return None


def _instant_defeat(state: FlickemState, outcome: TableFacts | None, events: list[Event]) -> FlickemState | None:
    """S1 INSTANT DEFEAT: a zombie touched the RV or its support blocks."""
    touching = outcome.touching_rv if outcome is not None else ()
    if scenario_rules(state.scenario).instant_defeat == "zombie_touches_rv" and touching:
        events.append(Event("instant defeat", {"zombies": sorted(touching)}))
        return _over(state, "lost: a zombie touched the RV")
    return None


def _team_objective(state: FlickemState, outcome: TableFacts | None, events: list[Event]) -> FlickemState | None:
    """A team's objective reached at any time: S8 outnumbering the others by 3, S10 the war (the
    rivals wiped out, or a raid into their colony with 2 fuel), S6 the RV with key and fuel."""
    rules = scenario_rules(state.scenario)
    raid = None
    entered = outcome.entered if isinstance(outcome, FlickOutcome) else None
    if state.flow.active and entered:
        s = state.data.survivor(state.flow.active)
        fuel = sum(state.data.token(t).kind == "fuel" for t in s.inventory)
        raid = (s.team, entered, fuel)
    places = [(t.kind, t.where) for t in state.data.tokens]
    winners = outnumbering(rules, state.data.survivors) or war_won(rules, state.data.survivors, raid) \
        or rv_claimed(rules, state.data.survivors, places)
    if not winners:
        return None
    events.append(Event("team objective", {"teams": winners}))
    return _over(state, f"won: team {', '.join(winners)}", winners=tuple(winners))


def _group_objective(state: FlickemState, outcome: TableFacts | None, events: list[Event]) -> FlickemState | None:
    """The group's OBJECTIVE of the scenario (S1 the RV, S2 the goods, S4 the food, S5 found and
    fuelled)."""
    rules = scenario_rules(state.scenario)
    in_city = sum(z.where == "city" for z in state.data.zombies)
    places = [(t.kind, t.where) for t in state.data.tokens]
    if not objective_met(rules, [s.where for s in state.data.survivors], in_city, places):
        return None
    events.append(Event("objective complete", {"zombies_in_city": in_city}))
    return _over(state, "won: objective complete", winners=state.flow.teams)
