"""Every piece kind of the rulebook's component list builds, rests on the table, and has the
physical properties the physics room relies on (origin at the centre of mass, convex parts)."""
from __future__ import annotations

import numpy as np
import pytest

from feltbox.models import buildings
from feltbox.models.cards import card_sizes
from feltbox.models.catalog import BUILDING_NAMES, KINDS, TOKEN_NAMES, VEHICLE_NAMES, build
from feltbox.models.dimensions import dims

EXAMPLES = [("survivor", {"number": n, "backpack": b}) for n in range(1, 12) for b in ("day", "night")] + \
    [("zombie", {"number": n, "design": n % 3 + 1}) for n in range(1, 19)] + \
    [("token", {"token": t, "face": f}) for t in TOKEN_NAMES for f in ("up", "down")] + \
    [("building", {"name": n}) for n in BUILDING_NAMES] + [("support_block", {"building": "library"})] + \
    [("vehicle", {"name": n}) for n in VEHICLE_NAMES] + [("flare", {"side": s}) for s in ("big", "small")] + \
    [(k, {}) for k in ("movement_disc", "bullet", "pellet", "knife", "bat", "shotgun_template",
                       "sniper_template", "barrel", "box", "street_lamp", "barricade", "city_limit",
                       "zombie_tower", "roof_support", "zombie_bin", "d6", "d12")] + \
    [("card", {"size": s}) for s in card_sizes()]


def test_every_catalog_kind_has_an_example():
    assert {k for k, _ in EXAMPLES} == {k for k in KINDS if not k.startswith(("tf_", "sb_", "root_"))}   # their tests


@pytest.mark.parametrize("kind,params", EXAMPLES, ids=[f"{k}-{'-'.join(map(str, p.values()))}" for k, p in EXAMPLES])
def test_piece_rests_on_the_table_with_origin_at_centre_of_mass(kind, params):
    model = build(kind, **params)
    points = np.vstack([p.points for p in model.collision])
    assert all(len(p.points) >= 4 for p in model.collision)
    # a building rests on its support blocks: its underside is their height above the table
    lift = dims()["support_block"]["height"] if kind == "building" else 0.0
    assert model.rest_height == pytest.approx(lift - points[:, 2].min(), abs=1e-6)
    assert all(m.is_watertight or len(m.faces) > 0 for m, _ in model.visuals)
    if model.mass > 0:
        assert all(i > 0 for i in model.inertia)
        assert abs(points[:, :2].mean(axis=0)).max() < max(np.ptp(points[:, :2], axis=0))


def test_relative_sizes_the_rulebook_states():
    bullet, pellet = build("bullet"), build("pellet")
    assert dims()["pellet"]["diameter"] == dims()["bullet"]["diameter"] / 2     # SHOTGUN: 1/2 size
    assert pellet.smallest_dim < bullet.smallest_dim
    figure = build("zombie", number=1)
    assert figure.rest_height < dims()["figure"]["height"] / 2                   # stands, can topple


def test_building_door_and_blocks_let_a_disc_in():
    disc_d, disc_h = dims()["movement_disc"]["diameter"], dims()["movement_disc"]["height"]
    for name in BUILDING_NAMES:
        (x0, y0), (x1, y1) = buildings.door_line(name)
        assert abs(y1 - y0) > disc_d + 1.0
        assert x0 == x1 == dims()["support_block"]["depth"] / 2
        underside = build("building", name=name).rest_height + \
            np.vstack([p.points for p in build("building", name=name).collision])[:, 2].min()
        assert underside == pytest.approx(dims()["support_block"]["height"])   # on the blocks...
        assert dims()["support_block"]["height"] > disc_h + 0.5     # ...which lift it over a disc


def test_survivor_backpack_shows_the_round_colour():
    day, night = build("survivor", number=4, backpack="day"), build("survivor", number=4, backpack="night")
    def top(m):
        return max(m.visuals, key=lambda v: v[0].bounds[1][2] if v[0].bounds[0][0] < -0.5 else -1)[1]
    assert top(day) != top(night)


def test_tower_has_numbered_slots_and_an_exit_wide_enough():
    tower = build("zombie_tower")
    slots = [k for k in tower.anchors if k.startswith("slot_")]
    assert len(slots) == dims()["zombie_tower"]["slots"]
    assert dims()["zombie_tower"]["exit_width"] > dims()["figure"]["height"] + 1.0
    assert tower.mass == 0.0 and build("roof_support").mass == 0.0
