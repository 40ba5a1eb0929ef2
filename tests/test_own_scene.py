"""A player's own scene file is a first-class input: play, render, sim and demo take a path to a
scene TOML wherever they take a scenario number or scene name, check it with the same loader
and refuse a broken one with the same one line (exit 2) before anything runs."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from feltbox.game.cli.main import main
from feltbox.scenes.loader import flickem_path, tailfeathers_path

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def own(tmp_path) -> Path:
    """S1 with the library moved a centimetre: a scene of the player's own, outside the package."""
    path = tmp_path / "my city.toml"
    path.write_text(flickem_path(1).read_text().replace("x = -27.0", "x = -26.0", 1))
    return path


BROKEN = [(["play", "flickem", "{}", "--headless"]), (["play", "flickem", "{}"]),
          (["render", "flickem", "{}", "--out", "never.png"]),
          (["sim", "flickem", "{}", "--script", str(ROOT / "docs" / "examples" / "s01.toml")]),
          (["demo", "flickem", "{}", "--video", "never.mp4"])]


@pytest.mark.parametrize("command", BROKEN, ids=lambda c: " ".join(c[:2]))
def test_a_broken_scene_file_is_one_line_and_exit_2_for_every_command(own, tmp_path, capsys, command):
    broken = tmp_path / "broken.toml"
    broken.write_text(own.read_text().replace("round_start = 5", "round_start = 0"))
    assert main([arg.format(broken) for arg in command]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"feltbox: {broken}:11: round_start: must be 1..7, got 0", err
    assert not (tmp_path / "never.png").exists()


def test_a_missing_file_and_another_games_scene_are_one_line(tmp_path, capsys):
    assert main(["play", "flickem", str(tmp_path / "nowhere.toml"), "--headless"]) == 2
    assert "nowhere.toml: cannot read scene file" in capsys.readouterr().err
    assert main(["play", "flickem", str(tailfeathers_path("show_of_force")), "--headless"]) == 2
    assert "game: a tailfeathers scene, this command plays flickem" in capsys.readouterr().err
    assert main(["render", "flickem", "one"]) == 2
    assert "a scene file (.toml)" in capsys.readouterr().err


@pytest.mark.physics
def test_sim_on_a_scene_file_records_a_replay_that_verifies(own, tmp_path, capsys):
    record = tmp_path / "own.fbr"
    assert main(["sim", "flickem", str(own), "--script", str(ROOT / "docs" / "examples" / "s01.toml"),
                 "--record", str(record)]) == 0
    assert len([line for line in capsys.readouterr().out.splitlines() if line.startswith("{")]) == 4
    assert main(["replay", str(record), "--verify"]) == 0


@pytest.mark.render
def test_render_a_scene_file(own, tmp_path, capsys):
    assert main(["render", "flickem", str(own), "--out", str(tmp_path / "own.png"), "--size", "160x90"]) == 0
    assert (tmp_path / "own.png").stat().st_size > 0


@pytest.mark.slow
def test_a_whole_bot_game_on_a_scene_file_records_and_verifies(own, tmp_path, capsys):
    record = tmp_path / "game.fbr"
    assert main(["play", "flickem", str(own), "--headless", "--record", str(record)]) == 0
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["result"]
    assert main(["replay", str(record), "--verify"]) == 0
