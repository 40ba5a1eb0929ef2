"""Tails and Tactics in a real window under Xvfb (issue 16), red at the window with the mouse and
keys, the bot on blue: the Rule Changer chosen with key a, cards dragged face down at set-up, the
Ready button, cards dragged onto FIELD, a unit clicked and then its target, the response prompt
shown when blue attacks, End turn / Pass buttons (tests/tt_window_driver.py). After it the felt
agrees with the rules and no card hidden from red (blue's hand and face-down cards) was ever
dressed with anything but its back.

Rulebook: Battlefield Setup, Deploying Units, Attacking, Actions and Timing, Your Opponent's Turn.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.xvfb import felt_in, needs_xvfb, run_in_xvfb

pytestmark = pytest.mark.render
DRIVER = (Path(__file__).parent / "tt_window_driver.py").read_text()


@needs_xvfb
def test_red_plays_three_turns_with_mouse_and_keys(tmp_path):
    shot = tmp_path / "tt.png"
    out = run_in_xvfb(DRIVER, shot)
    log = out.split("LOG ")[1].split("\n")[0]
    assert "rule changer: key a" in log and "setup deploy: drag face down" in log and "ready: button" in log
    assert "deploy: drag to field" in log and "end turn: button" in log and "attacked" in log
    assert "PHASE play" in out and "DISAGREE []" in out
    assert "RESPOND" in out.split("PROMPTS ")[1].split("\n")[0]         # the response prompt came up for red
    hidden, leaks = out.split("HIDDEN ")[1].split("\n")[0].split(" LEAKS ")
    assert int(hidden) > 0 and leaks == "[]"
    assert int(out.split("FACES ")[1].split()[0]) > 0
    felt_in(shot)
    shutil.copy(shot, "/tmp/feltbox-tailsandtactics-window.png")


THEATRE = r"""
import sys
from feltbox.game.games import GAMES, game_recorder, play_headless, read_game_replay
from feltbox.game.window.theatre import open_theatre
from panda3d.core import TextureStage
scene = GAMES["tailsandtactics"].load_scene("standard")
recorder = game_recorder(sys.argv[1] + ".fbr", scene, 2)
play_headless(scene, 2, on_episode=recorder, on_action=recorder.action)
recorder.close()
timeline, bodies = GAMES["tailsandtactics"].replay_timeline(read_game_replay(sys.argv[1] + ".fbr"))
app = open_theatre(timeline, bodies, "feltbox-tt-theatre", frames=30, screenshot=sys.argv[1])
faced = sum(1 for i, b in enumerate(app.bodies) if b.kind == "card" and
            app.scene.paths[i].find("face").getTexture(TextureStage.getDefault()).getName().startswith("tt-face"))
print("CARDS", sum(b.id.startswith("card-") for b in app.bodies), "FACED", faced, "FRAMES", timeline.frames)
"""


@needs_xvfb
def test_the_theatre_plays_a_game_on_the_felt(tmp_path):
    """`feltbox replay run.fbr` of a finished game: the felt rebuilt, every card dressed."""
    shot = tmp_path / "theatre.png"
    out = run_in_xvfb(THEATRE, shot)
    cards = int(out.split("CARDS ")[1].split()[0])
    assert cards > 80 and int(out.split("FACED ")[1].split()[0]) >= cards
    assert int(out.split("FRAMES ")[1].split()[0]) > 1000
    felt_in(shot)


@pytest.mark.slow            # a minute and more under load: the window test above checks the same secrets
@needs_xvfb
def test_hot_seat_covers_each_change_of_seat(tmp_path):
    """Hot-seat (both seats human): one hand-over cover per change of seat, space takes it away;
    the felt is dressed for the seat at the device only after its cover, and never shows the other
    seat's hand or face-down cards (Battlefield Setup: deployed face down)."""
    shot = tmp_path / "hot.png"
    out = run_in_xvfb(DRIVER.replace('BOTS = sys.argv[2] if len(sys.argv) > 2 else "blue"', 'BOTS = "none"'), shot)
    covers = eval(out.split("COVERS ")[1].split("\n")[0])          # the seats covered for, in order
    assert covers[:2] == ["red", "blue"] and len(covers) > 4
    assert all(a != b for a, b in zip(covers, covers[1:]))          # one cover per change of seat
    hidden, leaks = out.split("HIDDEN ")[1].split("\n")[0].split(" LEAKS ")
    assert int(hidden) > 0 and leaks == "[]"
    assert "DISAGREE []" in out and "PHASE play" in out
