"""The Snowbirds engine's entry points (rules/core.py contract): new_game / pending /
legal_actions / apply and SnowbirdsGame for rules.engine.Engine, as rules/tailfeathers/flow.py.

One seat, ``"flock"``. ``pending`` is a Decision with the stage's prompt, a PhysicsRequest for the
dice, or GameOver. The dice come from the physics tray:

- VIGOR: ``PhysicsRequest("roll", {"dice": 2, "why": "vigor", "player": "flock", "risk": R})``
- an R card's TENACITY re-roll: ``PhysicsRequest("roll", {"dice": 1, "why": "tenacity",
  "player": "flock", "die": i, "risk": R})``

each answered by ``Measured({"faces": [...]})`` (integers 1-6, as many as asked). ``apply`` is
pure: a new state and events (each with a "text" in the player's words), or IllegalAction with
the reason, the input untouched."""
from __future__ import annotations

from feltbox.rules.core import Decision, Event, GameOver, IllegalAction, Measured, PhysicsRequest
from feltbox.rules.snowbirds import day, journey, play
from feltbox.rules.snowbirds.actions import AcceptFailure, Fly, PlayFlight, PlayForage, PlayRest, PlayTenacity, RestDay
from feltbox.rules.snowbirds.state import PLAYER, SBState, Setup

ACTION_TYPES = (PlayRest, PlayForage, PlayFlight, Fly, PlayTenacity, AcceptFailure, RestDay, Measured)
ACTIONS = {t.__name__: t for t in ACTION_TYPES}

PROMPTS = {"rest": "rest (face down) to remove Exhaustion, forage, play flight, or take a rest day",
           "forage": "forage to decrease Hunger, play flight, or take a rest day",
           "flight": "play flight cards to meet the Distance, then take off",
           "tenacity": "Vigor fell short: play a card sideways for Tenacity, or accept the failure"}


def new_game(setup: Setup | None = None, seed: int = 0) -> SBState:
    """Setup (rulebook): normal mode unless ``setup.difficult``; ``seed`` deals everything."""
    return day.new_game(setup, seed)


def whose(state: SBState) -> str:
    return PLAYER


def prompt(state: SBState) -> str:
    """The stage's prompt with the journey's numbers."""
    f = state.flow
    if f.stage == "tenacity":
        return f"{PROMPTS['tenacity']} (dice {f.dice[0]}+{f.dice[1]} against Risk {journey.risk(state)})"
    return (f"{PROMPTS[f.stage]} (journey {state.data.position + 1}: flight {f.flight} of Distance "
            f"{journey.distance(state)}, Risk {journey.risk(state)}, Hunger +{journey.journey_hunger(state)})")


def pending(state: SBState):
    f = state.flow
    if f.stage == "over":
        return GameOver((PLAYER,) if f.success else (), f.result)
    if f.stage == "vigor":
        spec = {"dice": 2, "why": "vigor", "player": PLAYER, "risk": journey.risk(state)}
        if f.reroll >= 0:
            spec = {"dice": 1, "why": "tenacity", "player": PLAYER, "die": f.reroll, "risk": journey.risk(state)}
        return PhysicsRequest("roll", spec)
    return Decision(PLAYER, prompt(state))


def legal_actions(state: SBState) -> list:
    return play.options(state)


def check_faces(outcome: dict, n: int) -> tuple[int, ...]:
    faces = outcome.get("faces", ()) if isinstance(outcome, dict) else ()
    faces = tuple(faces)
    if len(faces) != n:
        raise IllegalAction(f"{n} dice were rolled, {len(faces)} faces came back")
    for x in faces:
        if isinstance(x, bool) or not isinstance(x, int) or not 1 <= x <= 6:
            raise IllegalAction(f"a six-sided die shows 1 to 6, not {x!r}")
    return faces


def apply(state: SBState, action) -> tuple[SBState, list[Event]]:
    events: list[Event] = []
    f = state.flow
    if f.stage == "over":
        raise IllegalAction("the migration is over")
    if isinstance(action, Measured):
        if f.stage != "vigor":
            raise IllegalAction("no dice are being rolled")
        faces = check_faces(action.outcome, 1 if f.reroll >= 0 else 2)
        return play.faces(state, faces, events), events
    if f.stage == "vigor":
        raise IllegalAction("the dice are rolling: their faces are awaited first")
    play.check(state, action)
    handlers = {PlayRest: play.rest, PlayForage: play.forage, PlayFlight: play.flight,
                PlayTenacity: play.tenacity}
    if type(action) in handlers:
        return handlers[type(action)](state, action, events), events
    simple = {Fly: play.fly, AcceptFailure: play.accept_failure, RestDay: day.rest_day}
    return simple[type(action)](state, events), events


class SnowbirdsGame:
    """The :class:`rules.core.Game` for rules.engine.Engine: scenario 0 normal, 1 difficult."""

    def __init__(self, setup: Setup | None = None):
        self.setup = setup

    def new_game(self, scenario: int, seed: int) -> SBState:
        return new_game(self.setup or Setup(difficult=scenario == 1), seed)

    pending = staticmethod(pending)
    legal_actions = staticmethod(legal_actions)
    apply = staticmethod(apply)
