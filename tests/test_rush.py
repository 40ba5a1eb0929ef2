"""Zombie Rush and hordes (rulebook: ZOMBIES' REACTION! IMPORTANT notes, ZOMBIE RUSH, A NEW HORDE
ARRIVES!) on real Bullet."""
from __future__ import annotations

import numpy as np
import pytest

from feltbox.game.table.rush import exit_heading, setup_rush, slot_for
from feltbox.game.table.session import Session
from tests.lab import building, lab_city, survivor, zombie

pytestmark = pytest.mark.physics


def test_zombies_go_on_the_roof_by_number_and_take_a_free_slot_when_taken():
    """ZOMBIE RUSH step 2: 'according to its number. If the number is occupied, ...choice'."""
    assert slot_for([3, 1, 2]) == [3, 1, 2]
    assert slot_for([1, 9]) == [1, 2]          # 9 would be slot 1 on an 8-slot roof: next free
    with pytest.raises(ValueError, match="do not fit"):
        slot_for(list(range(1, 10)))


def test_tower_exit_faces_the_survivor_when_the_way_is_clear():
    city = lab_city(survivor(0, 0), zombie(20, 0))
    assert exit_heading(city, np.array([30.0, 0.0]), np.array([0.0, 0.0])) == pytest.approx(180.0)


def test_tower_turns_to_the_side_of_a_building_in_between():
    """IMPORTANT: a building between tower and survivor: the exit faces its side nearest her."""
    city = lab_city(survivor(0, 3), zombie(30, 0), building(15, 0, heading=90.0))
    heading = exit_heading(city, np.array([38.0, 0.0]), np.array([0.0, 3.0]))
    direct = np.degrees(np.arctan2(3.0, -38.0))
    assert abs((heading - direct + 180) % 360 - 180) > 10, "the exit still points through the building"


def test_components_under_the_tower_are_set_aside_and_come_back_exactly():
    city = lab_city(survivor(0, 0), zombie(10, 0), building(22, 0, heading=180.0))
    session = Session(city)
    setup = setup_rush(city, city.poses, city.present, ["zombie-01"], (0.0, 0.0))
    aside = {city.bodies[i].id for i in setup.set_aside}
    assert {"library", "library-support-0", "library-support-1"} <= aside
    session.rush(["zombie-01"], (0.0, 0.0))
    for piece in aside:
        i = city.index(piece)
        assert session.poses[i].tobytes() == city.poses[i].tobytes() and session.present[i]


def test_a_new_horde_drops_from_the_bin_into_the_city():
    city = lab_city(survivor(0, -30), tower_home=(-49.0, 0.0, 0.0))
    waiting = [city.bodies[i].id for i in city.ids("zombie") if not city.present[i]][:8]
    session = Session(city)
    outcome = session.horde(waiting)
    assert outcome.settled and outcome.left_city == ()
    for z in waiting:
        assert session.present[city.index(z)]
        x, y = session.poses[city.index(z), :2]
        assert -45 <= x <= 45 and -45 <= y <= 45, f"{z} landed outside the city at {x:.1f}, {y:.1f}"
