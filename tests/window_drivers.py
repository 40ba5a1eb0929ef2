"""Driver code shared by the window tests that run a script under Xvfb (tests/xvfb.py): a prelude
pasted in front of a driver script once it has ``base`` (a ShowBase with its window open). It
gives ``step(n)`` (frames), ``xdo(...)`` (xdotool), ``win`` (the window's X id), ``click_at(x, y)``
and ``click(widget)`` (a real mouse press at a DirectGUI widget's centre on the screen),
``key(k)``, ``screen_of(app, piece)`` (a piece projected to window pixels), ``settle(app)`` (until
the animation and the camera stop) and ``shot(path)`` (a screenshot)."""
from __future__ import annotations

PRELUDE = r'''
import subprocess, sys, time
from panda3d.core import Filename, Point2, Point3

def step(n):
    for _ in range(n):
        base.taskMgr.step()

def xdo(*args):
    subprocess.run(["xdotool", *map(str, args)], check=True)

win = subprocess.run(["xdotool", "search", "--name", "feltbox"], capture_output=True, text=True,
                     check=True).stdout.split()[0]

def to_pixels(x, y):
    """render2d / mouse coordinates (-1..1) to window pixels."""
    return int((x + 1) / 2 * base.win.getXSize()), int((1 - y) / 2 * base.win.getYSize())

def click_at(x, y):
    xdo("mousemove", "--window", win, x, y); step(6)
    xdo("mousedown", 1); step(3)
    xdo("mouseup", 1); step(5)

def click(widget):
    l, r, b, t = widget.getBounds()
    p = base.render2d.getRelativePoint(widget, Point3((l + r) / 2, 0, (b + t) / 2))
    click_at(*to_pixels(p.x, p.z))

def key(k):
    xdo("key", "--window", win, k); step(6)

def screen_of(app, piece, z=2.5):
    pos = app.piece_xy(piece)
    p3 = base.cam.getRelativePoint(base.render, Point3(pos[0], pos[1], z))
    p2 = Point2()
    assert base.camLens.project(p3, p2), piece + " is not in view"
    return to_pixels(p2.x, p2.y)

def settle_app(app, frames=900):
    for _ in range(frames):
        step(1)
        if app.animation is None and not app.rig.moving:
            break
    step(3)

def save_shot(path):
    base.graphicsEngine.renderFrame()
    base.graphicsEngine.renderFrame()
    base.win.saveScreenshot(Filename(str(path)))
settle, shot = settle_app, save_shot
'''
