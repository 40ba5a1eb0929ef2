"""Measurements the rules rely on (rulebook: ZOMBIES ENTERING A BUILDING, glossary DOOR)."""
from __future__ import annotations

import numpy as np

from feltbox.game.table.measure import building_at, zombies_at_doors
from tests.lab import building, lab_city, zombie


def test_zombies_at_a_door_or_beside_a_support_block_are_measured_at_that_building():
    # library at the origin, door facing +x at local x = 5.5, blocks at y = +-9
    city = lab_city(building(0, 0), zombie(6.0, 0.0),                # base crosses the door line
                    zombie(5.5, 14.0, number=2),                     # 2.5 cm beside a block
                    zombie(20.0, 0.0, number=3), zombie(5.5, 25.0, number=4))
    at = zombies_at_doors(city, city.poses, city.present)
    assert at == {"zombie-01": "library", "zombie-02": "library"}


def test_a_point_under_the_building_between_its_blocks_is_in_it():
    city = lab_city(building(0, 0, heading=90.0))
    assert building_at(city, np.array([0.0, 0.0])) == "library"
    assert building_at(city, np.array([0.0, 8.0])) is None          # in front of the door
