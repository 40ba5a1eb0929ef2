"""One real window under Xvfb: `feltbox play`'s window opens on scenario 1, a real mouse drag
(xdotool) flicks a survivor's movement disc, the animation plays, and the window shows the city."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.xvfb import felt_in, needs_xvfb, run_in_xvfb

pytestmark = pytest.mark.render
ROOT = Path(__file__).resolve().parent.parent

DRIVER = r"""
import subprocess, sys
from panda3d.core import Filename, Point2, Point3
from feltbox.game.window.app import run_window
from feltbox.game.table.city import build_city
from feltbox.game.window.play import flick_handler
from feltbox.game.table.session import Session
from feltbox.scenes.loader import load_flickem

city = build_city(load_flickem(1))
session = Session(city)
app = run_window(city.bodies, city.poses, "feltbox-smoke", flick_handler(session), frames=10)
base = app.base
john = city.index("survivor-john")
before = session.poses[john].copy()

def step(n):
    for _ in range(n):
        base.taskMgr.step()

def xdo(*args):
    subprocess.run(["xdotool", *map(str, args)], check=True)

# where John's figure is on the screen
p3 = base.cam.getRelativePoint(base.render, Point3(*before[:2], 2.5))
p2 = Point2()
assert base.camLens.project(p3, p2), "John is not in view"
w, h = base.win.getXSize(), base.win.getYSize()
x, y = int((p2.x + 1) / 2 * w), int((1 - p2.y) / 2 * h)
win = subprocess.run(["xdotool", "search", "--name", "feltbox-smoke"], capture_output=True,
                     text=True, check=True).stdout.split()[0]
xdo("mousemove", "--window", win, x, y); step(5)
hover = app.picker.piece_under_mouse()
xdo("mousedown", 1); step(5)
for k in range(1, 5):                           # pull back (down the screen) like a slingshot
    xdo("mousemove", "--window", win, x, y + 45 * k); step(3)
xdo("mouseup", 1); step(3)
for _ in range(600):
    step(1)
    if app.animation is None:
        break
base.graphicsEngine.renderFrame()
base.win.saveScreenshot(Filename(sys.argv[1]))
moved = float(((session.poses[john][:2] - before[:2]) ** 2).sum() ** 0.5)
print("hover", hover, "selected", app.selected, "episodes", session.episodes,
      "power %.2f" % app.last_power, "animating", app.animation is not None, "moved %.1f" % moved)
"""


@needs_xvfb
def test_real_mouse_drag_in_the_play_window_flicks_a_survivor(tmp_path):
    """A synthetic mouse (xdotool) presses on John, drags back and releases: one flick episode
    runs, the animation plays to its end, and the window shows the city."""
    shot = tmp_path / "window.png"
    stdout = run_in_xvfb(DRIVER, shot)
    assert "hover survivor-john selected survivor-john episodes 1" in stdout
    assert "animating False" in stdout
    power = float(stdout.split("power ")[1].split()[0])
    assert 0.2 < power <= 1.0
    felt_in(shot)


def test_play_without_display_says_so_in_one_line():
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    out = subprocess.run([sys.executable, "-m", "feltbox", "play", "flickem", "1"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2
    lines = [line for line in out.stderr.splitlines() if line.startswith("feltbox:")]
    assert len(lines) == 1 and "no display" in lines[0] and "feltbox render flickem 1" in lines[0]


TF_DRIVER = r"""
import subprocess, sys
from panda3d.core import Filename
from feltbox.game.window.app import run_window
from feltbox.game.tailfeathers.window_game import TFWindowGame
from feltbox.scenes.loader import load_tailfeathers

game = TFWindowGame(load_tailfeathers("show_of_force"), seed=0, bots="rat")
game.run_bots()
app = run_window(game.bodies(), game.poses(), "feltbox-tf-smoke", lambda *a: None, frames=10, game=game)
base = app.base

def step(n):
    for _ in range(n):
        base.taskMgr.step()

def settle():
    for _ in range(600):
        step(1)
        if app.animation is None:
            break
    step(2)

print("hud0", app.hud.getText().splitlines()[0])
win = subprocess.run(["xdotool", "search", "--name", "feltbox-tf-smoke"], capture_output=True,
                     text=True, check=True).stdout.split()[0]
subprocess.run(["xdotool", "windowfocus", "--sync", win], check=False)
subprocess.run(["xdotool", "key", "--window", win, "a"], check=True)   # a real key: no mission card
for _ in range(100):
    step(1)
    if "MISSION" not in game.text().splitlines()[0]:
        break
if "MISSION" in game.text().splitlines()[0]:      # the X server did not deliver the key: send it
    print("xdotool key not delivered; messenger")
    base.messenger.send("a")
settle()
print("hud1", game.text().splitlines()[0])
for _ in range(40):                               # launch, then activate a bird, by messenger keys
    labels = game.choices()
    if not labels or any(" - tilt " in l for l in labels):      # a flight: "short, long - tilt C"
        break
    k = next((i for i, l in enumerate(labels) if "launch" in l), None)
    if k is None:
        k = next((i for i, l in enumerate(labels) if l.startswith("activate") and "squad" not in l), 0)
    while k // 12 != game.page:
        base.messenger.send("page_down"); step(1)
    base.messenger.send("abcdefghijkl"[k % 12]); settle()
for _ in range(3 + len(game.choices())):        # past any action cards, onto the first flight
    base.messenger.send("]"); step(1)
    if game.preview():
        break
step(3)
print("preview", len(game.preview()), "drawn", app.preview_node.getNumChildren())
print("hud2", game.text().splitlines()[0])
base.graphicsEngine.renderFrame()
base.win.saveScreenshot(Filename(sys.argv[1]))
"""


@needs_xvfb
def test_tail_feathers_window_takes_letter_keys_and_draws_the_flight_preview(tmp_path):
    """`feltbox play tailfeathers show_of_force --bots rat`'s window: a real key press (xdotool)
    picks "no mission card", the rat bot plays, the player launches and activates a bird by
    keys, "]" highlights a flight and its templates are drawn on the table."""
    shot = tmp_path / "tf-window.png"
    stdout = run_in_xvfb(TF_DRIVER, shot)
    assert "hud0 round 1  MISSION phase  |  mouse" in stdout
    assert "ACTIVATION phase" in stdout.split("hud2")[1]
    assert "hud1 round 1  MISSION" not in stdout
    preview = stdout.split("preview ")[1].split()
    assert int(preview[0]) >= 3 and preview[2] == "1"
    felt_in(shot)
