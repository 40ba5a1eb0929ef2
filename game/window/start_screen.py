"""The start screen (``feltbox start``, plain ``feltbox``): choose the game, the scenario (its
story and objective shown, house text from scenes/<game>/stories.toml), who plays each team
(human or bot) and, in Dead of Winter with two teams, which team starts (it takes the first
player token); then Play, Continue (the last autosave; disabled, with the reason, when there is
none), Load... (the saves folder), Settings, Quit.

Keys: up / down pick the scenario, tab switches the game, enter plays. A game needs at least one human seat: a bots-only
game is watched headless (``feltbox play flickem N --headless --bots all``).

The screen is shown by the window's shell (game/window/shell.Shell), handed in as ``shell`` (the
``Shell`` protocol below says what the screen asks of it); the game is built by the registry
(game/games.py ``GAMES``).
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from direct.gui.DirectGui import DGG, DirectButton, DirectFrame, DirectLabel
from panda3d.core import TextNode

from feltbox.game.games import GAMES, fresh_seed, seat_name
from feltbox.game.text.scenario_info import GAME_NAMES, scenarios
from feltbox.game.window.game_view import GameView
from feltbox.game.window.guide import FIRST_GAMES, Guide, load_guide
from feltbox.game.window.saves import autosave_path, list_saves, read_save
from feltbox.game.window.settings import Settings
from feltbox.game.window.settings_screen import SettingsScreen
from feltbox.rules.engine import SaveError

WHITE, DIM, GOLD = (1, 1, 1, 1), (0.55, 0.55, 0.55, 1), (1, 0.85, 0.4, 1)
SELECTED, BUTTON = (0.55, 0.35, 0.12, 1), (0.18, 0.22, 0.27, 1)
CLEAR = (0, 0, 0, 0)


class Shell(Protocol):
    """What the start screen asks of the window's shell (game/window/shell.Shell)."""

    base: Any
    settings: Settings

    def play(self, game: GameView, note: str = "", guide: Guide | None = None) -> None: ...

    def load(self, path: Path, say: Callable[[str], None]) -> None: ...

    def apply_settings(self, settings: Settings) -> None: ...

    def quit(self) -> None: ...


def _describe(path) -> str:
    """The autosave under Continue: "S1, 2026-11-23 13:12 UTC" (or why it will not load)."""
    try:
        data = read_save(path)
    except SaveError as exc:
        return str(exc).split(": ", 1)[-1]
    scene = data.get("scene", data.get("scenario"))
    when = str(data.get("saved_at", "")).replace("T", " ")[:16]
    return f"{'S' if str(scene).isdigit() else ''}{scene}" + (f", {when} UTC" if when else "")


class StartScreen:
    def __init__(self, shell: Shell, message: str = ""):
        self.shell, self.base = shell, shell.base
        self.game = next(iter(GAMES))      # the first game of the registry: Dead of Winter
        self.index = 0
        self.seats: dict[str, str] = {}
        self.first: str | None = None
        scale = shell.settings.ui_scale
        self.root = DirectFrame(frameColor=(0.07, 0.08, 0.07, 1), frameSize=(-3, 3, -2, 2), sortOrder=10)
        self.ui = DirectFrame(parent=self.root, frameColor=CLEAR, scale=min(scale, 1.2))
        self.parts: list = []              # widgets rebuilt when the game or scenario changes
        self.panel = None                  # the load list or the settings screen
        self._label("feltbox", (0, 0.86), 0.11, GOLD)
        n = len(GAME_NAMES)                # every game of the registry in one row across the screen
        step, size = min(1.0, 3.4 / n), 0.05 * min(1.0, 3.6 / n)
        self.game_buttons = {g: self._button(name, ((k - (n - 1) / 2) * step, 0.72), self.pick_game, [g],
                                             width=(step - 0.05) / size, scale=size)
                             for k, (g, name) in enumerate(GAME_NAMES.items())}
        bottom = [("Play", self.play), ("Continue", self.continue_last), ("Load...", self.open_load),
                  ("Settings", self.open_settings), ("Quit", shell.quit)]
        self.bottom = {text: self._button(text, (-1.2 + 0.6 * k, -0.78), command, width=5)
                       for k, (text, command) in enumerate(bottom)}
        self.autosave = autosave_path()
        if self.autosave.exists():
            self._label(_describe(self.autosave), (-0.6, -0.88), 0.038, DIM)
        else:
            self.bottom["Continue"]["state"] = DGG.DISABLED
            self.bottom["Continue"]["text_fg"] = DIM
            self._label("(no autosave yet)", (-0.6, -0.88), 0.038, DIM)
        self.message = self._label(message, (0, -0.95), 0.045, GOLD)
        for key, delta in (("arrow_up", -1), ("arrow_down", 1)):
            self.base.accept(key, self.step, [delta])
        self.base.accept("enter", self.play)
        self.base.accept("tab", self.other_game)
        self.pick_game(self.game)

    # -- widgets -------------------------------------------------------------------------------
    def _label(self, text, pos, scale, fg=WHITE, parent=None, wrap=None, align=None):
        kw = {"text_wordwrap": wrap} if wrap else {}
        return DirectLabel(parent=parent or self.ui, text=text, pos=(pos[0], 0, pos[1]), scale=scale,
                           text_fg=fg, frameColor=CLEAR, text_align=TextNode.ALeft if align == "left" else TextNode.ACenter,
                           **kw)

    def _button(self, text, pos, command, args=(), width=6, parent=None, scale=0.05):
        return DirectButton(parent=parent or self.ui, text=text, pos=(pos[0], 0, pos[1]), scale=scale,
                            command=command, extraArgs=list(args), frameSize=(-width / 2, width / 2, -0.55, 1.0),
                            text_fg=WHITE, frameColor=BUTTON, relief=1)

    def _clear_parts(self) -> None:
        for w in self.parts:
            w.destroy()
        self.parts = []

    # -- choosing ------------------------------------------------------------------------------
    def pick_game(self, game: str) -> None:
        self.game, self.index = game, 0
        for g, button in self.game_buttons.items():
            button["frameColor"] = SELECTED if g == game else BUTTON
        self.pick(0)

    def other_game(self) -> None:
        if self.panel is None:
            self.pick_game(next(g for g in GAME_NAMES if g != self.game))

    def step(self, delta: int) -> None:
        if self.panel is None:
            self.pick((self.index + delta) % len(scenarios(self.game)))

    def pick(self, index: int) -> None:
        """Show scenario ``index``: the list, its story and objective, its seats."""
        self.index = index
        info = scenarios(self.game)[index]
        self.seats = {t: self.seats.get(t, "human" if k == 0 else "bot") for k, t in enumerate(info.teams)}
        self.first = info.teams[0] if GAMES[self.game].chooses_first and len(info.teams) > 1 else None
        self._draw()

    def _draw(self) -> None:
        self._clear_parts()
        items = scenarios(self.game)
        info = items[self.index]
        self.scenario_buttons = []
        for k, s in enumerate(items):
            b = self._button(s.label, (-1.28, 0.56 - 0.095 * k), self.pick, [k], width=13, scale=0.042)
            b["frameColor"] = SELECTED if k == self.index else BUTTON
            self.scenario_buttons.append(b)
        self.parts += self.scenario_buttons
        x = -0.62
        self.parts += [self._label(info.label, (x, 0.56), 0.065, GOLD, align="left"),
                       self._label(f"{info.mode}  -  {GAME_NAMES[self.game]}", (x, 0.47), 0.04, DIM, align="left"),
                       self._label(info.story, (x, 0.37), 0.045, WHITE, wrap=34, align="left"),
                       self._label("Objective", (x, 0.05), 0.045, GOLD, align="left"),
                       self._label(info.objective, (x, -0.03), 0.045, WHITE, wrap=34, align="left"),
                       self._label("Seats (click to switch)", (x, -0.30), 0.045, GOLD, align="left")]
        self.seat_buttons = {}
        for k, team in enumerate(info.teams):
            name = seat_name(GAMES[self.game], team)
            b = self._button(f"{name}: {self.seats[team]}", (x + 0.3 + 0.65 * k, -0.40), self.toggle_seat, [team],
                             width=11, scale=0.045)
            self.seat_buttons[team] = b
            self.parts.append(b)
        if self.first is not None:
            b = self._button(f"first to play: team {self.first}", (x + 0.3 + 0.65 * len(info.teams), -0.40),
                             self.toggle_first, width=13, scale=0.045)
            self.parts.append(b)
            self.first_button = b
        humans = [t for t, who in self.seats.items() if who == "human"]
        mode = ("hot-seat: a hand-over screen before each private view" if len(humans) > 1 else
                "one player at the device" if humans else "at least one seat must be human")
        self.parts.append(self._label(mode, (x, -0.52), 0.04, DIM, align="left"))
        if self.game in FIRST_GAMES:
            self.guided_button = self._button("First game, guided", (x + 1.55, -0.62), self.play_guided,
                                              width=11, scale=0.045)
            self.parts.append(self.guided_button)

    def toggle_seat(self, team: str) -> None:
        self.seats[team] = "bot" if self.seats[team] == "human" else "human"
        self._draw()

    def toggle_first(self) -> None:
        teams = list(self.seats)
        self.first = teams[(teams.index(self.first) + 1) % len(teams)]
        self._draw()

    def bots(self) -> str:
        bots = [t for t, who in self.seats.items() if who == "bot"]
        return "all" if len(bots) == len(self.seats) else ",".join(bots) or "none"

    # -- buttons -------------------------------------------------------------------------------
    def say(self, text: str) -> None:
        self.message["text"] = text

    def play(self) -> None:
        if self.panel is not None:
            return
        if self.bots() == "all":
            self.say("at least one seat must be human (bots alone: feltbox play ... --headless --bots all)")
            return
        info = scenarios(self.game)[self.index]
        self.say("setting up the table...")
        self.base.graphicsEngine.renderFrame()
        kind = GAMES[self.game]
        # a fresh random seed: the seed deals the secrets (tokens, objectives) and throws the dice
        self.shell.play(kind.window_game(kind.load_scene(info.key), fresh_seed(), self.bots(), self.first))

    def play_guided(self) -> None:
        """The guided first game of the game shown (game/window/guide.py): its scene and seats,
        step by step on the real table."""
        if self.panel is not None:
            return
        script = load_guide(FIRST_GAMES[self.game])
        self.say("setting up the table...")
        self.base.graphicsEngine.renderFrame()
        kind = GAMES[script.game]
        self.shell.play(kind.window_game(kind.load_scene(script.scene), fresh_seed(), script.bots, None),
                        guide=Guide(script))

    def continue_last(self) -> None:
        self.load(self.autosave)

    def load(self, path) -> None:
        self._close_panel()
        self.shell.load(path, self.say)

    def open_load(self) -> None:
        self._close_panel()
        paths = list_saves()[:8]
        self.panel = DirectFrame(frameColor=(0.04, 0.05, 0.06, 1), frameSize=(-1.2, 1.2, -0.72, 0.62), sortOrder=20,
                                 pos=(0.45, 0, 0), scale=self.ui.getScale())
        self._label("Load a save", (0, 0.48), 0.06, GOLD, parent=self.panel)
        self.load_buttons = [self._button(p.stem, (0, 0.36 - 0.1 * k), self.load, [p], width=30, parent=self.panel,
                                          scale=0.045) for k, p in enumerate(paths)]
        if not paths:
            self._label(f"no saves yet in {self.autosave.parent / 'saves'}", (0, 0.3), 0.04, DIM, parent=self.panel,
                        wrap=36)
        self._button("Back", (0, -0.6), self._close_panel, width=6, parent=self.panel)

    def open_settings(self) -> None:
        self._close_panel()
        self.panel = SettingsScreen(self.base, on_done=self._settings_done)

    def _settings_done(self, settings) -> None:
        self.panel = None
        if settings is not None:
            self.shell.apply_settings(settings)
            self.ui.setScale(min(settings.ui_scale, 1.2))
            self.say("settings saved")

    def _close_panel(self) -> None:
        if self.panel is not None:
            self.panel.destroy()
            self.panel = None

    def destroy(self) -> None:
        self._close_panel()
        for key in ("arrow_up", "arrow_down", "enter", "tab"):
            self.base.ignore(key)
        self.root.destroy()
