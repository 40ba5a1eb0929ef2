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
