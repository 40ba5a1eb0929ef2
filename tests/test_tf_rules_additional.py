"""Tail Feathers: Additional Rules (rulebook pp. 13-15): Action Cards, Structures (the ballista),
Tail Feathers, Death Spirals, Leaves (capacity). Foraging: test_tf_rules_activation."""
from __future__ import annotations

from dataclasses import replace

import pytest

from feltbox.rules.core import IllegalAction, Measured, PhysicsRequest
from feltbox.rules.tailfeathers.activation import Activate, AttackWith, EndActivation, EndMove
from feltbox.rules.tailfeathers.cards import PlayCard
from feltbox.rules.tailfeathers.combat import normal_targets
from feltbox.rules.tailfeathers.flight import Fly, Perch
from feltbox.rules.tailfeathers.state import CASUALTY, FLYING
from feltbox.rules.tailfeathers.stats import can_enter
from tests.test_tf_rules_flight import FLY
from tests.tf_fixtures import apply, at_activation, cheese, flying, game, legal_actions, pending, play, put, roll

HANDS = (("mouse", ("tailwind", "preen", "rally", "bullseye", "scrounge", "build_ballista", "sprint")),
         ("rat", ("dive", "rook_bash", "stab", "battle_cry", "rations", "douse", "build_ballista")))


def cards_game(**kw):
    return at_activation(game(rules=("action_cards", "structures"), hands=HANDS, **kw))


def test_ACTION_CARDS_cost_requirement_one_per_turn_hero_cards_to_refresh():
    s = cards_game()
    s = play(s, Activate("oakguard", ("oakguard-1",)))
    opts = [a.card for a in legal_actions(s) if isinstance(a, PlayCard)]
    assert "scrounge" in opts and "sprint" not in opts               # Sprint costs 1 cheese: none yet
    assert "tailwind" not in opts and "rally" not in opts             # bird / pilot requirements
    s = play(s, PlayCard("scrounge"))
    p = s.data.player("mouse")
    assert p.cheese == 1 and "scrounge" in p.refresh and "scrounge" not in p.hand
    assert not any(isinstance(a, PlayCard) for a in legal_actions(s))   # one card per turn


def test_ACTION_CARDS_bird_cards_need_flight_and_stay_until_the_bird_perches(path):
    s = flying(cards_game())
    s = play(s, Activate("aerijin", ("aerijin",)))
    assert PlayCard("tailwind") in legal_actions(s)
    s = play(s, PlayCard("tailwind"))                                 # move bonus +1
    assert {len(a.templates) for a in legal_actions(s) if isinstance(a, Fly)} == {2, 3, 4}     # move 3 + 1
    assert s.data.unit("aerijin").held_cards == ("tailwind",)
    path["cross"] = [(20.0, "space", "c-1")]
    s = play(play(s, FLY), Perch())
    assert s.data.unit("aerijin").held_cards == () and "tailwind" in s.data.player("mouse").refresh


def test_STRUCTURES_build_ballista_activates_only_with_its_figures_extended_range():
    s = put(cheese(cards_game(), "mouse", 3), "oakguard-4", where="m-nest")   # room on m-b3
    s = play(s, Activate("oakguard", ("oakguard-1",)))
    s = play(s, PlayCard("build_ballista"))
    b = s.data.figure("ballista-mouse")
    assert b.where == "m-b3" and s.data.unit("ballista-mouse").activated    # not the round it is built
    s = replace(s, data=s.data.with_unit(replace(s.data.unit("ballista-mouse"), activated=False)))
    s = play(play(s, EndMove()), EndActivation())
    s = play(play(play(s, Activate("staborah", ("staborah",))), EndMove()), EndActivation())
    assert Activate("ballista-mouse", ("ballista-mouse",)) in legal_actions(s)   # 3 oakguard with it
    assert ("grizzard", "ranged") in normal_targets(s, s.data.figure("ballista-mouse"))   # anywhere
    s2 = put(put(put(s, "oakguard-2", where="m-nest"), "oakguard-3", where="m-nest"), "oakguard-4", where="m-nest")
    assert Activate("ballista-mouse", ("ballista-mouse",)) not in legal_actions(s2)


def test_TAIL_FEATHERS_dropped_by_physics_removed_on_spaces_block_sight_rattle_and_expire(path):
    s = at_activation(game(rules=("tail_feathers",)))
    s = flying(s, "grizzard", pose=(50.0, 45.0, 0.0))
    path["cross"] = [(15.0, "flying", "grizzard")]
    s = play(play(flying(s), Activate("aerijin", ("aerijin",))), FLY)
    assert pending(s) == PhysicsRequest("feathers", {"bird": "aerijin", "count": 1, "at": [50.0, 70.0, 90.0]})
    with pytest.raises(IllegalAction):
        apply(s, EndActivation())
    on_space = play(s, Measured({"landed": [[44.0, 50.0, 0.0]]}))        # on c-1: removed
    assert on_space.data.feathers == ()
    s = play(s, Measured({"landed": [[50.0, 80.0, 10.0]]}))
    assert [f.id for f in s.data.feathers] == ["feather-1"]
    from feltbox.rules.tailfeathers.stats import blockers
    assert "feather-1" in [b.id for b in blockers(s)]
    from feltbox.rules.tailfeathers.feathers import reset_feathers
    once = reset_feathers(s, [])
    assert once.data.feathers[0].notched and reset_feathers(once, []).data.feathers == ()
    s = play(s, EndActivation())
    s = flying(s, "wrunk", pose=(50.0, 90.0, 270.0))
    path["cross"], path["end"] = [(5.0, "feather", "feather-1")], (30.0, 60.0, 270.0)
    s = play(s, Activate("wrunk", ("wrunk",)))
    s = play(s, [a for a in legal_actions(s) if isinstance(a, Fly) and a.tilt == "center"][0])
    assert s.data.unit("wrunk").rattled and s.data.feathers == ()


def test_DEATH_SPIRALS_battle_difference_in_wounds_and_pivot_apart(path):
    s = at_activation(game(rules=("death_spirals",)))
    s = flying(s, "grizzard", pose=(50.0, 45.0, 0.0))
    path["cross"] = [(15.0, "flying", "grizzard")]
    s = play(play(flying(s), Activate("aerijin", ("aerijin",))), FLY)
    assert pending(s).spec == {"dice": 5, "why": "spiral", "player": "mouse"}   # battle 3 + melee 2
    s = roll(s, "sword_mark", "sword_shield", "sword_shield_mark", "bow", "bow")  # 3
    assert pending(s).spec == {"dice": 6, "why": "spiral", "player": "rat"}     # battle 3 + Snag 3
    s = roll(s, "sword_mark", "bow", "bow", "bow", "cheese", "bow_mark")         # 1
    assert s.data.unit("grizzard").wounds == 2 and s.data.unit("aerijin").wounds == 0
    assert s.data.figure("aerijin").where == FLYING and s.data.spirals == ()
    assert not any(isinstance(a, AttackWith) for a in legal_actions(s))          # no normal attack


def test_DEATH_SPIRALS_tie_entangles_second_tie_plummets(path):
    s = at_activation(game(rules=("death_spirals",)))
    s = flying(s, "grizzard", pose=(50.0, 45.0, 0.0))
    path["cross"] = [(15.0, "flying", "grizzard")]
    s = play(play(flying(s), Activate("aerijin", ("aerijin",))), FLY)
    s = roll(s, "sword_mark", "bow", "bow", "bow", "bow")                         # Aerijin: 5 dice, 1
    s = roll(s, "sword_mark", "bow", "bow", "bow", "bow", "bow")                  # tie
    assert s.data.spirals == (("aerijin", "grizzard"),)
    assert s.data.unit("aerijin").wounds == 1 and s.data.unit("grizzard").wounds == 1
    s = play(s, EndActivation())
    assert not any(t == "aerijin" for t, _ in normal_targets(s, s.data.figure("wrunk")))   # cannot be targeted
    s = play(s, Activate("grizzard", ("grizzard",)))
    assert pending(s).spec["why"] == "spiral"
    s = roll(s, "bow", "bow", "bow", "bow", "bow", "bow")
    s = roll(s, "bow", "bow", "bow", "bow", "bow")                                 # tie again
    assert s.data.figure("aerijin").where == CASUALTY and s.data.figure("grizzard").where == CASUALTY


def test_DEATH_SPIRALS_rolling_cheese_excess_may_be_re_rolled_in_the_battle(path):
    """Rolling Cheese applies "when attacking or defending, including special attacks": the death
    spiral battle roll too. Aerijin's player has 5 cheese and rolls 2 cheese (of 5 dice: battle 3
    + melee 2): 1 fits, 1 is excess and may be re-rolled (0 or 1); re-rolled to a sword, Aerijin's
    total is 1 (sword_mark) + 1 = 2."""
    from feltbox.rules.tailfeathers.dice import RerollCheese
    s = at_activation(game(rules=("death_spirals",)))
    s = replace(s, data=s.data.with_player(replace(s.data.player("mouse"), cheese=5)))
    s = flying(s, "grizzard", pose=(50.0, 45.0, 0.0))
    path["cross"] = [(15.0, "flying", "grizzard")]
    s = play(play(flying(s), Activate("aerijin", ("aerijin",))), FLY)
    s = roll(s, "sword_mark", "bow", "cheese", "cheese", "bow")
    assert s.data.player("mouse").cheese == 6
    assert pending(s).player == "mouse" and legal_actions(s) == [RerollCheese(0), RerollCheese(1)]
    s = play(s, RerollCheese(1))
    assert pending(s).spec == {"dice": 1, "why": "spiral", "player": "mouse"}
    s = roll(s, "sword_shield")
    assert pending(s).spec == {"dice": 6, "why": "spiral", "player": "rat"}      # Aerijin's roll is done
    s = roll(s, "bow", "bow", "bow", "bow", "bow", "bow")                          # 0
    assert s.data.unit("grizzard").wounds == 2                                     # 2 - 0


def test_ACTION_CARDS_one_card_on_each_players_turn_for_every_player(path):
    """Action Cards: "You cannot play more than 1 action card on each player's turn" (and "if 2
    or more action cards would ever be played at the same time, the first player decides"):
    the limit is each player's, on every turn, not only the active player's. On the mice's turn
    Aerijin plays Tailwind (activation start), then crosses Grizzard: a death spiral, where both
    birds attack. The mice have played their card this turn: Aerijin rolls battle 3 + melee 2 = 5
    dice at once. The rats have not: before Grizzard's roll they may play a before-attack card
    that fits a flying rook (Dive +1, Rook Bash +2) or none; Rook Bash: 3 + 3 + 2 = 8 dice, the
    card held by Grizzard's unit card (a bird card)."""
    s = flying(at_activation(game(rules=("action_cards", "death_spirals"), hands=HANDS)))
    s = flying(s, "grizzard", pose=(50.0, 45.0, 0.0))
    path["cross"] = [(15.0, "flying", "grizzard")]
    s = play(play(s, Activate("aerijin", ("aerijin",))), PlayCard("tailwind"))
    s = play(s, Fly(("short", "long"), "center"))
    assert pending(s).spec == {"dice": 5, "why": "spiral", "player": "mouse"}    # no second mouse card
    s = roll(s, "sword_mark", "sword_shield", "bow", "bow", "bow")                 # 2
    assert pending(s).player == "rat"
    assert legal_actions(s) == [PlayCard("dive"), PlayCard("rook_bash"), PlayCard("")]
    s = play(s, PlayCard("rook_bash"))
    assert pending(s).spec == {"dice": 8, "why": "spiral", "player": "rat"}
    assert "rook_bash" not in s.data.player("rat").hand and s.data.unit("grizzard").held_cards == ("rook_bash",)
    assert s.flow.cards_played == ("mouse", "rat")


def test_ACTION_CARDS_a_death_spiral_card_window_may_play_none(path):
    """The same spiral without the mice's Tailwind: the mice may play a card before Aerijin's
    roll too if one fits (their hand has none for a flying blue jay without cheese: no window);
    the rats choose none: Grizzard rolls its 6 dice and keeps its cards."""
    s = flying(at_activation(game(rules=("action_cards", "death_spirals"), hands=HANDS)))
    s = flying(s, "grizzard", pose=(50.0, 45.0, 0.0))
    path["cross"] = [(15.0, "flying", "grizzard")]
    s = play(play(s, Activate("aerijin", ("aerijin",))), Fly(("short", "long"), "center"))
    assert pending(s).spec == {"dice": 5, "why": "spiral", "player": "mouse"}   # battle 3 + melee 2
    s = roll(s, "sword_mark", "sword_shield", "bow", "bow", "bow")
    s = play(s, PlayCard(""))
    assert pending(s).spec == {"dice": 6, "why": "spiral", "player": "rat"}
    assert "rook_bash" in s.data.player("rat").hand and s.flow.cards_played == ()


def test_LEAVES_hold_three_small_figures_and_no_large_ones():
    s = at_activation(game(rules=("leaves",)))
    for k in (1, 2, 3):
        s = put(s, f"oakguard-{k}", where="c-leaf")
    assert not can_enter(s, s.data.figure("oakguard-4"), "c-leaf")
    s = put(s, "oakguard-3", where="c-2")
    assert can_enter(s, s.data.figure("oakguard-4"), "c-leaf")
    assert not can_enter(s, s.data.figure("aerijin"), "c-leaf")


def _leaf_turn(s):
    s = put(s, "oakguard-1", where="c-leaf")
    return play(play(s, Activate("oakguard", ("oakguard-1",))), EndMove())


def test_LEAVES_cutting_loose_spins_by_die_plus_figures_and_blocks_sight():
    from feltbox.rules.tailfeathers.leaves import CutLeaf
    from feltbox.rules.tailfeathers.stats import blockers, space
    s = _leaf_turn(at_activation(game(rules=("leaves",))))
    assert CutLeaf("oakguard-1", "t-rat") in legal_actions(s)
    assert CutLeaf("oakguard-1", "t-mid") not in legal_actions(s)      # its own tree
    s = play(s, CutLeaf("oakguard-1", "t-rat"))
    assert pending(s) == PhysicsRequest("roll", {"dice": 1, "why": "leaf", "player": "mouse"})
    s = roll(s, "bow")                                                 # 1 + 1 figure = 2 spins
    leaf = s.data.leaves[0]
    cx = sum(p[0] for p in leaf.polygon) / 4
    # The holes sit 0.8 inside the tips of the 6 x 8 leaf's diagonal: (60.48, 46.64), (65.52, 53.36),
    # 8.4 apart; the stem end (nearer c-2) is the first. Pointed at t-rat's trunk centre (88, 88):
    # u = (27.52, 41.36) / |.|; the centroid (the diagonal's middle) is then at h0 + 4.2 u, and two
    # 180-degree spins about the holes move it 2 * 8.4 u further: h0 + 21 u.
    assert cx == pytest.approx(60.48 + 21 * 27.52 / (27.52 ** 2 + 41.36 ** 2) ** 0.5)
    assert space(s, "c-leaf").polygon == leaf.polygon and space(s, "c-leaf").adjacent == ()
    assert "c-leaf" in [b.id for b in blockers(s)]
    assert not any(isinstance(a, AttackWith) for a in legal_actions(s))   # it replaced the attack
    assert _leaf_turn(at_activation(game())) and not any(                  # only with the rule
        isinstance(a, CutLeaf) for a in legal_actions(_leaf_turn(at_activation(game()))))


def test_LEAVES_drift_again_in_the_final_phase_landing_on_a_tree_excess_to_casualties():
    from feltbox.rules.tailfeathers.final import start_final
    from feltbox.rules.tailfeathers.leaves import CutLeaf
    s = _leaf_turn(at_activation(game(rules=("leaves",))))
    s = roll(play(s, CutLeaf("oakguard-1", "t-rat")), "bow")
    s = start_final(s, [])
    assert pending(s).spec == {"dice": 1, "why": "leaf", "player": "mouse"}
    s = roll(s, "sword_shield_mark")                                   # 4 + 1: reaches the rat tree
    assert s.data.leaves == ()                                         # back on its branch
    assert s.data.figure("oakguard-1").where == CASUALTY               # r-b2 holds Wrunk (large)
    assert s.flow.phase == "mission"


def test_LEAVES_an_empty_drifting_leaf_returns_to_its_branch():
    from feltbox.rules.tailfeathers.leaves import CutLeaf
    s = _leaf_turn(at_activation(game(rules=("leaves",))))
    s = roll(play(s, CutLeaf("oakguard-1", "t-rat")), "bow")
    s = play(s, EndActivation())
    s = put(s, "oakguard-1", where=CASUALTY)
    s = play(play(play(s, Activate("staborah", ("staborah",))), EndMove()), EndActivation())
    assert s.data.leaves == ()


def test_ACTION_CARDS_start_with_7_unique_cards_60_house_cards():
    from feltbox.rules.tailfeathers import data as tables
    cards = tables.action_cards()
    assert len(cards) == 60 and sum(c["kind"] == "bird" for c in cards.values()) == 21
    with pytest.raises(ValueError):
        game(rules=("action_cards",), hands=(("mouse", ("preen", "preen")),))
    s = game(rules=("action_cards",), hands=HANDS)
    assert len(s.data.player("rat").hand) == 7


def test_DEATH_SPIRALS_grudge_marker_rerolls_any_dice_once_keeping_the_second_result(path):
    from feltbox.rules.tailfeathers.spirals import Grudge
    s = at_activation(game(rules=("death_spirals",), grudges=("aerijin",)))
    s = flying(s, "grizzard", pose=(50.0, 45.0, 0.0))
    path["cross"] = [(15.0, "flying", "grizzard")]
    s = play(play(flying(s), Activate("aerijin", ("aerijin",))), FLY)
    s = roll(s, "sword_mark", "bow", "bow", "cheese", "bow_mark")  # 5 dice (battle 3 + melee 2): 1 hit
    assert pending(s).player == "mouse" and Grudge(("bow", "bow")) in legal_actions(s)
    assert Grudge(()) in legal_actions(s)
    s = play(s, Grudge(("bow", "bow")))
    assert not s.data.unit("aerijin").grudge
    assert pending(s).spec == {"dice": 2, "why": "spiral", "player": "mouse"}
    s = roll(s, "sword_mark", "sword_shield")                    # 1 + 2 = 3 hits
    s = roll(s, "bow", "bow", "bow", "bow", "bow", "bow")        # Grizzard (no grudge): 0
    assert s.data.unit("grizzard").wounds == 3
