"""Tail Feathers: Activate Units, Tree Movement, Scurry, Revive, Foraging (rulebook pp. 8-11, 13)."""
from __future__ import annotations

import pytest

from feltbox.rules.core import IllegalAction
from feltbox.rules.tailfeathers.activation import (
    Activate,
    AttackWith,
    EndActivation,
    EndMove,
    Forage,
    Pass,
    Revive,
    Scurry,
    TreeMove,
    reachable,
)
from feltbox.rules.tailfeathers.state import CASUALTY, RESERVES
from tests.tf_fixtures import apply, at_activation, cheese, game, legal_actions, pending, play, put, unit


def _squad_turn(s, figs=("oakguard-1",)):
    return play(s, Activate("oakguard", figs))


def test_ACTIVATE_UNITS_alternate_turned_90_degrees_and_squads_up_to_squad_value():
    s = at_activation(game())
    acts = legal_actions(s)
    squads = [a for a in acts if a.unit == "oakguard"]
    assert max(len(a.figures) for a in squads) == 3           # squad value 3 (house)
    s = play(_squad_turn(s, ("oakguard-1", "oakguard-2")), EndMove())
    s = play(s, EndActivation())
    assert s.data.unit("oakguard").activated
    assert pending(s).player == "rat"                          # clockwise
    s = play(play(play(s, Activate("staborah", ("staborah",))), EndMove()), EndActivation())
    assert all(a.unit != "oakguard" for a in legal_actions(s) if isinstance(a, Activate))


def test_ACTIVATE_UNITS_no_unit_left_means_pass_and_one_cheese():
    s = at_activation(game())
    for u in ("aerijin", "sienna", "oakguard"):
        s = unit(s, u, activated=True)
    assert legal_actions(s) == [Pass()]
    s = play(s, Pass())
    assert s.data.player("mouse").cheese == 1 and pending(s).player == "rat"


def test_ACTIVATE_UNITS_phase_ends_when_all_units_are_activated():
    s = at_activation(game())
    for u in s.data.units:
        if u.id != "staborah":
            s = unit(s, u.id, activated=True)
    s = play(s, Pass())                                      # mouse passes, rat still has Staborah
    s = play(play(play(s, Activate("staborah", ("staborah",))), EndMove()), EndActivation())
    assert s.flow.phase in ("final", "mission")


def test_TREE_MOVEMENT_move_value_capacity_trunk_and_nest():
    s = at_activation(game())
    # oakguard-5 in the nest: move 2 reaches m-b1? no (a large bird there); m-b2 holds a bird too
    assert reachable(s, "oakguard-5", 2) == []
    s = put(s, "aerijin", where=CASUALTY)
    assert reachable(s, "oakguard-5", 2) == ["m-b1"]            # m-b3 full (4 small)
    s = put(s, "oakguard-4", where="m-nest")
    assert reachable(s, "oakguard-5", 2) == ["m-b1", "m-b3"]
    assert "m-nest" in reachable(s, "oakguard-1", 2)             # the nest has no limit
    s = _squad_turn(s, ("oakguard-5",))
    with pytest.raises(IllegalAction):
        apply(s, TreeMove("oakguard-5", "c-1"))                  # 3 spaces away
    s = play(s, TreeMove("oakguard-5", "m-b3"))
    assert s.data.figure("oakguard-5").where == "m-b3"
    assert not any(isinstance(a, TreeMove) for a in legal_actions(s))   # each figure moves once


def test_TREE_MOVEMENT_entering_an_enemy_space_stops_and_outnumbered_cannot_leave():
    s = at_activation(game())
    s = put(s, "ratblades-1", where="c-1")
    assert "c-1" in reachable(s, "oakguard-1", 2) and "c-2" not in reachable(s, "oakguard-1", 2)
    s = put(put(s, "oakguard-1", where="c-1"), "ratblades-2", where="c-1")
    assert reachable(s, "oakguard-1", 2) == []                   # 2 rats vs 1 mouse
    s = put(s, "oakguard-2", where="c-1")
    assert reachable(s, "oakguard-1", 2) != []                   # 2 vs 2: may leave


def test_SCURRY_moves_again_instead_of_attacking_ground_only():
    s = at_activation(game())
    s = put(s, "oakguard-1", where="c-1")
    s = play(play(_squad_turn(s), TreeMove("oakguard-1", "c-2")), EndMove())
    assert Scurry("oakguard-1", "c-leaf") in legal_actions(s)
    s = play(s, Scurry("oakguard-1", "c-leaf"))
    assert not any(isinstance(a, (Scurry, AttackWith)) for a in legal_actions(s))


def test_REVIVE_with_a_full_wheel_up_to_3_squad_figures_or_1_hero_never_birds():
    s = at_activation(game())
    s = cheese(s, "mouse", 6)
    for k in (4, 5, 6):
        s = put(s, f"oakguard-{k}", where=CASUALTY)
    s = put(s, "sienna", where=CASUALTY)
    s = play(play(_squad_turn(s), EndMove()), EndActivation())
    assert s.flow.waiting == "revive"
    opts = legal_actions(s)
    assert Revive(("oakguard-4", "oakguard-5", "oakguard-6")) in opts
    assert not any("sienna" in a.figures for a in opts)
    s = play(s, Revive(("oakguard-4", "oakguard-5")))
    assert s.data.player("mouse").cheese == 0 and s.data.figure("oakguard-4").where == RESERVES


def test_FORAGING_gains_a_cheese_instead_of_acting():
    s = at_activation(game(rules=("foraging",)))
    s = _squad_turn(s)
    assert Forage() in legal_actions(s)
    s = play(s, Forage())
    assert s.data.player("mouse").cheese == 1 and pending(s).player == "rat"
    s2 = _squad_turn(at_activation(game()))
    assert Forage() not in legal_actions(s2)                     # only with the additional rule


def test_FORAGING_a_perched_bird_is_a_ground_unit_and_may_forage():
    # "When a bird is perched it is considered a ground unit" (Glossary: Perched); Foraging: "if
    # you activate a ground unit, you can choose to do nothing with that unit and add 1 cheese".
    # Aerijin perches on space m-b1 at the start of Show of Force (not launching): activated, it
    # is offered Forage beside its attacks, and foraging adds 1 cheese (0 -> 1) and ends its turn.
    s = at_activation(game(rules=("foraging",)))
    s = play(s, Activate("aerijin", ("aerijin",)))
    assert Forage() in legal_actions(s)
    s = play(s, Forage())
    assert s.data.player("mouse").cheese == 1 and pending(s).player == "rat"
    # a flying bird is not a ground unit: no Forage once it is in the air
    flying = at_activation(game(rules=("foraging",)))
    flying = put(flying, "aerijin", where="flying")
    assert Forage() not in legal_actions(play(flying, Activate("aerijin", ("aerijin",))))
