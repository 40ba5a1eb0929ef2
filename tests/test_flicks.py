"""Flicks (rulebook: THE FLICK, MOVE, GUN, KNIFE, BASEBALL BAT, SHOTGUN): calibration of power and
where each weapon is put before it is flicked."""
from __future__ import annotations

import numpy as np
import pytest

from feltbox.game.table.bodies import up_axes
from feltbox.game.table.flick import Aim, heading_of, setup_flick
from feltbox.game.table.table import Table
from feltbox.models.dimensions import dims
from tests.lab import lab_city, survivor

pytestmark = pytest.mark.physics


def _run(city, setup):
    return Table(city.bodies, setup.poses, setup.present, setup.awake).run(setup.inputs, watch=setup.flicked)


def test_full_power_disc_slides_about_a_tables_width_and_power_is_distance():
    city = lab_city(survivor(-45, 0))
    travelled = {}
    for power in (0.25, 0.5, 1.0):
        setup = setup_flick(city, city.poses, city.present, "survivor-anita", "movement_disc", Aim(0.0, power))
        result = _run(city, setup)
        travelled[power] = float(result.final[setup.flicked, 0] - setup.poses[setup.flicked, 0])
    assert 90.0 <= travelled[1.0] <= 115.0, travelled
    assert travelled[0.5] == pytest.approx(travelled[1.0] / 2, rel=0.1)
    assert travelled[0.25] == pytest.approx(travelled[1.0] / 4, rel=0.15)


@pytest.mark.parametrize("weapon,side,sign", [("bullet", "left", 1), ("bullet", "right", -1), ("knife", "left", 1)])
def test_bullet_and_knife_go_one_bullet_beside_the_survivor(weapon, side, sign):
    """GUN / KNIFE: 'to the left or right of the active survivor, at a distance of one bullet'."""
    city = lab_city(survivor(0, 0, heading=0.0))       # facing +x: left is +y
    setup = setup_flick(city, city.poses, city.present, "survivor-anita", weapon, Aim(0.0, 0.5), side)
    piece = setup.poses[setup.flicked]
    base_r = dims()["figure"]["base_diameter"] / 2
    half_piece = dims()["bullet"]["diameter"] / 2 if weapon == "bullet" else dims()["knife"]["base_diameter"] / 2
    gap = abs(float(piece[1])) - base_r - half_piece
    assert np.sign(piece[1]) == sign and piece[0] == pytest.approx(0.0, abs=1e-5)
    assert gap == pytest.approx(dims()["bullet"]["diameter"], abs=0.6)
    assert setup.present[city.index("survivor-anita")], "the survivor stays on the table when shooting"
    if weapon == "knife":      # KNIFE: stood upright
        assert up_axes(setup.poses[[setup.flicked]])[0, 2] > 0.99


def test_disc_and_bat_replace_the_survivor():
    """MOVE / BASEBALL BAT: the disc or the bat takes the figure's place; the bat lies flat."""
    city = lab_city(survivor(5, 5))
    for weapon in ("movement_disc", "bat"):
        setup = setup_flick(city, city.poses, city.present, "survivor-anita", weapon, Aim(30.0, 0.5))
        assert not setup.present[city.index("survivor-anita")]
        assert setup.poses[setup.flicked, :2] == pytest.approx(np.array([5.0, 5.0]))
        assert setup.replaced == city.index("survivor-anita")


def test_bat_flicked_by_the_knob_goes_straight_or_spins():
    """BASEBALL BAT: 'flicked so that the bat moves straight forward or so that it spins'."""
    city = lab_city(survivor(-30, 0))
    turns = {}
    for spin in (0.0, 0.8):
        setup = setup_flick(city, city.poses, city.present, "survivor-anita", "bat", Aim(0.0, 0.4, spin=spin))
        result = _run(city, setup)
        turns[spin] = abs((heading_of(result.final[setup.flicked]) - 0.0 + 180) % 360 - 180)
    assert turns[0.0] < 5.0 and turns[0.8] > 20.0, turns


def test_shotgun_lays_four_staggered_pellets_in_the_held_template():
    """SHOTGUN: 4 pellets in the barrel, not perfectly aligned; the template is held still."""
    city = lab_city(survivor(0, 0))
    setup = setup_flick(city, city.poses, city.present, "survivor-anita", "shotgun", Aim(0.0, 0.6))
    pellets = [city.index(f"pellet-{k}") for k in range(1, 5)]
    assert all(setup.present[pellets]) and setup.held == [city.index("shotgun_template")]
    ys = setup.poses[pellets, 1]
    assert np.ptp(ys) > 0.2, "pellets are in a perfectly straight line"
    result = _run(city, setup)
    assert np.array_equal(result.final[setup.held], setup.poses[setup.held])   # held: never moves
    assert all(result.final[pellets, 0] > setup.poses[pellets, 0] + 5.0)          # all 4 shot out


def test_every_shotgun_pellet_is_watched_and_a_zombie_it_fells_is_reported():
    """SHOTGUN Injuries: any figure knocked over by a shotgun bullet is wounded (ricochets too),
    so the touches of all 4 pellets are measured, not only the first one's."""
    from feltbox.game.table.session import Session
    from tests.lab import zombie
    city = lab_city(survivor(0, 0), zombie(12, -6.0), zombie(16, -7.5, number=2))   # in the line of fire
    outcome = Session(city).flick("survivor-anita", "shotgun", Aim(0.0, 0.8), side="right")
    touched = outcome.extra.touched_by
    assert sorted(touched) == ["pellet-1", "pellet-2", "pellet-3", "pellet-4"]
    assert set(outcome.extra.fell_touched) <= {"zombie-01", "zombie-02"}
    assert outcome.extra.fell_touched, f"no zombie fell: {touched}"


def test_bat_that_first_touches_a_zombie_succeeds_and_the_survivor_takes_its_place():
    """BASEBALL BAT A: first touch on a zombie is a success whether or not it falls; the survivor
    stands where the bat stopped, facing along its length; "all OTHER components that fell" are
    stood up: the struck zombie, knocked over here, stays down."""
    from feltbox.game.table.measure import fallen_mask
    from feltbox.game.table.session import Session
    from tests.lab import zombie
    city = lab_city(survivor(0, 0), zombie(12, 0))
    session = Session(city)
    outcome = session.flick("survivor-anita", "bat", Aim(0.0, 0.5))
    assert outcome.first_contacts[:1] == ("zombie-01",)
    s = city.index("survivor-anita")
    assert session.poses[s, 0] > 3.0, "the survivor did not take the bat's place"
    assert "zombie-01" in outcome.fell
    assert fallen_mask(session.poses[[s, city.index("zombie-01")]]).tolist() == [False, True]
    assert not session.present[city.index("bat")]
