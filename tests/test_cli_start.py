"""`feltbox` / `feltbox start` / `feltbox play ... --load|--continue` without a display or with a
bad save: one line, exit 2."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from feltbox.game.cli.main import main

ROOT = Path(__file__).resolve().parent.parent


def _run(args, home):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["FELTBOX_HOME"] = str(home)
    return subprocess.run([sys.executable, "-m", "feltbox", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)


@pytest.mark.parametrize("args, says", [([], "no display"), (["start"], "no display"),
                                        (["play", "flickem", "1", "--continue"], "autosave.json: no such save")])
def test_one_line_and_exit_2(tmp_path, args, says):
    out = _run(args, tmp_path)
    assert out.returncode == 2
    assert says in out.stderr and len(out.stderr.strip().splitlines()) == 1


def test_a_garbage_save_names_the_file(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{\"format\": \"feltbox-save\", \"version\": 2, \"game\": \"flickem\", \"scene\": 1")
    out = _run(["play", "flickem", "1", "--load", str(bad)], tmp_path)
    assert out.returncode == 2 and f"{bad}: not a readable save" in out.stderr


def test_a_game_without_a_scene_key_plays_its_first_scene(capsys):
    """`feltbox play root --headless` needs no key: Root has one scene, the first is taken."""
    assert main(["play", "root", "--headless", "--bots", "all", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert '"result"' in out and "VP" in out
