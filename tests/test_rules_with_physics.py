"""The rules judging real Bullet outcomes: physics measures, rules decide."""
from __future__ import annotations

import pytest

from feltbox.game.table.flick import Aim
from feltbox.game.table.session import Session
from feltbox.rules.flickem.judge import judge_move, judge_rush, judge_shot
from feltbox.rules.flickem.noise import Noise, action_noise, turn_noise, zombies_react
from tests.lab import lab_city, survivor, zombie

pytestmark = pytest.mark.physics


def test_point_blank_gunshot_wounds_the_zombie_it_fells():
    city = lab_city(survivor(0, 0), zombie(8, -3.0))
    outcome = Session(city).flick("survivor-anita", "bullet", Aim(0.0, 0.5), side="right")
    assert judge_shot(outcome).wounded == ("zombie-01",)


def test_failed_move_is_judged_failed_and_its_restore_is_exact():
    city = lab_city(survivor(-20, 0), zombie(0, 0))
    session = Session(city)
    before = session.snapshot()
    outcome = session.flick("survivor-anita", "movement_disc", Aim(0.0, 0.6))
    verdict = judge_move(outcome)
    assert not verdict.success and "zombie-01" in verdict.restore
    assert session.poses.tobytes() == before[0].tobytes()       # the session restored it exactly


def test_loud_shot_pulls_the_three_closest_standing_zombies_into_a_real_rush():
    city = lab_city(survivor(0, 0), zombie(9, 2), zombie(14, -6, number=2), zombie(-20, 12, number=3),
                    zombie(30, 25, number=4))
    session = Session(city)
    shot = session.flick("survivor-anita", "bullet", Aim(120.0, 0.3), side="left")
    noise = turn_noise([action_noise("weapon", "gun")])
    ids = [city.bodies[i].id for i in city.ids("zombie") if session.present[i]]
    positions = {z: tuple(map(float, session.poses[city.index(z), :2])) for z in ids}
    standing = {z: z not in shot.fell for z in ids}
    reaction = zombies_react(noise, tuple(map(float, session.poses[city.index("survivor-anita"), :2])),
                             positions, standing)
    assert noise == Noise.LOUD and reaction.rush == ("zombie-01", "zombie-02", "zombie-03")
    target = tuple(map(float, session.poses[city.index("survivor-anita"), :2]))
    rush = session.rush(list(reaction.rush), target)
    assert rush.settled and set(rush.zombies) == set(reaction.rush)
    verdict = judge_rush(rush)
    assert set(verdict.lose_life) <= {"survivor-anita"}
    on_table = [z for z in reaction.rush if session.present[city.index(z)]]
    assert on_table == list(reaction.rush), "rushing zombies are back in the city"
