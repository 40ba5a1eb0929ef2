"""Determinism (physics-notes §1): the same script gives bit-identical poses twice in one process
and in a fresh process, and a recorded replay re-simulates bit-exactly."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.physics
ROOT = Path(__file__).resolve().parent.parent

SCRIPT = """
import hashlib
from feltbox.game.table.flick import Aim
from feltbox.game.table.session import Session
from tests.lab import building, lab_city, survivor, zombie
def play():
    city = lab_city(survivor(-20, 0), zombie(0, 1), zombie(4, -2, number=2), zombie(20, 15, number=3),
                    building(25, -20, heading=90.0))
    s = Session(city)
    s.flick("survivor-anita", "movement_disc", Aim(3.0, 0.7, spin=0.4))
    s.flick("survivor-anita", "bullet", Aim(0.0, 0.6))
    s.rush(["zombie-03", "zombie-02"], tuple(s.poses[city.index("survivor-anita"), :2]))
    return hashlib.sha256(s.poses.tobytes()).hexdigest()
print(play())
"""


def _play() -> str:
    namespace: dict = {}
    exec(compile(SCRIPT.replace("print(play())", ""), "<determinism>", "exec"), namespace)
    return namespace["play"]()


def test_same_script_twice_in_one_process_is_bit_identical():
    assert _play() == _play()


def test_same_script_in_a_fresh_process_is_bit_identical():
    here = _play()
    out = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True, text=True,
                         timeout=300, check=True)
    assert out.stdout.strip().splitlines()[-1] == here
