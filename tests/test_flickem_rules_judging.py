"""Rules judgements of measured outcomes, table-driven, each named after its rulebook section."""
from __future__ import annotations

import pytest

from feltbox.rules.flickem.judge import judge_bat, judge_move, judge_rush, judge_shot
from feltbox.rules.flickem.noise import Noise, action_noise, turn_noise, zombies_react
from feltbox.rules.flickem.outcome import FlickOutcome, RushOutcome
from feltbox.rules.geometry import next_to


def flick(**kw) -> FlickOutcome:
    """A measured flick as the rules read it (outcome.py), from its JSON form."""
    base = {"flicked": "movement_disc", "first_contacts": [], "fell": [], "got_up": [],
            "left_city": [], "disturbed": [], "entered": None, "exited": None, "clean": True, "extra": {}}
    return FlickOutcome.from_json({**base, **kw})


@pytest.mark.parametrize("outcome,success,reason", [
    (flick(), True, ""),                                                                   # MOVE A
    (flick(first_contacts=["zombie-01"], clean=False, disturbed=["zombie-01"]), False, "touched zombie-01"),  # MOVE B
    (flick(left_city=["movement_disc"]), False, "left the city"),                          # MOVE B
    (flick(first_contacts=["library-support-0"], entered="library"), True, ""),          # ENTERING
])
def test_MOVE_success_and_failure(outcome, success, reason):
    verdict = judge_move(outcome)
    assert verdict.success is success and reason in verdict.reason
    assert verdict.restore == outcome.disturbed        # "Any object disturbed ... returned"


@pytest.mark.parametrize("outcome,wounded,stand,nothing", [
    (flick(flicked="bullet-1"), (), (), True),                                                   # GUN C
    (flick(flicked="bullet-1", first_contacts=["zombie-01"], fell=["zombie-01", "barrel-1"]),
     ("zombie-01",), ("barrel-1",), False),                                                     # GUN B
    (flick(flicked="bullet-1", first_contacts=["barrel-1", "zombie-01"], fell=["zombie-01", "barrel-1"]),
     (), ("barrel-1",), False),                                                                 # GUN A
    (flick(flicked="bullet-1", first_contacts=["zombie-02"], fell=[]), (), (), False),          # GUN A: did not fall
])
def test_GUN_first_touch_decides(outcome, wounded, stand, nothing):
    verdict = judge_shot(outcome)
    assert verdict.wounded == wounded and verdict.stand_up == stand and verdict.hit_nothing is nothing


def test_SHOTGUN_wounds_every_figure_a_pellet_fells():
    outcome = flick(flicked="pellet-1", fell=["zombie-01", "zombie-04", "box-1"],
                    extra={"fell_touched": ["zombie-01", "zombie-04", "box-1"]})
    verdict = judge_shot(outcome, shotgun=True)
    assert verdict.wounded == ("zombie-01", "zombie-04") and verdict.stand_up == ("box-1",)


@pytest.mark.parametrize("contacts,success", [
    (["zombie-03"], True), (["survivor-rosa"], True), (["survivor-john"], False), (["barrel-2"], False)])
def test_BASEBALL_BAT_first_touch(contacts, success):
    outcome = flick(flicked="bat", first_contacts=contacts, clean=False, fell=["barrel-2"])
    verdict = judge_bat(outcome, friends=frozenset({"survivor-john"}))
    assert verdict.success is success and verdict.restore_survivor is (not success)
    assert verdict.stand_up == ("barrel-2",)                  # fell components are stood up


def test_ZOMBIE_RUSH_aftermath():
    verdict = judge_rush(RushOutcome.from_json({"survivors_fell": ["survivor-anita"], "objects_fell": ["lamp-1"],
                                                "left_city": ["zombie-07", "barrel-1"]}))
    assert verdict.lose_life == ("survivor-anita",) and verdict.stand_up == ("lamp-1",)
    assert verdict.put_back_inside_fallen == ("zombie-07",)


@pytest.mark.parametrize("action,weapon,noise", [
    ("move", None, Noise.QUIET), ("weapon", "gun", Noise.LOUD), ("weapon", "shotgun", Noise.LOUD),
    ("weapon", "knife", Noise.QUIET), ("weapon", "bat", Noise.QUIET), ("take_drop", None, Noise.SILENT),
    ("weapon", "short_distance_kill", Noise.QUIET)])
def test_ZOMBIES_REACTION_noise_of_actions(action, weapon, noise):
    assert action_noise(action, weapon) == noise


def test_noise_of_a_turn_loudest_wins_and_a_flare_replaces_it():
    assert turn_noise([Noise.QUIET, Noise.LOUD]) == Noise.LOUD
    assert turn_noise([]) == Noise.SILENT
    assert turn_noise([Noise.LOUD], flare="small") == Noise.QUIET      # FLARE: ignore other noises
    assert action_noise("move", touched_barricade=True) == Noise.LOUD   # S4 BARRICADES
    assert action_noise("take_drop", escorting=True) == Noise.LOUD      # S3 special rule


POS = {"zombie-01": (10.0, 0.0), "zombie-02": (20.0, 0.0), "zombie-03": (5.0, 5.0), "zombie-04": (30.0, 0.0),
       "zombie-05": (3.0, 0.0)}


def test_LOUD_closest_standing_plus_two_rush_and_the_rest_stand():
    standing = {z: z != "zombie-05" for z in POS}
    reaction = zombies_react(Noise.LOUD, (0.0, 0.0), POS, standing)
    assert reaction.rush == ("zombie-03", "zombie-01", "zombie-02")   # zombie-05 is fallen
    assert reaction.stand == ("zombie-05",) and reaction.stand_all_others


def test_QUIET_fallen_closest_stands_standing_closest_rushes_alone():
    standing = {z: z != "zombie-05" for z in POS}
    assert zombies_react(Noise.QUIET, (0.0, 0.0), POS, standing).stand == ("zombie-05",)
    standing["zombie-05"] = True
    reaction = zombies_react(Noise.QUIET, (0.0, 0.0), POS, standing)
    assert reaction.rush == ("zombie-05",) and not reaction.stand


def test_SILENT_no_reaction_and_NEXT_TO_is_under_a_disc_width():
    assert zombies_react(Noise.SILENT, (0.0, 0.0), POS, {z: True for z in POS}).rush == ()
    assert next_to((0, 0), (6.5, 0), 1.3, 1.3, 4.0) and not next_to((0, 0), (6.7, 0), 1.3, 1.3, 4.0)
