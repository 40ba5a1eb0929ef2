"""The in-game menu (Esc): Resume, Save, Load, Undo, Take back flick, Settings, Quit to start
screen, Quit; shortcuts ctrl-s save, ctrl-z undo, F9 load. ``attach_game_menu(app, screens)`` builds
it for a PlayApp (game/window/app.py; the composer puts it in ``app.game_menu``). ``screens`` is
what the menu needs of the window's shell (game/window/shell.Shell): the ``Screens`` protocol,
handed in, never imported; without one (a plain ``run_window``) Load and Quit to start screen are
not offered.

Save writes ``user_dir()/saves/<game>-<scene>-<time>.json`` (no name to type: letter keys pick
the game's choices). Messages (saved, refused undo with the engine's reason) show for a few
seconds on a line above the help text. Take back asks first: "Take back the last flick? Both
players agree? (y/n)".
"""
from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from direct.gui.DirectGui import DGG, DirectButton, DirectFrame, DirectLabel
from direct.gui.OnscreenText import OnscreenText

from feltbox.game.table.undo import UndoRefused
from feltbox.game.window.app import PlayApp
from feltbox.game.window.saves import autosave_path, list_saves, save_game
from feltbox.game.window.settings import Settings
from feltbox.game.window.settings_screen import SettingsScreen

MESSAGE_SECONDS = 5.0
ITEMS = ("Resume", "Save", "Load", "Undo", "Take back flick", "Settings", "Quit to start screen", "Quit")
# why an item is greyed: only a window opened without the start screen (``feltbox play`` with a
# scene, or a plain run_window) has no shell to load into or go back to
WHY_GREY = {"Load": "from the start screen: run feltbox, or --load here",
            "Quit to start screen": "this window was opened without it"}


class Screens(Protocol):
    """What the in-game menu asks of the window's shell (game/window/shell.Shell)."""

    settings: Settings                     # the window's settings now (the panels' scale)

    def start_screen(self, message: str = "") -> None:
        """Leave the game for the start screen."""

    def load(self, path: Path, say: Callable[[str], None]) -> None:
        """Play the save at ``path``; ``say`` shows why a bad save does not load."""

    def apply_settings(self, settings: Settings) -> None:
        """The settings screen's new settings, for what the shell shows next."""


class GameMenu:
    def __init__(self, app: PlayApp, shell: Screens | None = None):
        """``app``: the window whose game the menu saves, undoes and leaves."""
        self.app, self.shell, self.base = app, shell, app.base
        self.frame = None            # the open menu, the load list or the confirmation
        self.message = OnscreenText(text="", pos=(0, -0.74), scale=0.05, fg=(1, 0.85, 0.4, 1),
                                    shadow=(0, 0, 0, 1), mayChange=True, sort=20)
        self.message_until = 0.0
        b = self.base
        b.accept("escape", self.toggle)
        b.accept("control-s", self.save)
        b.accept("control-z", self.undo)
        b.accept("f9", self.open_load)
        b.taskMgr.add(self._fade, "feltbox-menu-message")

    # -- messages ------------------------------------------------------------------------------
    def say(self, text: str) -> None:
        self.message.setText(text)
        self.message_until = time.monotonic() + MESSAGE_SECONDS

    def _fade(self, task):
        if self.message_until and time.monotonic() > self.message_until:
            self.message.setText("")
            self.message_until = 0.0
        return task.cont

    # -- panels --------------------------------------------------------------------------------
    def close(self) -> None:
        if self.frame is not None:
            self.frame.destroy()
            self.frame = None
        for key in ("y", "n"):
            self.base.ignore(f"{key}-up")
        self._keys(True)

    def _keys(self, on: bool) -> None:
        self.app.choice_keys(on)

    def covered(self) -> bool:
        """Is the hot-seat hand-over cover up? (Only its space key acts then.)"""
        return self.app.covered()

    def toggle(self) -> None:
        """Esc: close what is open (this menu, else a piece's context menu); never open the menu
        behind the hot-seat hand-over cover (game/window/handover.py), whose table is hidden."""
        if self.frame is not None:
            self.close()
        elif self.app.menu.open:
            self.app.menu.close()
        elif self.covered():
            return
        else:
            self.open()

    def _panel(self, title: str, rows: list[tuple[str, object]], width: float = 0.75):
        self.close()
        self._keys(False)
        scale = self.shell.settings.ui_scale if self.shell else 1.0
        h = 0.14 + 0.11 * len(rows)
        self.frame = DirectFrame(frameColor=(0.05, 0.06, 0.07, 0.92), frameSize=(-width, width, -h / 2, h / 2 + 0.08),
                                 pos=(0, 0, 0.05), scale=scale, sortOrder=30)
        DirectLabel(parent=self.frame, text=title, scale=0.06, pos=(0, 0, h / 2 - 0.02), text_fg=(1, 1, 1, 1),
                    frameColor=(0, 0, 0, 0))
        self.buttons = {}
        for k, (text, command) in enumerate(rows):
            button = DirectButton(parent=self.frame, text=text, scale=0.05, pos=(0, 0, h / 2 - 0.14 - 0.11 * k),
                                  frameSize=(-width / 0.05 + 1, width / 0.05 - 1, -0.6, 1.1), command=command,
                                  text_fg=(1, 1, 1, 1), frameColor=(0.2, 0.25, 0.3, 1))
            if command is None:
                button["state"] = DGG.DISABLED
                button["text_fg"] = (0.5, 0.5, 0.5, 1)
            self.buttons[text] = button
        return self.frame

    def open(self) -> None:
        """Only what applies to this game ("Take back flick" where players flick); an item that
        applies but cannot be used here is greyed with the reason beside it."""
        shell = self.shell
        commands = {"Resume": self.close, "Save": self.save, "Load": self.open_load if shell else None,
                    "Undo": self.undo, "Take back flick": self.ask_take_back, "Settings": self.settings,
                    "Quit to start screen": shell.start_screen if shell else None,
                    "Quit": self.base.userExit}
        rows = [(item, commands[item]) for item in ITEMS
                if item != "Take back flick" or getattr(self.app.game, "FLICKS", True)]
        self._panel("Menu  (Esc: back to the game)", rows)
        for item, command in rows:
            if command is None:
                self.buttons[item]["text"] = f"{item}  ({WHY_GREY[item]})"

    # -- commands ------------------------------------------------------------------------------
    def _name(self) -> str:
        """The save's name: the game, its scene ("s1" for scenario 1) and the time."""
        game = self.app.game
        scene = game.scene_key()
        scene = f"s{scene}" if str(scene).isdigit() else scene
        return f"{game.name}-{scene}-{time.strftime('%Y%m%d-%H%M%S')}"

    def save(self) -> None:
        self.close()
        t0 = time.perf_counter()
        try:
            path = save_game(self.app.game, self._name())
        except OSError as exc:
            self.say(f"not saved: {exc}")
            return
        self.say(f"saved to {path} ({(time.perf_counter() - t0) * 1000:.0f} ms)")

    def undo(self) -> None:
        self._rewind(self.app.game.undo)

    def ask_take_back(self) -> None:
        self._panel("Take back the last flick? Both players agree? (y/n)",
                    [("Yes, both agree (y)", self.take_back), ("No (n)", self.close)], width=0.95)
        self.base.accept("y-up", self.take_back)
        self.base.accept("n-up", self.close)

    def take_back(self) -> None:
        self._rewind(self.app.game.take_back)

    def _rewind(self, how) -> None:
        self.close()
        if self.covered():
            return
        if self.app.animation is not None:
            self.say("wait for the pieces to stop")
            return
        try:
            frames = how()
        except UndoRefused as exc:
            self.say(str(exc))
            return
        self.app.animate(frames)
        self.say(self.app.game.feed[-1] if self.app.game.feed else "undone")

    def settings(self) -> None:
        self.close()
        self._keys(False)
        self.frame = SettingsScreen(self.base, on_done=self._settings_done)

    def _settings_done(self, settings) -> None:
        self.frame = None
        self._keys(True)
        if self.shell is not None and settings is not None:
            self.shell.apply_settings(settings)
        if settings is not None:             # the table, the HUD and the sounds take them at once
            self.app.apply_settings(settings)
            self.say("settings saved")

    def open_load(self) -> None:
        if self.shell is None or self.covered():
            return
        paths = ([autosave_path()] if autosave_path().exists() else []) + list_saves()[:7]
        rows = [(p.stem, (lambda p=p: self.load(p))) for p in paths] or [("no saves yet", None)]
        self._panel("Load a save", rows + [("Back", self.close)], width=0.9)

    def load(self, path) -> None:
        self.close()
        self.shell.load(path, self.say)


def attach_game_menu(app: PlayApp, shell: Screens | None = None) -> GameMenu:
    """The in-game menu of ``app``, for its ``game_menu`` place (``app.menu`` stays the pieces'
    context menu, game/window/context_menu.py); the help line names its keys."""
    keys = "  |  esc: menu  |  ctrl-s: save  |  ctrl-z: undo" + ("  |  F9: load" if shell is not None else "")
    app.replace_esc_help(keys)
    return GameMenu(app, shell)
