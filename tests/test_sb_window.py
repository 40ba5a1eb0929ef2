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
import sys
from panda3d.core import Filename
from feltbox.game.snowbirds.agreement import disagreements
from tests.card_window import click_px, drag_card, open_window, px, screen_of, settle, step

game, base, app, view = open_window("snowbirds", "normal", 5, "none", "feltbox-sb-test")

def click(x, y):
    click_px(*px(x, y))

def press_button(name):
    b = view.buttons[name]
    pos = b.getPos(base.aspect2d)
    click(pos[0], pos[2] + 0.012)
    settle()

log = []
for turn in range(40):
    state = game.state()
    if state.data.position >= 1 or state.flow.stage == "over":
        break
    legal, _ = game.plays()
    buttons = {n: e for n, _, e in game.buttons()}
    if state.flow.stage == "tenacity":
        x, y = screen_of("die-2")
        click_px(x, y)
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
