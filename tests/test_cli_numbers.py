"""Bad numbers on the command line get argparse's one error and exit 2 before anything runs
(game/cli/arg_types.py). Before: ``render --size 0x0`` raised ZeroDivisionError in the lens,
``--size 100000x100000`` crashed the GL driver (exit 139), ``replay --video --fps 0`` raised
ZeroDivisionError, ``tournament --workers 999`` spawned interpreters for 2 minutes for one game,
and ``tournament flickem 1,1`` played every seed twice into one scene's tally."""
from __future__ import annotations

import pytest

from feltbox.game.cli import arg_types
from feltbox.game.cli.main import main
from feltbox.game.cli.tournament import scene_keys


def _refused(argv: list[str], capsys) -> str:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    return capsys.readouterr().err.strip().splitlines()[-1]


@pytest.mark.parametrize("size", ["0x0", "1280x0", "-5x720", "100000x100000", "1280x8193", "abc", "12x34x56"])
def test_a_bad_size_is_one_error_and_exit_2_before_anything_is_drawn(tmp_path, capsys, size):
    out = tmp_path / "never.png"
    err = _refused(["render", "flickem", "1", f"--size={size}", "--out", str(out)], capsys)
    assert err.startswith("feltbox render: error: argument --size: ") and repr(size) in err, err
    assert not out.exists()


@pytest.mark.parametrize("option, value", [("--fps", "0"), ("--fps", "61"), ("--fps", "2.5"),
                                           ("--from", "-4"), ("--from", "nan"), ("--to", "inf"), ("--to", "soon")])
def test_a_bad_video_number_is_one_error_and_exit_2_before_the_file_is_read(tmp_path, capsys, option, value):
    out = tmp_path / "never.mp4"
    err = _refused(["replay", str(tmp_path / "not-read.feltreplay"), "--video", str(out), f"{option}={value}"], capsys)
    assert err.startswith(f"feltbox replay: error: argument {option}: ") and repr(value) in err, err
    assert not out.exists()


@pytest.mark.parametrize("workers", ["0", "65", "999", "two"])
def test_a_bad_worker_count_is_one_error_and_exit_2(capsys, workers):
    err = _refused(["tournament", "flickem", "1", "--seeds", "1", f"--workers={workers}"], capsys)
    assert err.startswith("feltbox tournament: error: argument --workers: ") and repr(workers) in err, err


def test_the_edges_are_taken():
    assert arg_types.size("16x16") == (16, 16) and arg_types.size("1280X720") == (1280, 720)
    assert arg_types.size("8192x8192") == (8192, 8192)
    assert arg_types.fps("1") == 1 and arg_types.fps("60") == 60 and arg_types.workers("64") == 64
    assert arg_types.seconds("0") == 0.0 and arg_types.seconds("12.5") == 12.5


def test_a_scene_named_twice_is_played_once():
    assert scene_keys("flickem", "1,1") == ["1"]
    assert scene_keys("flickem", "1-3,2") == ["1", "2", "3"]
