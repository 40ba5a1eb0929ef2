"""Deploying Units - Attacking, Valid Targets, Dealing Damage, Special Attacks; Card Types -
Equipment, Turfs, New Rules (Tails and Tactics rulebook sections), on real house card data.
Worked by hand: Rifle Kit attacks [3, 2, 1] (against Troop, Position, Vehicle); Digger defends
[2, 2, 1] with 2 health; Tractor defends [3, 3, 2]; Earthwork (Position) defends [3, 3, 3]."""
from __future__ import annotations

import pytest

from feltbox.rules.core import IllegalAction
from feltbox.rules.tails_and_tactics import flow
from feltbox.rules.tails_and_tactics.actions import Attack, Deploy, EndTurn, Pass
from feltbox.rules.tails_and_tactics.state import side
from feltbox.rules.tails_and_tactics.zones import card_of
from tests.tt_fixtures import run, table, zone_of


def _hit(state, source, target):
    return run(state, Attack(source, target), Pass(), Pass())[0]


def test_dealing_damage_attack_at_least_defense_deals_one():
    s = _hit(table({"field": ["fox-rifle-kit"]}, {"field": ["bdg-digger"]}), "red-01", "blue-01")
    assert side(s, "blue").field[0].damage == 1                 # 3 >= 2


def test_dealing_damage_attack_below_defense_deals_nothing():
    s = _hit(table({"field": ["fox-rifle-kit"]}, {"field": ["bdg-tractor"]}), "red-01", "blue-01")
    assert side(s, "blue").field[0].damage == 0                 # vehicle attack 1 < troop defense 3


def test_dealing_damage_zero_health_discarded_with_its_equipment():
    s = table({"field": ["fox-rifle-kit"]}, {"field": [("bdg-digger", {"damage": 1}), ("bdg-shovel", {"attached_to": 0})]})
    # Shovel gives +1 defense: 3 >= 3 still hits; the Digger's last health goes, the Shovel with it
    s = _hit(s, "red-01", "blue-01")
    assert zone_of(s, "blue-01") == "discard" and zone_of(s, "blue-02") == "discard"


def test_dealing_damage_the_base_loses_one_per_hit_no_matter_the_power():
    s = _hit(table({"field": ["fox-red-baron"]}, {"field": ["bdg-sett"]}), "red-01", "base")
    assert side(s, "blue").base == 29


def test_valid_targets_the_base_only_when_the_defender_has_no_units():
    s = table({"field": ["fox-rifle-kit"]}, {"field": ["bdg-digger"]})
    assert Attack("red-01", "base") not in flow.legal_actions(s)
    with pytest.raises(IllegalAction, match="no units"):
        flow.apply(s, Attack("red-01", "base"))


def test_valid_targets_turfs_and_new_rules_do_not_protect_the_base():
    s = table({"field": ["fox-rifle-kit"]}, {"field": ["bdg-sett", "bdg-war-chest"]})
    legal = flow.legal_actions(s)
    assert Attack("red-01", "base") in legal and Attack("red-01", "blue-01") in legal
    assert Attack("red-01", "blue-02") not in legal           # a New Rule has no health: not a target


def test_attacking_attacks_per_turn_and_not_all_at_once():
    s = table({"field": ["fox-vixen-squad"]}, {"field": ["bdg-earthwork", "bdg-digger"]})  # 2 attacks
    s = _hit(s, "red-01", "blue-02")
    s = _hit(s, "red-01", "blue-01")                          # a second target, later in the turn
    with pytest.raises(IllegalAction, match="no attack left"):
        flow.apply(s, Attack("red-01", "blue-02"))
    s, _ = run(s, EndTurn(), EndTurn())
    assert flow.whose(s) == "red" and Attack("red-01", "blue-02") in flow.legal_actions(s)


def test_special_attacks_x_on_y():
    """Captain Rusty attacks 3 on 1: three attacks, one unique target a turn; Half-Track 4 on 2."""
    s = table({"field": ["fox-captain-rusty"]}, {"field": ["bdg-earthwork", "bdg-digger"]})
    s = _hit(s, "red-01", "blue-01")
    with pytest.raises(IllegalAction, match="3 on 1"):
        flow.apply(s, Attack("red-01", "blue-02"))
    s = _hit(_hit(s, "red-01", "blue-01"), "red-01", "blue-01")
    assert side(s, "blue").field[0].damage == 3               # 3 >= Earthwork's troop defense 3, three times
    s = table({"field": ["fox-half-track"]}, {"field": ["bdg-digger", "bdg-sett-guard", "bdg-mole-miner"]})
    s = _hit(_hit(s, "red-01", "blue-01"), "red-01", "blue-02")
    assert {a.target for a in flow.legal_actions(s) if isinstance(a, Attack)} <= {"blue-01", "blue-02"}


def test_special_attacks_direct_may_always_target_the_base():
    s = table({"field": ["fox-sharpshooter"]}, {"field": ["bdg-digger"]})
    s = _hit(s, "red-01", "base")
    assert side(s, "blue").base == 29


def test_special_attacks_explosive_cannot_be_dodged_equipment_too():
    """Explosive is a Card Type: a Grenade Belt's own attack cannot be dodged, the Kit Scout's can."""
    from feltbox.rules.tails_and_tactics.actions import Dodge
    s = table({"field": ["fox-kit-scout", ("fox-grenade-belt", {"attached_to": 0})]}, {"field": ["bdg-digger"]})
    assert "Explosive" in card_of(s, "red-02").card_types
    t, _ = run(s, Attack("red-02", "blue-01"))
    assert flow.legal_actions(t) == [Pass()]
    t, _ = run(s, Attack("red-01", "blue-01"))
    assert Dodge(0) in flow.legal_actions(t)


def test_card_types_equipment_attacks_separately_with_its_own_stats():
    """Bayonet (troop icon, attack [2, 1, 1], 1 attack) on a Kit Scout: two attacks a turn in all."""
    s = table({"field": ["fox-kit-scout", ("fox-bayonet", {"attached_to": 0})]}, {"field": ["bdg-digger", "bdg-earthwork"]})
    s = _hit(s, "red-01", "blue-01")
    s = _hit(s, "red-02", "blue-01")
    assert zone_of(s, "blue-01") == "discard"
    s = table({"field": ["fox-kit-scout", ("fox-bayonet", {"attached_to": 0})]}, {"field": ["bdg-tractor"]})
    s = _hit(s, "red-02", "blue-01")                          # Bayonet 1 against a Vehicle < its defense 3 against a Troop
    assert side(s, "blue").field[0].damage == 0


def test_card_types_equipment_needs_a_valid_unit():
    s = table({"field": ["fox-burrow-nest"], "hand": ["fox-bayonet"]}, {})
    assert not [a for a in flow.legal_actions(s) if isinstance(a, Deploy)]    # a Bayonet equips a Troop
    s, _ = run(s, Deploy("red-02"), Pass(), Pass())                             # deployed anyway: discarded
    assert zone_of(s, "red-02") == "discard"


def test_card_types_equipment_modifies_the_unit_it_is_attached_to():
    from feltbox.rules.tails_and_tactics import stats
    s = table({"field": ["fox-kit-scout", ("fox-bayonet", {"attached_to": 0})]}, {})
    assert stats.defense_value(s, "red-01", "troop") == 3


def test_card_types_turfs_take_damage_cannot_attack_and_give_lasting_effects():
    from feltbox.rules.tails_and_tactics import stats
    s = table({"field": ["fox-rifle-kit", "fox-thicket"]}, {"field": ["bdg-sett"]})
    assert stats.defense_value(s, "red-01", "troop") == 3      # Thicket: your Troops +1 defense
    assert all(a.source != "red-02" for a in flow.legal_actions(s) if isinstance(a, Attack))
    s = _hit(s, "red-01", "blue-01")                          # Rifle Kit's position attack 2 vs Sett 3: nothing
    assert side(s, "blue").field[0].damage == 0


def test_card_types_new_rules_last_while_in_play():
    from feltbox.rules.tails_and_tactics import stats
    s = table({"field": ["fox-supply-cache", "fox-night-raid"]}, {})
    assert stats.hand_limit(s, "red") == 8 and stats.draws_per_turn(s, "red") == 3
    assert stats.hand_limit(s, "blue") == 7 and stats.draws_per_turn(s, "blue") == 2


def test_deploying_units_requirements_paid_from_the_battlefield_in_the_same_action():
    s = table({"field": ["fox-kit-scout", "fox-rifle-kit"], "hand": ["fox-captain-rusty"]}, {})
    s, _ = run(s, Deploy("red-03", ("red-01", "red-02")))
    assert zone_of(s, "red-01") == "discard" and zone_of(s, "red-02") == "discard"   # paid at once
    s, _ = run(s, Pass(), Pass())
    assert zone_of(s, "red-03") == "field"
    assert Attack("red-03", "base") in flow.legal_actions(s)    # attacks as soon as it enters


def test_deploying_units_a_named_card_requirement():
    s = table({"field": ["fox-half-track", "fox-kit-scout"], "hand": ["fox-red-baron"]}, {})
    legal = [a for a in flow.legal_actions(s) if isinstance(a, Deploy)]
    assert legal == [Deploy("red-03", ("red-01",))]


def test_deploying_units_unmet_requirements_discarded_on_entry_without_effect():
    s = table({"field": ["fox-kit-scout"], "hand": ["fox-captain-rusty"]}, {})
    s, _ = run(s, Deploy("red-02", ("red-01",)), Pass(), Pass())
    assert zone_of(s, "red-02") == "discard" and zone_of(s, "red-01") == "field"   # nothing was paid


def test_objective_of_the_game_win_at_zero_base_health():
    s = table({"field": ["fox-rifle-kit"]}, {"base": 1})
    s = _hit(s, "red-01", "base")
    assert s.flow.phase == "over" and s.flow.winner == "red"
    assert flow.pending(s).winners == ("red",)
