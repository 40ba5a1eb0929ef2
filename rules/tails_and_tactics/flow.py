"""The Tails and Tactics engine's entry points (rules/core.py contract): new_game / pending /
legal_actions / apply / whose / prompt and TTGame for rules.engine.Engine, as
rules/snowbirds/flow.py. Seats ``"red"`` and ``"blue"``.

Who starts (Battlefield Setup; house: one d6 per seat from the physics tray):
``PhysicsRequest("roll", {"dice": 2, "why": "first player", "players": ["red", "blue"]})``,
answered by ``Measured({"faces": [red, blue]})``; a tie asks again. ``apply`` is pure: a new state
and events (each with a "text" in the players' words; private facts carry ``visible_to``), or
IllegalAction with the reason, the input untouched."""
from __future__ import annotations

from feltbox.rules.core import Decision, Event, GameOver, IllegalAction, Measured, PhysicsRequest
from feltbox.rules.tails_and_tactics import battlefield, chain, options, play, turn
from feltbox.rules.tails_and_tactics.actions import (
    Attack,
    ChooseRuleChanger,
    Deploy,
    Discard,
    Dodge,
    EndTurn,
    Pass,
    PlayEvent,
    PlayTrap,
    Ready,
    SetTrap,
    SetupDeploy,
    SpringTrap,
)
from feltbox.rules.tails_and_tactics.state import SEATS, Setup, TTState, side

ACTION_TYPES = (ChooseRuleChanger, SetupDeploy, Ready, Deploy, Attack, Dodge, PlayEvent, PlayTrap, SetTrap,
                SpringTrap, Pass, EndTurn, Discard, Measured)
ACTIONS = {t.__name__: t for t in ACTION_TYPES}
ROLL_SPEC = {"dice": 2, "why": "first player", "players": list(SEATS)}


def new_game(setup: Setup | None = None, seed: int = 0) -> TTState:
    """Battlefield Setup begins: both decks shuffled (instances permuted with the seed's Rng)."""
    return battlefield.new_game(setup, seed)


def whose(state: TTState) -> str | None:
    """The seat that must act now (None: the dice, or the game is over)."""
    f = state.flow
    if f.phase == "over" or f.step == "roll":
        return None
    return f.seat if f.phase == "setup" else f.priority


def prompt(state: TTState) -> str:
    f = state.flow
    if f.phase == "over":
        return f"{f.winner} wins: {f.reason}"
    if f.step == "roll":
        return "roll one die each: the higher takes the first turn"
    if f.step == "rule_changer":
        return f"{f.seat}: you may search your deck for a Rule Changer and place it face down"
    if f.step == "deploy":
        over = battlefield.hand_over(state)
        extra = f" (discard {over} to the hand limit first)" if over > 0 else ""
        return f"{f.seat}: deploy cards face down from your hand, then say you are ready{extra}"
    if f.step == "discard":
        return f"{f.seat}: discard down to the hand limit"
    if f.chain:
        top = f.chain[-1]
        return f"{f.priority}: respond to \"{top.text}\" or pass"
    return f"{f.seat}: deploy, attack, play cards, or end your turn"


def pending(state: TTState):
    f = state.flow
    if f.phase == "over":
        return GameOver((f.winner,) if f.winner else (), f.reason)
    if f.step == "roll":
        return PhysicsRequest("roll", dict(ROLL_SPEC, players=list(SEATS)))
    return Decision(whose(state), prompt(state))


def legal_actions(state: TTState) -> list:
    return options.legal_actions(state)


def _faces(outcome) -> tuple[int, int]:
    faces = tuple(outcome.get("faces", ())) if isinstance(outcome, dict) else ()
    if len(faces) != 2:
        raise IllegalAction(f"2 dice were rolled, {len(faces)} faces came back")
    for x in faces:
        if isinstance(x, bool) or not isinstance(x, int) or not 1 <= x <= 6:
            raise IllegalAction(f"a six-sided die shows 1 to 6, not {x!r}")
    return faces


def _setup(state: TTState, action, events: list) -> TTState:
    f = state.flow
    if isinstance(action, ChooseRuleChanger) and f.step == "rule_changer":
        if action.card_id is not None and action.card_id not in battlefield.rule_changers(state, f.seat):
            raise IllegalAction(f"no Rule Changer {action.card_id!r} in {f.seat}'s deck")
        return battlefield.choose_rule_changer(state, action.card_id, events)
    if f.step != "deploy":
        raise IllegalAction(f"not now: {prompt(state)}")
    if isinstance(action, SetupDeploy):
        why = battlefield.check_deploy(state, action.card, tuple(action.requirements))
        if why:
            raise IllegalAction(why)
        return battlefield.setup_deploy(state, action.card, tuple(action.requirements), events)
    if isinstance(action, Discard):
        if action.card not in side(state, f.seat).hand:
            raise IllegalAction(f"{action.card} is not in {f.seat}'s hand")
        return turn.discard(state, action.card, events)
    if isinstance(action, Ready):
        if battlefield.hand_over(state) > 0:
            raise IllegalAction(f"discard {battlefield.hand_over(state)} more to the hand limit first")
        return battlefield.ready(state, events)
    raise IllegalAction(f"not now: {prompt(state)}")


def _play(state: TTState, a, events: list) -> TTState:
    f = state.flow
    if f.step == "discard":
        if not isinstance(a, Discard) or a.card not in side(state, f.seat).hand:
            raise IllegalAction(f"discard a card from {f.seat}'s hand to the hand limit")
        return turn.discard(state, a.card, events)
    if isinstance(a, Pass):
        if not f.chain:
            raise IllegalAction("nothing to respond to: end your turn instead")
        return chain.pass_priority(state, events)
    if isinstance(a, EndTurn):
        if f.chain:
            raise IllegalAction("the chain is open: respond or pass first")
        return turn.end_turn(state, events)
    if isinstance(a, Deploy):
        return play.deploy(state, a.card, tuple(a.requirements), a.attach_to, events)
    if isinstance(a, Attack):
        return play.attack(state, a.source, a.target, events)
    if isinstance(a, Dodge):
        return play.dodge(state, a.attack, events)
    if isinstance(a, PlayEvent):
        return play.play_event(state, a.card, a.target, events)
    if isinstance(a, PlayTrap):
        return play.play_trap(state, a.card, a.target, events)
    if isinstance(a, SetTrap):
        return play.set_trap(state, a.card, events)
    if isinstance(a, SpringTrap):
        return play.spring_trap(state, a.card, a.target, events)
    raise IllegalAction(f"not now: {prompt(state)}")


def apply(state: TTState, action) -> tuple[TTState, list[Event]]:
    events: list[Event] = []
    f = state.flow
    if f.phase == "over":
        raise IllegalAction("the game is over")
    if isinstance(action, Measured):
        if f.step != "roll":
            raise IllegalAction("no dice are being rolled")
        return battlefield.first_player(state, _faces(action.outcome), events), events
    if f.step == "roll":
        raise IllegalAction("the dice are rolling: their faces are awaited first")
    if f.phase == "setup":
        return _setup(state, action, events), events
    return _play(state, action, events), events


class TTGame:
    """The :class:`rules.core.Game` for rules.engine.Engine: scenario 0 = red plays the first
    faction of the setup, 1 = the factions swapped."""

    def __init__(self, setup: Setup | None = None):
        self.setup = setup or Setup()

    def new_game(self, scenario: int, seed: int) -> TTState:
        s = self.setup
        if scenario == 1:
            s = Setup(tuple(reversed(s.factions)), tuple(reversed(s.decks)))
        return new_game(s, seed)

    pending = staticmethod(pending)
    legal_actions = staticmethod(legal_actions)
    apply = staticmethod(apply)



