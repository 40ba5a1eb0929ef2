"""``feltbox tournament`` takes a player's own scene file like every other command (issue 14):
checked by the same loader, refused in the same one line, reported under its path."""
from __future__ import annotations

import pytest

from feltbox.game.cli.main import main
from feltbox.game.cli.tournament import scene_keys, summarise
from feltbox.scenes.loader import flickem_path


@pytest.fixture
def own(tmp_path):
    path = tmp_path / "my city.toml"
    path.write_text(flickem_path(1).read_text().replace("x = -27.0", "x = -26.0", 1))
    return path


def test_a_scene_file_is_a_tournament_key_beside_the_built_in_ones(own):
    assert scene_keys("flickem", f"2,{own}") == ["2", str(own)]


def test_a_broken_scene_file_is_refused_in_the_loaders_one_line_before_any_game(own, tmp_path, capsys):
    broken = tmp_path / "broken.toml"
    broken.write_text(own.read_text().replace("round_start = 5", "round_start = 0"))
    assert main(["tournament", "flickem", str(broken), "--seeds", "1"]) == 2
    assert capsys.readouterr().err.strip() == f"feltbox: {broken}:11: round_start: must be 1..7, got 0"


def test_the_report_names_an_own_scene_by_its_path_and_title_co_op_with_one_team(own):
    game = {"key": str(own), "seed": 1, "result": "won: the survivors left town", "winners": ["A"],
            "decisions": 9, "turns": 4, "rounds": 2, "episodes": 7, "events": {"flick": 7}, "wall_s": 1.0}
    report = summarise("flickem", [str(own)], [game])
    scene = report["scenes"][str(own)]
    assert scene["title"].startswith(f"{own}: ") and scene["mode"] == "cooperative"
    assert scene["wins"] == {"A": 1} and report["cooperative"] == {"games": 1, "won": 1}


@pytest.mark.slow
def test_a_one_seed_tournament_plays_an_own_scene_file(own, capsys):
    import json
    assert main(["tournament", "flickem", str(own), "--seeds", "1"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["scenes"][str(own)]["games"] == 1 and report["games"][0]["result"].startswith(("won", "lost"))
