"""A Snowbirds migration behind the window (``feltbox play snowbirds normal``): the controller,
no Panda3D (the window calls in and draws what is handed back, so it is tested headless).

It is a game played from a list of actions (game/players/choices.ChoicesController: the bots'
loop, the page of choices on keys a, b, c..., undo never past a roll or a card drawn, the feed)
on an SBBridge, with what a card game adds for the window's hand view (game/window/hand_view.py):

* ``hand()``: the cards in the player's hand, left to right, with their faces (the player's own);
* ``zones()`` and ``plays()``: the play zones REST (face down), FORAGE, FLIGHT and TENACITY
  (sideways, on the die ``tenacity_die``: click a die to change it) and which (card, zone) plays
  the rules allow now, with the rules' reason for every other one (rules/snowbirds/play.reason);
* ``play(card, zone)``: that card played there; ``buttons()`` / ``press(name)``: the stage's
  actions that are no card (Take off, Rest day, Accept the failure);
* ``faces()``: which card bodies lie face up and as which card (a face-down card's face is never
  handed to the window).

The bot (the player's "hint", or a bot seat) explains each choice in one line in the feed.
"""
from __future__ import annotations

from feltbox.game.players.card_table import CardTableController
from feltbox.game.snowbirds.bridge import SBBridge
from feltbox.game.snowbirds.seats import new_seats
from feltbox.rules.core import Decision, Event, GameOver, Measured
from feltbox.rules.snowbirds import journey
from feltbox.rules.snowbirds.actions import AcceptFailure, Fly, PlayFlight, PlayForage, PlayRest, PlayTenacity, RestDay
from feltbox.rules.snowbirds.data import REROLL
from feltbox.rules.snowbirds.play import reason
from feltbox.scenes.snowbirds.named import snowbirds_path
from feltbox.scenes.snowbirds.schema import SBScene

ZONES = ("rest", "forage", "flight", "tenacity")
ZONE_LABELS = {"rest": "REST face down", "forage": "FORAGE", "flight": "FLIGHT", "tenacity": "TENACITY sideways"}
BUTTONS = {"fly": (Fly, "Take off (roll Vigor)"), "rest_day": (RestDay, "Rest day"),
           "accept": (AcceptFailure, "Accept the failure")}


def label(action) -> str:
    """A legal action as the HUD lists it, cards by their printed titles."""
    if isinstance(action, PlayRest):
        return f"rest: {journey.title(action.card)} face down (-1 Exhaustion)"
    if isinstance(action, PlayForage):
        return f"forage: {journey.title(action.card)} (Forage {journey.card(action.card).forage})"
    if isinstance(action, PlayFlight):
        return f"flight: {journey.title(action.card)} (Flight {journey.card(action.card).flight})"
    if isinstance(action, PlayTenacity):
        pips = journey.card(action.card).tenacity
        what = "re-roll" if pips == REROLL else f"turn to {pips}"
        return f"tenacity: {journey.title(action.card)} on die {action.die + 1} ({what})"
    for _, (kind, text) in BUTTONS.items():
        if isinstance(action, kind):
            return text.lower()
    return type(action).__name__


def _card_action(card: str, zone: str, die: int):
    return {"rest": PlayRest(card), "forage": PlayForage(card), "flight": PlayFlight(card),
            "tenacity": PlayTenacity(card, die)}[zone]


class SBWindowGame(CardTableController):
    scene_path = staticmethod(snowbirds_path)
    name = "snowbirds"
    HELP = ("drag a card onto REST / FORAGE / FLIGHT / TENACITY  |  click a die: the die Tenacity changes  |  "
            "buttons or a, b, c...: choose  |  right-drag/arrows: orbit  |  wheel: zoom")
    SECRET_HANDS = False       # solitaire: nobody to hide the hand from

    def __init__(self, scene: SBScene, seed: int = 0, bots: str = "none", first: str | None = None):
        if first is not None:
            raise ValueError(f"Snowbirds is solitaire: nobody is chosen to start ({first!r} given)")
        self.bridge = SBBridge(scene, seed)
        self.seats = new_seats(self.bridge, bots)
        super().__init__()
        self.tenacity_die = 0          # the die a Tenacity card played now changes (click a die)
        self._explained = ""           # the bot's last explanation shown

    # -- the table between actions ------------------------------------------------------------
    def snapshot(self):
        """The table between actions: poses, who is on it, the roll counter (today's play row is
        read again from the rules' history when the table is put back: ``reread_rules``)."""
        b = self.bridge
        return b.poses.copy(), b.present.copy(), b.rolls, b.episodes

    def _put_back(self, snap) -> None:
        b = self.bridge
        poses, present, b.rolls, b.episodes = snap
        b.poses, b.present = poses.copy(), present.copy()

    def restore(self, snap) -> None:
        """A loaded save's table, today's row read again from its rules history."""
        super().restore(snap)
        self.reread_rules()
        self.bridge.sync()

    def _log(self, events) -> None:
        """The rules' events, and before them the bot's one-line explanation of the choice it
        just made (an event of its own, so the HUD's feed shows it too)."""
        history = self.bridge.engine.history
        bot_played = self.seats.all_bots or bool(self.seats.bot_teams)
        reason = self.seats.bot.reason
        if bot_played and reason and reason != self._explained and history and not isinstance(history[-1].action, Measured):
            self._explained = reason          # a plan of several cards is explained once
            events = [Event("bot", {"text": f"bot: {reason}"})] + list(events)
        super()._log(events)

    # -- the hand and the play zones -----------------------------------------------------------
    def hand(self) -> list[str]:
        """The card ids in the player's hand, left to right."""
        return list(self.bridge.engine.state.data.hand)

    def zones(self) -> tuple[str, ...]:
        return ZONES

    def plays(self) -> tuple[set[tuple[str, str]], dict[tuple[str, str], str]]:
        """The legal (card, zone) plays now and the reason every other one is refused."""
        state = self.bridge.engine.state
        legal, reasons = set(), {}
        human = self._human()
        for card in self.hand():
            for zone in ZONES:
                action = _card_action(card, zone, self.tenacity_die)
                why = reason(state, action) if human else "the bot is playing"
                if zone == "tenacity" and not why and not self._tenacity_any(card):
                    why = "no die to change"
                if why:
                    reasons[(card, zone)] = why
                else:
                    legal.add((card, zone))
        return legal, reasons

    def _tenacity_any(self, card: str) -> bool:
        return any(PlayTenacity(card, d) in self.bridge.legal() for d in (0, 1))

    def play(self, card: str, zone: str):
        """The player plays ``card`` on ``zone``; the frames to animate (None when refused)."""
        action = _card_action(card, zone, self.tenacity_die)
        self.refresh()
        if action not in self._seen:
            return None
        return self.pick(self._seen.index(action))

    def choose_die(self, die: int) -> None:
        """The die a Tenacity card played from now on changes (a click on a die in the tray)."""
        if die in (0, 1):
            self.tenacity_die = die

    def die_of(self, body_id: str) -> int | None:
        """The die a clicked body is (0 or 1), else None."""
        return {"die-1": 0, "die-2": 1}.get(body_id)

    def buttons(self) -> list[tuple[str, str, bool]]:
        """(name, label, enabled) of the stage's actions that are no card."""
        legal = self.bridge.legal() if self._human() else []
        return [(name, text, kind() in legal) for name, (kind, text) in BUTTONS.items()]

    def press(self, name: str):
        kind = BUTTONS[name][0]
        self.refresh()
        if kind() not in self._seen:
            return None
        return self.pick(self._seen.index(kind()))

    def faces(self) -> dict[str, str]:
        """Card body id -> card id of every card the player sees face up."""
        return self.bridge.faces()

    # -- what the window draws -----------------------------------------------------------------
    @property
    def title(self) -> str:
        return f"Snowbirds - {self.bridge.scene.title}"

    def label(self, action) -> str:
        return label(action)

    def reread_rules(self) -> None:
        """Today's play row, read again from the actions of the day."""
        b = self.bridge
        history = b.engine.history
        b.row.day, b.row.cards = (-1, -1), []
        for k, step in enumerate(history):
            after = history[k + 1].before if k + 1 < len(history) else b.engine.state
            b.row.follow(after, step.action)
        for i, pips in enumerate(b.engine.state.flow.dice):
            b.turn_die(i, pips)

    def turn_key(self) -> tuple:
        f, pending = self.bridge.engine.state, self.bridge.pending()
        return f.data.position, f.flow.day, f.flow.stage, isinstance(pending, Decision)

    def text(self) -> str:
        """The HUD: the journey, the mat, the stage's prompt, the choices, the dice, the feed."""
        state, pending = self.bridge.engine.state, self.bridge.pending()
        d, f = state.data, state.flow
        if isinstance(pending, GameOver):
            head = f"MIGRATION OVER: {pending.reason}"
        else:
            head = f"journey {min(d.position + 1, 10)}/10  day {f.day}  |  " + (
                pending.prompt if isinstance(pending, Decision) else "the dice are thrown")
        mat = (f"Exhaustion {d.exhaustion}  Hunger {d.hunger}  Flock {d.flock}  |  hand {len(d.hand)}  "
               f"pile {len(d.pile)}  rest cards {len(d.rested)}  |  Tenacity changes die {self.tenacity_die + 1}")
        lines = [head, mat]
        for k, c in enumerate(self.choices()[:12]):
            lines.append(f"  {'abcdefghijkl'[k]}. {c}")
        lines.append("dice: " + ("   |   ".join(self.rolls) if self.rolls else "-"))
        return "\n".join(lines + [""] + self.feed)
