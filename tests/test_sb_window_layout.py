"""The Snowbirds window at 1280x720 leaves the table in sight: the dice tray, the two map cards
of the current journey and the mat's three track tokens, projected through the window's own camera
and lens (Panda3D's), land inside the window and clear of every rectangle drawn over the table --
the HUD's panels, the play zones, the buttons and the fan's cards, read from their own nodes
(game/window/snowbirds_view.SBTableView.covers). Rulebook: Maps & Journeys (a journey is two map
cards side by side), Flock & Health (the tracks), Risk & Dice (the dice in the tray). Checked as
the migration starts, while a failed Vigor check waits for Tenacity, and on journey 2 after a card
was played."""
from __future__ import annotations

import shutil

import pytest

from tests.xvfb import felt_in, needs_xvfb, run_in_xvfb

pytestmark = pytest.mark.render

DRIVER = r"""
import subprocess, sys
from panda3d.core import Filename, Point2, Point3
from feltbox.game.window.app import PlayApp
from feltbox.game.window.display import open_base
from feltbox.game.window.shell import dress_window
from feltbox.game.games import GAMES
from feltbox.game.snowbirds.bridge import map_body
from feltbox.game.snowbirds.agreement import disagreements

kind = GAMES["snowbirds"]
game = kind.window_game(kind.load_scene("normal"), 5, "none")
game.run_bots()                                     # as the window starts a game: the choices are listed
base = open_base("feltbox-sb-layout")
app = PlayApp(base, game.bodies(), game.poses(), "feltbox - " + game.title, lambda *a: None, game=game)
dress_window(app)
view = app.cards
win = subprocess.run(["xdotool", "search", "--name", "feltbox-sb-layout"], capture_output=True, text=True,
                     check=True).stdout.split()[0]
subprocess.run(["xdotool", "mousemove", "--window", win, "1100", "400"], check=True)   # over bare felt: no hover

def step(n):
    for _ in range(n):
        base.taskMgr.step()

def settle():
    for _ in range(600):
        base.taskMgr.step()
        if app.animation is None and not app.rig.moving:
            break
    step(6)

def on_screen(body):
    # the body's bounds in the scene, every corner projected through the window's camera: an aspect2d rect
    path = app.scene.paths[app.ids.index(body)]
    lo, hi = path.getTightBounds(base.render)
    aspect = base.getAspectRatio()
    xs, ys = [], []
    for x in (lo[0], hi[0]):
        for y in (lo[1], hi[1]):
            for z in (lo[2], hi[2]):
                film = Point2()
                assert base.camLens.project(base.cam.getRelativePoint(base.render, Point3(x, y, z)), film), body
                xs.append(film[0] * aspect); ys.append(film[1])
    return min(xs), max(xs), min(ys), max(ys)

def check(tag):
    state = game.state()
    journey = [map_body(c) for c in state.data.route[state.data.position:state.data.position + 2]]
    pieces = ["dice-tray", "die-1", "die-2", "token-exhaustion", "token-hunger", "token-flock", "migration-token"] + journey
    covers = view.covers()
    aspect = base.getAspectRatio()
    names = sorted({n.split("-")[0] for n, _ in covers})
    print(tag, "COVERS", len(covers), names)
    for n, (cl, cr, cb, ct) in covers:
        print(tag, "RECT", n, f"{cl:.3f} {cr:.3f} {cb:.3f} {ct:.3f}")
    for body in pieces:
        l, r, b, t = on_screen(body)
        inside = -aspect <= l and r <= aspect and -1 <= b and t <= 1
        hit = [n for n, (cl, cr, cb, ct) in covers if l < cr and cl < r and b < ct and cb < t]
        print(tag, "PIECE", body, f"{l:.3f} {r:.3f} {b:.3f} {t:.3f}", "INSIDE" if inside else "OUTSIDE", "HIT", hit)
    print(tag, "JOURNEY", len(journey))

step(30)                                            # the HUD fills its panels in its own task
settle()
check("START")
legal, _ = game.plays()
card = sorted(c for c, z in legal if z == "flight")[0]
app.animate(game.play(card, "flight")); settle()
app.animate(game.press("fly")); settle()
if game.state().flow.stage == "tenacity":          # the failed Vigor check: the die line shows too
    check("TENACITY")
    base.graphicsEngine.renderFrame(); base.graphicsEngine.renderFrame()
    base.win.saveScreenshot(Filename(sys.argv[1].replace(".png", "-tenacity.png")))
    print("DIE LINE", view.die_line.node.getText())
while game.state().flow.stage == "tenacity":
    app.animate(game.press("accept")); settle()
while game.state().data.position < 1:
    legal, _ = game.plays()
    flights = sorted(c for c, z in legal if z == "flight")
    buttons = {n: e for n, _, e in game.buttons()}
    app.animate(game.press("fly") if buttons["fly"] else game.play(flights[0], "flight") if flights
                else game.press("accept") if buttons["accept"] else game.press("rest_day"))
    settle()
legal, _ = game.plays()
app.animate(game.play(sorted(c for c, z in legal if z == "forage")[0], "forage")); settle()
check("LATER")
print("DISAGREE", disagreements(game.bridge))
base.graphicsEngine.renderFrame(); base.graphicsEngine.renderFrame()
base.win.saveScreenshot(Filename(sys.argv[1]))
"""


def _pieces(out: str, tag: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith(f"{tag} PIECE")]


@needs_xvfb
def test_the_table_is_in_sight_clear_of_panels_zones_and_fan(tmp_path):
    shot = tmp_path / "layout.png"
    out = run_in_xvfb(DRIVER, shot)
    assert "TENACITY COVERS" in out and "DIE LINE Tenacity changes die 1" in out   # seed 5's first Vigor check fails
    for tag in ("START", "TENACITY", "LATER"):
        covers = out.split(f"{tag} COVERS ")[1].split("\n")[0]
        assert all(f"'{kind}'" in covers for kind in ("hud", "zone", "button", "fan")), out   # each kind measured
        rects = {line.split()[2]: [float(v) for v in line.split()[3:]] for line in out.splitlines()
                 if line.startswith(f"{tag} RECT")}
        left, right, bottom, top = rects["hud-choice_frame"]                   # the panels' real size at 16:9
        assert right - left > 0.95 and right > 1.7 and top > 0.8 and bottom < 0.5, rects
        feed = rects.get("hud-feed_frame")              # an empty feed is not drawn (the start, no events yet)
        assert (feed is None and tag == "START") or feed[2] < -0.8, rects
        assert len([n for n in rects if n.startswith("fan-")]) >= 4
        pieces = _pieces(out, tag)
        assert len(pieces) == 9, out                                # tray, 2 dice, 3 tokens, the flock, 2 map cards
        for line in pieces:
            assert "INSIDE" in line and line.endswith("HIT []"), line
    assert "DISAGREE []" in out
    felt_in(shot)
    shutil.copy(shot, "/tmp/feltbox-snowbirds-layout.png")
    shutil.copy(tmp_path / "layout-tenacity.png", "/tmp/feltbox-snowbirds-tenacity.png")
