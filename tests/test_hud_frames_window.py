"""The HUD frames the game (issue 13), in real windows under Xvfb with the real camera:

- the docked panels never cover the active piece: its bounds, projected with the window's own
  camera and lens once the camera has framed it, meet none of the panels' rectangles
  (game/window/hud_layout.panel_rects, the same numbers the panels are drawn from -- checked
  against the drawn frames too), in Dead of Winter S1 and a Tail Feathers battle;
- a clicked piece's context menu opens in the free area beside the piece, over no panel;
- no empty panel at the start (the feed shows once the rules did something, the dice once thrown);
- each panel folds to its header with its toggle, H folds them all, the settings file remembers;
- Panda3D's start-up warnings (/dev/input, XFree86-DGA, the pipe list) are not printed.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.window_drivers import PRELUDE
from tests.xvfb import ROOT, needs_xvfb, xvfb_display

pytestmark = pytest.mark.render

CHECKS = r"""
from panda3d.core import Point2, Point3
from feltbox.game.window.hud_layout import overlap

def projected(app, piece):
    # the piece's bounding box corners through the window's camera: its rectangle in aspect2d
    path = app.scene.paths[app.ids.index(piece)]
    lo, hi = path.getTightBounds(base.render)
    xs, ys = [], []
    for x in (lo.x, hi.x):
        for y in (lo.y, hi.y):
            for z in (lo.z, hi.z):
                p2 = Point2()
                if base.camLens.project(base.cam.getRelativePoint(base.render, Point3(x, y, z)), p2):
                    xs.append(p2.x * base.getAspectRatio()); ys.append(p2.y)
    assert len(xs) == 8, piece + " is not wholly in view"
    return min(xs), max(xs), min(ys), max(ys)

def frame_rect(node):
    l, r, b, t = node["frameSize"]
    p = node.getParent()
    a = base.aspect2d.getRelativePoint(p, Point3(l, 0, b)); c = base.aspect2d.getRelativePoint(p, Point3(r, 0, t))
    return a.x, c.x, a.z, c.z

def drawn(hud):
    # the panels' frames as drawn (aspect2d), to check the layout numbers are what is on screen
    out = {}
    frames = {"top": [hud.bar], "cards": [hud.cards_head], "choices": [hud.choice_frame], "feed": [hud.feed_frame]}
    if "cards" not in hud.collapsed:
        frames["cards"] += [c.frame for c in hud.cards] + ([hud.dice_frame] if hud.dice_shown else [])
    for name, nodes in frames.items():
        if nodes[0].isHidden():
            continue
        rs = [frame_rect(n) for n in nodes]
        out[name] = (min(r[0] for r in rs), max(r[1] for r in rs), min(r[2] for r in rs), max(r[3] for r in rs))
    return out

def report(app, tag):
    from feltbox.game.window.framing import Rect
    hud = app.hud_panels
    piece = app.marked_piece()[0]
    box = projected(app, piece)
    rect = Rect(*box)
    rects = hud.rects()
    hits = {k: round(overlap(rect, r), 4) for k, r in rects.items()}
    print(tag, "piece", piece, "box", [round(v, 3) for v in box])
    print(tag, "overlaps", json.dumps(hits))
    print(tag, "panels", json.dumps(sorted(rects)))
    d = drawn(hud)
    print(tag, "drawn-vs-layout", json.dumps({k: max(abs(a - b) for a, b in zip(d[k], (r.left, r.right, r.bottom, r.top)))
                                              for k, r in rects.items() if k in d}))
    # the menu of the active piece: where it opens
    sp = ((box[0] + box[1]) / 2 / base.getAspectRatio(), (box[2] + box[3]) / 2)
    app.open_menu(piece, sp); step(2)
    m = app.menu.box
    free = hud.free_area()
    apart = max(m.left - rect.right, rect.left - m.right, m.bottom - rect.top, rect.bottom - m.top)
    print(tag, "menu", json.dumps({"over_panels": round(sum(overlap(m, r) for r in rects.values()), 4),
                                   "over_piece": round(overlap(m, rect) / max(overlap(rect, rect), 1e-9), 3),
                                   "apart": round(apart, 3),
                                   "inside_free": m.left >= free.left - 1e-6 and m.right <= free.right + 1e-6
                                                  and m.bottom >= free.bottom - 1e-6 and m.top <= free.top + 1e-6,
                                   "title": app.menu.title}))
    app.menu.close(); step(1)
"""

FLICKEM = r"""
import json, sys
from feltbox.game.flickem.window_game import WindowGame
from feltbox.scenes.loader import load_flickem
from feltbox.game.window.app import run_window
from feltbox.game.window.shell import dress_window
game = WindowGame(load_flickem(1), 1, "none")
game.run_bots()
app = run_window(game.bodies(), game.poses(), "feltbox - S1", None, frames=5, game=game, addons=[dress_window])
base = app.base
""" + PRELUDE + CHECKS + r"""
settle(app)
hud = app.hud_panels
print("start panels", json.dumps(sorted(hud.rects())))
shot(sys.argv[1] + "-s1-start.png")
app.choose(0); settle(app); step(30); settle(app)
report(app, "s1")
shot(sys.argv[1] + "-s1-active.png")
sp = ((lambda b: ((b[0] + b[1]) / 2 / base.getAspectRatio(), (b[2] + b[3]) / 2))(projected(app, app.marked_piece()[0])))
app.open_menu(app.marked_piece()[0], sp); step(2)
shot(sys.argv[1] + "-s1-menu.png")
app.menu.close(); step(1)
before = {k: round(r.top - r.bottom, 3) for k, r in hud.rects().items()}
click(hud.toggles["cards"]); step(2)
print("cards toggled", sorted(hud.collapsed))
key("shift+h"); step(2)
print("h folded", sorted(hud.collapsed))
key("h"); step(2)                   # a plain h is a choice key: it does not fold
print("plain h", sorted(hud.collapsed))
after = {k: round(r.top - r.bottom, 3) for k, r in hud.rects().items()}
print("heights", json.dumps({"before": before, "after": after}))
shot(sys.argv[1] + "-s1-folded.png")
key("shift+h"); step(2)
print("h opened", sorted(hud.collapsed))
key("shift+h"); step(2)
"""

TAIL_FEATHERS = r"""
import json, sys
from feltbox.game.tailfeathers.window_game import TFWindowGame
from feltbox.scenes.loader import load_tailfeathers
from feltbox.game.window.app import run_window
from feltbox.game.window.shell import dress_window
game = TFWindowGame(load_tailfeathers("show_of_force"), 0, "rat")
game.run_bots()
app = run_window(game.bodies(), game.poses(), "feltbox - TF", None, frames=5, game=game, addons=[dress_window])
base = app.base
""" + PRELUDE + CHECKS + r"""
settle(app)
print("start panels", json.dumps(sorted(app.hud_panels.rects())), "dice", app.hud_panels.dice_shown)
for _ in range(40):                 # play the mouse's first choices until one of its figures is to play
    if app.marked_piece()[0] is not None and app.hud_panels.feed:
        break
    app.choose(0); settle(app)
step(30); settle(app)
report(app, "tf")
shot(sys.argv[1] + "-tf-active.png")
print("collapsed", sorted(app.hud_panels.collapsed))
"""


def _run(driver: str, prefix, home) -> tuple[str, str]:
    with xvfb_display() as display:
        out = subprocess.run([sys.executable, "-c", driver, str(prefix)], cwd=ROOT, capture_output=True, text=True,
                             env={**os.environ, "DISPLAY": display, "FELTBOX_HOME": str(home)}, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    return out.stdout, out.stderr


def _line(out: str, tag: str, what: str) -> str:
    return out.split(f"{tag} {what} ", 1)[1].splitlines()[0]


def _frames_the_active_piece(out: str, tag: str) -> None:
    hits = json.loads(_line(out, tag, "overlaps"))
    assert hits and all(v == 0 for v in hits.values()), f"a panel covers the active piece: {hits}"
    assert all(d < 0.01 for d in json.loads(_line(out, tag, "drawn-vs-layout")).values()), \
        "the panels are not drawn where hud_layout says"
    menu = json.loads(_line(out, tag, "menu"))
    assert menu["over_panels"] == 0 and menu["inside_free"], menu
    assert menu["over_piece"] == 0 and menu["apart"] < 0.3, menu       # beside the piece, not over it


@needs_xvfb
def test_s1_panels_frame_the_active_survivor_and_fold(tmp_path):
    out, err = _run(FLICKEM, tmp_path / "shot", tmp_path)
    assert json.loads(_line(out, "start", "panels")) == ["cards", "choices", "top"]     # no empty feed
    assert "survivor-" in _line(out, "s1", "piece")
    _frames_the_active_piece(out, "s1")
    assert json.loads(_line(out, "s1", "panels")) == ["cards", "choices", "feed", "top"]
    assert json.loads(_line(out, "s1", "menu"))["title"].split()[1] in ("Anita", "John", "Thomas", "Loretta", "Kevin")
    assert "cards toggled ['cards']" in out
    assert "h folded ['cards', 'choices', 'feed', 'top']" in out and "h opened []" in out
    assert "plain h ['cards', 'choices', 'feed', 'top']" in out
    heights = json.loads(out.split("heights ", 1)[1].splitlines()[0])
    assert all(heights["after"][k] < heights["before"][k] for k in heights["before"]), heights   # folded: headers
    settings = json.loads((tmp_path / "settings.json").read_text())
    assert not any(settings[f"panel_{k}"] for k in ("top", "cards", "choices", "feed"))   # the last H folded all
    for noise in ("/dev/input", "XFree86-DGA", "Known pipe types", ":device("):
        assert noise not in err, f"Panda3D's start-up noise is printed: {noise}"


@needs_xvfb
def test_tail_feathers_panels_frame_the_active_unit_and_stay_folded(tmp_path):
    from feltbox.game.window.settings import Settings, save_settings
    save_settings(Settings(sound=False, panel_feed=False), tmp_path / "settings.json")
    out, err = _run(TAIL_FEATHERS, tmp_path / "shot", tmp_path)
    assert _line(out, "start", "panels").endswith("dice False")        # no throw yet: no dice panel
    _frames_the_active_piece(out, "tf")
    assert "collapsed ['feed']" in out                     # the settings file's folded feed
    assert "XFree86-DGA" not in err and "/dev/input" not in err
