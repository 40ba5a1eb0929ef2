"""IN A BUILDING: figures put into one building stand apart on its support blocks (table/shelf.py).

Rulebook, ENTERING AND EXITING A BUILDING: "To mark that a survivor has entered a building, it's
figure is placed on either of that building's support blocks". Before stop 36 every survivor went
to the first block's centre, so two survivors in one building stood inside one another, and the
first episode that woke them threw both off the block (S4 seed 12's round-3 horde: Elijah and Lily
each lost a life to it).
"""
from __future__ import annotations

import itertools

import numpy as np
import pytest

from feltbox.game.flickem.effects import Effects
from feltbox.game.table.city import build_city
from feltbox.game.table.flick import Aim
from feltbox.game.table.measure import fallen_mask
from feltbox.game.table.session import Session
from feltbox.game.table.table import Table
from feltbox.models.dimensions import dims
from feltbox.scenes.loader import load_flickem
from tests.lab import building, lab_city, survivor

pytestmark = pytest.mark.physics

BASE = dims()["figure"]["base_diameter"]
S4_PEOPLE = ["survivor-elijah", "survivor-lily", "survivor-rosa", "survivor-loretta", "survivor-john"]


def test_IN_A_BUILDING_five_survivors_and_a_zombie_in_the_grocery_store_stand_apart_and_stay_standing():
    """S4's grocery store (door facing south, blocks' shelves at x = +9.5 and -9.5, y = 36): the
    rules put its 5 survivors and a zombie in, one after another. Worked by hand: the first
    survivor takes the first block's centre (9.5, 36), the zombie the second's (-9.5, 36), the
    others the fronts (y 36 - 3.2) and the backs (y 36 + 3.2), standing on the food tokens lying
    there; every two places are at least 3.2 cm apart, more than a base (2.6 cm). Awake on Bullet
    for 2 s, nobody falls or moves off its place (before, all five stood at (9.5, 36) and flew apart)."""
    city = build_city(load_flickem(4))
    session = Session(city)
    effects = Effects(city, session)
    for piece in S4_PEOPLE[:1] + ["zombie-01"] + S4_PEOPLE[1:]:
        effects.onto_block(piece, "grocery_store")
    idx = [city.index(p) for p in S4_PEOPLE + ["zombie-01"]]
    xy = session.poses[idx, :2]
    assert np.allclose(xy[0], (9.5, 36.0), atol=0.01) and np.allclose(xy[5], (-9.5, 36.0), atol=0.01)
    expected = {(9.5, 32.8), (-9.5, 32.8), (9.5, 39.2), (-9.5, 39.2)}
    assert {(round(float(x), 1), round(float(y), 1)) for x, y in xy[1:5]} == expected
    for a, b in itertools.combinations(range(len(idx)), 2):
        assert np.linalg.norm(xy[a] - xy[b]) >= BASE, (S4_PEOPLE + ["zombie-01"])[a]
    table = Table(city.bodies, session.poses, session.present, awake=idx)
    for _ in range(480):
        table.step()
    final = table.poses()
    assert not fallen_mask(final[idx]).any()
    # settling on the shelf and the tokens: under 0.25 cm measured (0.08 alone on a bare shelf)
    assert np.linalg.norm(final[idx, :2] - session.poses[idx, :2], axis=1).max() < 0.5
    effects.lay_down("survivor-rosa")           # a figure the rules lay down stays at its place
    assert np.allclose(session.poses[city.index("survivor-rosa"), :2], xy[2], atol=0.01)


def test_ENTERING_A_BUILDING_a_disc_flicked_in_lands_its_survivor_beside_the_one_already_there():
    """A real move through the library's door (the lab's ENTERING A BUILDING flick) while John
    stands inside: Anita lands on the other block's centre, 16 + 3 cm from John, not on him."""
    city = lab_city(survivor(0, 0), survivor(-30, 20, number=2, name="John"), building(25, 0, heading=180.0))
    session = Session(city)
    Effects(city, session).onto_block("survivor-john", "library")
    john = session.poses[city.index("survivor-john"), :2].copy()
    outcome = session.flick("survivor-anita", "movement_disc", Aim(0.0, 0.25))
    assert outcome.entered == "library" and session.inside["survivor-anita"] == "library"
    anita = session.poses[city.index("survivor-anita"), :2]
    assert np.linalg.norm(anita - john) == pytest.approx(19.0, abs=0.01)


def test_a_token_dropped_where_a_figure_stands_goes_to_the_next_free_place():
    """A drop off lies at the back of the first block; with a figure standing there (the fifth in
    the building), the token goes to the second block's back instead, not under its base."""
    city = build_city(load_flickem(4))
    session = Session(city)
    effects = Effects(city, session)
    for piece in S4_PEOPLE:
        effects.onto_block(piece, "grocery_store")
    fifth = session.poses[city.index("survivor-john"), :2]
    assert (round(float(fifth[0]), 1), round(float(fifth[1]), 1)) == (9.5, 39.2)     # the first block's back
    session.present[city.index("token-01")] = False       # taken by someone
    effects.token_onto_block("token-01", "grocery_store")
    assert np.allclose(session.poses[city.index("token-01"), :2], (-9.5, 39.2), atol=0.01)
