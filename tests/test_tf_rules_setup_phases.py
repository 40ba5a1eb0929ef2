"""Tail Feathers: Game Setup, Mission Phase, Tilt Phase, Determine Initiative (rulebook pp. 6-8)."""
from __future__ import annotations

import pytest

from feltbox.rules.core import Decision, IllegalAction, PhysicsRequest, from_json, to_json
from feltbox.rules.tailfeathers.activation import Activate
from feltbox.rules.tailfeathers.flow import new_game
from feltbox.rules.tailfeathers.phases import AssignFigure, Bid, ChooseMission, DoneAssigning, Launch, Tilt
from feltbox.rules.tailfeathers.state import FLYING, MISSION, TFState
from tests.tf_fixtures import apply, cheese, game, legal_actions, pending, play, put, roll, setup


def test_GAME_SETUP_deploy_forces_on_home_tree_capacity_and_center_tilt():
    s = game()
    where = {f.id: f.where for f in s.data.figures}
    assert where["aerijin"] == "m-b1" and where["sienna"] == "m-b2"        # 1 large per space
    assert [where[f"oakguard-{k}"] for k in range(1, 7)] == ["m-b3"] * 4 + ["m-nest"] * 2   # 4 small, nest any
    assert where["staborah"] == "r-nest"
    assert all(f.tilt == "center" and not f.launching for f in s.data.figures)
    assert all(p.nest_life == 12 for p in s.data.players)
    assert from_json(TFState, to_json(s)) == s


def test_GAME_SETUP_placements_must_respect_capacity_and_home_tree():
    with pytest.raises(ValueError):
        new_game(setup(placements=(("aerijin", "m-b3"), ("oakguard-1", "m-b3"))), 1)
    with pytest.raises(ValueError):
        new_game(setup(placements=(("aerijin", "c-1"),)), 1)


def _to_assign(s):
    s, events = apply(s, ChooseMission("siege"))                # mouse, face down
    assert events[0].visible_to == ("mouse",)
    assert events[0].seen_by("rat").data == {}
    s = play(s, ChooseMission("decoy"))                         # rat
    return s


def test_MISSION_PHASE_face_down_selection_then_assignment_from_left_of_first_player():
    s = _to_assign(game())
    assert s.flow.waiting == "mission_assign" and pending(s) == Decision("rat", pending(s).prompt)
    options = legal_actions(s)
    assert AssignFigure("grizzard") not in options             # perched birds cannot go on missions
    assert DoneAssigning() not in options                      # one or more figures
    for fid in ("ratblades-1", "ratblades-2", "ratblades-5", "staborah"):
        s = play(s, AssignFigure(fid))
    assert not any(isinstance(a, AssignFigure) for a in legal_actions(s))    # box full: 4 small
    s = play(s, DoneAssigning())
    assert pending(s).player == "mouse"
    s = play(play(s, AssignFigure("oakguard-5")), DoneAssigning())
    assert s.flow.waiting == "tilt"
    assert s.data.figure("staborah").where == MISSION


def test_MISSION_PHASE_a_player_may_choose_no_mission():
    s = play(play(game(), ChooseMission("")), ChooseMission(""))
    assert s.flow.waiting == "tilt"


def test_MISSION_CARDS_no_mission_without_a_ground_figure_on_the_home_tree_to_assign():
    """Mission Cards: "each player who selected a mission then assigns one or more ground figures
    she controls to her mission by removing them from her home tree". The mice's ground figures
    (oakguard-1..6 on m-b3 and m-nest) all moved off the home tree (to c-1, the middle tree):
    the mouse can only choose no mission, and the rat (ground figures at home) still any of 7."""
    s = game()
    for k in range(1, 7):
        s = put(s, f"oakguard-{k}", where="c-1" if k <= 4 else "c-2")
    assert legal_actions(s) == [ChooseMission("")]
    with pytest.raises(IllegalAction):
        apply(s, ChooseMission("siege"))
    s = play(s, ChooseMission(""))
    assert len(legal_actions(s)) == 7 and ChooseMission("siege") in legal_actions(s)


def test_LAUNCH_POSITION_pivot_in_any_direction_and_move_anywhere_within_the_space():
    """Launch Position: "you may pivot the launching figure in any direction and move it anywhere
    within its space." Show of Force, Aerijin perched on sw.b2b, corners (-39.13, -30.86),
    (-42.93, -33.32), (-41.14, -36.67), (-36.99, -34.90) (the scene's real space). Offered: 24
    headings (15 degree steps) at each of 5 spots: the centre, the corners' mean (-40.0475,
    -33.9375) -> (-40.05, -33.94), and half way to each corner, e.g. the first ((-40.0475 -
    39.13) / 2, (-33.9375 - 30.86) / 2) = (-39.59, -32.40); 120 launches and "stay"."""
    from feltbox.game.tailfeathers.bridge import TFBridge
    from feltbox.scenes.loader import load_tailfeathers
    s = TFBridge(load_tailfeathers("show_of_force"), 1).engine.state
    s = play(play(s, ChooseMission("")), ChooseMission(""))
    s = play(play(s, Tilt("grizzard", "stay")), Tilt("wrunk", "stay"))
    assert pending(s).player == "mouse" and s.data.figure("aerijin").where == "sw.b2b"
    launches = [a for a in legal_actions(s) if isinstance(a, Launch)]
    assert len(launches) == 5 * 24 and len(legal_actions(s)) == 121
    assert {a.heading for a in launches} == {15.0 * k for k in range(24)}
    spots = list(dict.fromkeys((a.x, a.y) for a in launches))
    assert spots[0] == (-40.05, -33.94) and spots[1] == (-39.59, -32.4) and len(spots) == 5
    s = play(s, Launch("aerijin", 105.0, -39.59, -32.4))
    a = s.data.figure("aerijin")
    assert a.launching and a.tilt == "center" and a.pose == (-39.59, -32.4, 105.0)
    with pytest.raises(IllegalAction):                       # outside the space: not offered
        apply(play(play(TFBridge(load_tailfeathers("show_of_force"), 1).engine.state, ChooseMission("")),
                   ChooseMission("")), Launch("grizzard", 0.0, 0.0, 0.0))


def _to_tilt(s):
    return play(play(s, ChooseMission("")), ChooseMission(""))


def test_TILT_PHASE_one_step_and_launch_position():
    s = _to_tilt(game())
    assert pending(s).player == "rat"                        # from the left of the first player
    opts = legal_actions(s)
    centre = Launch("grizzard", 90.0, 81.0, 90.0)            # r-b1's centre (its 5 corners' mean)
    assert Tilt("grizzard", "stay") in opts and centre in opts
    s = play(s, centre)
    g = s.data.figure("grizzard")
    assert g.launching and g.tilt == "center" and g.pose == (81.0, 90.0, 90.0)
    s = play(s, Tilt("wrunk", "stay"))
    assert pending(s).player == "mouse"
    s = put(s, "aerijin", where=FLYING, tilt="right")
    assert set(legal_actions(s)) == {Tilt("aerijin", "center"), Tilt("aerijin", "right")}
    with pytest.raises(IllegalAction):
        apply(s, Tilt("aerijin", "left"))                     # two steps
    s = play(s, Tilt("aerijin", "center"))
    s = play(s, Tilt("sienna", "stay"))
    assert s.flow.waiting == "bid"


def _to_bid(s):
    s = _to_tilt(s)
    for _ in range(4):
        s = play(s, legal_actions(s)[0])
    assert s.flow.waiting == "bid"
    return s


def test_DETERMINE_INITIATIVE_hidden_extra_dice_paid_in_cheese_ties_rerolled():
    s = cheese(_to_bid(game()), "rat", 4)
    assert legal_actions(s) == [Bid(0)]                       # mouse has no cheese
    s = play(s, Bid(0))
    assert legal_actions(s) == [Bid(0), Bid(1), Bid(2), Bid(3)]
    s, events = apply(s, Bid(3))
    assert events[0].visible_to == ("rat",)
    assert s.data.player("rat").cheese == 1                   # paid on the reveal
    assert pending(s) == PhysicsRequest("roll", {"dice": 2, "why": "initiative", "player": "mouse"})
    s = roll(s, "bow", "cheese")                                # 1 + 3 = 4 (house numbers)
    assert pending(s).spec["dice"] == 5
    s = roll(s, "bow", "bow", "bow", "sword_mark", "bow_mark")  # 1+1+1+1+2 = 6
    assert s.flow.waiting == "activate" and s.flow.order == ("rat", "mouse")
    assert all(p.bid == -1 for p in s.data.players)


def test_DETERMINE_INITIATIVE_tie_rerolls_and_winner_goes_first():
    s = _to_bid(game())
    s = play(play(s, Bid(0)), Bid(0))
    s = roll(s, "bow", "bow")                                    # mouse 2
    s = roll(s, "sword_mark", "bow")                             # rat 2: tie
    assert s.flow.waiting == "bid" and pending(s).spec == {"dice": 2, "why": "initiative", "player": "mouse"}
    s = roll(s, "bow", "bow")
    s = roll(s, "cheese", "bow")                                 # rat 4 > 2
    assert s.flow.order == ("rat", "mouse") and s.flow.phase == "activation"
    assert pending(s).player == "rat"
    assert any(isinstance(a, Activate) for a in legal_actions(s))
