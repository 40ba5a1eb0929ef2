"""A rules game behind the window (``feltbox play flickem N --bots teamB``): the bots play their
seats, the window's player chooses among the legal actions (keys a, b, c...) and answers every
flick the rules ask for with the slingshot drag. No Panda3D here: the window only calls in and
animates the frames handed back, so the same controller is tested headless.

``WindowGame`` meets the window's protocol (game/window/game_view.GameView) in full. Where Dead of
Winter has nothing to offer, it says so: every choice fits one page (``page_size`` is the 26
letter keys, ``pages()`` 1, ``turn_page`` does nothing), there is no highlighted choice
(``highlight`` None, ``move_highlight`` does nothing, ``choose_highlighted`` None), no flight
templates to outline (``preview()`` []), no dice (``rolls`` []) and no secret hands.
"""
from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import numpy as np

from feltbox.game.flickem.agreement import disagreements
from feltbox.game.flickem.bridge import FlickemBridge
from feltbox.game.flickem.relay import relay_table
from feltbox.game.flickem.seats import new_seats
from feltbox.game.players.controller import BridgeController
from feltbox.game.players.script import describe
from feltbox.game.table.flick import Aim
from feltbox.game.table.session import Session
from feltbox.game.table.undo import TableHistory, take_back_length, undo_length
from feltbox.game.text.event_feed import pretty
from feltbox.rules.core import Decision, GameOver, PhysicsRequest
from feltbox.rules.engine import Engine
from feltbox.rules.flickem.flow import ACTIONS, EndTurn, FlickemGame
from feltbox.rules.flickem.secrets import dealt_events
from feltbox.rules.flickem.state import NIGHT
from feltbox.scenes.loader import flickem_path
from feltbox.scenes.schema import Scene

RECENT = 8                  # visible events kept for a HUD opened later (a loaded game)

KEYS = "abcdefghijklmnopqrstuvwxyz"


class WindowGame(BridgeController):
    name = "flickem"
    FLICKS = True
    table_choice = None        # chosen by menus and flicks, not on the table (game/window/game_view.py)
    HELP = ("click a piece: its actions  |  a, b, c...: choose  |  drag back from the ringed piece to flick  |  "
            "right-drag: orbit  |  wheel: zoom  |  1-5: views  |  tab: skip")
    # + esc and the menu's keys (game/window/app.py, game_menu.py)
    SECRET_HANDS = False       # secrets are events (objectives dealt, tokens looked at): ``private``
    page_size = len(KEYS)      # one page: a key for every choice
    page = 0
    highlight = None           # no highlighted choice: keys pick

    def __init__(self, scene: Scene, seed: int = 0, bots: str = "none", first: str | None = None):
        """``first``: the team that starts (hot-seat order, chosen at the start screen): it takes
        the first player token (the pretzel) on its first survivor in the city."""
        self.frames: list[np.ndarray] = []
        self.bridge = FlickemBridge(scene, seed, on_episode=lambda e: self.frames.append(e.result.frames))
        self.first = first
        if first is not None and first.removeprefix("team") != self.bridge.setup.teams[0]:
            self._pretzel_to(first.removeprefix("team"), scene, seed)
        self.seats = new_seats(self.bridge, bots)
        self.feed: list[str] = []           # the last rules events, as everyone sees them
        self.listeners: list = []           # callables(events) after every rules action (visible events)
        self.private: list = []             # hot-seat: (team, event) shown after a hand-over (game/window/handover.py)
        self.recent: list = []              # the last visible events (a new HUD's feed)
        self.rolls: list[str] = []          # Dead of Winter throws no dice
        self.warning = ""                   # one truth broken: the HUD's one-line warning
        self.table = TableHistory(self.bridge.session.snapshot, self.bridge.session.restore)
        self._log(self._keep_private(dealt_events(self.bridge.engine.state)))   # S9/S10 secret objectives

    def _pretzel_to(self, team: str, scene: Scene, seed: int) -> None:
        setup = self.bridge.setup
        holder = next((s.id for s in setup.survivors if s.team == team and s.where != "reserve"), None)
        if holder is None:
            raise ValueError(f"first team {team!r}: no such team in scenario {scene.number} (teams: {', '.join(setup.teams)})")
        self.bridge.setup = replace(setup, pretzel=holder)
        self.bridge.engine = Engine(FlickemGame(self.bridge.setup), "flickem", scene.number, seed, ACTIONS)

    @property
    def city(self):
        return self.bridge.city

    @property
    def title(self) -> str:
        """The game as the window's title names it."""
        scene = self.bridge.city.scene
        return f"Flick'em Up! Dead of Winter - S{scene.number}: {scene.title}"

    def bodies(self):
        """The body table of the city (Dead of Winter's pieces never change model)."""
        return self.bridge.city.bodies

    def poses(self) -> np.ndarray:
        """Every body's pose now, as the table holds it."""
        return self.bridge.session.poses.copy()

    def preview(self) -> list[np.ndarray]:
        """No outlines to draw: a flick's path is the aim preview's (game/window/aim_preview.py)."""
        return []

    def night(self) -> bool:
        """A night round (the round marker's colour): the table is dark, its street lamps lit."""
        return self.bridge.engine.state.flow.colour == NIGHT

    def active_piece(self) -> str | None:
        """The active survivor, None between turns."""
        return self.bridge.engine.state.flow.active or None

    # -- the rules, read-only (state, pending, dry_run: players/controller.py) ----------------
    def actor_name(self) -> str:
        """The active survivor's name, as the feed's sentences say "she"; "" between turns."""
        state = self.bridge.engine.state
        return state.data.survivor(state.flow.active).name if state.flow.active else ""

    # -- who plays -----------------------------------------------------------------------------
    def _human(self, state=None) -> bool:
        """A human seat is to act (now, or at a past ``state`` of the history)."""
        state = self.bridge.engine.state if state is None else state
        pending = self.bridge.engine.game.pending(state)
        if isinstance(pending, Decision):
            team = self.seats.team_of(pending.player)
        elif isinstance(pending, PhysicsRequest) and pending.kind not in ("rush", "horde"):
            spec = pending.spec
            team = self.seats.team_of(spec.get("attacker") or spec.get("team") or state.flow.active)
        else:
            return False
        return team not in self.seats.bot_teams

    def human_teams(self) -> list[str]:
        return [t for t in self.bridge.engine.state.flow.teams if t not in self.seats.bot_teams]

    def hotseat(self) -> bool:
        return len(self.human_teams()) > 1

    def decider(self) -> str | None:
        """The human team whose decision the rules wait for, if any."""
        pending = self.bridge.pending()
        if not isinstance(pending, Decision) or not self._human():
            return None
        return self.seats.team_of(pending.player)

    def visible(self, events) -> list:
        """Events as the window's player may see them: with one human team (solo play) its own
        private events in full, otherwise (hot-seat) only what everyone sees."""
        state = self.bridge.engine.state
        humans = self.human_teams()
        mine = set(humans) | {s.id for s in state.data.survivors if s.team in humans} if len(humans) == 1 else set()
        return [e if e.visible_to is None or mine & set(e.visible_to) else e.seen_by("") for e in events]

    def _act(self, call, *args):
        """One rules action through the bridge, the table kept first for undo."""
        self.table.mark(self.bridge.engine)
        events = self._keep_private(call(*args))
        found = disagreements(self.bridge)             # one truth: a warning line, never a crash
        self.warning = f"warning: rules and table disagree: {found[0]}" + \
            (f" (+{len(found) - 1} more)" if len(found) > 1 else "") if found else ""
        if found:
            print(self.warning, file=sys.stderr)
        return events

    def _viewer(self, who: str) -> str:
        """Who a private event is for, as the hand-over names them: "team B", "Rosa (team A)"."""
        team = self.seats.team_of(who)
        return f"team {pretty(team)}" if who == team else f"{pretty(who)} (team {pretty(team)})"

    def _keep_private(self, events) -> list:
        """Hot-seat: what only one player may see waits for the hand-over (game/window/handover.py)."""
        if self.hotseat():
            self.private += [(self._viewer(e.visible_to[0]), e) for e in events
                             if e.visible_to is not None and e.data]
        return events

    def _log(self, events) -> None:
        events = self.visible(events)
        self.recent = (self.recent + events)[-RECENT:]   # what a HUD opened now shows first
        for listener in self.listeners:        # HUD feed, sounds, autosave: every event as seen here
            listener(events)
        for e in events:
            self.feed.append(e.kind + "".join(f" {k}={v}" for k, v in e.data.items()))
        self.feed = self.feed[-6:]

    def run_bots(self) -> None:
        """Bots decide and the table runs rushes and hordes until a human must act."""
        for _ in range(500):
            pending = self.bridge.pending()
            if isinstance(pending, GameOver) or self._human():
                return
            if isinstance(pending, Decision):
                self._log(self._act(self.bridge.decide, self.seats.decide(pending)))
            else:
                self._log(self._act(self.bridge.physics, self.seats.aim(pending)))

    # -- choosing --------------------------------------------------------------------------------
    def legal_actions(self) -> list:
        """The legal actions of the pending decision when a human seat makes it, else []."""
        if not self._human() or not isinstance(self.bridge.pending(), Decision):
            return []
        return self.bridge.engine.game.legal_actions(self.bridge.engine.state)

    def choices(self) -> list[str]:
        return [describe(a) for a in self.legal_actions()]

    def pages(self) -> int:
        return 1

    def choose(self, key: int) -> np.ndarray | None:
        """Key ``key`` (a = 0): one page holds every choice, so it is choice ``key``."""
        return self.pick(key)

    def pick(self, index: int) -> np.ndarray | None:
        """The player picks choice ``index``; bots then play on."""
        legal = self.legal_actions()
        if not 0 <= index < len(legal):
            return None
        self._log(self._act(self.bridge.decide, legal[index]))
        return self._after()

    def choose_highlighted(self) -> None:
        """No highlighted choice in Dead of Winter: nothing happens."""
        return None

    def move_highlight(self, delta: int) -> None:
        """No highlighted choice in Dead of Winter: nothing happens."""

    def turn_page(self, delta: int) -> None:
        """One page holds every choice: nothing happens."""

    # -- flicking --------------------------------------------------------------------------------
    def wants_aim(self) -> bool:
        return self._human() and isinstance(self.bridge.pending(), PhysicsRequest)

    def aim(self, direction: float, power: float) -> np.ndarray | None:
        """The player's slingshot answers the pending flick (a move, a shot, a fight attack)."""
        if not self.wants_aim():
            return None
        self._log(self._act(self.bridge.physics, Aim(direction % 360.0, float(np.clip(power, 0.0, 1.0)))))
        return self._after()

    def flick_piece(self) -> tuple[str | None, str]:
        """(the survivor or attacker the rules name, the weapon or "movement_disc")."""
        if not self.wants_aim():
            return None, ""
        spec = self.bridge.pending().spec
        return spec.get("survivor") or spec.get("attacker"), spec.get("weapon", "movement_disc")

    def flick_session(self) -> Session:
        return self.bridge.session

    def frames_gathered(self) -> int:
        """Frames of the episodes run since the last animation was handed back."""
        return sum(len(f) for f in self.frames)

    def _after(self) -> np.ndarray | None:
        self.run_bots()
        frames, self.frames = self.frames, []
        frames.append(self.bridge.session.poses[None])
        return np.concatenate(frames).astype(np.float32)

    # -- undo ------------------------------------------------------------------------------------
    def undo(self) -> np.ndarray:
        """Back to the player's last choice (game/table/undo.py); raises UndoRefused with the reason."""
        return self._rewind(undo_length(self.bridge.engine, self._human), "undone")

    def take_back(self) -> np.ndarray:
        """"Take back my flick", once every player agreed: the table as before the flick."""
        return self._rewind(take_back_length(self.bridge.engine, self._human), "flick taken back")

    def _rewind(self, length: int, what: str) -> np.ndarray:
        self.table.back_to(length)
        gone = self.bridge.engine.rewind(length)
        self.feed = (self.feed + [f"{what}: {len(gone)} action{'s' * (len(gone) != 1)}"])[-6:]
        self.frames = []
        return self.bridge.session.poses[None].astype(np.float32)

    # -- saving ----------------------------------------------------------------------------------
    def scene_key(self) -> int | str:
        """The scenario's number, or the path of a player's own scene file (so a save of a game
        on it loads that file again, not the built-in scenario of the same number)."""
        scene = self.bridge.city.scene
        own = Path(scene.source).resolve()
        return scene.number if own == flickem_path(scene.number).resolve() else str(own)

    def snapshot(self):
        """Poses, who is on the table, who is inside which building."""
        return self.bridge.session.snapshot()

    def restore(self, snapshot) -> None:
        self.bridge.session.restore(snapshot)

    def lay_table_from_rules(self) -> bool:
        """The city laid again from the rules state (game/flickem/relay.py): headings, fallen
        objects and tokens in the street are approximate."""
        relay_table(self.bridge)
        return False

    def turn_key(self) -> tuple:
        f = self.bridge.engine.state.flow
        return f.round_marker, f.colour, f.team_index

    def turn_ended(self) -> bool:
        """The last action was an EndTurn (a survivor's turn; co-operative scenarios have one team)."""
        history = self.bridge.engine.history
        return bool(history) and type(history[-1].action) is EndTurn

    def text(self) -> str:
        """What the HUD shows: round, whose turn, what the rules wait for, the choices."""
        state = self.bridge.engine.state
        pending = self.bridge.pending()
        if isinstance(pending, GameOver):
            head = f"GAME OVER: {pending.reason}"
        else:
            f = state.flow
            active = f"{f.active} ({f.actions_left} actions left)" if f.active else "-"
            what = pending.prompt if isinstance(pending, Decision) else f"flick: {pending.spec.get('weapon', '')}"
            head = f"round {f.round_marker} ({f.colour})  team {pretty(f.teams[f.team_index])}  active {active}  |  {what}"
        lines = [head] + [f"  {KEYS[k]}. {c}" for k, c in enumerate(self.choices()[:len(KEYS)])]
        if self.warning:
            lines.insert(1, self.warning)
        if self.wants_aim():
            piece, weapon = self.flick_piece()
            lines.append(f"  drag back from {pretty(piece)}'s {pretty(weapon)} like a slingshot to aim this flick")
        return "\n".join(lines + ["", *self.feed])
