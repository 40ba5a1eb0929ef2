"""A Root game behind the window (``feltbox play root``): the controller, no Panda3D (the window
calls in and draws what is handed back, so it is tested headless).

A game played from a list of actions (game/players/choices.ChoicesController: the bots' loop,
the page of choices on keys a, b, c..., undo never past a roll or a card drawn, the feed) on a
RootBridge, labelled in whole short sentences (game/root/words.py). What a seat may see comes
from the rules' view of that seat only:

* ``at_table``: the seat whose view the felt and the hand show. With one human seat it is that
  seat; with none, the spectator's ("" : every hidden thing hidden). Hot-seat: when another human
  seat is to decide, the table is laid as the spectator sees it at once, the window's hand-over
  covers it (``SECRET_HANDS``: one cover per change of seat), and once the cover is gone the window
  calls ``seat_at_table(seat)``; no private event waits in ``private`` (the seat's own hand and
  plots on the felt are its private view).
* ``hand()``: the cards of the seat at the table; ``faces()``: the card bodies lying face up to it.
* ``clearing_of(piece)`` / ``actions_in(clearing)``: a click on a piece standing in a clearing
  lists the legal actions that name that clearing.
"""
from __future__ import annotations

import numpy as np

from feltbox.game.players.card_table import CardTableController
from feltbox.game.root import table, words
from feltbox.game.root.agreement import REACH
from feltbox.game.root.bridge import RootBridge
from feltbox.game.root.seats import new_seats
from feltbox.rules.core import Decision, GameOver
from feltbox.scenes.root.named import root_path


class RootWindowGame(CardTableController):
    scene_path = staticmethod(root_path)
    name = "root"
    HELP = ("a, b, c...: choose  |  click a piece in a clearing: what you may do there  |  "
            "right-drag/arrows: orbit  |  wheel: zoom")
    SECRET_HANDS = True        # each seat's hand and plots: the hand-over covers each change of seat

    def __init__(self, scene, seed: int = 0, bots: str | None = None, first: str | None = None):
        if first is not None:
            raise ValueError(f"Root chooses its first player at random (Law 5.1), not {first!r}")
        self.bridge = RootBridge(scene, seed)
        self.seats = new_seats(self.bridge, bots if bots is not None else scene.bots)
        super().__init__()
        humans = self.human_teams()
        self.at_table = humans[0] if len(humans) == 1 else ""
        self.bridge.set_viewer(self.at_table)

    # -- who sees the table --------------------------------------------------------------------
    def _act(self, call, *args):
        events = super()._act(call, *args)
        self.private.clear()                  # the seat's own view is the felt and the hand
        self._follow_seat()
        return events

    def _follow_seat(self) -> None:
        """Hot-seat: a new seat to decide sees the spectator's table until the cover is passed."""
        if self.hotseat() and self.decider() not in (None, self.at_table):
            self.at_table = ""
            self.bridge.set_viewer("")

    def seat_at_table(self, seat: str) -> None:
        """The cover was passed: ``seat`` (a human seat) now sees its own view."""
        if seat in self.human_teams() and seat != self.at_table:
            self.at_table = seat
            self.bridge.set_viewer(seat)

    def snapshot(self):
        b = self.bridge
        return b.poses.copy(), b.present.copy(), b.rolls, b.episodes, dict(b.felt.where)

    def _put_back(self, snap) -> None:
        b = self.bridge
        poses, present, b.rolls, b.episodes, where = snap
        b.poses, b.present, b.felt.where = poses.copy(), present.copy(), dict(where)

    # -- cards and clearings -------------------------------------------------------------------
    def hand(self) -> list[str]:
        return list(self.bridge.view()["hand"]) if self.at_table else []

    def faces(self) -> dict[str, str]:
        return self.bridge.faces()

    def clearing_of(self, piece: str) -> int | None:
        """The clearing (1-12, 0 the Burrow) a clicked piece stands in, from where it lies (a
        clearing's rim or the Burrow's board: that clearing)."""
        if piece.startswith("clearing-"):
            return int(piece.removeprefix("clearing-"))
        if piece == "burrow":
            return 0
        i = self.bridge.index.get(piece)
        if i is None or not self.bridge.present[i]:
            return None
        xy = self.bridge.poses[i, :2]
        centres = np.array([table.clearing_centre(c) for c in range(13)])
        d = np.linalg.norm(centres - xy[None, :], axis=1)
        k = int(np.argmin(d))
        return k if d[k] <= REACH else None

    def actions_in(self, clearing: int) -> list[tuple[int, str]]:
        """(index into legal_actions, label) of every legal action naming ``clearing``."""
        return [(k, self.label(a)) for k, a in enumerate(self.legal_actions()) if clearing in words.clearings_named(a)]

    # -- what the window draws -----------------------------------------------------------------
    @property
    def title(self) -> str:
        return f"Root - {self.bridge.scene.title}"

    def label(self, action) -> str:
        return words.label(action)

    def turn_key(self) -> tuple:
        s = self.bridge.engine.state
        return s.flow.round, s.flow.turn, s.flow.stage, isinstance(self.bridge.pending(), Decision)

    def status(self) -> str:
        v = self.bridge.view()
        pending = self.bridge.pending()
        if isinstance(pending, GameOver):
            return f"GAME OVER: {pending.reason}"
        score = f"Duchy {v['score']['duchy']} VP  Corvids {v['score']['corvids']} VP"
        prompt = pending.prompt if isinstance(pending, Decision) else "the dice are thrown"
        who = pending.player if isinstance(pending, Decision) else ""
        return f"{score}  |  {who}: {prompt}" if who else f"{score}  |  {prompt}"

    def text(self) -> str:
        """The HUD: round, score, the prompt, the choices, the dice, the feed."""
        v = self.bridge.view()
        head = f"round {v['round']}/{v['round_limit']}  |  {self.status()}"
        hand = f"at the table: {self.at_table or 'nobody (hidden)'}  |  hand {len(self.hand())}  pile {v['pile']}"
        lines = [head, hand]
        start = self.page * self.page_size
        for k, c in enumerate(self.choices()[start:start + self.page_size]):
            lines.append(f"  {'abcdefghijkl'[k]}. {c}")
        lines.append("dice: " + ("   |   ".join(self.rolls) if self.rolls else "-"))
        return "\n".join(lines + [""] + self.feed)
