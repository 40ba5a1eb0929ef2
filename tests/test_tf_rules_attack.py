"""Tail Feathers: Ranged Attack, Melee Attack, hits and wounds, Rolling Cheese, Attacking and
Defending with a Bird, Group Attack, nests (rulebook pp. 10-11)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from feltbox.rules.core import GameOver, IllegalAction, PhysicsRequest
from feltbox.rules.tailfeathers import measure
from feltbox.rules.tailfeathers.activation import Activate, AttackWith, EndActivation, EndMove
from feltbox.rules.tailfeathers.dice import RerollCheese
from feltbox.rules.tailfeathers.state import CASUALTY, FLYING
from tests.tf_fixtures import apply, at_activation, cheese, game, legal_actions, pending, play, put, roll


@pytest.fixture
def sight(monkeypatch):
    """Range finder stand-in: everything in range; clear unless a test says otherwise."""
    box = {"clear": True, "close": False}
    monkeypatch.setattr(measure, "range_check",
                        lambda a, b, blockers: measure.RangeResult(True, box["close"], box["clear"], ()))
    return box


def _attack_step(s, unit, figs):
    return play(play(s, Activate(unit, figs)), EndMove())


def test_RANGED_ATTACK_hits_with_bows_defense_blocks_and_cheese_is_gained(sight):
    s = at_activation(game())
    s = put(put(s, "oakguard-1", where="c-1"), "staborah", where="c-2")
    s = _attack_step(s, "oakguard", ("oakguard-1",))
    assert AttackWith("oakguard-1", "staborah", "ranged") in legal_actions(s)
    assert AttackWith("oakguard-1", "staborah", "melee") in legal_actions(s)     # adjacent spaces
    s = play(s, AttackWith("oakguard-1", "staborah", "ranged"))
    assert pending(s) == PhysicsRequest("roll", {"dice": 2, "why": "attack", "player": "mouse"})
    s = roll(s, "bow_mark", "sword_mark")                      # 1 ranged hit (sword does not hit at range)
    assert pending(s) == PhysicsRequest("roll", {"dice": 2, "why": "defense", "player": "rat"})
    s = roll(s, "cheese", "bow")                                # no block, 1 cheese
    assert s.data.unit("staborah").wounds == 1 and s.data.player("rat").cheese == 1
    assert s.flow.waiting == "act"


def test_RANGED_ATTACK_needs_clear_sight(sight):
    sight["clear"] = False
    s = at_activation(game())
    s = put(put(s, "oakguard-1", where="c-1"), "staborah", where="s-1")
    s = _attack_step(s, "oakguard", ("oakguard-1",))
    assert not any(isinstance(a, AttackWith) for a in legal_actions(s))


def test_RANGED_ATTACK_sharing_a_space_targets_only_those_figures(sight):
    s = at_activation(game())
    s = put(put(put(s, "oakguard-1", where="c-1"), "ratblades-1", where="c-1"), "staborah", where="s-1")
    s = _attack_step(s, "oakguard", ("oakguard-1",))
    ranged = {a.target for a in legal_actions(s) if isinstance(a, AttackWith) and a.kind == "ranged"}
    assert ranged == {"ratblades-1"}


def test_MELEE_ATTACK_swords_hit_and_a_wounded_squad_figure_is_defeated(sight):
    s = at_activation(game())
    s = put(put(s, "oakguard-1", where="c-1"), "ratblades-1", where="c-2")
    s = play(_attack_step(s, "oakguard", ("oakguard-1",)), AttackWith("oakguard-1", "ratblades-1", "melee"))
    s = roll(s, "sword_shield")                                 # oakguard melee 1: 1 hit
    s = roll(s, "bow")                                          # ratblades defense 1: no block
    assert s.data.figure("ratblades-1").where == CASUALTY


def test_MELEE_ATTACK_flying_figures_only_in_close_range(sight):
    s = at_activation(game())
    s = put(put(s, "aerijin", where=FLYING, pose=(40, 40, 0)), "grizzard", where=FLYING, pose=(45, 40, 0))
    from feltbox.rules.tailfeathers.combat import normal_targets
    assert ("grizzard", "melee") not in normal_targets(s, s.data.figure("aerijin"))
    sight["close"] = True
    assert ("grizzard", "melee") in normal_targets(s, s.data.figure("aerijin"))


def test_ATTACKING_AND_DEFENDING_WITH_A_BIRD_pilot_attacks_bird_defends_life_is_sum_and_rattle(sight):
    s = at_activation(game())
    s = put(put(s, "sienna", where=FLYING, pose=(40, 40, 0)), "wrunk", where=FLYING, pose=(60, 40, 0))
    s = play(s, Activate("sienna", ("sienna",)))
    s = replace(s, flow=replace(s.flow, waiting="act", step="act"))   # (as after its flight)
    s = play(s, AttackWith("sienna", "wrunk", "ranged"))
    assert pending(s).spec["dice"] == 3                         # Snibble's ranged 3 (public)
    s = roll(s, "bow", "bow", "bow_mark")
    assert pending(s).spec["dice"] == 2                         # Wrunk's defense (house)
    s = roll(s, "bow", "cheese")
    u = s.data.unit("wrunk")
    assert u.wounds == 3 and u.rattled                          # 3 wounds > pilot value 2
    assert s.data.player("mouse").cheese == 1                   # Snibble: cheese when he wounds
    from feltbox.rules.tailfeathers.stats import stat
    assert stat(s, "wrunk", "life") == 6 and s.data.figure("wrunk").where == FLYING


def _sienna_attacks_wrunk(s):
    s = put(put(s, "sienna", where=FLYING, pose=(40, 40, 0)), "wrunk", where=FLYING, pose=(60, 40, 0))
    s = play(s, Activate("sienna", ("sienna",)))
    s = replace(s, flow=replace(s.flow, waiting="act", step="act"))   # (as after its flight)
    return play(s, AttackWith("sienna", "wrunk", "ranged"))


def test_ROLLING_CHEESE_excess_rerolled_once_wheel_max_six(sight):
    """Rolling Cheese: "If your cheese wheel is or becomes full you may re-roll any excess cheese
    results, but must keep your second roll results." 5 cheese + 2 rolled: 1 fits (6), 1 is
    excess; re-rolled, the second roll's cheese is kept (no third roll) and the wheel stays 6."""
    s = _sienna_attacks_wrunk(cheese(at_activation(game()), "mouse", 5))
    s = roll(s, "cheese", "cheese", "bow")                      # 1 fits the wheel, 1 excess
    assert s.data.player("mouse").cheese == 6
    assert pending(s).player == "mouse" and legal_actions(s) == [RerollCheese(0), RerollCheese(1)]
    s = play(s, RerollCheese(1))
    assert pending(s) == PhysicsRequest("roll", {"dice": 1, "why": "attack", "player": "mouse"})
    s = roll(s, "cheese")                                       # kept: no second re-roll
    assert s.data.player("mouse").cheese == 6
    assert pending(s).spec["why"] == "defense"                  # 1 hit (the bow)


def test_ROLLING_CHEESE_the_re_roll_is_optional_you_may_keep_the_excess(sight):
    """Rolling Cheese: "you MAY re-roll any excess": 4 cheese + 3 rolled and a bow: 2 fit (6), 1 is
    excess; the player keeps the roll (RerollCheese(0)): no die is thrown again, the bow's 1 hit
    counts and Wrunk rolls defense; choosing 0..excess is the whole choice."""
    s = _sienna_attacks_wrunk(cheese(at_activation(game()), "mouse", 4))
    s = roll(s, "cheese", "cheese", "cheese")
    assert s.data.player("mouse").cheese == 6 and legal_actions(s) == [RerollCheese(0), RerollCheese(1)]
    with pytest.raises(IllegalAction):
        apply(s, RerollCheese(2))
    s, events = apply(s, RerollCheese(0))
    rolled = next(e for e in events if e.kind == "rolled")
    assert rolled.data["faces"] == ["cheese"] * 3 and s.flow.attack is None    # kept: no hit, attack over
    s = _sienna_attacks_wrunk(cheese(at_activation(game()), "mouse", 6))
    s = roll(s, "cheese", "cheese", "bow")                      # a full wheel: both are excess
    assert legal_actions(s) == [RerollCheese(0), RerollCheese(1), RerollCheese(2)]
    s = play(s, RerollCheese(0))
    assert pending(s).spec["why"] == "defense" and pending(s).spec["player"] == "rat"   # the bow's 1 hit


def test_NESTS_defense_zero_dial_and_destroyed_nest_ends_the_game(sight):
    s = at_activation(game())

    s = replace(s, data=s.data.with_player(replace(s.data.player("rat"), nest_life=1)))
    s = put(s, "oakguard-1", where="r-b1")
    s = put(s, "grizzard", where=CASUALTY)
    s = _attack_step(s, "oakguard", ("oakguard-1",))
    assert AttackWith("oakguard-1", "nest:rat", "melee") in legal_actions(s)
    s = play(s, AttackWith("oakguard-1", "nest:rat", "melee"))
    s = roll(s, "sword_mark")                                   # no defense roll for a nest
    assert isinstance(pending(s), GameOver) and pending(s).winners == ("mouse",)
    assert all(f.where == CASUALTY for f in s.data.figures if f.alliance == "rat")
    with pytest.raises(IllegalAction):
        apply(s, EndActivation())


def test_GLOSSARY_VETERAN_plus_one_to_ranged_melee_and_defense():
    from feltbox.rules.tailfeathers.stats import fig_value
    s = put(game(), "oakguard-1", veteran=True)
    f, g = s.data.figure("oakguard-1"), s.data.figure("oakguard-2")
    assert [fig_value(s, f, k) - fig_value(s, g, k) for k in ("melee", "ranged", "defense")] == [1, 1, 1]
