"""Turns and rounds of Dead of Winter (rulebook: USING A SURVIVOR (rotate the backpack),
ZOMBIES' REACTION!, ZOMBIE RUSH, WAYS TO PLAY (turn order), END OF THE ROUND, A NEW HORDE
ARRIVES!, GAME END).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from feltbox.rules.core import Event
from feltbox.rules.flickem.barricades import after_barricades
from feltbox.rules.flickem.betrayal import x_face_up
from feltbox.rules.flickem.figures import place_measured_figures, zombies_enter_buildings
from feltbox.rules.flickem.game_end import check_scenario_end
from feltbox.rules.flickem.judge import judge_rush
from feltbox.rules.flickem.life import lose_life
from feltbox.rules.flickem.noise import Noise, turn_noise, zombies_react
from feltbox.rules.flickem.outcome import RushOutcome
from feltbox.rules.flickem.results import returned_to_standing
from feltbox.rules.flickem.scenarios import cornered_market, market_at_the_skull, scenario_rules, team_sizes
from feltbox.rules.flickem.secrets import control_at_round_end
from feltbox.rules.flickem.state import DAY, NIGHT, FlickemState, Waiting


def pretzel_team(state: FlickemState) -> int:
    """WAYS TO PLAY: each round is started by the team holding the pretzel."""
    holder = state.data.pretzel
    teams = state.flow.teams
    team = next((s.team for s in state.data.survivors if s.id == holder), teams[0])
    return teams.index(team) if team in teams else 0


def available(state: FlickemState, team: str) -> list[str]:
    """BACKPACKS: alive survivors of ``team`` whose backpack shows the round's colour."""
    return [s.id for s in state.data.survivors
            if s.team == team and s.backpack == state.flow.colour and s.where not in ("dead", "reserve")
            and s.id not in (state.data.driver, state.data.rescued)]


def end_turn(state: FlickemState) -> tuple[FlickemState, list[Event]]:
    """USING A SURVIVOR: rotate the backpack; then ZOMBIES' REACTION! to the loudest noise: a
    ZOMBIE RUSH to flick (the flow waits for "rush"), or the next turn."""
    f = state.flow
    s = state.data.survivor(f.active)
    flipped = NIGHT if s.backpack == DAY else DAY
    state = replace(state, data=state.data.with_survivor(replace(s, backpack=flipped)))
    # FLARE: after a successful flare only its side counts, and the reaction goes to the flare
    noise = turn_noise([Noise(n) for n in f.noises], flare=f.flare[2] if f.flare else None)
    origin = (f.flare[0], f.flare[1]) if f.flare else state.data.position(s.id)
    city = [z for z in state.data.zombies if z.where == "city"]
    positions = {z.id: state.data.position(z.id) for z in city}
    reaction = zombies_react(noise, origin, positions, {z.id: z.standing for z in city})
    stand = set(reaction.stand) | ({z.id for z in city} - set(reaction.rush) if reaction.stand_all_others else set())
    zombies = tuple(replace(z, standing=True) if z.id in stand else z for z in state.data.zombies)
    state = replace(state, data=replace(state.data, zombies=zombies))
    events = [Event("turn ended", {"survivor": s.id}),
              Event(f"reaction {noise.name}", {"rush": list(reaction.rush), "stand": sorted(stand)})]
    if reaction.rush:
        target = origin
        request = (("target", f"{target[0]:.3f},{target[1]:.3f}"), ("zombies", ",".join(reaction.rush)))
        return replace(state, flow=replace(f, waiting=Waiting.RUSH, request=request, active=None)), events
    return next_turn(replace(state, flow=replace(f, active=None)), events)


def rush_measured(state: FlickemState, outcome: RushOutcome) -> tuple[FlickemState, list[Event]]:
    """ZOMBIE RUSH, "After the Zombie Rush" (also A NEW HORDE ARRIVES!): the figures where they
    landed, barricades knocked away (S4), zombies entering buildings, 1 life lost by each survivor
    who fell, GAME END; then the next turn, or after a new horde the round's first choice."""
    verdict = judge_rush(outcome)
    events = [Event("rush result", {"fell": list(verdict.lose_life)})]
    if state.flow.waiting == Waiting.HORDE:          # the new horde has landed in the city
        arrived = set(dict(state.flow.request)["zombies"].split(","))
        state = replace(state, data=replace(state.data, zombies=tuple(
            replace(z, where="city") if z.id in arrived else z for z in state.data.zombies)))
    state = replace(state, data=place_measured_figures(state.data, outcome))
    state = returned_to_standing(state, verdict.stand_up, events)
    state = _put_back_inside(state, outcome, verdict.put_back_inside_fallen, events)
    state = after_barricades(state, outcome, events)       # S4: zombies may knock barricades away
    state = zombies_enter_buildings(state, outcome, events)
    for sid in verdict.lose_life:
        state = lose_life(state, sid, events, falls=True)
    state = check_scenario_end(state, outcome, events)
    if state.flow.waiting == Waiting.OVER:
        return state, events
    was_horde = state.flow.waiting == Waiting.HORDE
    state = replace(state, flow=replace(state.flow, request=()))
    return (replace(state, flow=replace(state.flow, waiting=Waiting.CHOOSE)), events) if was_horde \
        else next_turn(state, events)


def _put_back_inside(state: FlickemState, outcome: RushOutcome, figures: tuple[str, ...],
                     events: list[Event]) -> FlickemState:
    """After the Zombie Rush: "All figures pushed outside of the city must be placed just inside
    of the city limits (approximately where they left the city) in a fallen position" (the spot
    is measured by the table: ``back_inside``)."""
    spots = {f: outcome.back_inside[f] for f in figures if f in outcome.back_inside}
    if not spots:
        return state
    data = state.data.with_positions(spots)
    data = replace(data, zombies=tuple(replace(z, standing=False) if z.id in spots else z for z in data.zombies),
                   survivors=tuple(replace(s, standing=False) if s.id in spots else s for s in data.survivors))
    events.append(Event("put back inside the city", {"pieces": sorted(spots)}))
    return replace(state, data=data)


def next_turn(state: FlickemState, events: list[Event]) -> tuple[FlickemState, list[Event]]:
    """WAYS TO PLAY: the next team with a survivor available takes its turn (teams alternate);
    when no survivor shows the round's colour, END OF THE ROUND."""
    f = state.flow
    for step in range(1, len(f.teams) + 1):
        team_index = (f.team_index + step) % len(f.teams)
        if available(state, f.teams[team_index]):
            return replace(state, flow=replace(f, team_index=team_index, waiting=Waiting.CHOOSE)), events
    return _end_round(state, events)


def _end_round(state: FlickemState, events: list[Event]) -> tuple[FlickemState, list[Event]]:
    """END OF THE ROUND: marker forward (skull ends the game), stand all zombies, new horde."""
    f = state.flow
    marker = f.round_marker - 1
    events.append(Event("round ended", {"marker": marker}))
    rules = scenario_rules(state.scenario)
    over = control_at_round_end(state, marker, events)     # S9 OBJECTIVE and GAME END
    if over is not None:
        return over, events
    if rules.objective == "corner_the_market":
        places = [(t.kind, t.where) for t in state.data.tokens]
        winners = cornered_market(rules, places)
        if not winners and marker <= 0:
            holders = {s.id: s.team for s in state.data.survivors}
            winners = market_at_the_skull(rules, places, holders)
        if winners:
            events.append(Event("market cornered", {"teams": winners}))
            return replace(state, flow=replace(f, round_marker=max(marker, 0), waiting=Waiting.OVER,
                                               result=f"won: team {', '.join(winners)}",
                                               winners=tuple(winners))), events
    if marker <= 0 and rules.objective in ("strength_in_numbers", "war"):   # S8 / S10 at the skull
        sizes = team_sizes(state.data.survivors)
        most = max(sizes.values(), default=0)
        leaders = sorted(t for t, n in sizes.items() if n == most)
        if len(leaders) > 1:                      # "In case of a tie, play another round."
            events.append(Event("tie: another round", {"teams": leaders}))
            marker = 1
        else:
            return replace(state, flow=replace(f, round_marker=0, waiting=Waiting.OVER, result=f"won: team {leaders[0]}",
                                               winners=tuple(leaders))), events
    if marker <= 0:
        return replace(state, flow=replace(f, round_marker=0, waiting=Waiting.OVER,
                                           result="lost: the round marker reached the skull")), events
    state = replace(state, flow=replace(f, round_marker=marker))
    if marker in rules.eat_at:                    # S4: eat or go hungry before the next round
        events.append(Event("eat or go hungry", {"marker": marker}))
        return replace(state, flow=replace(state.flow, waiting=Waiting.EAT)), events
    return _new_horde(state, events)


@dataclass(frozen=True)
class Eat:
    """S4 SPECIAL RULE: discard ``food`` (a token in a survivor's inventory), or None: go hungry."""
    food: str | None = None


def eat_options(state: FlickemState) -> list[Eat]:
    foods = sorted(t for s in state.data.survivors if s.where not in ("dead", "reserve")
                   for t in s.inventory if state.data.token(t).kind == "food")
    return [Eat(t) for t in foods] + [Eat(None)]


def apply_eat(state: FlickemState, action: Eat) -> tuple[FlickemState, list[Event]]:
    """Eat: the food token leaves the game. Go hungry: every survivor loses 1 life token."""
    events: list[Event] = []
    data = state.data
    if action.food is not None:
        holder = next(s for s in data.survivors if action.food in s.inventory)
        data = data.with_survivor(replace(holder, inventory=tuple(t for t in holder.inventory if t != action.food)))
        data = data.with_token(replace(data.token(action.food), where="removed", face="up"))
        events.append(Event("ate", {"survivor": holder.id, "token": action.food}))
        state = replace(state, data=data)
    else:
        events.append(Event("went hungry", {}))
        for s in [s.id for s in data.survivors if s.where not in ("dead", "reserve")]:
            state = lose_life(state, s, events, falls=False)
            if state.flow.waiting == Waiting.OVER:
                return state, events
    return _new_horde(state, events)


def _new_horde(state: FlickemState, events: list[Event]) -> tuple[FlickemState, list[Event]]:
    """Steps 2 and 3 of the END OF THE ROUND: stand all zombies, then A NEW HORDE ARRIVES!"""
    state = x_face_up(state)                  # S9 THE LONE BETRAYER: the X face up each round
    f = state.flow
    marker = f.round_marker
    colour = NIGHT if f.colour == DAY else DAY
    zombies = tuple(replace(z, standing=True) for z in state.data.zombies)
    count = state.setup.invasion_day if colour == DAY else state.setup.invasion_night
    in_bin = [z.id for z in zombies if z.where == "bin"]
    state = replace(state, data=replace(state.data, zombies=zombies))
    if len(in_bin) < count:
        return replace(state, flow=replace(f, round_marker=marker, colour=colour, waiting=Waiting.OVER,
                                           result="lost: not enough zombies in the bin")), events
    request = (("zombies", ",".join(sorted(in_bin)[:count])),)     # still in the bin until they land
    events.append(Event("new horde", {"count": count}))
    flow = replace(f, round_marker=marker, colour=colour, team_index=pretzel_team(state), waiting=Waiting.HORDE,
                   request=request)
    return replace(state, data=replace(state.data, zombies=zombies), flow=flow), events
