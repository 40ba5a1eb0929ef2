"""The table view under Xvfb, driven by real mouse events (xdotool) through a whole flow of the
S1 rules game: click a survivor -> its context menu (legal and greyed items) -> click "choose" ->
click again -> "move" -> drag back like a slingshot (aim preview on: a predicted path is drawn)
-> release -> the flick plays and the HUD shows one action less. Screenshots are checked."""
from __future__ import annotations

import pytest

from tests.window_drivers import PRELUDE
from tests.xvfb import felt_in, needs_xvfb, run_in_xvfb

pytestmark = pytest.mark.render

DRIVER = r"""
import sys
from feltbox.game.window.app import run_window
from feltbox.game.window.settings import Settings
from feltbox.game.flickem.window_game import WindowGame
from feltbox.scenes.loader import load_flickem

game = WindowGame(load_flickem(1), 0, "none")
game.run_bots()
app = run_window(game.city.bodies, game.bridge.session.poses.copy(), "feltbox-flow", lambda *a: None,
                 frames=5, game=game, settings=Settings(aim_preview=True))
base = app.base
out = sys.argv[1]
""" + PRELUDE + r"""

def screen(piece):
    return screen_of(app, piece)

def at_mouse(mx, my):
    return to_pixels(mx, my)

def click(x, y):
    click_at(x, y)

def settle():
    settle_app(app)

def shot(name):
    save_shot(out + name + ".png")

hud0 = app.hud.getText().splitlines()[0]
print("hud0", hud0)
shot("-before")
x, y = screen("survivor-anita")
xdo("mousemove", "--window", win, x, y); step(4)
print("hover", app.picker.hover)
shot("-hover")
click(x, y)
print("menu", app.menu.open, [(i.label, i.legal) for i in app.menu.items])
shot("-menu")
bx, by = at_mouse(*app.menu.button_center(0))
click(bx, by)
settle()
print("hud1", app.hud.getText().splitlines()[0])
x, y = screen("survivor-anita")
click(x, y)
print("menu2", [(i.label, i.legal) for i in app.menu.items])
k = next(k for k, i in enumerate(app.menu.items) if i.label == "move")
bx, by = at_mouse(*app.menu.button_center(k))
click(bx, by); settle()
print("wants_aim", game.wants_aim())
x, y = screen("survivor-anita")
xdo("mousemove", "--window", win, x, y); step(3)
xdo("mousedown", 1); step(3)
for k in range(1, 5):
    xdo("mousemove", "--window", win, x + 5 * k, y + 30 * k); step(4)
time.sleep(0.2); step(3)
print("preview points", app.aim_view.path_points, "ms", ["%.0f" % t for t in app.sling.preview_ms])
shot("-aim")
xdo("mouseup", 1); step(3)
settle()
print("hud2", app.hud.getText().splitlines()[0])
shot("-after")
h0, t0 = app.orbit.heading, app.orbit.target.copy()
xdo("mousemove", "--window", win, 640, 300); step(2)
xdo("mousedown", 3); step(2)
xdo("mousemove", "--window", win, 760, 300); step(3)
xdo("mouseup", 3); step(2)
xdo("mousedown", 2); step(2)
xdo("mousemove", "--window", win, 640, 380); step(3)
xdo("mouseup", 2); step(2)
print("mouse orbit %.0f pan %.1f" % ((app.orbit.heading - h0) % 360, float(((app.orbit.target - t0) ** 2).sum() ** 0.5)))
base.messenger.send("shift-p"); step(2)
base.messenger.send("2"); settle()
print("keys preview", app.preview_on, "pitch %.0f" % app.orbit.pitch)
from feltbox.game.window.settings import Settings
app.apply_settings(Settings(shadows=True, aim_preview=True)); step(3)
base.messenger.send("f3"); step(2)
print("meter", base.frameRateMeter is not None)
print("settings", app.shadows, app.preview_on)
"""


def _dark_panel(shot) -> int:
    """Pixels of the menu's dark panel (near-black, not the floor's brown) in a screenshot."""
    from panda3d.core import PNMImage
    image = PNMImage()
    assert image.read(str(shot))
    return sum(1 for x in range(0, 1280, 8) for y in range(0, 720, 8)
               if max(image.getRed(x, y), image.getGreen(x, y), image.getBlue(x, y)) < 0.17
               and image.getBlue(x, y) >= image.getRed(x, y))


def _ring_yellow(shot) -> int:
    """Pixels of the hover ring's yellow."""
    from panda3d.core import PNMImage
    image = PNMImage()
    assert image.read(str(shot))
    return sum(1 for x in range(0, 1280, 2) for y in range(0, 720, 2)
               if image.getRed(x, y) > 0.9 and 0.7 < image.getGreen(x, y) < 0.95 and image.getBlue(x, y) < 0.4)


def _preview_cyan(shot) -> int:
    """Pixels of the aim preview's cyan path line."""
    from panda3d.core import PNMImage
    image = PNMImage()
    assert image.read(str(shot))
    return sum(1 for x in range(0, 1280, 2) for y in range(0, 720, 2)
               if image.getBlue(x, y) > 0.9 and image.getRed(x, y) < 0.42 and image.getGreen(x, y) > 0.78)
    # the path is (0.35, 0.85, 1.0); the ice cream truck's stripe (0.45, 0.70, 0.94) under the winter sun is not


@needs_xvfb
def test_click_choose_move_and_flick_a_survivor_with_the_mouse(tmp_path):
    out = tmp_path / "flow"
    stdout = run_in_xvfb(DRIVER, out)
    lines = dict(line.split(" ", 1) for line in stdout.splitlines() if " " in line)
    assert "choose a survivor" in lines["hud0"]
    assert lines["menu"].startswith("True [('choose survivor Anita', True), ('move', False)")
    assert "active survivor-anita (2 actions left)" in lines["hud1"]
    assert "('move', True)" in lines["menu2"] and "('choose survivor Anita', False)" in lines["menu2"]
    assert lines["wants_aim"] == "True"
    assert int(lines["preview"].split()[1]) >= 3          # "points N ms [...]"
    assert "active survivor-anita (1 actions left)" in lines["hud2"]
    orbit, pan = float(lines["mouse"].split()[1]), float(lines["mouse"].split()[3])
    assert 10 < orbit < 90 and pan > 5                  # right-drag turned it, middle-drag panned
    assert lines["hover"] == "survivor-anita"
    assert _ring_yellow(tmp_path / "flow-hover.png") > _ring_yellow(tmp_path / "flow-before.png") + 20
    assert lines["keys"] == "preview False pitch 89"      # shift+P toggled it off, 2: top-down
    assert lines["settings"] == "True True" and lines["meter"] == "True"              # shadows on llvmpipe, preview back on
    before, menu, after = (tmp_path / f"flow-{name}.png" for name in ("before", "menu", "after"))
    felt_in(menu)
    felt_in(after)
    assert _dark_panel(menu) > 2 * _dark_panel(before) + 200, "the context menu is not drawn"
    assert _preview_cyan(tmp_path / "flow-aim.png") > 30 > _preview_cyan(after), "no predicted path drawn"
