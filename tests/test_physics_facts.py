"""Physics facts the rulebook relies on, each a narrated fixture on real Bullet.

Rulebook sections: MOVE (touching anything fails the move; disturbed pieces are restored), GUN
(a bullet that makes a figure fall wounds it), ENTERING AND EXITING A BUILDING (the disc slides
under the building between its support blocks), ZOMBIE RUSH (zombies tumble down the slide and
knock survivors over), glossary STANDING / FALLEN.
"""
from __future__ import annotations

import numpy as np
import pytest

from feltbox.game.table.flick import Aim, setup_flick
from feltbox.game.table.measure import fallen_mask, measure_flick, restore
from feltbox.game.table.session import Session
from feltbox.game.table.table import Table
from tests.lab import building, lab_city, survivor, zombie

pytestmark = pytest.mark.physics


def _flick(city, who, weapon, aim, side="right"):
    setup = setup_flick(city, city.poses, city.present, who, weapon, aim, side)
    table = Table(city.bodies, setup.poses, setup.present, setup.awake)
    result = table.run(setup.inputs, watch=setup.flicked)
    return setup, result, measure_flick(city, result, setup.flicked, setup.present)


def test_slow_disc_stops_short_of_a_zombie_and_touches_nothing():
    """MOVE A: a gentle flick toward a zombie 30 cm away stops well short: a clean move."""
    city = lab_city(survivor(-20, 0), zombie(10, 0))
    setup, result, outcome = _flick(city, "survivor-anita", "movement_disc", Aim(0.0, 0.1))
    disc_x = result.final[setup.flicked, 0]
    assert result.settled
    assert -20 + 5 < disc_x < 10 - 4, f"disc stopped at x={disc_x:.1f}"
    assert outcome.first_contacts == () and outcome.clean
    assert outcome.fell == () and outcome.left_city == ()


def test_disc_into_zombie_is_touched_and_restore_is_exact():
    """MOVE B: the disc touches a zombie, the move fails, every disturbed piece goes back exactly."""
    city = lab_city(survivor(-20, 0), zombie(0, 0), zombie(3.5, 1.0, number=2))
    setup, result, outcome = _flick(city, "survivor-anita", "movement_disc", Aim(0.0, 0.6))
    assert outcome.first_contacts[0] == "zombie-01"
    assert not outcome.clean
    assert "zombie-01" in outcome.disturbed
    restored = restore(city, setup.poses, result.final, outcome.disturbed)
    for piece in ("zombie-01", "zombie-02"):
        i = city.index(piece)
        assert restored[i].tobytes() == city.poses[i].tobytes()
    # and a fresh world built from the restored table is at rest where it was
    again = Table(city.bodies, restored, city.present).run(cap_s=1.0)
    assert np.array_equal(again.final.view(np.uint32), restored.view(np.uint32))


def test_point_blank_bullet_knocks_a_zombie_over():
    """GUN B: a bullet flicked from beside the survivor at a zombie 8 cm away makes it fall."""
    city = lab_city(survivor(0, 0), zombie(8, -3.0))
    setup, result, outcome = _flick(city, "survivor-anita", "bullet", Aim(0.0, 0.5), side="right")
    assert outcome.first_contacts[:1] == ("zombie-01",)
    assert "zombie-01" in outcome.fell


@pytest.mark.parametrize("heading", [0.0, 90.0, 180.0, 270.0])
def test_full_power_disc_never_tunnels_through_a_support_block(heading):
    """Full power straight at a building's support blocks: the disc hits them and stays on the
    near side (the building itself is raised: a disc may pass under it, never through a block)."""
    city = lab_city(survivor(0, 0), building(25, 0, heading=heading))
    geom = city.buildings["library"]
    nearest = min(geom.supports, key=lambda s: float(np.linalg.norm(city.poses[city.index(s), :2])))
    for block in [nearest]:
        b = city.index(block)
        target = city.poses[b, :2].astype(float)
        for nudge in (-1.0, 0.0, 1.0):
            direction = float(np.degrees(np.arctan2(target[1], target[0]))) + nudge
            setup, result, outcome = _flick(city, "survivor-anita", "movement_disc", Aim(direction, 1.0))
            assert outcome.first_contacts[:1] == (block,), outcome.first_contacts
            disc = result.final[setup.flicked, :2].astype(float)
            block_now = result.final[b, :2].astype(float)     # a hit shoves the block a little
            unit = target / np.linalg.norm(target)
            assert np.dot(disc, unit) < np.dot(block_now, unit), \
                f"disc went through {block}: disc at {disc}, block at {block_now}"


def test_disc_under_a_building_between_its_supports_is_entered():
    """ENTERING A BUILDING: a disc flicked through the door line, between the blocks, is inside."""
    city = lab_city(survivor(0, 0), building(25, 0, heading=180.0))
    setup, result, outcome = _flick(city, "survivor-anita", "movement_disc", Aim(0.0, 0.25))
    assert outcome.entered == "library", f"disc at {result.final[setup.flicked, :2]}"
    assert all(c.startswith("library-support") for c in outcome.first_contacts)
    assert outcome.clean


def test_figures_left_alone_stay_standing_and_still_for_10_s():
    """STANDING: placed figures, awake and untouched, neither fall nor creep for 10 simulated s."""
    city = lab_city(survivor(-10, 0), survivor(10, 5, number=2, name="John"),
                    zombie(0, 10), zombie(5, -10, number=2), building(-25, -25))
    on = np.flatnonzero(city.present)
    table = Table(city.bodies, city.poses, city.present, awake=list(on))
    for _ in range(240):            # 1 s to sit down on the felt (hull margins)
        table.step()
    settled = table.poses()
    for _ in range(240 * 10):
        table.step()
    final = table.poses()
    assert not fallen_mask(final[on]).any()
    drift = np.linalg.norm(final[on, :3] - settled[on, :3], axis=1)
    assert drift.max() < 0.05, f"max drift {drift.max():.3f} cm"


def test_three_zombie_rush_knocks_over_survivor_in_front_of_slide():
    """ZOMBIE RUSH: tower behind the nearest zombie, exit toward Anita; 3 zombies knock her down."""
    city = lab_city(survivor(0, 0), zombie(7, 0, number=2), zombie(30, 10, number=3), zombie(30, -10, number=6))
    session = Session(city)
    outcome = session.rush(["zombie-02", "zombie-03", "zombie-06"], (0.0, 0.0))
    assert outcome.settled
    assert "survivor-anita" in outcome.survivors_fell
    # the tower went home afterwards
    t = city.index("zombie_tower")
    assert np.array_equal(session.poses[t], city.tower_home[1])


def test_rushes_usually_knock_over_a_survivor_5_to_11_cm_from_the_exit():
    """Not a lucky bounce: over 8 rushes (2 roof orders x 4 distances) most knock her down."""
    fell = 0
    for numbers in ((2, 3, 6), (3, 6, 2)):
        for distance in (5.0, 7.0, 9.0, 11.0):
            city = lab_city(survivor(0, 0), zombie(distance, 0, number=numbers[0]),
                            zombie(30, 10, number=numbers[1]), zombie(30, -10, number=numbers[2]))
            outcome = Session(city).rush([f"zombie-{n:02d}" for n in numbers], (0.0, 0.0))
            fell += "survivor-anita" in outcome.survivors_fell
    assert fell >= 5, f"only {fell} of 8 rushes knocked the survivor over"


def test_disc_flicked_out_through_the_door_wholly_exits():
    """EXITING A BUILDING: from behind the building, through the door, the whole disc past it."""
    from feltbox.scenes.schema import Placement
    inside = Placement("survivor-anita", "survivor", 0, 0, 0.0, {"number": 1, "name": "Anita", "backpack": "day"},
                       on="library", slot=0)
    city = lab_city(building(0, 0, heading=0.0), inside)
    session = Session(city)
    assert session.inside == {"survivor-anita": "library"}
    before = session.snapshot()
    outcome = session.flick("survivor-anita", "movement_disc", Aim(0.0, 0.3))
    assert outcome.started_in == "library" and outcome.exited == "library", outcome
    assert outcome.clean
    assert "survivor-anita" not in session.inside
    session.restore(before)
    assert session.poses.tobytes() == before[0].tobytes() and session.inside == before[2]


def test_shot_from_inside_a_building_leaves_through_the_door():
    """SHOOTING FROM INSIDE A BUILDING: the bullet starts behind the building and is fired out
    between its support blocks at a zombie in the street."""
    from feltbox.scenes.schema import Placement
    inside = Placement("survivor-anita", "survivor", 0, 0, 0.0, {"number": 1, "name": "Anita", "backpack": "day"},
                       on="library", slot=1)
    city = lab_city(building(0, 0, heading=0.0), inside, zombie(16, 0))
    outcome = Session(city).flick("survivor-anita", "bullet", Aim(0.0, 0.7))
    assert outcome.first_contacts[:1] == ("zombie-01",), outcome.first_contacts
