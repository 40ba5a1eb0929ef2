"""Never start inside something (issue 14): pieces laid for a flick are clear of every other piece.

Real Bullet contact tests on real models and scene files. Rulebook: GUN (a bullet next to the
survivor, one bullet away), SHOTGUN and SNIPER RIFLE (the template next to the survivor).
"""
from __future__ import annotations

import numpy as np
import pytest

from feltbox.game.table.city import build_city
from feltbox.game.table.flick import Aim, setup_flick
from feltbox.game.table.spawn import overlaps
from feltbox.scenes.loader import load_flickem
from tests.lab import lab_city, survivor, zombie

pytestmark = pytest.mark.physics


def laid(setup) -> list[int]:
    return list(setup.awake) + list(setup.held)


def test_GUN_a_bullet_laid_on_a_zombie_moves_to_the_nearest_clear_spot():
    # Anita at the origin facing +x; the bullet goes on her right, 1.3 (base radius) + 2 + 1 cm
    # away: (0, -4.3), exactly where the zombie stands. Clear needs the 16-gons (bullet r 1.0,
    # base r 1.3, 0.04 margin each) about 2.3-2.4 cm apart: the ring at 2.25 cm is too close, the
    # ring at 2.5 cm clears it, and its first direction (+x, 0 degrees) is clear of Anita too:
    # the bullet lies at (2.5, -4.3).
    city = lab_city(survivor(0.0, 0.0), zombie(0.0, -4.3))
    setup = setup_flick(city, city.poses, city.present, "survivor-anita", "bullet", Aim(0.0, 0.5))
    assert setup.poses[setup.flicked, :2] == pytest.approx([2.5, -4.3], abs=1e-4)
    assert overlaps(city, setup.poses, setup.present, [setup.flicked]) == []


def test_GUN_a_clear_spot_is_left_where_the_rulebook_puts_it():
    city = lab_city(survivor(0.0, 0.0), zombie(20.0, 0.0))
    setup = setup_flick(city, city.poses, city.present, "survivor-anita", "bullet", Aim(0.0, 0.5))
    assert setup.poses[setup.flicked, :2] == pytest.approx([0.0, -4.3], abs=1e-4)


def _laid_as_the_rulebook_says(city, survivor_id, weapon, aim, side, monkeypatch):
    """The same set-up without the clearance step: where the pieces land by the rulebook alone."""
    import feltbox.game.table.flick as flick
    monkeypatch.setattr(flick, "clear_spot", lambda *a: np.zeros(2))
    setup = setup_flick(city, city.poses, city.present, survivor_id, weapon, aim, side)
    monkeypatch.undo()
    return setup


@pytest.mark.parametrize("scenario, survivor_id, weapon, aim, side", [
    # issue 14's case: S4, Lily, sniper, direction -11.6, power 0.79: the 16 cm template lay on
    # the bases of Lily, Rosa and Loretta standing in a row (0.2 cm deep: its 2 mm floor plate)
    (4, "survivor-lily", "sniper", Aim(-11.6, 0.79), "right"),
    # S1: Anita's shotgun template lay 2 mm into box 2 and its last pellets 6 mm into it
    (1, "survivor-anita", "shotgun", Aim(0.0, 0.5), "right"),
])
def test_SHOTGUN_SNIPER_a_template_and_its_load_move_together_out_of_other_pieces(
        scenario, survivor_id, weapon, aim, side, monkeypatch):
    city = build_city(load_flickem(scenario))
    before = _laid_as_the_rulebook_says(city, survivor_id, weapon, aim, side, monkeypatch)
    assert overlaps(city, before.poses, before.present, laid(before))      # the bug was real
    setup = setup_flick(city, city.poses, city.present, survivor_id, weapon, aim, side)
    assert overlaps(city, setup.poses, setup.present, laid(setup)) == []
    pieces = laid(setup)
    shift = setup.poses[pieces, :2].astype(float) - before.poses[pieces, :2].astype(float)
    assert np.allclose(shift, shift[0], atol=1e-4)                  # moved as one, aim unchanged
    assert 0.0 < np.linalg.norm(shift[0]) <= 6.0                    # the nearest clear spot: close by
    assert [i.vector for i in setup.inputs] == [i.vector for i in before.inputs]

