"""Issue 18, done when: a Show of Force activation with a flight laid on the table, in the real
window under Xvfb, with the real mouse only (xdotool clicks and drags, not one letter key): the
mission and the other birds' tilts from the bar's buttons, Aerijin launched by dragging its
heading toward the elm tree, a rat bird and two Oakguard clicked (the rat's says why, the
Oakguard ringed), Aerijin clicked and activated from the bar, a flight laid with the bar's
"+ long" and a click on its first template (short -> long), a click beside the end point asking
for a tilt the rules refuse, then "fly" and the flight played through. After each step the HUD
bar and the rules state are asserted; the bird ends where the rules' own geometry lays the
announced templates. Screenshots of the drag and the laid flight are checked for the arrow and
the template models."""
from __future__ import annotations

import pytest

from tests.window_drivers import PRELUDE
from tests.xvfb import felt_in, needs_xvfb, run_in_xvfb

pytestmark = pytest.mark.render

DRIVER = r"""
import sys
sys.path.insert(0, ".")
from feltbox.game.tailfeathers.window_game import TFWindowGame
from feltbox.game.window.app import run_window
from feltbox.game.window.settings import Settings
from feltbox.game.window.shell import dress_window
from feltbox.scenes.loader import load_tailfeathers
game = TFWindowGame(load_tailfeathers("show_of_force"), seed=0, bots="rat")
game.run_bots()
app = run_window(game.bodies(), game.poses(), "feltbox - Tail Feathers", lambda *a: None, frames=5, game=game,
                 addons=(dress_window,), settings=Settings())
base = app.base
""" + PRELUDE + r"""
import math
out = sys.argv[1]
view, state = app.table_choice, game.state
settle(app)

def bar():
    return view.status.getText()

def drag(x, y, tx, ty, during):
    xdo("mousemove", "--window", win, x, y); step(4)
    xdo("mousedown", 1); step(3)
    xdo("mousemove", "--window", win, (x + tx) // 2, (y + ty) // 2); step(3)
    xdo("mousemove", "--window", win, tx, ty); step(4)
    during()
    xdo("mouseup", 1); step(3)

def table_px(x, y, z):
    p3 = base.cam.getRelativePoint(base.render, Point3(x, y, z)); p2 = Point2()
    assert base.camLens.project(p3, p2), (x, y, z)
    return to_pixels(p2.x, p2.y)

print("buttons0", "|".join(b["text"] for b in view.buttons.values()))
click(view.button("pick:0")); settle(app)                  # "no mission card"
print("mission", state().flow.phase, repr(state().data.player("mouse").mission))

bird = state().data.figure("aerijin")
bx, by = screen_of(app, "aerijin", z=1.0)
tx, ty = table_px(-27.0, 27.0, 1.0)                        # toward the elm (nw) tree
def during():
    print("dragging", view.choice.launch[2] > 0, "|", bar())
    shot(out + "-drag.png")
drag(bx, by, bx + (tx - bx) // 2, by + (ty - by) // 2, during)
settle(app)
bird = state().data.figure("aerijin")
print("launched", bird.launching, "%.3f %.3f %.3f" % bird.pose)
for _ in range(3):
    if view.choice.mode() == "activate":
        break
    print("press", view.buttons["pick:0"]["text"]); click(view.button("pick:0")); settle(app)
print("phase", state().flow.phase, state().flow.waiting, state().flow.order[0])

for piece in ("grizzard", "oakguard-1", "oakguard-3"):
    x, y = screen_of(app, piece, z=1.0)
    click_at(x, y); settle(app)
    print("click", piece, "+".join(view.choice.selected), "|", bar(), "|", view.buttons["confirm"]["text"])
print("ringed_nodes", view.rings.getNumChildren())
x, y = screen_of(app, "aerijin", z=1.0); click_at(x, y); settle(app)
print("highlight", game.choices()[game.highlight], "|", view.buttons["confirm"]["text"])
click(view.button("confirm")); settle(app)
f = state().flow
print("activated", f.active, f.waiting, state().data.unit("aerijin").activated, "|", bar())

click(view.button("long")); settle(app)
print("long", ",".join(view.choice.builder.templates), "|", bar())
lay = view.choice.template_lays()[0]
from feltbox.models.tailfeathers import tf_dims
half = tf_dims()["template"]["short"] / 2
cx, cy = lay.x + half * math.cos(math.radians(lay.heading)), lay.y + half * math.sin(math.radians(lay.heading))
click_at(*table_px(cx, cy, lay.z)); settle(app)
print("toggled", ",".join(view.choice.builder.templates), "|", bar())
path = view.choice.builder.path(state().data.figure("aerijin").pose)
ex, ey, eh = path.end
lx, ly = ex + 5 * math.cos(math.radians(eh + 90)), ey + 5 * math.sin(math.radians(eh + 90))
click_at(*table_px(lx, ly, lay.z)); settle(app)
print("tilt", view.choice.builder.tilt, "|", bar())
print("models", view.templates.getNumChildren(), "highlight", game.choices()[game.highlight])
free, lo_hi = app.director.free(), view.templates.getTightBounds(base.render)
corners = [(x, y, lo_hi[0].z) for x in (lo_hi[0].x, lo_hi[1].x) for y in (lo_hi[0].y, lo_hi[1].y)]
def ndc(p):
    p3 = base.cam.getRelativePoint(base.render, Point3(*map(float, p))); p2 = Point2()
    return (p2.x, p2.y) if base.camLens.project(p3, p2) else (9.0, 9.0)
inside = [bool(free.contains(ndc(c))[0]) for c in corners + [tuple(app.piece_xy("aerijin"))]]
print("in_view %.3f %.3f" % (free.bottom, view.bar_top()), all(inside))
shot(out + "-flight.png")
print("end %.3f %.3f %.3f" % path.end)
click(view.button("confirm")); settle(app)
flown = state().data.figure("aerijin")
print("flew", flown.where, state().flow.waiting, "|", bar())
for _ in range(8):
    if state().flow.active != "aerijin":
        break
    keys = [k for k, b in view.buttons.items() if b["text"] in ("continue the flight", "end the activation")]
    click(view.button(keys[0])); settle(app)
f = state().flow
flown = state().data.figure("aerijin")
print("over", f.active or "-", state().data.unit("aerijin").activated, f.phase, "%.3f %.3f %.3f" % flown.pose)
"""


PLACE = r"""
import sys
sys.path.insert(0, ".")
from feltbox.game.window.app import run_window
from feltbox.game.window.settings import Settings
from feltbox.game.window.shell import dress_window
from feltbox.rules.tailfeathers import activation, measure
from tests.test_tf_table_choice import _to_activation
game = _to_activation()                     # mission, launch drag and tilts headless (tests/test_tf_table_choice.py)
app = run_window(game.bodies(), game.poses(), "feltbox - Tail Feathers", lambda *a: None, frames=5, game=game,
                 addons=(dress_window,), settings=Settings())
base = app.base
""" + PRELUDE + r"""
out = sys.argv[1]
view, state = app.table_choice, game.state
settle(app)
for piece in ("oakguard-1", "oakguard-3"):
    click_at(*screen_of(app, piece, z=1.0)); settle(app)
click(view.button("confirm")); settle(app)
f = state().flow
print("activated", f.active, "+".join(f.figs), f.waiting, "|", view.status.getText())
print("lit", len(game.preview()), "ringed", "+".join(view.choice.ringed()))
shot(out + "-place.png")
dest = sorted(a.to for a in game.legal_actions() if isinstance(a, activation.TreeMove) and a.figure == "oakguard-1")
space = game.bridge.spaces[dest[-1]]
cx, cy = measure.centroid(space.polygon)
p3 = base.cam.getRelativePoint(base.render, Point3(cx, cy, space.height)); p2 = Point2()
assert base.camLens.project(p3, p2)
click_at(*to_pixels(p2.x, p2.y)); settle(app)
print("moved", state().data.figure("oakguard-1").where, dest[-1], "|", view.status.getText())
"""


@needs_xvfb
def test_tree_movement_by_a_click_on_a_lit_space_in_the_window(tmp_path):
    """Two Oakguard ringed and activated with real clicks, the spaces Oakguard 1 may move to
    outlined, a click on one (its centre projected through the real lens) moves it there."""
    lines = _lines(run_in_xvfb(PLACE, tmp_path / "tf"))
    assert lines["activated"] == "oakguard oakguard-1+oakguard-3 move | Oakguard 1: click a lit space to move there"
    lit, _, ringed = lines["lit"].partition(" ringed ")
    assert int(lit) >= 1 and ringed == "oakguard-1"
    moved, dest, said = lines["moved"].replace(" | ", " ").split(" ", 2)
    assert moved == dest and said.startswith("Oakguard 3: click a lit space")    # the next mover is ringed
    felt_in(tmp_path / "tf-place.png")


def _lines(stdout: str) -> dict[str, str]:
    return dict(line.split(" ", 1) for line in stdout.splitlines() if " " in line)


def _yellow(shot) -> int:
    """The launch arrow's yellow pixels (red and green high, blue low)."""
    from panda3d.core import PNMImage
    image = PNMImage()
    assert image.read(str(shot))
    return sum(1 for i in range(0, 1280, 2) for j in range(60, 560, 2)
               if image.getRed(i, j) > 0.9 and image.getGreen(i, j) > 0.75 and image.getBlue(i, j) < 0.35)


@pytest.mark.slow            # 38-60 s: a dozen real clicks, each waiting for the eased camera
@needs_xvfb
def test_a_show_of_force_activation_with_a_flight_laid_on_the_table_by_mouse_only(tmp_path):
    from feltbox.rules.tailfeathers import geometry
    from feltbox.rules.tailfeathers.measure import BASE_RADIUS
    out = tmp_path / "tf"
    stdout = run_in_xvfb(DRIVER, out)
    lines = _lines(stdout)
    clicks = [line.split(" ", 1)[1] for line in stdout.splitlines() if line.startswith("click ")]
    assert "no mission card" in lines["buttons0"]
    assert lines["mission"] == "tilt ''"                       # the bar's button chose no mission card
    # the heading drag: the HUD names it in words, the rules took the offered heading nearest it
    dragging, words = lines["dragging"].split(" | ")
    assert dragging == "True" and words.startswith("Aerijin faces ") and "deg from the axis arrow: north" in words
    assert "toward the elm tree" in words
    launched, x, y, heading = lines["launched"].split()
    assert launched == "True" and float(heading) % 15 == 0 and 60 <= float(heading) <= 105
    assert words.split("faces ")[1].startswith(f"{float(heading):.0f} deg")
    assert lines["phase"].startswith("activation activate")
    # a rat bird says why; Oakguard figures are ringed and the confirm button names them
    rat, one, three = clicks[:3]
    assert rat.startswith("grizzard  | Grizzard cannot activate: it is the rat's; mouse activates now |")
    assert one == "oakguard-1 oakguard-1 | ringed: Oakguard 1 | activate Oakguard 1"
    assert three == "oakguard-3 oakguard-1+oakguard-3 | ringed: Oakguard 1+3 | activate Oakguard 1+3"
    assert lines["ringed_nodes"] == "1"
    assert lines["highlight"] == "activate Aerijin | activate Aerijin"
    active, waiting, activated, _ = lines["activated"].replace(" | ", " ").split(" ", 3)
    assert (active, waiting, activated) == ("aerijin", "pilot", "True")
    assert lines["long"].startswith("short,short,long | short, short, long - tilt C   ready: fly")
    assert lines["toggled"].startswith("long,short,long | long, short, long - tilt C   ready: fly")
    tilt, said = lines["tilt"].split(" | ")
    assert tilt == "center" and "tilt change needs a successful piloting check" in said
    free_bottom, bar_top, inside = lines["in_view"].split()       # the camera framed the flight above the bar
    assert float(free_bottom) > float(bar_top) and inside == "True"
    models, _, highlight = lines["models"].partition(" highlight ")
    assert models == "3" and highlight == "long, short, long - tilt C"
    # the bird flew where the rules' geometry lays the announced templates from its launch pose
    end = geometry.flight_path((float(x), float(y), float(heading)), BASE_RADIUS, ("long", "short", "long"), "center").end
    assert [float(v) for v in lines["end"].split()] == pytest.approx(end, abs=1e-3)
    assert lines["flew"].startswith("flying flight |")          # the crossings resolved one by one
    over_active, over_activated, phase, fx, fy, fh = lines["over"].split()
    assert over_active != "aerijin" and over_activated == "True" and phase in ("activation", "final")
    assert [float(fx), float(fy), float(fh)] == pytest.approx(end, abs=1e-3)
    assert _yellow(tmp_path / "tf-drag.png") > 30                 # the arrow from the bird
    for name in ("drag", "flight"):
        felt_in(tmp_path / f"tf-{name}.png")

