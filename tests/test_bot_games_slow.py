"""Bot games on the real table (slow suite, `pytest -m slow`): S1 and S7 run to a result, and in a
seeded S5 game the bot team completes an objective step (takes a fuel, finds a survivor, or
brings fuel into the RV). Measured numbers: docs/bots.md."""
from __future__ import annotations

import json

import pytest

from feltbox.game.games import play_headless
from feltbox.scenes.loader import load_flickem

pytestmark = [pytest.mark.slow, pytest.mark.physics]


@pytest.mark.parametrize("number", [1, 7])
def test_bot_game_runs_to_a_result(number):
    result = play_headless(load_flickem(number), seed=1)
    assert result.result.startswith(("won", "lost")), result.result
    assert result.turns > 0 and result.episodes > 0


def test_s5_bots_complete_an_objective_step(tmp_path):
    log = tmp_path / "s5.jsonl"
    play_headless(load_flickem(5), seed=1, log=log)
    events = [json.loads(line) for line in log.read_text().splitlines()]
    steps = [e for e in events if (e["event"] == "took" and e.get("kind") == "fuel")
             or e["event"] == "survivor found"
             or (e["event"] == "dropped off" and e.get("building") == "rv")]
    assert steps, "the bot team neither took a fuel, found a survivor nor brought fuel to the RV"
    assert any(e["event"] == "entered a building" for e in events)
