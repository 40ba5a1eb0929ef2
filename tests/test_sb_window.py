"""Snowbirds in a real window under Xvfb, played with the mouse only (xdotool): the first journey
of seed 5's migration. Cards are dragged from the hand fan onto the FLIGHT zone, "Take off" is
clicked, the dice are thrown in the tray; the Vigor roll fails, a click on a die in the tray makes
it the die Tenacity would change, and "Accept the failure" lands the flock (rulebook: Actions &
Play Order, Risk & Dice). After it the rules say the flock is at the first stop with a new hand,
the table agrees with them, and the cards the player sees are dressed with their faces."""
from __future__ import annotations

import shutil

import pytest

from tests.xvfb import felt_in, needs_xvfb, run_in_xvfb

pytestmark = pytest.mark.render

DRIVER = r"""
import subprocess, sys, time
import numpy as np
from panda3d.core import Filename, Point3, Point2
from feltbox.game.window.app import PlayApp
from feltbox.game.window.display import open_base
from feltbox.game.window.shell import dress_window
from feltbox.game.games import GAMES
from feltbox.game.snowbirds.agreement import disagreements

kind = GAMES["snowbirds"]
game = kind.window_game(kind.load_scene("normal"), 5, "none")
game.run_bots()
base = open_base("feltbox-sb-test")
app = PlayApp(base, game.bodies(), game.poses(), "feltbox - " + game.title, lambda *a: None, game=game)
dress_window(app)
view = app.cards

def step(n=3):
    for _ in range(n):
        base.taskMgr.step()

def settle():
    for _ in range(400):
        base.taskMgr.step()
        if app.animation is None:
            break
    step(4)

def xdo(*args):
    subprocess.run(["xdotool", *map(str, args)], check=True)

step(8)
w, h, aspect = base.win.getXSize(), base.win.getYSize(), base.getAspectRatio()
def px(x, y):
    return int((x / aspect + 1) / 2 * w), int((1 - y) / 2 * h)
win = subprocess.run(["xdotool", "search", "--name", "feltbox-sb-test"], capture_output=True, text=True,
                     check=True).stdout.split()[0]

def click(x, y):
    xdo("mousemove", "--window", win, *px(x, y)); step(3)
    xdo("click", 1); step(4)

def drag_card(card, zone):
    k = view.hand.choices.ids().index(card)
    x, y, _ = view.hand.rows[k]
    sx, sy = px(x, y - 0.1)
    z = next(z for z in view.zones if z.name == zone)
    left, right, bottom, top = z.rect
    tx, ty = px((left + right) / 2, (bottom + top) / 2)
    xdo("mousemove", "--window", win, sx, sy); step(4)
    xdo("mousedown", 1); step(3)
    for i in range(1, 7):
        xdo("mousemove", "--window", win, sx + (tx - sx) * i // 6, sy + (ty - sy) * i // 6); step(2)
    xdo("mouseup", 1); step(3)
    settle()

def press_button(name):
    b = view.buttons[name]
    pos = b.getPos(base.aspect2d)
    click(pos[0], pos[2] + 0.012)
    settle()

def screen_of(body):
    i = app.ids.index(body)
    p = app.scene.paths[i].getPos(base.render)
    q = base.cam.getRelativePoint(base.render, p)
    film = Point2()
    base.camLens.project(q, film)
    return int((film[0] + 1) / 2 * w), int((1 - film[1]) / 2 * h)

log = []
for turn in range(40):
    state = game.state()
    if state.data.position >= 1 or state.flow.stage == "over":
        break
    legal, _ = game.plays()
    buttons = {n: e for n, _, e in game.buttons()}
    if state.flow.stage == "tenacity":
        x, y = screen_of("die-2")
        xdo("mousemove", "--window", win, x, y); step(3); xdo("click", 1); step(4)
        log.append(f"die clicked -> tenacity die {game.tenacity_die}")
        base.messenger.send("escape"); step(2)
        press_button("accept"); log.append("accept"); continue
    flights = sorted(c for c, z in legal if z == "flight")
    if buttons["fly"]:
        press_button("fly"); log.append("fly"); continue
    if flights:
        drag_card(flights[0], "flight"); log.append(f"flight {flights[0]}"); continue
    forages = sorted(c for c, z in legal if z == "forage")
    if forages:
        drag_card(forages[0], "forage"); log.append(f"forage {forages[0]}"); continue
    press_button("rest_day"); log.append("rest day")
state = game.state()
print("LOG", log)
print("POSITION", state.data.position, "STAGE", state.flow.stage, "HAND", len(state.data.hand))
print("DISAGREE", disagreements(game.bridge))
print("DRESSED", sum(v is not None for v in view.dressed.values()), "cards face up")
base.graphicsEngine.renderFrame(); base.graphicsEngine.renderFrame()
base.win.saveScreenshot(Filename(sys.argv[1]))
"""


@needs_xvfb
def test_first_journey_with_the_mouse_only(tmp_path):
    shot = tmp_path / "snowbirds.png"
    out = run_in_xvfb(DRIVER, shot)
    log = out.split("LOG ")[1].split("\n")[0]
    assert log.startswith("['flight ") and "'fly'" in log, out          # a card dragged onto FLIGHT, Take off
    assert "die clicked -> tenacity die 1" in log and "'accept'" in log  # a click on die 2, then the button
    assert "POSITION 1 STAGE rest HAND 5" in out
    assert "DISAGREE []" in out
    dressed = int(out.split("DRESSED ")[1].split()[0])
    assert dressed >= 5 + 3                       # the hand and the three map cards on the route, at least
    felt_in(shot)
    shutil.copy(shot, "/tmp/feltbox-snowbirds-window.png")


THEATRE = r"""
import sys
from feltbox.game.games import GAMES, game_recorder, play_headless, read_game_replay
from feltbox.game.window.theatre import open_theatre
from feltbox.game.window.snowbirds_view import dress_recorded_cards
scene = GAMES["snowbirds"].load_scene("normal")
recorder = game_recorder(sys.argv[1] + ".fbr", scene, 4)
play_headless(scene, 4, on_episode=recorder, on_action=recorder.action)
recorder.close()
timeline, bodies = GAMES["snowbirds"].replay_timeline(read_game_replay(sys.argv[1] + ".fbr"))
app = open_theatre(timeline, bodies, "feltbox-sb-theatre", frames=30, screenshot=sys.argv[1])
print("CARDS", sum(b.kind == "card" for b in app.bodies), "DRESSED", dress_recorded_cards(app), "FRAMES", timeline.frames)
"""


@needs_xvfb
def test_the_theatre_plays_a_migration_with_its_cards_dressed(tmp_path):
    shot = tmp_path / "theatre.png"
    out = run_in_xvfb(THEATRE, shot)
    assert "CARDS 45 DRESSED 45" in out
    assert int(out.split("FRAMES ")[1].split()[0]) > 500
    felt_in(shot)
