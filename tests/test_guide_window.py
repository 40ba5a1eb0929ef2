"""The guided first game in the real window under Xvfb, with a real mouse only (xdotool, no letter
key): the start screen's "First game, guided" opens S1 with the guide's panel; a whole first turn
is played by clicking figures, their context menus and slingshot drags, and after each step the
panel shows the next instruction, the HUD the actions left, and after each flick what the rules
did. A screenshot shows the panel over the bottom of the table."""
from __future__ import annotations

import pytest

from tests.window_drivers import PRELUDE
from tests.xvfb import felt_in, needs_xvfb, run_in_xvfb

pytestmark = pytest.mark.render

DRIVER = r'''
from feltbox.game.window.shell import run_start
shell = run_start(frames=30)
base = shell.base
''' + PRELUDE + r'''
out = sys.argv[1]
screen = shell.screen
click(screen.guided_button); step(20)
app = shell.app
guide = app.guide.guide
hud = app.hud_panels

def report(tag):
    step(4)
    print(tag + "|" + str(guide.index) + "|" + hud.line1.text + "|" + app.guide.shown.replace("\n", " / "))

def menu_pick(piece, label):
    click_at(*screen_of(app, piece))
    k = next(k for k, i in enumerate(app.menu.items) if i.label.startswith(label) and i.legal)
    click(app.menu.buttons[k]); settle(app)

def slingshot(piece):
    x, y = screen_of(app, piece, z=0.5)
    xdo("mousemove", "--window", win, x, y); step(3)
    xdo("mousedown", 1); step(3)
    for k in range(1, 6):
        xdo("mousemove", "--window", win, x - 3 * k, y + 22 * k); step(4)
    xdo("mouseup", 1); step(2)
    settle(app, 1500); step(10)

settle(app)
report("start")
shot(out + "-start.png")
survivor = next(c.split("=")[1] for c in app.game.choices() if c.startswith("ChooseSurvivor"))
menu_pick(survivor, "choose survivor")
report("chosen")
menu_pick(survivor, "move")
report("aiming")
slingshot(app.marked_piece()[0])
report("moved")
shot(out + "-moved.png")
menu_pick(survivor, "use weapon gun")
report("gun")
slingshot(app.marked_piece()[0])
report("shot")
menu_pick(survivor, "end turn")
settle(app, 3000)
report("ended")
click(app.guide.skip_button); step(5)
print("skipped", guide.closed, app.guide.frame.isEmpty())
'''


@needs_xvfb
def test_the_guided_first_game_plays_s1s_first_turn_with_the_mouse_only(tmp_path, monkeypatch):
    monkeypatch.setenv("FELTBOX_HOME", str(tmp_path / "home"))
    shot = tmp_path / "guide.png"
    out = run_in_xvfb(DRIVER, shot)
    rows = {line.split("|")[0]: line.split("|")[1:] for line in out.splitlines() if "|" in line}
    steps = {tag: int(row[0]) for tag, row in rows.items()}
    assert steps == {"start": 0, "chosen": 1, "aiming": 2, "moved": 3, "gun": 4, "shot": 5, "ended": 6}
    assert "choose survivor" in rows["start"][2]
    assert "2 actions left" in rows["chosen"][1]
    assert "slingshot" in rows["aiming"][2]
    assert "What happened: the disc" in rows["moved"][2]           # the move's outcome, explained
    assert "1 action left" in rows["moved"][1]
    assert "whole turn" in rows["ended"][2]
    assert "skipped True" in out
    felt_in(tmp_path / "guide.png-moved.png")


TF_DRIVER = r'''
from feltbox.game.window.shell import run_start
shell = run_start(frames=30)
base = shell.base
''' + PRELUDE + r'''
out = sys.argv[1]
screen = shell.screen
def inside(widget):
    l, r, b, t = widget.getBounds()
    lo = base.render2d.getRelativePoint(widget, Point3(l, 0, b))
    hi = base.render2d.getRelativePoint(widget, Point3(r, 0, t))
    return -1 <= lo.x and hi.x <= 1
print("games_in_window|%s|%d" % (all(inside(b) for b in screen.game_buttons.values()), len(screen.game_buttons)))
click(screen.game_buttons["tailfeathers"]); step(5)
click(screen.guided_button); step(20)
app = shell.app
guide, panel = app.guide.guide, app.guide
settle(app)
step(10)
print("start|%d|%s" % (guide.index, panel.shown.replace("\n", " / ")))
bar = app.table_choice
print("above|%s" % (panel.bottom >= bar.bar_top()))
shot(out + "-mission.png")
click(bar.button("pick:0")); settle(app); step(10)       # no mission card
print("tilt|%d|%s" % (guide.index, panel.shown.replace("\n", " / ")))
shot(out + "-tilt.png")
'''


@needs_xvfb
def test_the_guided_show_of_force_opens_from_the_start_screen_above_the_bar_of_choices(tmp_path, monkeypatch):
    monkeypatch.setenv("FELTBOX_HOME", str(tmp_path / "home"))
    shot = tmp_path / "tf-guide.png"
    out = run_in_xvfb(TF_DRIVER, shot)
    rows = {line.split("|")[0]: line.split("|")[1:] for line in out.splitlines() if "|" in line}
    assert rows["games_in_window"][0] == "True"            # every game's button fits the window's width
    assert rows["start"][0] == "0" and "MISSION PHASE" in rows["start"][1]
    assert rows["above"] == ["True"]                       # the guide never covers the bar's buttons
    assert rows["tilt"][0] == "1" and "TILT PHASE" in rows["tilt"][1]
    felt_in(tmp_path / "tf-guide.png-tilt.png")
