"""The Tail Feathers engine's entry points (rules/core.py contract): new_game / pending /
legal_actions / apply and TailFeathersGame for rules.engine.Engine.

``apply`` is the one dispatcher of the turn flow, like a reducer: it hands the action (or the
physics result) to the step module it belongs to, and when the step reports that something
happened that decides what comes next (step.py: an attack over, a unit done...), it runs what
follows, until play waits for the next decision or physics result. Step modules never call
each other back; the order of play lives here and in each phase's own module.

Every die comes from the physics tray: pending() is PhysicsRequest("roll", {"dice", "why",
"player"}) and the answer Measured({"faces": [...]}); dropped tail feathers are
PhysicsRequest("feathers", ...) -> Measured({"landed": [...]}). ``apply`` is pure: it returns a
new state and events, or raises IllegalAction and leaves the input untouched."""
from __future__ import annotations

from feltbox.rules.core import Decision, Event, GameOver, IllegalAction, Measured, PhysicsRequest
from feltbox.rules.tailfeathers import activation as act
from feltbox.rules.tailfeathers import cards, combat, dice, feathers, final, flight, leaves, phases, spirals
from feltbox.rules.tailfeathers.dice import check_faces
from feltbox.rules.tailfeathers.setup import new_game
from feltbox.rules.tailfeathers.state import TFState
from feltbox.rules.tailfeathers.step import ACTIVATIONS_OVER, ATTACK_RESOLVED, FIRST_PLAYER, LEAF_DRIFTED, UNIT_DONE, Step
from feltbox.rules.tailfeathers.turn import player

ACTION_TYPES = (phases.ChooseMission, phases.AssignFigure, phases.DoneAssigning, phases.Tilt, phases.Launch,
                phases.Bid, act.Activate, act.Pass, act.TreeMove, act.EndMove, act.Scurry, act.AttackWith,
                act.EndActivation, act.Forage, act.Revive, flight.PilotCheck, flight.Fly, flight.Continue,
                flight.Perch, flight.Swoop, flight.Drop, flight.Pickup, combat.AssignHit, final.SiegeTree, final.PatrolTarget,
                final.RescueBird, cards.PlayCard, leaves.CutLeaf, spirals.Grudge, dice.RerollCheese, Measured)
ACTIONS = {t.__name__: t for t in ACTION_TYPES}

PROMPTS = {"mission_select": "choose a mission card face down (or none)",
           "mission_assign": "assign ground figures from the home tree to the mission box",
           "tilt": "set the bird's tilt, keep it perched, or launch it", "bid": "add up to 3 initiative dice (1 cheese each)",
           "activate": "activate a unit (or pass)", "move": "move the activated figures",
           "pilot": "make a piloting check or announce the flight templates",
           "flight": "at this crossing: perch, swoop, drop off, or continue", "act": "scurry or attack, then end",
           "assign_hits": "assign the next hit", "revive": "revive with the full cheese wheel (or not)",
           "siege": "choose the tree to besiege", "patrol": "choose the patrol's target",
           "rescue": "choose the bird to rescue"}


def whose(state: TFState) -> str:
    f = state.flow
    if f.waiting in ("mission_select", "mission_assign", "tilt", "bid"):
        return f.queue[0]
    if f.waiting in ("siege", "patrol", "rescue"):
        return f.missions[0]
    return player(state)


def _assigning(state: TFState) -> bool:
    a = state.flow.attack
    return a is not None and state.flow.roll is None and a.hits > 0 and len(a.assigned) < a.hits


def pending(state: TFState):
    f = state.flow
    if f.waiting == "over":
        return GameOver(f.winners, f.result)
    if f.feather_drops:
        return PhysicsRequest("feathers", feathers.request(state))
    if f.roll is not None:
        return PhysicsRequest("roll", {"dice": f.roll.dice, "why": f.roll.why.rstrip("+"), "player": f.roll.player})
    if f.cheese is not None:
        return Decision(f.cheese.player, f"your cheese wheel is full: re-roll up to {f.cheese.dice} excess cheese?")
    if f.card_window:
        return Decision(state.data.unit(f.card_window).alliance,
                        f"play an action card for {f.card_window} before its death spiral roll?")
    if _assigning(state):
        return Decision(f.attack.side, PROMPTS["assign_hits"])
    if f.grudge:
        return Decision(state.data.unit(spirals.roller(state)).alliance, "discard the grudge marker to re-roll dice?")
    return Decision(whose(state), PROMPTS.get(f.waiting, f.waiting))


def legal_actions(state: TFState) -> list:
    f = state.flow
    if f.waiting == "over" or f.feather_drops or f.roll is not None:
        return []
    if f.cheese is not None:
        return dice.cheese_options(state)
    if f.card_window:
        return cards.window_options(state)
    if _assigning(state):
        return [combat.AssignHit(t) for t in f.attack.targets]
    if f.grudge:
        return spirals.grudge_options(state)
    w = f.waiting
    if w == "mission_select":
        return phases.mission_options(state)
    if w == "mission_assign":
        return phases.assign_options(state)
    if w == "tilt":
        return phases.tilt_options(state)
    if w == "bid":
        return phases.bid_options(state)
    if w == "activate":
        return act.activate_options(state)
    if w == "move":
        return cards.card_options(state) + act.move_options(state)
    if w == "pilot":
        return cards.card_options(state) + flight.pilot_options(state)
    if w == "flight":
        return flight.flight_options(state)
    if w == "act":
        return cards.card_options(state) + act.act_options(state)
    if w == "revive":
        return act.revive_options(state) + [act.Revive(())]
    if w == "siege":
        return final.siege_options(state)
    if w == "patrol":
        return final.patrol_options(state)
    if w == "rescue":
        return final.rescue_options(state)
    return []


def apply(state: TFState, action) -> tuple[TFState, list[Event]]:
    events: list[Event] = []
    if isinstance(action, Measured):
        done = _measured(state, action.outcome, events)
    else:
        if state.flow.feather_drops or state.flow.roll is not None:
            raise IllegalAction("the physics result is awaited first")
        if action not in legal_actions(state):
            raise IllegalAction(f"{action} is not legal now (waiting for: {state.flow.waiting})")
        done = _decide(state, action, events)
    state = _follow(done, events)
    if state.data.leaves and state.flow.roll is None:    # an empty drifting leaf goes back
        state = leaves.reattach_empty(state, events)
    return state, events


def _follow(done: TFState | Step, events: list) -> TFState:
    """Run what follows a step, step after step, until play waits (Step.next is "")."""
    step = done if isinstance(done, Step) else Step(done)
    while step.next:
        after = _after(step, events)
        step = after if isinstance(after, Step) else Step(after)
    return step.state


def _after(step: Step, events: list) -> TFState | Step:
    """What comes next, decided from what the last step reports (step.py)."""
    state = step.state
    if step.next == ATTACK_RESOLVED:           # back to what the attack interrupted
        if step.resume == "flight":
            return flight.resume(state, events)
        if step.resume == "final":
            return final.next_mission(state, events)
        return act.after_act(state, events)
    if step.next == UNIT_DONE:                 # Revive, then the end of the activation
        return act.finish_acting(state, events)
    if step.next == FIRST_PLAYER:              # Activate Units, from the first player
        return act.start_turn(state)
    if step.next == ACTIVATIONS_OVER:          # no unit left to activate: Final Phase
        return final.start_final(state, events)
    if step.next == LEAF_DRIFTED:              # a leaf cut loose waits; in the Final Phase the next one drifts
        return final.drift_next(state, events) if state.flow.phase == "final" else state
    raise ValueError(f"no step follows {step.next!r}")


def _measured(state: TFState, outcome: dict, events: list) -> TFState | Step:
    f = state.flow
    if f.feather_drops:
        return feathers.landed(state, outcome, events)
    if f.roll is None:
        raise IllegalAction(f"no physics result is awaited (waiting for: {f.waiting})")
    faces = check_faces(outcome.get("faces", ()), f.roll.dice)
    why = f.roll.why
    if why == "initiative":
        return phases.initiative_faces(state, faces, events)
    if why == "pilot":
        return flight.pilot_faces(state, faces, events)
    if why == "fire":
        return act.fire_faces(state, faces, events)
    if why == "leaf":
        return leaves.leaf_faces(state, faces, events)
    if why in ("spiral", "spiral+"):
        return spirals.spiral_faces(state, faces, events)
    return combat.on_faces(state, faces, events)


def _decide(state: TFState, a, events: list) -> TFState | Step:
    if isinstance(a, dice.RerollCheese):
        call = state.flow.cheese
        state, kept = dice.reroll_cheese(state, a, events)
        if kept is None:                       # the excess is re-rolled: its faces come back measured
            return state
        if call.why == "spiral":
            return spirals.kept_faces(state, kept, events)
        return combat.resolve(state, call.why, call.player, kept, events)
    if isinstance(a, cards.PlayCard) and state.flow.card_window:
        uid = state.flow.card_window
        return spirals.ask_battle_roll(cards.play_window(state, a, events), uid)
    if isinstance(a, phases.ChooseMission):
        return phases.choose_mission(state, a, events)
    if isinstance(a, (phases.AssignFigure, phases.DoneAssigning)):
        return phases.assign(state, a, events)
    if isinstance(a, (phases.Tilt, phases.Launch)):
        return phases.tilt(state, a, events)
    if isinstance(a, phases.Bid):
        return phases.bid(state, a, events)
    if isinstance(a, combat.AssignHit):
        return combat.assign(state, a, events)
    if isinstance(a, cards.PlayCard):
        return cards.play(state, a, events)
    simple = {act.Pass: act.pass_turn, act.EndMove: act.end_move, act.Forage: act.forage,
              act.EndActivation: act.finish_acting, flight.PilotCheck: flight.pilot_check,
              flight.Continue: flight.cont, flight.Drop: flight.drop}
    if type(a) in simple:
        return simple[type(a)](state, events)
    handlers = {act.Activate: act.activate, act.TreeMove: act.tree_move, act.Scurry: act.scurry,
                act.AttackWith: act.attack, act.Revive: act.revive, flight.Fly: flight.fly, flight.Perch: flight.perch,
                flight.Swoop: flight.swoop, flight.Pickup: flight.pickup, final.SiegeTree: final.siege,
                final.PatrolTarget: final.patrol, final.RescueBird: final.rescue, leaves.CutLeaf: leaves.cut,
                spirals.Grudge: spirals.grudge}
    return handlers[type(a)](state, a, events)


class TailFeathersGame:
    """The :class:`rules.core.Game` of one set-up, for :class:`rules.engine.Engine`."""

    def __init__(self, setup):
        self.setup = setup

    def new_game(self, scenario: int, seed: int) -> TFState:
        return new_game(self.setup, seed)

    pending = staticmethod(pending)
    legal_actions = staticmethod(legal_actions)
    apply = staticmethod(apply)
