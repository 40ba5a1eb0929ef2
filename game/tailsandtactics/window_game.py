"""A Tails and Tactics game behind the window (``feltbox play tailsandtactics standard``): the
controller, no Panda3D (the window calls in and draws what is handed back; tested headless).

A game played from a list of actions (game/players/choices.ChoicesController: the bots' loop, the
page of choices on keys a, b, c..., undo never past a card drawn or a roll, the feed) on a
TTBridge, with what the felt and the hand view add (game/window/tailsandtactics_view.py):

* ``viewer()``: the seat whose private view the window shows -- the human seat the rules wait for,
  else the last one that decided; with one human seat always that one; None when bots play both;
* ``hand()``: the viewer's hand (instance id, card id), from its own seat view only;
* ``zones()`` / ``plays()`` / ``play(card, zone)``: a card from the hand onto FIELD (deploy, play an
  event or a trap face up), FACE DOWN (set a trap; at set-up, deploy face down) or DISCARD (the
  hand limit); a play with several legal forms (requirements, targets) narrows the choices to them;
* ``click(body)``: your unit (or equipment) then a target (an enemy card, or the enemy's Base plate)
  attacks it;
* ``responding()``: the rules wait for the seat whose turn it is not (Actions and Timing: a
  response); ``auto_pass`` answers Pass by itself when Pass is the only legal answer (the window's
  setting "auto-pass", docs/tailsandtactics.md);
* ``felt()``: the felt dressed for the viewer (faces it may see; every other card its back).
"""
from __future__ import annotations

from feltbox.game.players.card_table import CardTableController
from feltbox.game.tailsandtactics.bridge import TTBridge
from feltbox.game.tailsandtactics.felt import SIDES, Felt
from feltbox.game.tailsandtactics.seats import new_seats
from feltbox.game.tailsandtactics.words import label, names_of
from feltbox.rules.core import Decision, Event, GameOver
from feltbox.scenes.tailsandtactics.named import tailsandtactics_path
from feltbox.scenes.tailsandtactics.schema import TTScene

ZONES = {"field": "FIELD (deploy / play)", "face_down": "FACE DOWN (trap / set-up)", "discard": "DISCARD"}
ZONE_ACTIONS = {"field": ("Deploy", "PlayEvent", "PlayTrap"), "face_down": ("SetTrap", "SetupDeploy"),
                "discard": ("Discard",)}


def _card_of(action) -> str | None:
    return getattr(action, "card", None)


class TTWindowGame(CardTableController):
    scene_path = staticmethod(tailsandtactics_path)
    name = "tailsandtactics"
    HELP = ("drag a card onto FIELD / FACE DOWN / DISCARD  |  click your unit, then a target: attack  |  "
            "a, b, c...: choose  |  right-drag/arrows: orbit  |  wheel: zoom")
    SECRET_HANDS = True        # two hands: hot-seat hands the device over before each player's turn

    def __init__(self, scene: TTScene, seed: int = 0, bots: str = "none", first: str | None = None,
                 auto_pass: bool = True):
        if first is not None:
            raise ValueError(f"Tails and Tactics rolls for the first turn ({first!r} given)")
        self.bridge = TTBridge(scene, seed)
        self.seats = new_seats(self.bridge, bots)
        self.auto_pass = auto_pass
        self.attacker: str | None = None     # the unit clicked first (then a target)
        self.narrowed: tuple | None = None   # a card's several legal forms, after a play
        self._viewer: str | None = None
        self.device: str | None = None       # hot-seat: the seat that acted last (at the device)
        self.waiting: list = []              # hot-seat: private facts kept for their seat's turn
        super().__init__()

    # -- who looks -----------------------------------------------------------------------------
    def viewer(self) -> str | None:
        """The seat whose hand and face-down cards the window shows (see the module's doc)."""
        humans = self.human_teams()
        if len(humans) == 1:
            return humans[0]
        decider = self.decider()
        if decider is not None:
            self._viewer = decider
        return self._viewer if humans else None

    def responding(self) -> bool:
        """Do the rules wait for an answer from the seat whose turn it is not (a response)?"""
        pending, state = self.bridge.pending(), self.bridge.engine.state
        return isinstance(pending, Decision) and state.flow.phase == "play" and pending.player != state.flow.seat

    def _act(self, call, *args):
        """An action; in hot-seat its private events wait (``waiting``) for their seat's turn."""
        acting = self.decider()
        if acting is not None:
            self.device = acting
        queued = len(self.private)
        events = super()._act(call, *args)
        self.waiting += self.private[queued:]
        del self.private[queued:]
        return events

    def _hand_over(self) -> None:
        """Hot-seat: one cover per change of seat. A private fact goes to the hand-over
        (``private``) when its seat is the next to decide and is not at the device already; when
        that seat is at the device and decides again, its own hand and felt show it (no cover);
        a fact of the other seat waits for that seat's turn."""
        decider = self.decider()
        if decider is None:
            return
        mine = [(p, e) for p, e in self.waiting if p == decider]
        self.waiting = [(p, e) for p, e in self.waiting if p != decider]
        if decider != self.device:
            self.private += mine

    # -- the bots and auto-pass -------------------------------------------------------------------
    def run_bots(self) -> None:
        """The bots play; a human seat whose only answer is Pass passes by itself (``auto_pass``)."""
        for _ in range(2000):
            super().run_bots()
            legal = self.bridge.legal() if self._human() else []
            if not (self.auto_pass and len(legal) == 1 and type(legal[0]).__name__ == "Pass"):
                break
            events = self._act(self.bridge.decide, legal[0])
            self._log([Event("auto-pass", {"text": "no response possible: passed"})] + list(events))
        self._hand_over()

    def pick(self, index: int):
        self.narrowed, self.attacker = None, None       # a choice made: the whole list again next
        return super().pick(index)

    def refresh(self) -> None:
        super().refresh()
        if self.narrowed:
            legal = [a for a in self._seen if a in self.narrowed]
            if legal and legal != self._seen:
                self._seen, self.page, self.highlight = legal, 0, 0

    # -- the hand and the zones -------------------------------------------------------------------
    def view(self) -> dict:
        return self.bridge.view(self.viewer())

    def hand(self) -> list[tuple[str, str]]:
        """(instance id, card id) of the viewer's hand, left to right (its own seat view)."""
        viewer = self.viewer()
        if viewer is None:
            return []
        return [(c["iid"], c["card"]) for c in self.view()["players"][viewer]["hand"] if c.get("card")]

    def zones(self) -> dict[str, str]:
        return dict(ZONES)

    def plays(self) -> tuple[set[tuple[str, str]], dict[tuple[str, str], str]]:
        """The legal (card, zone) plays now and why every other one is refused."""
        legal = self.bridge.legal() if self._human() else []
        ok = {(_card_of(a), z) for a in legal for z, kinds in ZONE_ACTIONS.items()
              if type(a).__name__ in kinds and _card_of(a)}
        why = "not your decision now" if not self._human() else "the rules do not allow it now"
        reasons = {(iid, z): why for iid, _ in self.hand() for z in ZONES if (iid, z) not in ok}
        return ok, reasons

    def play(self, card: str, zone: str):
        """``card`` played on ``zone``: its one legal form is applied; several narrow the choices
        (keys a, b, c... pick one); the frames to animate (None: nothing applied)."""
        self.narrowed = None
        self.refresh()
        forms = [a for a in self._seen if _card_of(a) == card and type(a).__name__ in ZONE_ACTIONS.get(zone, ())]
        if not forms:
            return None
        if len(forms) == 1:
            return self.pick(self._seen.index(forms[0]))
        self.narrowed = tuple(forms)
        self.refresh()
        return None

    def clear_narrowing(self) -> None:
        self.narrowed, self.attacker = None, None
        self._seen = []
        self.refresh()

    # -- click a unit, then a target ------------------------------------------------------------
    def iid_of(self, body: str) -> str | None:
        """The instance (or "base" for the opponent's Base plate) a clicked body stands for."""
        if body.startswith("card-"):
            return body.removeprefix("card-")
        if body.startswith("base-"):
            return f"base:{body.removeprefix('base-')}"
        return None

    def other_seat(self) -> str | None:
        """The seat that is not deciding now (whose Base an attack may hit)."""
        decider = self.decider()
        return None if decider is None else next(s for s in SIDES if s != decider)

    def click(self, body: str):
        """A click on a body: your attacker first (its attacks become the choices), then a
        target; the frames to animate when an attack was made."""
        what = self.iid_of(body)
        self.refresh()
        attacks = [a for a in self._seen if type(a).__name__ == "Attack"]
        if what is None or not attacks:
            return None
        if any(a.source == what for a in attacks):
            self.attacker, self.narrowed = what, tuple(a for a in attacks if a.source == what)
            self.refresh()
            return None
        target = "base" if what.startswith("base:") else what
        if self.attacker is not None:
            for a in attacks:
                if a.source == self.attacker and a.target == target:
                    return self.pick(self._seen.index(a))
        return None

    # -- the felt -------------------------------------------------------------------------------
    def felt(self, viewer: str | None) -> Felt:
        """The felt dressed for ``viewer`` (None: the public, every hidden card a back)."""
        return self.bridge.dressed(viewer)

    def faces(self) -> dict[str, str]:
        return self.bridge.faces(self.viewer())

    # -- the table between actions ----------------------------------------------------------------
    def snapshot(self):
        b = self.bridge
        return b.rolls, b.episodes, b.layer.dice.copy()

    def _put_back(self, snap) -> None:
        b = self.bridge
        b.rolls, b.episodes, dice = snap
        b.layer.dice = dice.copy()
        b.sync()

    def restore(self, snap) -> None:
        super().restore(snap)
        self.bridge.sync()

    # -- what the window draws -------------------------------------------------------------------
    @property
    def title(self) -> str:
        return f"Tails and Tactics - {self.bridge.scene.title}"

    def label(self, action) -> str:
        return label(action, names_of(self.view()))

    def turn_key(self) -> tuple:
        f = self.bridge.engine.state.flow
        return f.phase, f.turn, f.seat, isinstance(self.bridge.pending(), Decision)

    def status(self) -> str:
        """One line: the turn, both bases, whose decision (a response prompt says so)."""
        state, pending = self.bridge.engine.state, self.bridge.pending()
        view = self.bridge.view(None)
        bases = "  ".join(f"{s} base {view['players'][s]['base']}" for s in SIDES)
        if isinstance(pending, GameOver):
            return f"GAME OVER: {pending.reason}  |  {bases}"
        reply = "RESPONSE: " if self.responding() else ""
        return f"turn {state.flow.turn} ({state.flow.seat})  |  {bases}  |  {reply}" + (
            pending.prompt if isinstance(pending, Decision) else "the dice: one each for the first turn")

    def text(self) -> str:
        """The HUD: the status, the choices, the dice, the feed."""
        lines = [self.status()]
        if self.attacker:
            lines.append(f"attacking with {self.attacker}: click a target")
        for k, c in enumerate(self.choices()[self.page * 12:(self.page + 1) * 12]):
            lines.append(f"  {'abcdefghijkl'[k]}. {c}")
        lines.append("dice: " + ("   |   ".join(self.rolls) if self.rolls else "-"))
        return "\n".join(lines + [""] + self.feed)
