"""Tail Feathers hot-seat in the terminal (``feltbox play tailfeathers show_of_force --headless
--script -``): both alliances answer at the prompt, typed on stdin, a whole battle to its end."""
from __future__ import annotations

import io
import json
import re

from feltbox.game.cli.main import main
from feltbox.game.games import play_headless
from feltbox.scenes.loader import load_tailfeathers

HAND_OVERS = 4     # blank lines before each answer: a private event takes 2 Enters, a private decision 1;
#                    a blank line at a decision prompt is asked again, so spare ones do no harm


def _typed(answers: list[str]) -> str:
    return "".join("\n" * HAND_OVERS + a + "\n" for a in answers)


def _hot_seat(capsys, monkeypatch, typed: str, seed: int) -> tuple[dict, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    code = main(["play", "tailfeathers", "show_of_force", "--headless", "--script", "-", "--bots", "none",
                 "--seed", str(seed)])
    out = capsys.readouterr().out
    assert code == 0
    return json.loads(out.strip().splitlines()[-1]), out


def _menus(out: str) -> list[list[str]]:
    """The numbered choices of every question the prompt asked, in order."""
    menus = []
    for block in out.split("\n== team ")[1:]:
        menus.append(re.findall(r"^ +\d+\. (.*)$", block, re.M))
    return menus


def test_Round_Order_hot_seat_plays_a_whole_Show_of_Force_battle_from_typed_answers(capsys, monkeypatch):
    """Round Order (Mission, Tilt, Initiative, Activation, Final phases, to a destroyed nest):
    the two alliances type every decision of a whole battle at the terminal prompt. The answers are
    the ones the bots gave in the same battle (seed 1), first typed as script lines, then as the
    number of the listed choice; both plays end as the bots' battle did, with the same state hash
    (the dice come from the same physical rolls)."""
    scene = load_tailfeathers("show_of_force")
    bots = play_headless(scene, seed=1)
    assert bots.result.endswith("nest is destroyed")
    by_text, out = _hot_seat(capsys, monkeypatch, _typed(bots.script), seed=1)
    assert by_text["result"] == bots.result and by_text["state_hash"] == bots.state_hash
    assert "unknown action" not in out and "is not legal now" not in out
    menus = _menus(out)
    assert len(menus) == len(bots.script)          # one question per decision, each answered first time
    numbers = [str(menu.index(answer) + 1) for menu, answer in zip(menus, bots.script, strict=True)]
    by_number, out = _hot_seat(capsys, monkeypatch, _typed(numbers), seed=1)
    assert by_number["result"] == bots.result and by_number["state_hash"] == bots.state_hash
    assert "unknown action" not in out


def test_hot_seat_shows_a_bots_secret_to_nobody(capsys, monkeypatch):
    """Mission Phase: "select a mission card ... and place it face-down": playing the mouse against
    the rat bot, the terminal shows the bot's mission choice as the public 'mission chosen' only,
    never which mission (no hand-over for a seat nobody sits at)."""
    monkeypatch.setattr("sys.stdin", io.StringIO("ChooseMission mission=\n\n\n"))
    main(["play", "tailfeathers", "show_of_force", "--headless", "--script", "-", "--bots", "rat", "--seed", "2"])
    out = capsys.readouterr().out
    assert "private to rat" not in out
    assert not re.search(r"player=rat, mission=", out)
