"""`feltbox sim` runs the example scripts headless and records replays that verify bit-exactly;
broken scripts exit 2 with a line naming file, line and field."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from feltbox.game.cli.main import main

pytestmark = pytest.mark.physics
EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"


@pytest.mark.parametrize("number", [1, 4])
def test_example_script_runs_records_and_verifies(tmp_path, capsys, number):
    record = tmp_path / "run.fbr"
    assert main(["sim", "flickem", str(number), "--script", str(EXAMPLES / f"s{number:02d}.toml"),
                 "--record", str(record)]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.startswith("{")]
    assert len(lines) == len(list((EXAMPLES / f"s{number:02d}.toml").read_text().split("[[step]]"))) - 1
    assert main(["replay", str(record), "--verify"]) == 0


@pytest.mark.parametrize("text,field", [
    ('[[step]]\nflick = "survivor-nobody"\ndirection = 0.0\npower = 0.5\n', "flick"),
    ('[[step]]\nflick = "survivor-john"\ndirection = 0.0\npower = 1.5\n', "power"),
    ('[[step]]\nflick = "survivor-john"\nweapon = "laser"\ndirection = 0.0\npower = 0.5\n', "weapon"),
    ('[[step]]\nflick = "survivor-john"\ndirection = 0.0\npower = 0.5\n\n[[step]]\nhorde = 99\n', "horde"),
    ('[[step]]\nflick = "survivor-john"\ndirection = nan\npower = 0.5\n', "direction"),
    ('[[step]]\nflick = "survivor-john"\ndirection = -inf\npower = 0.5\n', "direction"),
    ('[[step]]\nrush = []\ntoward = "survivor-john"\n', "rush"),
    ('[[step]]\nflick = "library"\nweapon = "movement_disc"\ndirection = 0.0\npower = 0.5\n', "flick"),
    ('[[step]]\nrush = ["zombie-18"]\ntoward = "survivor-john"\n', "rush"),          # still in the bin
    ('[[step]]\nrush = ["survivor-anita"]\ntoward = "survivor-john"\n', "rush"),
    ('[[step]]\nflick = "survivor-john"\ndirection = 0.0\npower = 0.5\nrush = ["zombie-01"]\n', "rush"),
    ('[[step]]\nrush = ["zombie-01"]\ntoward = [nan, 0.0]\n', "toward"),
    ('[[step]]\nflick = "survivor-john"\ndirection = 0.0\npowr = 0.5\n', "powr"),
])
def test_broken_script_exits_2_naming_line_and_field(tmp_path, capsys, text, field):
    script = tmp_path / "bad.toml"
    script.write_text(text)
    record = tmp_path / "never.fbr"
    assert main(["sim", "flickem", "1", "--script", str(script), "--record", str(record)]) == 2
    captured = capsys.readouterr()
    err = captured.err.strip()
    assert err.startswith(f"feltbox: {script}:") and f".{field}:" in err and "\n" not in err, err
    assert not record.exists(), "a failed run must not leave a half replay"
    assert not captured.out.strip(), "a failed run prints no step's outcome"
