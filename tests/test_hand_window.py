"""The hand view (game/window/hand_view.py) in a real window under Xvfb, driven by a real mouse and
keyboard (xdotool): five cards fanned at the bottom; hovering one raises and enlarges it; dragging
it onto a play zone calls on_play with that card and zone; an illegal drop is refused with the
caller's reason; the keys (left, a zone's key, Enter) play too."""
from __future__ import annotations

import pytest

from tests.xvfb import needs_xvfb, run_in_xvfb

pytestmark = pytest.mark.render

DRIVER = r"""
import subprocess, sys, time
from panda3d.core import Filename
from feltbox.game.window.display import open_base
from feltbox.game.cards.faces import CardFace, CardValue
from feltbox.game.cards.hand import HandCard, PlayZone
from feltbox.game.window.hand_view import HandView

base = open_base("feltbox-hand-test")
base.setBackgroundColor(0.16, 0.36, 0.22, 1)
played = []
view = HandView(base, lambda card, zone: played.append((card, zone)))
names = ["Tailwind", "Thermal", "Stopover", "Headwind", "Marsh"]
view.set_hand([HandCard(f"c{k}", CardFace(n, (CardValue("FLIGHT", str(k + 1)), CardValue("FORAGE", "2")), pips=k + 1,
                                          text="house card")) for k, n in enumerate(names)])
zones = [PlayZone("rest", "Rest (face down)", (-1.2, -0.5, 0.1, 0.6), "1"),
         PlayZone("flight", "Flight", (0.5, 1.2, 0.1, 0.6), "2")]
legal = {(f"c{k}", "flight") for k in range(5)} | {(f"c{k}", "rest") for k in (0, 1, 2, 4)}
view.set_zones(zones, legal, {("c3", "rest"): "Headwind cannot rest"})

def step(n=3):
    for _ in range(n):
        base.taskMgr.step()

def xdo(*args):
    subprocess.run(["xdotool", *map(str, args)], check=True)

step(5)
w, h, aspect = base.win.getXSize(), base.win.getYSize(), base.getAspectRatio()
def px(x, y):                      # aspect2d -> window pixel
    return int((x / aspect + 1) / 2 * w), int((1 - y) / 2 * h)
win = subprocess.run(["xdotool", "search", "--name", "feltbox-hand-test"], capture_output=True, text=True,
                     check=True).stdout.split()[0]

x2, y2, _ = view.rows[2]
xdo("mousemove", "--window", win, *px(x2, y2 - 0.1)); step(5)
node = view.nodes["c2"]
print("hover", view.hover, "z %.3f scale %.2f" % (node.getZ(), node.getScale()[0]),
      "others %.2f" % view.nodes["c1"].getScale()[0], "over_hand", view.over_hand())
base.graphicsEngine.renderFrame(); base.win.saveScreenshot(Filename(sys.argv[1]))

def drag_to(target):
    xdo("mousedown", 1); step(3)
    sx, sy = px(x2, y2 - 0.1)
    tx, ty = px(*target)
    for k in range(1, 7):
        xdo("mousemove", "--window", win, sx + (tx - sx) * k // 6, sy + (ty - sy) * k // 6); step(2)
    xdo("mouseup", 1); step(3)

drag_to((0.85, 0.35))
print("played after drag", played)

view.set_hand([c for c in view.choices.cards if c.id != "c2"]); step(3)
x2, y2, _ = view.rows[2]                 # now c3, which may not rest
xdo("mousemove", "--window", win, *px(x2, y2 - 0.1)); step(5)
print("hover2", view.hover, "rest zone", tuple(view.zone_frames["rest"]["frameColor"]), "flight zone",
      tuple(view.zone_frames["flight"]["frameColor"]))
drag_to((-0.85, 0.35))
print("played after illegal drag", played, "| status:", view.status.text)

xdo("mousemove", "--window", win, *px(0.0, 0.9)); step(3)      # away from the fan
print("away over_hand", view.over_hand())
print("selected", view.choices.selected)                        # c3, the card last pressed
xdo("key", "--window", win, "Left"); step(2)                    # c0 c1 [c3] c4 -> c1
xdo("key", "--window", win, "1"); step(2)
xdo("key", "--window", win, "Return"); step(3)
print("played after keys", played)
"""


@needs_xvfb
def test_hand_view_hover_drag_and_keys_play_cards(tmp_path):
    shot = tmp_path / "hand.png"
    out = run_in_xvfb(DRIVER, shot)
    hover = out.split("hover ")[1].split("\n")[0].split()
    assert hover[0] == "c2", out
    assert float(hover[2]) > -0.6 and float(hover[4]) == pytest.approx(2.2) and float(hover[6]) == pytest.approx(1.0)
    assert hover[8] == "True" and "away over_hand False" in out
    assert "played after drag [('c2', 'flight')]" in out
    from feltbox.game.window.hand_view import ILLEGAL, LEGAL
    assert f"hover2 c3 rest zone {tuple(map(float, ILLEGAL))} flight zone {tuple(map(float, LEGAL))}" in out
    assert "played after illegal drag [('c2', 'flight')] | status: Headwind cannot rest" in out
    assert "selected c3" in out
    assert "played after keys [('c2', 'flight'), ('c1', 'rest')]" in out
    import shutil
    shutil.copy(shot, "/tmp/feltbox-hand-window.png")
