"""The turn flow of Dead of Winter's base rules (rulebook: OVERVIEW OF A GAME, USING A SURVIVOR,
MOVE, USING A WEAPON, TOO CLOSE!, LOSING LIFE, ZOMBIES' REACTION!, ZOMBIE RUSH, END OF THE ROUND,
A NEW HORDE ARRIVES!, GAME END, WAYS TO PLAY).

``apply`` is pure: it returns a new state and events, or raises IllegalAction leaving the input
untouched. Physical results come back as ``Measured`` outcome dicts from the bridge, which adds
``positions`` ({id: [x, y]}) and ``standing`` ({id: bool}) of the figures after the episode.
Scenario objectives, buildings' take/drop and the scenario rules are the rules issue's next step.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from rules.core import Decision, Event, GameOver, IllegalAction, Measured, PhysicsRequest, Rng
from rules.flickem.judge import judge_move, judge_rush, judge_shot
from rules.flickem.noise import GUNS, Noise, action_noise, turn_noise, zombies_react
from rules.flickem.state import DAY, NIGHT, Data, FlickemState, Flow, Setup
from rules.flickem.scenarios import may_enter, objective_met, scenario_rules
from rules.flickem.tokens import KeepToken, TakeDrop, apply_keep, apply_take_drop, drop_on_death, take_drop_options
from rules.flickem.weapons import weapons_of
from rules.geometry import next_to

FIGURE_RADIUS = 1.3       # house: dimensions table figure.base_diameter / 2
DISC_WIDTH = 4.0          # house: dimensions table movement_disc.diameter


@dataclass(frozen=True)
class ChooseSurvivor:
    survivor: str


@dataclass(frozen=True)
class Move:
    pass


@dataclass(frozen=True)
class UseWeapon:
    weapon: str               # gun | knife | bat | shotgun | sniper


@dataclass(frozen=True)
class ShortDistanceKill:
    zombie: str


@dataclass(frozen=True)
class EndTurn:
    pass


ACTIONS = {"ChooseSurvivor": ChooseSurvivor, "Move": Move, "UseWeapon": UseWeapon,
           "ShortDistanceKill": ShortDistanceKill, "TakeDrop": TakeDrop, "KeepToken": KeepToken,
           "EndTurn": EndTurn, "Measured": Measured}
# the table piece each weapon flicks (a gun flicks a bullet, the templates lay their shot)
WEAPON_PIECE = {"gun": "bullet", "two_guns": "bullet", "knife": "knife", "bat": "bat",
                "shotgun": "shotgun", "sniper": "sniper"}


def new_game(setup: Setup, seed: int) -> FlickemState:
    data = Data(setup.survivors, setup.zombies, setup.positions,
                setup.pretzel or (setup.survivors[0].id if setup.survivors else None), setup.tokens)
    flow = Flow(setup.round_start, setup.first_round, setup.teams)
    return FlickemState(setup.scenario, setup, data, flow, Rng(seed))


def available(state: FlickemState, team: str) -> list[str]:
    """BACKPACKS: alive survivors of ``team`` whose backpack shows the round's colour."""
    return [s.id for s in state.data.survivors
            if s.team == team and s.backpack == state.flow.colour and s.where not in ("dead", "reserve")
            and s.id != state.data.driver]


def pending(state: FlickemState):
    f = state.flow
    if f.waiting == "over":
        return GameOver(tuple(sorted(set(f.teams) - {"zombies"})) if f.result.startswith("won") else (),
                        f.result)
    if f.waiting in ("flick", "rush", "horde"):
        return PhysicsRequest(f.waiting, dict(f.request))
    team = f.teams[f.team_index]
    return Decision(team, "choose a survivor" if f.waiting == "choose" else "act or end the turn")


def legal_actions(state: FlickemState) -> list:
    f = state.flow
    if f.waiting == "choose":
        team = f.teams[f.team_index]
        choices = available(state, team)
        pretzel = state.data.pretzel
        if pretzel in choices and _first_turn_of_round(state):
            choices = [pretzel]               # the pretzel holder must be used first each round
        return [ChooseSurvivor(s) for s in choices]
    if f.waiting == "look":
        return [KeepToken(True), KeepToken(False)]
    if f.waiting == "act":
        acts: list = [EndTurn()]
        if f.actions_left > 0:
            s = state.data.survivor(f.active)
            weapons = [UseWeapon(w) for w in weapons_of(s.name, state.data.kinds(s.inventory))
                       if not (w in GUNS and _zombies_inside(state, s.where))]
            kills = [ShortDistanceKill(z) for z in _zombies_next_to(state, s.id)]
            acts = [Move(), *weapons, *kills, *take_drop_options(state)] + acts
        return acts
    return []


def _zombies_inside(state: FlickemState, where: str) -> bool:
    """SHOOTING FROM INSIDE A BUILDING: not from a building occupied by one or more zombies."""
    return where not in ("city", "dead", "reserve") and any(z.where == where for z in state.data.zombies)


def _zombies_next_to(state: FlickemState, sid: str) -> list[str]:
    """SHORT DISTANCE KILL: zombies in the city NEXT TO the survivor (standing or fallen)."""
    s = state.data.survivor(sid)
    if s.where != "city":
        return []
    here = state.data.position(sid)
    return sorted(z.id for z in state.data.zombies if z.where == "city"
                  and next_to(here, state.data.position(z.id), FIGURE_RADIUS, FIGURE_RADIUS, DISC_WIDTH))


def _first_turn_of_round(state: FlickemState) -> bool:
    colour = state.flow.colour
    return all(s.backpack == colour for s in state.data.survivors if s.where not in ("dead", "reserve"))


def apply(state: FlickemState, action) -> tuple[FlickemState, list[Event]]:
    f = state.flow
    if isinstance(action, Measured):
        if f.waiting == "flick":
            return _after_flick(state, action.outcome)
        if f.waiting in ("rush", "horde"):
            return _after_rush(state, action.outcome)
        raise IllegalAction(f"no physics result is awaited (waiting for: {f.waiting})")
    if action not in legal_actions(state):
        raise IllegalAction(f"{action} is not legal now (waiting for: {f.waiting})")
    if isinstance(action, ChooseSurvivor):
        s = state.data.survivor(action.survivor)
        data = state.data.with_survivor(replace(s, standing=True))     # stood up if fallen
        flow = replace(f, active=s.id, actions_left=2, noises=(), waiting="act")
        return replace(state, data=data, flow=flow), [Event("survivor chosen", {"survivor": s.id})]
    if isinstance(action, TakeDrop):
        return apply_take_drop(state, action)
    if isinstance(action, KeepToken):
        return apply_keep(state, action)
    if isinstance(action, ShortDistanceKill):
        # counts as using the survivor's weapon for the reaction (its default one: house reading)
        s = state.data.survivor(f.active)
        noise = action_noise("weapon", weapons_of(s.name, state.data.kinds(s.inventory))[0])
        zombies = tuple(replace(z, where="bin", standing=True) if z.id == action.zombie else z
                        for z in state.data.zombies)
        flow = replace(f, actions_left=f.actions_left - 1, noises=f.noises + (int(noise),))
        events = [Event("zombie killed at short distance", {"zombie": action.zombie})]
        return _scenario_end(replace(state, data=replace(state.data, zombies=zombies), flow=flow), {}, events), events
    if isinstance(action, (Move, UseWeapon)):
        weapon = "movement_disc" if isinstance(action, Move) else WEAPON_PIECE[action.weapon]
        noise = action_noise("move") if isinstance(action, Move) else action_noise("weapon", action.weapon)
        if isinstance(action, UseWeapon) and action.weapon == "two_guns":
            weapon = "bullet"       # the first of two bullets, from the left side
            request = (("second", "right"), ("side", "left"), ("survivor", f.active), ("weapon", weapon))
        else:
            request = (("side", "right"), ("survivor", f.active), ("weapon", weapon))
        flow = replace(f, actions_left=f.actions_left - 1, noises=f.noises + (int(noise),),
                       waiting="flick", request=request)
        return replace(state, flow=flow), [Event("flick requested", dict(request))]
    return _end_turn(state)


def _measured_figures(data: Data, outcome: dict) -> Data:
    positions = {p: (float(x), float(y)) for p, (x, y) in outcome.get("positions", {}).items()}
    standing = outcome.get("standing", {})
    data = data.with_positions(positions)
    zombies = tuple(replace(z, standing=bool(standing.get(z.id, z.standing))) for z in data.zombies)
    survivors = tuple(replace(s, standing=bool(standing.get(s.id, s.standing))) for s in data.survivors)
    return replace(data, zombies=zombies, survivors=survivors)


def _zombies_enter(state: FlickemState, outcome: dict, events: list[Event]) -> FlickemState:
    """ZOMBIES ENTERING A BUILDING: a zombie measured at a building's door enters it only if at
    least one survivor or token is inside and fewer than 2 zombies are."""
    data = state.data
    for zid, building in sorted(outcome.get("at_door", {}).items()):
        zombie = next(z for z in data.zombies if z.id == zid)
        if zombie.where != "city":
            continue
        occupied = any(s.where == building for s in data.survivors) or \
            any(t.where == building for t in data.tokens)
        crowd = sum(z.where == building for z in data.zombies)
        if occupied and crowd < 2 and may_enter(scenario_rules(state.scenario), building, "zombie"):
            data = replace(data, zombies=tuple(replace(z, where=building, standing=True) if z.id == zid else z
                                               for z in data.zombies))
            events.append(Event("zombie entered a building", {"zombie": zid, "building": building}))
    return replace(state, data=data)


def _lose_life(state: FlickemState, sid: str, events: list[Event]) -> FlickemState:
    """LOSING LIFE: at 0 the survivor leaves the game (its tokens go to the grocery store)."""
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
        state = replace(state, flow=replace(state.flow, waiting="over", result=f"lost: {deaths} survivors dead"))
    return state


def _after_flick(state: FlickemState, outcome: dict) -> tuple[FlickemState, list[Event]]:
    f = state.flow
    weapon = dict(f.request)["weapon"]
    events: list[Event] = []
    state = replace(state, data=_measured_figures(state.data, outcome))
    state = _zombies_enter(state, outcome, events)
    if weapon == "movement_disc":
        verdict = judge_move(outcome)
        events.append(Event("move succeeded" if verdict.success else "move failed", {"reason": verdict.reason}))
        rules = scenario_rules(state.scenario)
        if verdict.success and verdict.entered and not may_enter(rules, verdict.entered, "survivor"):
            events[-1] = Event("move failed", {"reason": f"survivors can not enter the {verdict.entered}"})
        elif verdict.success and (verdict.entered or verdict.exited):   # ENTERING AND EXITING
            s = state.data.survivor(f.active)
            where = verdict.entered or "city"
            data = state.data.with_survivor(replace(s, where=where))
            events.append(Event("entered a building" if verdict.entered else "left a building",
                                {"survivor": s.id, "building": verdict.entered or verdict.exited}))
            if rules.driver and where == "rv" and data.driver is None:
                data = replace(data, driver=s.id)
                events.append(Event("driver", {"survivor": s.id}))
            state = replace(state, data=data)
    else:
        verdict = judge_shot(outcome, shotgun=weapon == "shotgun")
        events.append(Event("shot missed" if verdict.hit_nothing else "shot hit",
                            {"first": verdict.first, "wounded": list(verdict.wounded)}))
        for hit in verdict.wounded:
            if hit.startswith("zombie-"):                  # to the zombie bin
                zombies = tuple(replace(z, where="bin", standing=True) if z.id == hit else z
                                for z in state.data.zombies)
                state = replace(state, data=replace(state.data, zombies=zombies))
                events.append(Event("zombie wounded", {"zombie": hit}))
            else:
                state = _lose_life(state, hit, events)
    state = _too_close(state, events)
    state = _scenario_end(state, outcome, events)
    if state.flow.waiting != "over":
        second = dict(f.request).get("second")
        if second:                  # the other gun's bullet, from the other side, same action
            request = (("side", second), ("survivor", f.active), ("weapon", weapon))
            state = replace(state, flow=replace(state.flow, waiting="flick", request=request))
        else:
            state = replace(state, flow=replace(state.flow, waiting="act", request=()))
    return state, events


def _scenario_end(state: FlickemState, outcome: dict, events: list[Event]) -> FlickemState:
    """The scenario's instant defeat and objective (GAME END), checked after every episode."""
    if state.flow.waiting == "over":
        return state
    rules = scenario_rules(state.scenario)
    if rules.instant_defeat == "zombie_touches_rv" and outcome.get("touching_rv"):
        events.append(Event("instant defeat", {"zombies": sorted(outcome["touching_rv"])}))
        return replace(state, flow=replace(state.flow, waiting="over", result="lost: a zombie touched the RV"))
    in_city = sum(z.where == "city" for z in state.data.zombies)
    if objective_met(rules, [s.where for s in state.data.survivors], in_city):
        events.append(Event("objective complete", {"zombies_in_city": in_city}))
        return replace(state, flow=replace(state.flow, waiting="over", result="won: objective complete"))
    return state


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
            state = _lose_life(state, s.id, events)
    return state


def _end_turn(state: FlickemState) -> tuple[FlickemState, list[Event]]:
    """Rotate the backpack, then the zombies' reaction to the loudest noise."""
    f = state.flow
    s = state.data.survivor(f.active)
    flipped = NIGHT if s.backpack == DAY else DAY
    state = replace(state, data=state.data.with_survivor(replace(s, backpack=flipped)))
    noise = turn_noise([Noise(n) for n in f.noises])
    city = [z for z in state.data.zombies if z.where == "city"]
    positions = {z.id: state.data.position(z.id) for z in city}
    reaction = zombies_react(noise, state.data.position(s.id), positions, {z.id: z.standing for z in city})
    stand = set(reaction.stand) | ({z.id for z in city} - set(reaction.rush) if reaction.stand_all_others else set())
    zombies = tuple(replace(z, standing=True) if z.id in stand else z for z in state.data.zombies)
    state = replace(state, data=replace(state.data, zombies=zombies))
    events = [Event("turn ended", {"survivor": s.id}),
              Event(f"reaction {noise.name}", {"rush": list(reaction.rush), "stand": sorted(stand)})]
    if reaction.rush:
        target = state.data.position(s.id)
        request = (("target", f"{target[0]:.3f},{target[1]:.3f}"), ("zombies", ",".join(reaction.rush)))
        return replace(state, flow=replace(f, waiting="rush", request=request, active=None)), events
    return _next_turn(replace(state, flow=replace(f, active=None)), events)


def _after_rush(state: FlickemState, outcome: dict) -> tuple[FlickemState, list[Event]]:
    verdict = judge_rush(outcome)
    events = [Event("rush result", {"fell": list(verdict.lose_life)})]
    state = replace(state, data=_measured_figures(state.data, outcome))
    state = _zombies_enter(state, outcome, events)
    for sid in verdict.lose_life:
        state = _lose_life(state, sid, events)
    state = _scenario_end(state, outcome, events)
    if state.flow.waiting == "over":
        return state, events
    was_horde = state.flow.waiting == "horde"
    state = replace(state, flow=replace(state.flow, request=()))
    return (replace(state, flow=replace(state.flow, waiting="choose")), events) if was_horde \
        else _next_turn(state, events)


def _next_turn(state: FlickemState, events: list[Event]) -> tuple[FlickemState, list[Event]]:
    """Teams alternate; when no survivor shows the round's colour the round ends."""
    f = state.flow
    for step in range(1, len(f.teams) + 1):
        team_index = (f.team_index + step) % len(f.teams)
        if available(state, f.teams[team_index]):
            return replace(state, flow=replace(f, team_index=team_index, waiting="choose")), events
    return _end_round(state, events)


def _end_round(state: FlickemState, events: list[Event]) -> tuple[FlickemState, list[Event]]:
    """END OF THE ROUND: marker forward (skull ends the game), stand all zombies, new horde."""
    f = state.flow
    marker = f.round_marker - 1
    events.append(Event("round ended", {"marker": marker}))
    if marker <= 0:
        return replace(state, flow=replace(f, round_marker=0, waiting="over",
                                           result="lost: the round marker reached the skull")), events
    colour = NIGHT if f.colour == DAY else DAY
    zombies = tuple(replace(z, standing=True) for z in state.data.zombies)
    count = state.setup.invasion_day if colour == DAY else state.setup.invasion_night
    in_bin = [z.id for z in zombies if z.where == "bin"]
    state = replace(state, data=replace(state.data, zombies=zombies))
    if len(in_bin) < count:
        return replace(state, flow=replace(f, round_marker=marker, colour=colour, waiting="over",
                                           result="lost: not enough zombies in the bin")), events
    request = (("zombies", ",".join(sorted(in_bin)[:count])),)
    zombies = tuple(replace(z, where="city") if z.id in sorted(in_bin)[:count] else z for z in zombies)
    events.append(Event("new horde", {"count": count}))
    flow = replace(f, round_marker=marker, colour=colour, team_index=0, waiting="horde", request=request)
    return replace(state, data=replace(state.data, zombies=zombies), flow=flow), events


class FlickemGame:
    """The :class:`rules.core.Game` of one scenario set-up, for :class:`rules.engine.Engine`."""

    def __init__(self, setup: Setup):
        self.setup = setup

    def new_game(self, scenario: int, seed: int) -> FlickemState:
        if scenario != self.setup.scenario:
            raise ValueError(f"this game is set up for scenario {self.setup.scenario}, not {scenario}")
        return new_game(self.setup, seed)

    pending = staticmethod(pending)
    legal_actions = staticmethod(legal_actions)
    apply = staticmethod(apply)
