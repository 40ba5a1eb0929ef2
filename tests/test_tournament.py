"""``feltbox tournament`` (issue 11): scene keys, the report's counts from per-game summaries, and
a real two-seed tournament of S1 in worker processes whose JSON holds what the issue asks for
(wins per side, why games were lost, lengths in decisions / turns / rounds, rules events per
game, wall time)."""
from __future__ import annotations

import json

import pytest

from feltbox.game.cli.main import main
from feltbox.game.cli.tournament import TournamentError, scene_keys, summarise


def test_scene_keys_take_one_a_list_a_range_or_all():
    assert scene_keys("flickem", "3") == ["3"]
    assert scene_keys("flickem", "1-3,7") == ["1", "2", "3", "7"]
    assert scene_keys("flickem", "all") == [str(n) for n in range(1, 11)]
    with pytest.raises(TournamentError, match="no scene 11"):
        scene_keys("flickem", "9-11")


def _game(key: str, seed: int, winners: list[str], result: str, turns: int) -> dict:
    return {"key": key, "seed": seed, "result": result, "winners": winners, "decisions": 10 * turns,
            "turns": turns, "rounds": 2, "episodes": turns, "events": {"move succeeded": turns, "game over": 1},
            "wall_s": 1.0}


def test_the_report_counts_wins_per_team_losses_by_reason_and_events_per_game():
    games = [_game("1", 1, ["A"], "won: objective complete", 2),
             _game("1", 2, [], "lost: a zombie touched the RV", 6),
             _game("7", 1, ["B"], "won: team B", 30), _game("7", 2, ["A", "B"], "won: team A, B", 30),
             {"key": "7", "seed": 3, "error": "KeyError: 'city'", "wall_s": 0.5}]
    report = summarise("flickem", ["1", "7"], games)
    s1, s7 = report["scenes"]["1"], report["scenes"]["7"]
    assert s1["mode"] == "cooperative" and s7["mode"] == "competitive"
    assert s1["wins"] == {"A": 1, "none": 1} and s1["no_winner_reasons"] == {"lost: a zombie touched the RV": 1}
    assert s1["turns"] == {"mean": 4.0, "min": 2, "max": 6} and s1["events_per_game"]["move succeeded"] == 4.0
    assert s7["wins"] == {"A": 1, "B": 2} and s7["games"] == 2 and s7["errors"] == 1
    assert report["cooperative"] == {"games": 2, "won": 1}
    assert [(g["key"], g["seed"]) for g in report["games"]] == [("1", 1), ("1", 2), ("7", 1), ("7", 2), ("7", 3)]


def test_a_bad_tournament_is_refused_in_one_line(capsys):
    assert main(["tournament", "flickem", "12", "--seeds", "2"]) == 2
    assert "no scene 12" in capsys.readouterr().err
    assert main(["tournament", "flickem", "1", "--seeds", "0"]) == 2


@pytest.mark.physics
def test_a_two_seed_s1_tournament_in_two_worker_processes(capsys):
    assert main(["tournament", "flickem", "1", "--seeds", "2", "--workers", "2"]) == 0
    report = json.loads(capsys.readouterr().out)
    s1 = report["scenes"]["1"]
    assert report["seeds"] == [1, 2] and report["workers"] == 2 and s1["games"] == 2 and s1["errors"] == 0
    assert sum(s1["wins"].values()) == 2 and report["cooperative"]["games"] == 2
    for key in ("decisions", "turns", "rounds", "episodes", "wall_s"):
        assert s1[key]["min"] <= s1[key]["mean"] <= s1[key]["max"]
    for g in report["games"]:
        assert g["result"].startswith(("won", "lost")) and g["decisions"] >= g["turns"] >= 1
        assert g["events"]["game over"] == 1 and g["events"]["survivor chosen"] >= g["turns"]
    first, second = report["games"]
    assert (first["seed"], second["seed"]) == (1, 2)
