"""Headless bot games (groundwork of the rules issue): S1 played to its end on the real table,
the event log written, the same seed giving the same game, and the replay verifying."""
from __future__ import annotations

import json

import pytest

from feltbox.game.cli.main import main

pytestmark = pytest.mark.physics


def test_bots_play_s1_to_the_end_with_a_log_and_a_verifiable_replay(tmp_path, capsys):
    log, record = tmp_path / "events.jsonl", tmp_path / "run.fbr"
    assert main(["play", "flickem", "1", "--headless", "--seed", "4", "--log", str(log),
                 "--record", str(record)]) == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert result["result"].startswith(("lost", "won")) and result["turns"] >= 1
    events = [json.loads(line) for line in log.read_text().splitlines()]
    assert events[-1]["event"] == "game over"
    assert {"survivor chosen", "turn ended"} <= {e["event"] for e in events}
    assert main(["replay", str(record), "--verify"]) == 0          # poses and the rules state
    assert "rules actions, every state hash and outcome as recorded" in capsys.readouterr().out
    assert main(["play", "flickem", "1", "--headless", "--seed", "4"]) == 0
    again = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert again["state_hash"] == result["state_hash"]


def test_bots_play_s1_to_a_result_deterministically():
    """A whole S1 game by bots ends by the scenario's own rules (objective, instant defeat,
    deaths, skull or an empty bin), and the same seed plays the same game."""
    from feltbox.game.games import play_headless
    from feltbox.scenes.loader import load_flickem
    first = play_headless(load_flickem(1), seed=1)
    assert first.result.split(":")[0] in ("won", "lost") and first.turns >= 1
    assert play_headless(load_flickem(1), seed=1).state_hash == first.state_hash


@pytest.mark.slow
@pytest.mark.parametrize("number", range(1, 11))
def test_bots_play_every_scenario_to_a_result(number):
    from feltbox.game.games import play_headless
    from feltbox.scenes.loader import load_flickem
    result = play_headless(load_flickem(number), seed=number)
    assert result.result.split(":")[0] in ("won", "lost"), result
