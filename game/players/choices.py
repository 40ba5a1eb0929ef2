"""A rules game behind the window whose players choose from a list of actions (Tail Feathers,
Snowbirds): the members of the window's GameView protocol that are the same for each such game.
No Panda3D here.

The bots play their seats (game/players/seats.Seats) and the bridge answers the rules' physics
requests (dice thrown in a tray, feathers dropped) as soon as they come (``run_bots``); the human
seat sees the legal actions labelled by its game (``label``), a page of ``PAGE`` at a time on
keys a, b, c..., one highlighted ("[" / "]" move it, enter picks it); undo goes back to the
player's last choice, never past revealed information (a roll, a card drawn). Nobody flicks in
these games: ``wants_aim()`` False, ``aim`` None, ``flick_piece()`` (None, ""),
``flick_session()`` None, ``take_back`` refused, and the frames handed back are the table as the
rules leave it (``frames_gathered()`` None). A game adds its table (``snapshot``, ``_put_back``,
``bodies``, ``poses``), its labels, its HUD text, its saves' scene key.
"""
from __future__ import annotations

import numpy as np

from feltbox.game.players.controller import BridgeController
from feltbox.game.players.script import describe
from feltbox.game.table.undo import TableHistory, UndoRefused, undo_length
from feltbox.rules.core import Decision, GameOver

RECENT = 8                  # visible events kept for a HUD opened later (a loaded game)
PAGE = 12                   # choices listed at once (keys a..l); page up / page down for more
FEED_WIDTH = 110            # characters of a rules event line in the text HUD


def faces_text(faces) -> str:
    """Die faces as read off the tray: "sword_shield_mark" -> "sword+shield+mark"; pips as they are."""
    return ", ".join(str(f).replace("_", "+") for f in faces) or "-"


def _short(value) -> str:
    if isinstance(value, float):
        return f"{value:.1f}"
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(_short(v) for v in value) + "]"
    return str(value)


class ChoicesController(BridgeController):
    """The choices, the bots' loop, undo and the feed of a game played from a list of actions.
    A subclass sets ``bridge`` and ``seats``, then calls ``ChoicesController.__init__``."""

    FLICKS = False             # dice roll in the tray: nothing to take back
    page_size = PAGE
    first = None               # nobody is chosen to start
    table_choice = None        # a game whose choices are made on the table sets its own (Tail Feathers)

    def __init__(self):
        self.feed: list[str] = []          # the last rules events, as the window's player sees them
        self.listeners: list = []          # callables(events) after every rules action (visible events)
        self.private: list = []            # hot-seat: (player, event) shown after a hand-over
        self.table = TableHistory(self.snapshot, self._put_back)
        self.recent: list = []             # the last visible events (a new HUD's feed)
        self.rolls: list[str] = []         # the last dice results, faces as text
        self.page = 0
        self.highlight = 0                 # index into choices(): the previewed choice
        self._seen: list = []              # the legal actions the page and highlight refer to

    def label(self, action) -> str:
        """A legal action as the HUD lists it (each game words its own)."""
        return describe(action)

    # -- who plays -----------------------------------------------------------------------------
    def _human(self, state=None) -> bool:
        pending = self.bridge.pending() if state is None else self.bridge.engine.game.pending(state)
        return isinstance(pending, Decision) and self.seats.team_of(pending.player) not in self.seats.bot_teams

    def human_teams(self) -> list[str]:
        return [t for t in self.seats.teams if t not in self.seats.bot_teams]

    def visible(self, events) -> list:
        """Events as the window's player may see them: with one human seat (solo) its own
        private events in full, otherwise (hot-seat) only what everyone sees."""
        humans = self.human_teams()
        mine = set(humans) if len(humans) == 1 else set()
        return [e if e.visible_to is None or mine & set(e.visible_to) else e.seen_by("") for e in events]

    def restore(self, snap) -> None:
        """The table back as ``snapshot()`` found it (a save loaded); the choices follow."""
        self._put_back(snap)
        self.refresh()

    def _act(self, call, *args):
        self.table.mark(self.bridge.engine)
        events = call(*args)
        if self.hotseat():         # what only one player may see waits for the hand-over
            self.private += [(e.visible_to[0], e) for e in events if e.visible_to is not None and e.data]
        return events

    def decider(self) -> str | None:
        """The human seat the rules wait for, if any."""
        pending = self.bridge.pending()
        return pending.player if self._human() else None

    def hotseat(self) -> bool:
        return len(self.human_teams()) > 1

    def _log(self, events) -> None:
        events = self.visible(events)
        self.recent = (self.recent + events)[-RECENT:]   # what a HUD opened now shows first
        for listener in self.listeners:        # HUD feed, sounds, autosave: every event as seen here
            listener(events)
        for e in events:
            data = e.data
            if "faces" in data:
                who = data.get("player") or data.get("unit") or data.get("bird") or ""
                why = f" {data['why']}" if "why" in data else ""
                total = f" (total {data['total']})" if "total" in data else ""
                self.rolls = (self.rolls + [f"{who}{why} [{e.kind}]: {faces_text(data['faces'])}{total}"])[-3:]
            line = e.kind + "".join(f" {k}={_short(v)}" for k, v in data.items() if k != "faces")
            self.feed.append(line if len(line) <= FEED_WIDTH else line[:FEED_WIDTH - 3] + "...")
        self.feed = self.feed[-5:]

    def run_bots(self) -> None:
        """Bots decide and the table answers the physics requests until a human must decide
        (or the game is over)."""
        for _ in range(20000):
            pending = self.bridge.pending()
            if isinstance(pending, GameOver) or self._human():
                break
            if isinstance(pending, Decision):
                self._log(self._act(self.bridge.decide, self.seats.decide(pending)))
            else:
                self._log(self._act(self.bridge.physics))
        self.refresh()

    def refresh(self) -> None:
        """The choices follow the rules state: a new list of legal actions starts at page 1,
        highlight on the first."""
        legal = self.bridge.legal() if self._human() else []
        if legal != self._seen:
            self._seen, self.page, self.highlight = legal, 0, 0

    def actor_name(self) -> str:
        """The events' sentences name their pieces themselves: ""."""
        return ""

    # -- the choices ---------------------------------------------------------------------------
    def legal_actions(self) -> list:
        """The legal actions ``choices()`` lists (brought up to the rules state first)."""
        self.refresh()
        return list(self._seen)

    def choices(self) -> list[str]:
        """Every legal action of the human seat the rules wait for, labelled (empty otherwise)."""
        return [self.label(a) for a in self._seen]

    def pages(self) -> int:
        return max(1, -(-len(self._seen) // PAGE))

    def turn_page(self, delta: int) -> None:
        self.page = (self.page + delta) % self.pages()
        self.highlight = min(self.page * PAGE, max(0, len(self._seen) - 1))

    def move_highlight(self, delta: int) -> None:
        if self._seen:
            self.highlight = (self.highlight + delta) % len(self._seen)
            self.page = self.highlight // PAGE

    def choose(self, key: int) -> np.ndarray | None:
        """Key ``key`` (a = 0) on the page shown: that choice is applied, the bots play on, and
        the frames (here one: the table as the rules leave it) come back to animate."""
        return self.pick(self.page * PAGE + key) if 0 <= key < PAGE else None

    def choose_highlighted(self) -> np.ndarray | None:
        return self.pick(self.highlight)

    def pick(self, index: int) -> np.ndarray | None:
        if not self._human() or not 0 <= index < len(self._seen):
            return None
        self._log(self._act(self.bridge.decide, self._seen[index]))
        self.run_bots()
        return self.poses()[None]

    def undo(self) -> np.ndarray:
        """Back to the player's last choice (game/table/undo.py); never past revealed information."""
        length = undo_length(self.bridge.engine, self._human)
        self.table.back_to(length)
        gone = self.bridge.engine.rewind(length)
        self.feed = (self.feed + [f"undone: {len(gone)} action{'s' * (len(gone) != 1)}"])[-5:]
        self.refresh()
        return self.poses()[None]

    def take_back(self) -> np.ndarray:
        raise UndoRefused("nothing to take back: the table throws the dice, nobody flicks")

    # -- no flicks -----------------------------------------------------------------------------
    def wants_aim(self) -> bool:
        return False

    def aim(self, direction: float, power: float) -> None:
        return None

    def flick_piece(self) -> tuple[None, str]:
        return None, ""

    def flick_session(self) -> None:
        return None

    def frames_gathered(self) -> None:
        """No episode frames: a choice hands back the table as the rules leave it."""
        return None

    def turn_ended(self) -> bool:
        """Every turn's end shows in the turn key."""
        return False
