"""`feltbox replay --verify` and the exit codes for broken, truncated and foreign replay files."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from feltbox.game.cli.main import main
from feltbox.game.replay.format import ReplayWriter
from feltbox.game.replay.reader import read_replay
from feltbox.game.replay.recorder import Recorder, city_header
from feltbox.game.table.flick import Aim
from feltbox.game.table.session import Session
from tests.lab import lab_city, survivor, zombie

pytestmark = pytest.mark.physics


@pytest.fixture(scope="module")
def recorded(tmp_path_factory) -> Path:
    """A real replay: a clean move, a bullet into a zombie, and a 2-zombie rush."""
    path = tmp_path_factory.mktemp("replay") / "turn.fbr"
    city = lab_city(survivor(-20, 0), zombie(0, 0), zombie(20, 12, number=2), zombie(22, -12, number=3))
    recorder = Recorder(path, city_header(city, 7))
    session = Session(city, on_episode=recorder)
    session.flick("survivor-anita", "movement_disc", Aim(90.0, 0.15))
    session.flick("survivor-anita", "bullet", Aim(-20.0, 0.6))
    session.rush(["zombie-02", "zombie-03"], tuple(session.poses[city.index("survivor-anita"), :2]))
    recorder.close()
    return path


def test_verify_passes_on_a_fresh_recording(recorded, capsys):
    assert main(["replay", str(recorded), "--verify"]) == 0
    assert "bit-exact" in capsys.readouterr().out


def test_verify_reports_first_differing_tick_and_body(recorded, tmp_path, capsys):
    replay = read_replay(recorded)
    bad = tmp_path / "tampered.fbr"
    with ReplayWriter(bad, replay.header) as writer:
        for ep in replay.episodes:
            frames = ep.frames.copy()
            if ep.index == 1:
                frames[5, 3, 0] += np.float32(0.001)   # body 3 at frame 5 -> tick 24
            writer.add_episode(ep.kind, ep.start, ep.inputs, frames, ep.outcome)
    assert main(["replay", str(bad), "--verify"]) == 1
    out = capsys.readouterr().out
    assert "tick 24" in out and repr(replay.header["bodies"][3]["id"]) in out


@pytest.mark.parametrize("damage", ["truncate", "corrupt", "foreign"])
def test_broken_replays_exit_2_with_one_line(recorded, tmp_path, capsys, damage):
    data = recorded.read_bytes()
    bad = tmp_path / f"{damage}.fbr"
    if damage == "truncate":
        bad.write_bytes(data[: len(data) * 2 // 3])
    elif damage == "corrupt":
        flipped = bytearray(data)
        flipped[len(data) // 2] ^= 0xFF
        bad.write_bytes(bytes(flipped))
    else:
        bad.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(200))
    for extra in ([], ["--verify"]):
        assert main(["replay", str(bad), *extra]) == 2
        err = capsys.readouterr().err.strip()
        assert err.count("\n") == 0 and str(bad) in err


def test_header_names_build_units_and_bodies():
    city = lab_city(survivor(0, 0))
    header = city_header(city, seed=3)
    assert header["units"] == "cm" and header["tick_hz"] == 240 and header["record_hz"] == 60
    assert header["build"]["panda3d"].startswith("1.10")
    assert [b["id"] for b in header["bodies"]] == [b.id for b in city.bodies]
