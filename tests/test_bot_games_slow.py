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


def test_s1_the_driver_plays_last_and_goes_in_when_the_round_has_left_3(tmp_path):
    """S1 seed 19 (docs/bots.md "Stop 34"): the hunters' kills leave 3 zombies in round 2, then
    Anita, the driver who waited her turn at the RV's door, goes in and wins before any reaction.
    The OBJECTIVE worked out from the log: 6 on the map + the horde's 3 - 6 kills = 3 at her entry."""
    log = tmp_path / "s1.jsonl"
    result = play_headless(load_flickem(1), seed=19, log=log)
    events = [json.loads(line) for line in log.read_text().splitlines()]
    assert result.result == "won: objective complete", result.result
    kills = sum(e["event"] in ("zombie killed at short distance", "zombie wounded") for e in events)
    horde = sum(e.get("count", 0) for e in events if e["event"] == "new horde")
    assert 6 + horde - kills == 3
    entered = [e for e in events if e["event"] == "entered a building" and e.get("building") == "rv"]
    assert [e["survivor"] for e in entered] == ["survivor-anita"]
