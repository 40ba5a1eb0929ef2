"""``feltbox tournament snowbirds``: the bot and the random legal player on the same seeds, the
success rate and score distribution, the histogram PNG (issue 15: the bot succeeds in at least
80% of normal migrations, far above a random legal player)."""
from __future__ import annotations

import json

import pytest

from feltbox.game.cli.main import main
from feltbox.game.snowbirds.tournament import run_tournament

pytestmark = pytest.mark.physics


def test_small_tournament_report_and_plot(tmp_path, capsys):
    png = tmp_path / "sb.png"
    assert main(["tournament", "snowbirds", "--seeds", "3", "--first-seed", "7", "--plot", str(png)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["mode"] == "normal" and set(report["players"]) == {"bot", "random"}
    bot = report["players"]["bot"]
    assert bot["games"] == 3 and bot["errors"] == 0 and 0.0 <= bot["success_rate"] <= 1.0
    won = [g["score"] for g in report["games"] if g["player"] == "bot" and g["success"]]
    assert sum(bot["score_histogram"].values()) == len(won)
    assert [g["seed"] for g in report["games"] if g["player"] == "random"] == [7, 8, 9]
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_difficult_flag_and_a_bad_mode(capsys):
    assert main(["tournament", "snowbirds", "--seeds", "1", "--difficult"]) == 0
    assert json.loads(capsys.readouterr().out)["mode"] == "difficult"
    assert main(["tournament", "snowbirds", "hard", "--seeds", "1"]) == 2
    assert "no such Snowbirds scene" in capsys.readouterr().err


@pytest.mark.slow
def test_bot_succeeds_in_80_percent_and_far_above_random():
    report = run_tournament("normal", list(range(1, 101)), workers=2)
    bot, rand = report["players"]["bot"], report["players"]["random"]
    assert bot["errors"] == rand["errors"] == 0
    assert bot["success_rate"] >= 0.8, bot
    assert bot["success_rate"] >= rand["success_rate"] + 0.5, (bot["success_rate"], rand["success_rate"])
