"""The Dead of Winter engine's entry points and actions (rulebook: OVERVIEW OF A GAME, USING A
SURVIVOR, MOVE, USING A WEAPON, SHORT DISTANCE KILL, TAKE / DROP OFF, WAYS TO PLAY).

``apply`` is pure: it returns a new state and events, or raises IllegalAction leaving the input
untouched. Physical results come back as ``Measured`` outcomes from the bridge (the JSON form of
outcome.py's ``FlickOutcome`` / ``RushOutcome``, with the figures' ``positions`` and ``standing``
after the episode), read once into their typed form.

This module is the one dispatcher, like a reducer: each step module applies its own step and
returns the result (results.py a flick, kills.py a short distance kill, fights.py a fight,
tokens.py / crossroads.py / strength.py tokens taken, betrayal.py an accusation, rounds.py the end
of a turn and the rounds), and ``_apply`` decides what comes next. Step modules never call back into their
callers (imports only go down, no circles); what they all share sits below them: life.py
(LOSING LIFE), figures.py (measured figures, ZOMBIES ENTERING A BUILDING), game_end.py (GAME END).
Scenario rules beyond S1 are the rules issue's next step (docs/rules-coverage-flickem.md).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from feltbox.rules.core import Decision, Event, GameOver, IllegalAction, Measured, PhysicsRequest, Rng
from feltbox.rules.flickem.betrayal import (
    SECRET_ACTIONS,
    WAITS,
    Accuse,
    ChooseClan,
    PassTurn,
    Vote,
    accusations,
    apply_secret,
    betrayer_flicked,
    pass_turn,
    secret_actions,
    secret_decision,
    x_face_down,
)
from feltbox.rules.flickem.crossroads import draw as draw_crossroads
from feltbox.rules.flickem.fights import (
    BatTurn,
    FightWith,
    after_entering,
    apply_fight_action,
    fight_measured,
    fight_options,
    fight_player,
    fight_weapons,
    must_fight,
    start_fight_to_act,
)
from feltbox.rules.flickem.figures import place_measured_figures
from feltbox.rules.flickem.game_end import check_scenario_end
from feltbox.rules.flickem.kills import ShortDistanceKill, apply_short_distance_kill, kill_options, with_weapon
from feltbox.rules.flickem.noise import GUNS, action_noise
from feltbox.rules.flickem.outcome import FlickOutcome, RushOutcome
from feltbox.rules.flickem.powers import (
    ExtraAction,
    FreeMove,
    Heal,
    UseFlare,
    apply_extra_action,
    apply_free_move,
    apply_heal,
    apply_use_flare,
    flare_result,
    john_bonus,
    power_actions,
)
from feltbox.rules.flickem.results import building_entered, flick_measured, returned_to_standing
from feltbox.rules.flickem.rounds import Eat, apply_eat, available, eat_options, end_turn, next_turn, pretzel_team, rush_measured
from feltbox.rules.flickem.scenarios import scenario_rules
from feltbox.rules.flickem.secrets import deal, settle
from feltbox.rules.flickem.state import Data, FlickemState, Flow, Setup, Waiting
from feltbox.rules.flickem.stealing import Steal, StealKeep, apply_steal, offer_steals, steal_options, steal_player
from feltbox.rules.flickem.strength import MoveX, apply_move_x, move_x_options, survivor_revealed, x_first
from feltbox.rules.flickem.tokens import KeepToken, TakeDrop, apply_keep, apply_take_drop, reveals_at_once, take_drop_options
from feltbox.rules.flickem.too_close import too_close
from feltbox.rules.flickem.weapons import weapons_of


@dataclass(frozen=True)
class ChooseSurvivor:
    survivor: str


@dataclass(frozen=True)
class Move:
    """MOVE: flick the movement disc in place of the survivor."""


@dataclass(frozen=True)
class UseWeapon:
    weapon: str               # gun | knife | bat | shotgun | sniper


@dataclass(frozen=True)
class EndTurn:
    """End the turn: rotate the backpack, then the zombies' reaction."""


ACTIONS = {"ChooseSurvivor": ChooseSurvivor, "Move": Move, "UseWeapon": UseWeapon,
           "ShortDistanceKill": ShortDistanceKill, "TakeDrop": TakeDrop, "KeepToken": KeepToken,
           "ExtraAction": ExtraAction, "UseFlare": UseFlare, "FreeMove": FreeMove, "Heal": Heal,
           "Eat": Eat, "EndTurn": EndTurn, "Measured": Measured, "FightWith": FightWith, "BatTurn": BatTurn,
           "Accuse": Accuse, "Vote": Vote, "ChooseClan": ChooseClan, "PassTurn": PassTurn,
           "MoveX": MoveX, "Steal": Steal, "StealKeep": StealKeep}
# the table piece each weapon flicks (a gun flicks a bullet, the templates lay their shot)
WEAPON_PIECE = {"gun": "bullet", "two_guns": "bullet", "knife": "knife", "bat": "bat",
                "shotgun": "shotgun", "sniper": "sniper"}


def new_game(setup: Setup, seed: int) -> FlickemState:
    data = Data(setup.survivors, setup.zombies, setup.positions,
                setup.pretzel or (setup.survivors[0].id if setup.survivors else None), setup.tokens,
                barricades=setup.barricades, objects=setup.objects)
    state = FlickemState(setup.scenario, setup, data, Flow(setup.round_start, setup.first_round, setup.teams),
                         Rng(seed))
    state = replace(state, flow=replace(state.flow, team_index=pretzel_team(state)))   # pretzel first
    return deal(state)                          # S9/S10 SECRET OBJECTIVES


def pending(state: FlickemState):
    f = state.flow
    if f.waiting == Waiting.OVER:
        return GameOver(f.winners, f.result)
    if f.waiting in (Waiting.FLICK, Waiting.RUSH, Waiting.HORDE, Waiting.FIGHT_FLICK, Waiting.EJECT):
        return PhysicsRequest(f.waiting, dict(f.request))
    if f.waiting in WAITS:                      # S9/S10: a voter, or the accused choosing a clan
        return secret_decision(state)
    team = fight_player(state) if f.waiting == Waiting.FIGHT else \
        steal_player(state) if f.waiting in (Waiting.STEAL, Waiting.STEAL_KEEP) else f.teams[f.team_index]
    prompts = {"choose": "choose a survivor", "eat": "eat or go hungry", "look": "keep or leave the token",
               "fight": "fight: choose a weapon, or the bat's wait or attack",
               "x": "move an X in front of the building just left",
               "steal": "steal: look at a face-down token of the fallen survivor, or not",
               "steal_keep": "take the token, leave it, or remove an X"}
    return Decision(team, prompts.get(f.waiting, "act or end the turn"))


def legal_actions(state: FlickemState) -> list:
    f = state.flow
    if f.waiting == Waiting.CHOOSE:
        team = f.teams[f.team_index]
        choices = available(state, team)
        pretzel = state.data.pretzel
        if pretzel in choices and _first_turn_of_round(state) and scenario_rules(state.scenario).competitive:
            choices = [pretzel]               # COMPETITIVE: the pretzel holder is used first each round
        return [ChooseSurvivor(s) for s in choices] + pass_turn(state)
    if f.waiting == Waiting.EAT:
        return eat_options(state)
    if f.waiting == Waiting.FIGHT:
        return fight_options(state)
    if f.waiting in (Waiting.STEAL, Waiting.STEAL_KEEP):
        return steal_options(state)
    if f.waiting in WAITS:
        return secret_actions(state)
    if f.waiting == Waiting.X:                      # S8 NEW X TOKENS
        return move_x_options(state)
    if f.waiting == Waiting.LOOK:
        looked = f.looking.split(",")
        if len(looked) == 1:
            return [KeepToken(True), KeepToken(False)]
        return [KeepToken(True, t) for t in looked] + [KeepToken(False)]
    if f.waiting == Waiting.ACT:
        if f.active is not None and f.active == state.data.driver:
            return [EndTurn()]      # S1 SPECIAL RULES: "The driver is not available to be used for the
                                    # remainder of the scenario", from the moment it drives: no action left
        acts: list = [EndTurn()]
        # FIGHT: acting (a move, a shot, a take: Loretta's free one too) beside a standing zombie
        # in the building means fighting it first
        if (f.actions_left > 0 or f.free_take) and must_fight(state):
            return power_actions(state) + [FightWith(f.active, w) for w in fight_weapons(state, f.active)] + acts
        if f.actions_left == 0 and f.free_take:
            acts = take_drop_options(state) + acts
        if f.actions_left > 0:
            s = state.data.survivor(f.active)
            weapons = [UseWeapon(w) for w in weapons_of(s.name, state.data.kinds(s.inventory))
                       if not (w in GUNS and _zombies_inside(state, s.where))]
            acts = [Move(), *weapons, *kill_options(state, s.id), *take_drop_options(state), *accusations(state)] + acts
        return power_actions(state) + acts
    return []


def _zombies_inside(state: FlickemState, where: str) -> bool:
    """SHOOTING FROM INSIDE A BUILDING: not from a building occupied by one or more zombies."""
    return where not in ("city", "dead", "reserve") and any(z.where == where for z in state.data.zombies)


def _first_turn_of_round(state: FlickemState) -> bool:
    colour = state.flow.colour
    return all(s.backpack == colour for s in state.data.survivors if s.where not in ("dead", "reserve"))


def apply(state: FlickemState, action) -> tuple[FlickemState, list[Event]]:
    after, events = _apply(state, action)
    after = too_close(after, events)                  # TOO CLOSE!, whatever moved or stood up
    after, events = _someone_to_choose(after, events)  # ... may have killed the team's last one
    after = offer_steals(after, events)               # S6: a fallen survivor may be robbed
    return settle(state, after, events)          # S9/S10: the secret objectives name the winners


def _apply(state: FlickemState, action) -> tuple[FlickemState, list[Event]]:
    """The dispatcher: a measured physics result, or a legal decision, goes to the step module
    that applies it; what comes next is decided here (or by the turn flow, rounds.py)."""
    if isinstance(action, Measured):
        return _measured(state, action.outcome)
    if isinstance(action, ShortDistanceKill):
        action = with_weapon(state, action)           # an old save's kill: the default weapon
    if action not in legal_actions(state):
        raise IllegalAction(f"{action} is not legal now (waiting for: {state.flow.waiting})")
    return _decided(state, action)


def _measured(state: FlickemState, measured: dict) -> tuple[FlickemState, list[Event]]:
    """The physics result awaited: a flick (the betrayer's, a flare, or a survivor's), a ZOMBIE
    RUSH or new horde, a fight's attack or eject (then GAME END). The outcome's JSON is read here,
    once, into its typed form (outcome.py)."""
    f = state.flow
    if f.waiting in (Waiting.RUSH, Waiting.HORDE):
        state, events = rush_measured(state, RushOutcome.from_json(measured))
        return (_round_starts(state, events) if f.waiting == Waiting.HORDE else (state, events))
    if f.waiting not in (Waiting.FLICK, Waiting.FIGHT_FLICK, Waiting.EJECT):
        raise IllegalAction(f"no physics result is awaited (waiting for: {f.waiting})")
    outcome = FlickOutcome.from_json(measured)
    if f.waiting in (Waiting.FIGHT_FLICK, Waiting.EJECT):
        state, events = fight_measured(state, outcome)
        return check_scenario_end(state, None, events), events
    if dict(f.request).get("betrayer"):
        return betrayer_flicked(state, outcome)
    if dict(f.request).get("weapon") == "flare":      # what it knocked over is returned to standing
        moved = replace(state, data=place_measured_figures(state.data, outcome))
        events: list[Event] = []
        moved = returned_to_standing(moved, outcome.fell, events)
        after, flared = flare_result(moved, outcome)
        return after, flared + events
    return _flicked(state, outcome)


def _round_starts(state: FlickemState, events: list[Event]) -> tuple[FlickemState, list[Event]]:
    """WAYS TO PLAY: "Each new round is started by the team holding the pretzel", held after the
    new horde's rush: if its holder died in that rush, the pretzel has passed on (LOSING LIFE) and
    the new holder's team starts (one with nobody to use passes on: :func:`_someone_to_choose`)."""
    if state.flow.waiting != Waiting.CHOOSE:
        return state, events
    return replace(state, flow=replace(state.flow, team_index=pretzel_team(state))), events


def _someone_to_choose(state: FlickemState, events: list[Event]) -> tuple[FlickemState, list[Event]]:
    """WAYS TO PLAY: the team to choose must have a survivor to use (or, THE LONE BETRAYER, pass).
    TOO CLOSE! after a rush or the new horde may kill its last one: then the next team with one
    plays (END OF THE ROUND if none has), as when a turn ends."""
    if state.flow.waiting != Waiting.CHOOSE:
        return state, events
    if available(state, state.flow.teams[state.flow.team_index]) or pass_turn(state):
        return state, events
    return next_turn(state, events)


def _decided(state: FlickemState, action) -> tuple[FlickemState, list[Event]]:
    """A legal decision, to the module that applies it; anything else left is :class:`EndTurn`."""
    if isinstance(action, ChooseSurvivor):
        return _choose(state, action)
    if isinstance(action, Eat):
        return apply_eat(state, action)
    if isinstance(action, FightWith) and state.flow.waiting == Waiting.ACT:
        return start_fight_to_act(state, action)
    if isinstance(action, (FightWith, BatTurn)):
        return apply_fight_action(state, action)
    if isinstance(action, PassTurn):                   # THE LONE BETRAYER passes: the next team plays
        return next_turn(*x_face_down(state))
    if isinstance(action, SECRET_ACTIONS):
        return apply_secret(state, action)
    if isinstance(action, (Steal, StealKeep)):
        return apply_steal(state, action)
    if isinstance(action, MoveX):
        return apply_move_x(state, action)
    if isinstance(action, ExtraAction):
        return apply_extra_action(state)
    if isinstance(action, UseFlare):
        return apply_use_flare(state, action)
    if isinstance(action, FreeMove):
        return apply_free_move(state)
    if isinstance(action, Heal):
        return apply_heal(state, action)
    if isinstance(action, (TakeDrop, KeepToken)):
        return _take_drop_or_keep(state, action)
    if isinstance(action, ShortDistanceKill):
        return apply_short_distance_kill(state, action)
    if isinstance(action, (Move, UseWeapon)):
        return _request_flick(state, action)
    return end_turn(state)


def _choose(state: FlickemState, action: ChooseSurvivor) -> tuple[FlickemState, list[Event]]:
    """USING A SURVIVOR: the chosen survivor stands up if fallen and has 2 actions."""
    s = state.data.survivor(action.survivor)
    data = state.data.with_survivor(replace(s, standing=True))     # stood up if fallen
    flow = replace(state.flow, active=s.id, actions_left=2, noises=(), waiting=Waiting.ACT, flare=None, kills=0,
                   bonus=False)
    return replace(state, data=data, flow=flow), [Event("survivor chosen", {"survivor": s.id})]


def _request_flick(state: FlickemState, action: Move | UseWeapon) -> tuple[FlickemState, list[Event]]:
    """MOVE or USING A WEAPON: 1 action and its noise; the flow waits for the flick's physics
    (SHOOTING WITH 2 GUNS: the left bullet first, the right one after)."""
    f = state.flow
    weapon = "movement_disc" if isinstance(action, Move) else WEAPON_PIECE[action.weapon]
    escorting = state.data.escort == f.active            # S3: Anita cries in pain: LOUD
    noise = action_noise("move", escorting=escorting) if isinstance(action, Move) \
        else action_noise("weapon", action.weapon, escorting=escorting)
    if isinstance(action, UseWeapon) and action.weapon == "two_guns":
        weapon = "bullet"       # the first of two bullets, from the left side
        request = (("second", "right"), ("side", "left"), ("survivor", f.active), ("weapon", weapon))
    else:
        request = (("side", "right"), ("survivor", f.active), ("weapon", weapon))
    flow = replace(f, actions_left=f.actions_left - 1, noises=f.noises + (int(noise),),
                   waiting=Waiting.FLICK, request=request)
    return replace(state, flow=flow), [Event("flick requested", dict(request))]


def _flicked(state: FlickemState, outcome: FlickOutcome) -> tuple[FlickemState, list[Event]]:
    """A flick's measured result (results.py), then what it leads to while the survivor still
    acts: a FIGHT in the building just entered (fights.py), S8's X to place first (strength.py),
    JOHN PRICE's third action (powers.py)."""
    weapon = dict(state.flow.request)["weapon"]
    state, events = flick_measured(state, outcome)
    building = building_entered(state, weapon, events)
    if building is not None:
        state = after_entering(state, building, events)
    state = x_first(state)
    return (john_bonus(state, events), events) if state.flow.waiting == Waiting.ACT else (state, events)


def _take_drop_or_keep(state: FlickemState, action) -> tuple[FlickemState, list[Event]]:
    """TAKE / DROP OFF (tokens.py), then what a token taken reveals at once: S5 CROSSROADS
    (crossroads.py) or S8 NEW SURVIVOR (strength.py); tokens moving may complete an objective."""
    if isinstance(action, KeepToken):
        state, events = apply_keep(state, action)
    else:
        state, events = apply_take_drop(state, action)
        kind = action.take and state.data.token(action.take).kind
        if kind and reveals_at_once(state, kind):
            reveal = draw_crossroads if kind == "crossroads" else survivor_revealed
            state = reveal(state, action.take, events)
    return check_scenario_end(state, None, events), events


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
