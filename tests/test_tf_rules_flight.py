"""Tail Feathers: Flight Movement, Crossing, Swoop Attack, Transporting a Ground Figure
(rulebook pp. 8-11). The geometry is replaced by hand-made paths and crossings (measure.py is
the one door to it), so each test names exactly what the flight path touches."""
from __future__ import annotations

import pytest

from feltbox.rules.core import PhysicsRequest
from feltbox.rules.tailfeathers import measure
from feltbox.rules.tailfeathers.activation import Activate, AttackWith, EndActivation
from feltbox.rules.tailfeathers.combat import AssignHit
from feltbox.rules.tailfeathers.flight import Continue, Drop, Fly, Perch, PilotCheck, Swoop
from feltbox.rules.tailfeathers.phases import AssignFigure, ChooseMission
from feltbox.rules.tailfeathers.state import CARRIED, CASUALTY, FLYING
from tests.tf_fixtures import at_activation, flying, game, legal_actions, pending, play, put, roll

FLY = Fly(("short", "long"), "center")


def test_FLIGHT_MOVEMENT_must_move_2_to_move_templates_and_piloting_check_for_tilt(path):
    s = play(flying(at_activation(game()), tilt="center"), Activate("aerijin", ("aerijin",)))
    acts = legal_actions(s)
    assert EndActivation() not in acts and PilotCheck() in acts
    flies = [a for a in acts if isinstance(a, Fly)]
    assert {len(a.templates) for a in flies} == {2, 3}             # Aerijin move 3 (Flight Movement example)
    assert {a.tilt for a in flies} == {"center"}
    s = play(s, PilotCheck())
    assert pending(s) == PhysicsRequest("roll", {"dice": 2, "why": "pilot", "player": "mouse"})
    failed = roll(s, "bow", "cheese")
    assert {a.tilt for a in legal_actions(failed) if isinstance(a, Fly)} == {"center"}
    ok = roll(s, "bow_mark", "cheese")                              # a mark: success
    assert {a.tilt for a in legal_actions(ok) if isinstance(a, Fly)} == {"left", "center", "right"}
    assert PilotCheck() not in legal_actions(ok)
    s = play(ok, Fly(("long", "short", "long"), "right"))
    f = s.data.figure("aerijin")
    assert f.pose == path["end"] and f.tilt == "right" and s.flow.waiting == "act"


def test_FLIGHT_MOVEMENT_Aerijins_move_value_is_3_as_the_example_prints(path):
    """Flight Movement: "With Aerijin's move value of 3, player one announces she will build a
    'long, short, long' flight path": 2 to 3 templates, so "long, short, long" is offered and no
    four-template path is."""
    s = play(flying(at_activation(game()), tilt="center"), Activate("aerijin", ("aerijin",)))
    flies = [a for a in legal_actions(s) if isinstance(a, Fly)]
    assert max(len(a.templates) for a in flies) == 3
    assert Fly(("long", "short", "long"), "center") in flies


def test_CROSSING_tree_trunk_stops_turned_180_two_wounds_rattled(path):
    path["cross"] = [(10.0, "trunk", "trunk-mid")]
    s = play(play(flying(at_activation(game())), Activate("aerijin", ("aerijin",))), FLY)
    f, u = s.data.figure("aerijin"), s.data.unit("aerijin")
    assert u.wounds == 2 and u.rattled and f.where == FLYING
    assert f.pose[1] == pytest.approx(48.0 - measure.BASE_RADIUS, abs=0.05)   # the base touches the trunk
    assert f.pose[2] == pytest.approx(270.0)


def test_CROSSING_space_may_perch_at_center_tilt_unless_it_began_perched(path):
    path["cross"] = [(20.0, "space", "c-1")]
    s = play(play(flying(at_activation(game()), tilt="left"), Activate("aerijin", ("aerijin",))),
             Fly(("short", "long"), "left"))
    assert set(legal_actions(s)) == {Perch(), Continue()}
    p = play(s, Perch())
    assert p.data.figure("aerijin").where == "c-1" and p.data.figure("aerijin").tilt == "center"
    c = play(s, Continue())
    assert c.data.figure("aerijin").where == FLYING
    s = at_activation(game())
    s = put(s, "aerijin", launching=True)                            # launched from m-b1
    s = play(play(s, Activate("aerijin", ("aerijin",))), FLY)
    assert s.data.figure("aerijin").where == FLYING                 # no perch offered: resolved on


def test_SWOOP_ATTACK_group_attack_battle_plus_melee_once_not_on_what_touched_the_base(path):
    path["cross"] = [(10.0, "space", "c-1"), (20.0, "space", "c-2")]
    s = at_activation(game())
    s = put(put(s, "ratblades-1", where="c-1"), "ratblades-2", where="c-1")
    s = play(play(flying(s), Activate("aerijin", ("aerijin",))), FLY)
    assert Swoop("c-1") in legal_actions(s)
    s = play(s, Swoop("c-1"))
    assert pending(s).spec == {"dice": 5, "why": "attack", "player": "mouse"}   # battle 3 + Zure melee 2
    s = roll(s, "sword_mark", "sword_shield", "bow", "cheese", "bow")   # 2 hits, assigned one by one
    assert set(legal_actions(s)) == {AssignHit("ratblades-1"), AssignHit("ratblades-2")}
    s = play(play(s, AssignHit("ratblades-1")), AssignHit("ratblades-2"))
    s = roll(s, "bow")                                              # ratblades-1 defends: no block
    s = roll(s, "sword_shield")                                     # ratblades-2 blocks
    assert s.data.figure("ratblades-1").where == CASUALTY and s.data.figure("ratblades-2").where == "c-1"
    assert set(legal_actions(s)) == {Perch(), Continue()}          # at c-2 (c-1 is occupied): no 2nd swoop
    s = play(s, Continue())
    assert s.flow.waiting == "act"
    assert not any(isinstance(a, AttackWith) for a in legal_actions(s))   # it replaced the attack
    path["touching"] = ("c-1",)
    s = at_activation(game())
    s = play(play(flying(put(s, "ratblades-1", where="c-1")), Activate("aerijin", ("aerijin",))), FLY)
    assert not any(isinstance(a, Swoop) for a in legal_actions(s))


def test_SWOOP_ATTACK_on_a_mission_flips_it_and_a_decoy_sends_figures_home(path):
    s = play(play(game(), ChooseMission("")), ChooseMission("decoy"))
    s = play(s, AssignFigure("staborah"))
    s = at_activation(s)
    path["cross"] = [(10.0, "mission", "mission:rat")]
    s = play(play(flying(s), Activate("aerijin", ("aerijin",))), FLY)
    s = play(s, Swoop("mission:rat"))
    assert s.data.player("rat").mission_revealed
    assert s.data.figure("staborah").where == "r-nest" and s.flow.waiting == "act"


def test_CROSSING_flying_figures_through_an_enemy_wounds_and_ending_on_one(path):
    s = at_activation(game())
    s = flying(flying(s, "grizzard", pose=(50, 45, 0)), "wrunk", pose=(50.0, 70.0, 0))
    path["cross"] = [(15.0, "flying", "grizzard")]
    path["points"] = ((50.0, 45.0, 90.0), (50.0, 60.0, 90.0))
    s = play(play(flying(s), Activate("aerijin", ("aerijin",))), FLY)
    f = s.data.figure("aerijin")
    assert f.pose == (50.0, 60.0, 90.0)                             # last free maneuver point
    assert s.data.unit("aerijin").wounds == 2                       # through Grizzard + ended on Wrunk
    assert s.data.unit("wrunk").wounds == 1 and s.data.unit("grizzard").wounds == 0


def test_FLIGHT_MOVEMENT_ending_off_the_battlefield_is_a_casualty(path):
    path["end"] = (50.0, 130.0, 90.0)
    s = play(play(flying(at_activation(game())), Activate("aerijin", ("aerijin",))), FLY)
    assert s.data.figure("aerijin").where == CASUALTY and pending(s).player == "rat"


def test_TRANSPORTING_a_small_friendly_figure_dropped_on_a_crossed_space(path):
    path["close"] = True
    path["cross"] = [(20.0, "space", "c-1")]
    s = at_activation(game())
    s = play(flying(s), Activate("aerijin", ("aerijin",)))
    carry = Fly(("short", "long"), "center", "oakguard-5")
    assert carry in legal_actions(s)
    s = play(s, carry)
    assert s.data.figure("oakguard-5").where == CARRIED
    assert Drop() in legal_actions(s)
    s = play(s, Drop())
    assert s.data.figure("oakguard-5").where == "c-1" and s.data.figure("aerijin").carrying == ""
    assert Drop() not in legal_actions(s)


def test_TRANSPORTING_perching_places_the_figure_on_an_adjacent_space(path):
    path["close"] = True
    path["cross"] = [(20.0, "space", "c-1")]
    s = play(flying(at_activation(game())), Activate("aerijin", ("aerijin",)))
    s = play(s, Fly(("short", "long"), "center", "oakguard-5"))
    # Transporting: "you must place that figure on an adjacent space or place it in your casualty
    # pile". c-1 borders c-2 (empty) and m-b3 (4 oakguards: full), so: c-2 or the casualty pile.
    assert [a for a in legal_actions(s) if isinstance(a, Perch)] == [Perch("c-2"), Perch("casualty")]
    assert Perch() not in legal_actions(s)
    there = play(s, Perch("c-2"))
    assert there.data.figure("aerijin").where == "c-1" and there.data.figure("oakguard-5").where == "c-2"
    gone = play(s, Perch("casualty"))
    assert gone.data.figure("aerijin").where == "c-1" and gone.data.figure("oakguard-5").where == CASUALTY


def test_TRANSPORTING_pick_up_at_a_maneuver_point_not_after_a_drop(path, monkeypatch):
    path["points"] = ((20.0, 20.0, 0.0),)
    path["end"] = (60.0, 20.0, 0.0)
    near = {"on": False}
    monkeypatch.setattr(measure, "range_check", lambda a, b, bl: measure.RangeResult(True, near["on"], True, ()))
    s = play(flying(at_activation(game()), pose=(40.0, 40.0, 0.0)), Activate("aerijin", ("aerijin",)))
    near["on"] = True
    s = play(s, FLY)
    from feltbox.rules.tailfeathers.flight import Pickup
    picks = [a for a in legal_actions(s) if isinstance(a, Pickup)]
    assert Pickup("oakguard-1") in picks and Continue() in legal_actions(s)
    s = play(s, Pickup("oakguard-1"))
    assert s.data.figure("oakguard-1").where == CARRIED and s.data.figure("aerijin").carrying == "oakguard-1"


def test_SIENNA_DART_one_template_more_at_center_tilt_only(path):
    """Sienna "can dart at center tilt" (public preview; the effect is a house value in
    data/units.toml: one more flight template than her move value, at center tilt only)."""
    s = play(flying(at_activation(game()), fid="sienna", tilt="center"), Activate("sienna", ("sienna",)))
    s = roll(play(s, PilotCheck()), "bow_mark", "cheese")
    most = {t: max(len(a.templates) for a in legal_actions(s) if isinstance(a, Fly) and a.tilt == t)
            for t in ("left", "center", "right")}
    assert most["center"] == most["left"] + 1 == most["right"] + 1
