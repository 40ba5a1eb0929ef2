"""README's command tables tell the truth: every ``feltbox`` command they show is accepted by the
real parser (placeholders filled in), every file they name exists, and the example script runs
to the end of its battle."""
from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from feltbox.game.cli.main import main, parser

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
FILL = {"N": "1", "S": "3", "FILE": "x.fbr", "NAME|FILE": "x", "DIR": "frames", "NAME": "x"}


def _commands() -> list[str]:
    """The commands in the first column of README's tables, alternatives split, options in
    brackets dropped."""
    out = []
    for row in README.splitlines():
        if not row.startswith("| `feltbox"):
            continue
        cell = row.split(" | ")[0].removeprefix("| ")
        for code in re.findall(r"`([^`]+)`", cell.replace("\\|", "|")):
            if code.startswith("feltbox"):
                out.append(re.sub(r"\s*\[[^\]]*\]", "", code).strip())
    return out


COMMANDS = _commands()


def test_the_tables_were_read():
    assert len(COMMANDS) >= 20 and "feltbox scenes" in COMMANDS


@pytest.mark.parametrize("command", COMMANDS)
def test_every_readme_command_parses(command):
    words = [FILL.get(w, w) for w in shlex.split(command)[1:]]
    args = parser().parse_args(words)           # a wrong option exits 2 here
    assert callable(getattr(args, "func", None)) or not words


def test_every_file_the_readme_names_exists():
    named = set(re.findall(r"\b((?:docs|scenes|rules|models|game|tests)/[\w./-]+\.(?:md|toml|txt|py|png))", README))
    missing = sorted(p for p in named if not (ROOT / p).exists())
    assert named and not missing, f"README names missing files: {missing}"


def test_the_readme_tail_feathers_script_plays_its_battle_to_the_end(capsys, monkeypatch):
    command = next(c for c in COMMANDS if "tailfeathers-example.txt" in c)
    monkeypatch.chdir(ROOT)
    assert main(shlex.split(command)[1:]) == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert result["result"].endswith("nest is destroyed"), result
