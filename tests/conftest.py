"""Shared pytest fixtures."""
from __future__ import annotations

import pytest

from feltbox.game import games
from feltbox.rules.tailfeathers import measure


def pytest_configure(config):
    """Every headless game the suite plays checks that the rules and the table agree after every
    action (ARCHITECTURE.md "One truth"); a disagreement fails the test that played it."""
    games.STRICT_AGREEMENT = True


@pytest.fixture
def path(monkeypatch):
    """Tail Feathers rules tests: a hand-made flight path in place of the geometry. Set
    ``path["end"]``, ``path["points"]`` (maneuver points) and ``path["cross"]`` [(s, kind, id)]."""
    box = {"end": (50.0, 70.0, 90.0), "points": (), "cross": []}

    def flight_path(start, r, templates, tilt):
        (x0, y0, _), (x1, y1, _) = start, box["end"]
        line = tuple((x0 + (x1 - x0) * k / 40, y0 + (y1 - y0) * k / 40, k) for k in range(41))
        return measure.FlightPath((), tuple(box["points"]), box["end"], line)

    monkeypatch.setattr(measure, "flight_path", flight_path)
    monkeypatch.setattr(measure, "crossings", lambda p, things, r: [measure.Crossing(*c) for c in box["cross"]])
    monkeypatch.setattr(measure, "touching_base", lambda pose, things: tuple(box.get("touching", ())))
    monkeypatch.setattr(measure, "range_check", lambda a, b, bl: measure.RangeResult(True, box.get("close", False), True, ()))
    return box
