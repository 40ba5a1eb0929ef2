"""One window for the whole visit: the start screen, then a game, then back (``feltbox start``).

``open_base`` opens the ShowBase once (the same settings as game/window/app.run_window); ``Shell`` swaps
what the window shows: the start screen (game/window/start_screen.py), or a rules game in a PlayApp
(game/window/app.py) with the in-game menu (game/window/game_menu.py), the hot-seat hand-over
(game/window/handover.py) and the autosave (game/window/saves.Autosaver). Leaving a game removes everything
it added to the window: the key bindings, tasks and nodes that appeared since it started (so
other engineers' add-ons are cleaned up too, whatever they bind).
"""
from __future__ import annotations

import os
import sys
from typing import Callable, Sequence

from feltbox.game.window.settings import load_settings

WINDOW_TITLE = "feltbox"


def open_base(title: str = WINDOW_TITLE):
    """The window's ShowBase; NoDisplayError (game/window/app.py) when there is no display."""
    from feltbox.game.window.app import NoDisplayError
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        raise NoDisplayError("DISPLAY is not set")
    from panda3d.core import loadPrcFileData

    from feltbox.game.window.sounds import audio_prc
    loadPrcFileData("", f"window-title {title}\nwin-size 1280 720\nload-display pandagl\n"
                        f"{audio_prc()}\nsync-video false\n")
    from direct.showbase.ShowBase import ShowBase
    try:
        base = ShowBase(windowType="onscreen")
    except Exception as exc:   # Panda raises a bare Exception when no window opens
        raise NoDisplayError(str(exc)) from None
    if base.win is None:
        raise NoDisplayError("no window could be opened")
    base.disableMouse()
    return base


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

    def __init__(self, base, addons: Sequence[Callable] = ()):
        self.base, self.addons = base, tuple(addons)
        self.app = None             # the PlayApp while a game is on
        self.screen = None          # the start screen while it is up
        self.mark = _Mark(base)
        self.settings = load_settings()

    def start_screen(self, message: str = "") -> None:
        from feltbox.game.window.start_screen import StartScreen
        self.close()
        self._title(WINDOW_TITLE)
        self.screen = StartScreen(self, message)

    def play(self, game, note: str = "") -> None:
        """Show ``game`` (a WindowGame or TFWindowGame, bots already run) in the window."""
        from feltbox.game.window.app import PlayApp
        from feltbox.game.window.game_menu import attach_game_menu
        from feltbox.game.window.handover import attach_handover
        from feltbox.game.window.hud import attach_hud
        from feltbox.game.window.saves import Autosaver
        from feltbox.game.window.sounds import attach_sounds
        self.close()
        game.run_bots()
        bodies, poses, on_flick, title = game.bodies(), game.poses(), lambda *a: None, game.title
        self._title(f"feltbox - {title}")
        self.app = PlayApp(self.base, bodies, poses, title, on_flick, game, self.settings)
        autosave = Autosaver(game)
        game.listeners.append(autosave)
        self.app.autosave = autosave
        attach_game_menu(self.app, self)
        attach_handover(self.app)
        for addon in (attach_hud, attach_sounds, *self.addons):
            addon(self.app)
        if note:
            self.app.game_menu.say(note)

    def load(self, path, say) -> None:
        """Load the save at ``path`` and play it; ``say`` shows a bad save's one-line reason."""
        from feltbox.game.window.saves import load_game
        from feltbox.rules.engine import SaveError
        try:
            game, note = load_game(path)
        except SaveError as exc:
            say(str(exc))
            return
        self.play(game, note or f"loaded {path.name}")

    def _title(self, title: str) -> None:
        from panda3d.core import WindowProperties
        props = WindowProperties()
        props.setTitle(title)
        self.base.win.requestProperties(props)

    def close(self) -> None:
        if self.screen is not None:
            self.screen.destroy()
            self.screen = None
        if self.app is not None and getattr(self.app, "game", None) is not None:
            listeners = self.app.game.listeners
            if getattr(self.app, "autosave", None) in listeners:
                listeners.remove(self.app.autosave)
        self.app = None
        self.mark.clear()

    def quit(self) -> None:
        self.base.userExit()


def run_start(frames: int | None = None, addons: Sequence[Callable] = ()) -> Shell:
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
    from feltbox.game.window.app import NoDisplayError
    try:
        run_start()
    except NoDisplayError as exc:
        print(f"feltbox: no display ({exc}); headless: feltbox play flickem 1 --headless --bots all", file=sys.stderr)
        return 2
    return 0


def play_saved(path, bots: str | None = None, frames: int | None = None) -> int:
    """``feltbox play ... --load SAVE`` / ``--continue``: the saved game in the window, with the
    in-game menu (Quit to start screen leads to the start screen). Exit 2 on a bad save or no display."""
    from feltbox.game.window.app import NoDisplayError
    from feltbox.game.window.saves import load_game, save_path
    from feltbox.rules.engine import SaveError
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
