"""A new user's first minutes, in the real window under Xvfb with a real (synthetic) mouse: the
start screen (``feltbox start``), click scenario 1 and Play, click the survivor on the table, pick
"choose survivor" in its context menu, click her again and pick "move", drag back like a
slingshot and release; the flick plays and the HUD panels say one action less, with a feed line.
Every click goes through xdotool at a position computed from the DirectGUI node or from the
piece's 3D position projected to the screen."""
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
click(screen.scenario_buttons[0]); print("picked", screen.index)
click(screen.bottom["Play"]); step(20)
app = shell.app
hud = app.hud_panels
def panel():
    return hud.line1.text + " | " + " / ".join(t.text for t in hud.feed_text if t.text)
print("hud0|" + panel())
shot(out + "-start.png")
settle(app)
survivor = next(c.split("=")[1] for c in app.game.choices() if c.startswith("ChooseSurvivor"))
print("survivor", survivor)
click_at(*screen_of(app, survivor))
key("Escape")                                      # changed her mind: Esc closes the piece's menu only
print("esc", app.menu.open, app.game_menu.frame is not None)
click_at(*screen_of(app, survivor))
print("menu1", [(i.label, i.legal) for i in app.menu.items])
click(app.menu.buttons[0]); settle(app)
print("hud1|" + panel())
click_at(*screen_of(app, survivor))
print("menu2", [(i.label, i.legal) for i in app.menu.items])
k = next(k for k, i in enumerate(app.menu.items) if i.label == "move")
click(app.menu.buttons[k]); settle(app)
print("wants_aim", app.game.wants_aim())
x, y = screen_of(app, survivor)
xdo("mousemove", "--window", win, x, y); step(3)
xdo("mousedown", 1); step(3)
for k in range(1, 6):
    xdo("mousemove", "--window", win, x - 4 * k, y + 28 * k); step(4)
xdo("mouseup", 1); step(2)
print("animating", app.animation is not None)
settle(app, 1500); step(10)
print("hud2|" + panel())
print("status|" + app.status.getText())
print("help|" + app.help.getText())
bound = set(base.getAllAccepting())
print("bound", all(k in bound for k in ("escape", "control-s", "control-z", "f9", "a", "1", "5", "wheel_up", "mouse3")))
shot(out)
d0 = app.orbit.distance
xdo("mousemove", "--window", win, 640, 360); step(2)
for _ in range(3):
    xdo("click", 4); step(1)                       # three wheel notches toward the table
mid = app.orbit.distance
settle(app)
print("wheel %.4f %.4f %.3f" % (mid / d0, app.orbit.distance / d0, app.rig.sensitivity))
'''


@needs_xvfb
def test_a_new_user_starts_s1_and_flicks_a_survivor_with_the_mouse(tmp_path, monkeypatch):
    monkeypatch.setenv("FELTBOX_HOME", str(tmp_path / "home"))
    shot = tmp_path / "flow.png"
    out = run_in_xvfb(DRIVER, shot)
    lines = dict(line.replace("|", " ", 1).split(" ", 1) for line in out.splitlines() if " " in line or "|" in line)
    assert lines["picked"] == "0"
    assert "team A to play" in lines["hud0"] and "left" not in lines["hud0"].split(" | ")[0]
    survivor = lines["survivor"]
    name = survivor.removeprefix("survivor-")
    assert lines["esc"] == "False False"
    assert lines["menu1"].startswith(f"[('choose survivor {name.title()}', True)")
    assert "2 actions left" in lines["hud1"]
    assert "('move', True)" in lines["menu2"]
    assert lines["wants_aim"] == "True" and lines["animating"] == "True"
    top2, feed2 = lines["hud2"].split(" | ", 1)
    assert "1 action left" in top2
    assert feed2 != lines["hud1"].split(" | ", 1)[1], "no new feed line after the flick"
    assert "flick power" not in lines["status"]                  # free play's line, noise here
    assert lines["help"].startswith("click a piece: its actions  |  a, b, c...: choose")
    assert lines["help"].endswith("esc: menu  |  ctrl-s: save  |  ctrl-z: undo  |  F9: load  |  H: panels")
    assert lines["bound"] == "True"                              # the keys the help names exist
    mid, end, sensitivity = map(float, lines["wheel"].split())
    assert end == pytest.approx(0.9 ** (3 * sensitivity), rel=1e-3)     # the notches add up...
    assert mid > end + 0.02                                              # ... eased, not jumped
    felt_in(shot)
    _hud_regions(shot)


def _hud_regions(shot) -> None:
    """The top bar (not felt green across the top), the choices panel (top right) and the feed
    panel (bottom right) dark over the felt."""
    from panda3d.core import PNMImage
    image = PNMImage()
    assert image.read(str(shot))

    def dark(x, y):
        return max(image.getRed(x, y), image.getGreen(x, y), image.getBlue(x, y)) < 0.25

    top = sum(image.getRed(x, 40) >= image.getGreen(x, 40) for x in range(0, 1280, 20))
    choices = sum(dark(x, y) for x in range(1120, 1270, 10) for y in (72, 92, 112, 122))
    feed = sum(dark(x, y) for x in range(1120, 1270, 10) for y in (625, 635, 645))
    assert top > 55, f"no top bar ({top}/64)"
    assert choices > 45, f"no choices panel ({choices}/60)"
    assert feed > 36, f"no feed panel ({feed}/45)"
