"""The start screen and the in-game menu in a real window under Xvfb, driven by a synthetic mouse
and keyboard (xdotool): pick S1, Play (team A at the window), choose a survivor with key a, undo
it with ctrl-z, Esc opens the menu, Save writes a save file, Quit to start screen comes back."""
from __future__ import annotations

import pytest

from tests.xvfb import _felt_in, _run_in_xvfb, needs_xvfb

pytestmark = pytest.mark.render

DRIVER = r"""
import subprocess, sys
from pathlib import Path
from panda3d.core import Filename, Point3
from game.shell import run_start
from game.settings import user_dir

shell = run_start(frames=30)
base = shell.base

def step(n):
    for _ in range(n):
        base.taskMgr.step()

win = subprocess.run(["xdotool", "search", "--name", "feltbox"], capture_output=True, text=True,
                     check=True).stdout.split()[0]

def click(widget):
    l, r, b, t = widget.getBounds()
    p = base.render2d.getRelativePoint(widget, Point3((l + r) / 2, 0, (b + t) / 2))
    x, y = int((p.x + 1) / 2 * base.win.getXSize()), int((1 - p.z) / 2 * base.win.getYSize())
    subprocess.run(["xdotool", "mousemove", "--window", win, str(x), str(y)], check=True); step(8)
    subprocess.run(["xdotool", "click", "1"], check=True); step(6)

def key(k):
    subprocess.run(["xdotool", "key", "--window", win, k], check=True); step(6)

screen = shell.screen
print("continue", screen.bottom["Continue"]["state"])
click(screen.scenario_buttons[5]); print("picked", screen.index, sorted(screen.seats.items()))
click(screen.scenario_buttons[0]); print("picked", screen.index)
click(screen.bottom["Play"]); step(10)
app = shell.app
print("game", type(app.game).__name__, "hud", app.hud.getText().splitlines()[0])
choices = app.game.choices()
key("a"); print("chose", app.game.choices() != choices, len(app.game.bridge.engine.history))
key("ctrl+z"); print("undo", repr(app.menu.message.getText()), len(app.game.bridge.engine.history))
for _ in range(300):
    step(1)
    if app.animation is None:
        break
base.graphicsEngine.renderFrame()
base.win.saveScreenshot(Filename(sys.argv[1]))
key("Escape"); print("menu", app.menu.frame is not None)
click(app.menu.buttons["Save"])
print("saves", len(list((user_dir() / "saves").glob("*.json"))), "menu", app.menu.frame is not None)
key("Escape"); click(app.menu.buttons["Quit to start screen"]); step(5)
print("start again", shell.screen is not None and shell.app is None)
"""


@needs_xvfb
def test_start_screen_to_a_saved_game_with_mouse_and_keys(tmp_path, monkeypatch):
    monkeypatch.setenv("FELTBOX_HOME", str(tmp_path / "home"))
    shot = tmp_path / "game.png"
    out = _run_in_xvfb(DRIVER, shot)
    assert "continue disabled" in out                      # no autosave yet
    assert "picked 5 [('A', 'human'), ('B', 'bot')]" in out
    assert "picked 0" in out
    assert "game WindowGame hud round 5 (day)  team A" in out
    assert "chose True 1" in out
    assert "undo 'undone: 1 action' 0" in out
    assert "menu True" in out
    assert "saves 1 menu False" in out
    assert "start again True" in out
    saves = list((tmp_path / "home" / "saves").glob("flickem-s1-*.json"))
    assert len(saves) == 1
    from game.saves import load_game
    game, note = load_game(saves[0])
    assert note == "" and game.bridge.engine.history == []
    _felt_in(shot)
