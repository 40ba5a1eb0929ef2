"""One window for the whole visit: the start screen, then a game, then back (``feltbox start``).

The top of the window room: it composes the play window (``dress_window``: a PlayApp of
game/window/app.py with its add-ons, the HUD panels, sounds, in-game menu, hot-seat hand-over
and autosave, each put in its place on the app) and ``Shell`` swaps what the one ShowBase
(game/window/display.open_base) shows: the start screen (game/window/start_screen.py) or a rules
game. The in-game menu and the start screen get the shell handed in (they never import it).
Leaving a game removes everything it added to the window: the key bindings, tasks and nodes that
appeared since it started (so other engineers' add-ons are cleaned up too, whatever they bind).
"""
from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from panda3d.core import WindowProperties

from feltbox.game.window.app import PlayApp
from feltbox.game.window.display import WINDOW_TITLE, NoDisplayError, open_base
from feltbox.game.window.game_menu import Screens, attach_game_menu
from feltbox.game.window.game_view import GameView
from feltbox.game.window.guide import Guide
from feltbox.game.window.guide_panel import attach_guide
from feltbox.game.window.handover import attach_handover
from feltbox.game.window.hud import attach_hud
from feltbox.game.window.root_view import attach_root_view
from feltbox.game.window.saves import Autosaver, clean_leftovers, load_game, save_path
from feltbox.game.window.settings import Settings, load_settings
from feltbox.game.window.snowbirds_view import attach_snowbirds_view
from feltbox.game.window.sounds import attach_sounds
from feltbox.game.window.start_screen import StartScreen
from feltbox.game.window.table_choice_view import attach_table_choice
from feltbox.game.window.tailsandtactics_view import attach_tailsandtactics_view
from feltbox.rules.engine import SaveError

CARD_VIEWS: dict[str, Callable[[PlayApp], object]] = {"snowbirds": attach_snowbirds_view,
                                                       "tailsandtactics": attach_tailsandtactics_view}
"""The hand view and table dressing of each card game of the registry, by its name."""
CARD_VIEWS["root"] = attach_root_view

__all__ = ["Shell", "dress_window", "open_base", "play_saved", "run_start", "start_or_explain"]


def dress_window(app: PlayApp, screens: Screens | None = None) -> None:
    """Compose the play window: a rules game gets the autosave, the in-game menu (Esc: save, undo,
    take back, settings; with ``screens``, a Shell, also load and the start screen) and the
    hot-seat hand-over; every window gets the HUD panels (a rules game only), choosing on the table
    (a game with a ``table_choice``: Tail Feathers) and the sounds; a
    card game its hand view and dressed cards (``CARD_VIEWS``).
    Each goes in its place on the app."""
    game = app.game
    if game is not None:
        app.autosave = Autosaver(game)
        game.listeners.append(app.autosave)
        app.game_menu = attach_game_menu(app, screens)
        app.handover = attach_handover(app)
    app.hud_panels = attach_hud(app)
    app.table_choice = attach_table_choice(app)      # None unless the game chooses on the table
    app.sounds = attach_sounds(app)
    if game is not None and game.name in CARD_VIEWS:
        app.cards = CARD_VIEWS[game.name](app)


class _Mark:
    """What the window holds now, to take away whatever is added after."""

    def __init__(self, base):
        self.base = base
        self.events = set(base.getAllAccepting())
        self.tasks = {t.getTaskId() for t in base.taskMgr.getAllTasks()}
        self.nodes = {n.getKey() for root in (base.render, base.aspect2d, base.render2d) for n in root.getChildren()}

    def clear(self) -> None:
        base = self.base
        for event in set(base.getAllAccepting()) - self.events:
            base.ignore(event)
        for task in base.taskMgr.getAllTasks():
            if task.getTaskId() not in self.tasks:
                base.taskMgr.remove(task)
        for root in (base.render, base.aspect2d, base.render2d):
            for n in root.getChildren():
                if n.getKey() not in self.nodes:
                    n.removeNode()
        base.render.clearLight()


class Shell:
    """The window's screens, one at a time, on one ShowBase."""

    def __init__(self, base, addons: Sequence[Callable[[PlayApp], None]] = ()):
        """``addons``: more composing steps for every game's window, after ``dress_window``."""
        self.base, self.addons = base, tuple(addons)
        self.app: PlayApp | None = None              # while a game is on
        self.screen: StartScreen | None = None       # while the start screen is up
        self.mark = _Mark(base)
        self.settings = load_settings()
        clean_leftovers()                            # temporary files of saves a crash cut short

    def start_screen(self, message: str = "") -> None:
        self.close()
        self._title(WINDOW_TITLE)
        self.screen = StartScreen(self, message)

    def play(self, game: GameView, note: str = "", guide: Guide | None = None) -> None:
        """Show ``game`` (a window game; its bots play first) in the window, with ``guide``'s
        panel when it is a guided first game (game/window/guide.py)."""
        self.close()
        game.run_bots()
        bodies, poses, on_flick, title = game.bodies(), game.poses(), lambda *a: None, game.title
        self._title(f"feltbox - {title}")
        self.app = PlayApp(self.base, bodies, poses, title, on_flick, game, self.settings)
        dress_window(self.app, self)
        for addon in self.addons:
            addon(self.app)
        if note:
            self.app.game_menu.say(note)
        if guide is not None:
            self.app.guide = attach_guide(self.app, guide)

    def load(self, path: Path, say: Callable[[str], None]) -> None:
        """Load the save at ``path`` and play it; ``say`` shows a bad save's one-line reason."""
        try:
            game, note = load_game(path)
        except SaveError as exc:
            say(str(exc))
            return
        self.play(game, note or f"loaded {path.name}")

    def apply_settings(self, settings: Settings) -> None:
        """The settings screen's new settings: the next game and screen take them."""
        self.settings = settings

    def _title(self, title: str) -> None:
        props = WindowProperties()
        props.setTitle(title)
        self.base.win.requestProperties(props)

    def close(self) -> None:
        if self.screen is not None:
            self.screen.destroy()
            self.screen = None
        if self.app is not None and self.app.game is not None:
            listeners = self.app.game.listeners
            if self.app.autosave in listeners:
                listeners.remove(self.app.autosave)
        self.app = None
        self.mark.clear()

    def quit(self) -> None:
        self.base.userExit()


def run_start(frames: int | None = None, addons: Sequence[Callable[[PlayApp], None]] = ()) -> Shell:
    """``feltbox start``: the start screen in a new window (``frames``: stop after that many)."""
    base = open_base()
    shell = Shell(base, addons)
    shell.start_screen()
    if frames is None:
        base.run()
    else:
        for _ in range(frames):
            base.taskMgr.step()
    return shell


def start_or_explain() -> int:
    try:
        run_start()
    except NoDisplayError as exc:
        print(f"feltbox: no display ({exc}); headless: feltbox play flickem 1 --headless --bots all", file=sys.stderr)
        return 2
    return 0


def play_saved(path, bots: str | None = None, frames: int | None = None) -> int:
    """``feltbox play ... --load SAVE`` / ``--continue``: the saved game in the window, with the
    in-game menu (Quit to start screen leads to the start screen). Exit 2 on a bad save or no display."""
    try:
        game, note = load_game(save_path(str(path)), bots)
    except SaveError as exc:
        print(f"feltbox: {exc}", file=sys.stderr)
        return 2
    if note:
        print(f"feltbox: {note}", file=sys.stderr)
    try:
        base = open_base()
    except NoDisplayError as exc:
        print(f"feltbox: no display ({exc}); saves need the window", file=sys.stderr)
        return 2
    shell = Shell(base)
    shell.play(game, note)
    if frames is None:
        base.run()
    else:
        for _ in range(frames):
            base.taskMgr.step()
    return 0
