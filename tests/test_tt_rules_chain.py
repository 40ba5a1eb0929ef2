"""Actions and Timing (the chain), Your Opponent's Turn (dodging, traps in the opponent's turn),
Events, Traps, and Other Shenanigans: rulebook sections of Tails and Tactics."""
from __future__ import annotations

import pytest

from feltbox.rules.core import IllegalAction
from feltbox.rules.tails_and_tactics import flow
from feltbox.rules.tails_and_tactics.actions import Attack, Dodge, EndTurn, Pass, PlayEvent, PlayTrap, SetTrap, SpringTrap
from feltbox.rules.tails_and_tactics.state import side
from tests.tt_fixtures import run, table, texts, zone_of


def _attack_table(**extra):
    red = {"field": ["fox-rifle-kit"], "hand": ["fox-cunning-plan"]}
    blue = {"field": ["bdg-digger", ("bdg-landmine", {"face_up": False})]}
    red.update(extra.get("red", {}))
    blue.update(extra.get("blue", {}))
    return table(red, blue)


def test_actions_and_timing_chain_example():
    """The rulebook's example: you attack, the opponent springs a Trap that would destroy your unit,
    you play an Event that counters the Trap: the unit attacks as normal. Rifle Kit (3 against a
    Troop) on Digger (Troop defense 2, health 2): 1 damage."""
    s, _ = run(_attack_table(), Attack("red-01", "blue-01"))
    assert flow.whose(s) == "blue"
    s, _ = run(s, SpringTrap("blue-02"))
    assert [i.kind for i in s.flow.chain] == ["attack", "trap"]
    assert flow.whose(s) == "red"
    s, _ = run(s, PlayEvent("red-02"))
    assert [i.kind for i in s.flow.chain] == ["attack", "trap", "event"]
    s, ev = run(s, Pass(), Pass())
    assert s.flow.chain == ()
    assert zone_of(s, "red-01") == "field"                      # the trap did nothing
    assert side(s, "blue").field[0].damage == 1                 # the unit attacked as normal
    assert zone_of(s, "blue-02") == "discard" and zone_of(s, "red-02") == "discard"
    assert any("countered" in t for t in texts(ev))


def test_actions_and_timing_trap_before_the_attack_destroys_the_attacker():
    """Without the counter the Trap takes effect immediately before the attack: no attack."""
    s, _ = run(_attack_table(), Attack("red-01", "blue-01"), SpringTrap("blue-02"), Pass(), Pass())
    assert zone_of(s, "red-01") == "discard"
    assert side(s, "blue").field[0].damage == 0
    assert flow.whose(s) == "red" and s.flow.chain == ()


def test_actions_and_timing_both_pass_resolves_top_down_and_priority_alternates():
    s, _ = run(_attack_table(), Attack("red-01", "blue-01"))
    assert s.flow.priority == "blue"
    s, _ = run(s, Pass())
    assert s.flow.priority == "red" and len(s.flow.chain) == 1
    s, _ = run(s, Pass())
    assert s.flow.chain == () and side(s, "blue").field[0].damage == 1


def test_actions_and_timing_only_pass_when_no_response_is_possible():
    s, _ = run(table({"field": ["fox-rifle-kit"]}, {"field": ["bdg-earthwork"]}), Attack("red-01", "blue-01"))
    assert flow.legal_actions(s) == [Pass()]            # a Position cannot dodge, no traps, no events


def test_actions_and_timing_a_response_needs_an_open_chain_and_the_opponent_acts_only_in_response():
    s = _attack_table()
    assert flow.whose(s) == "red"
    with pytest.raises(IllegalAction):
        flow.apply(s, Pass())
    s, _ = run(s, Attack("red-01", "blue-01"))
    with pytest.raises(IllegalAction):
        flow.apply(s, EndTurn())                        # the chain is open


def test_your_opponents_turn_dodge_sends_the_hit_to_the_base():
    s, _ = run(table({"field": ["fox-rifle-kit"]}, {"field": ["bdg-digger"]}), Attack("red-01", "blue-01"))
    assert Dodge(0) in flow.legal_actions(s)
    s, _ = run(s, Dodge(0), Pass(), Pass())
    assert side(s, "blue").field[0].damage == 0 and side(s, "blue").base == 29


def test_your_opponents_turn_dodge_positions_and_turfs_cannot_dodge():
    s, _ = run(table({"field": ["fox-rifle-kit"]}, {"field": ["bdg-earthwork", "bdg-sett"]}), Attack("red-01", "blue-01"))
    with pytest.raises(IllegalAction, match="Position"):
        flow.apply(s, Dodge(0))
    s, _ = run(table({"field": ["fox-rifle-kit"]}, {"field": ["bdg-sett"]}), Attack("red-01", "blue-01"))
    with pytest.raises(IllegalAction, match="Turfs cannot dodge"):
        flow.apply(s, Dodge(0))


def test_your_opponents_turn_dodge_not_against_explosive_or_direct():
    for attacker in ("fox-sapper", "fox-sharpshooter"):
        s, _ = run(table({"field": [attacker]}, {"field": ["bdg-digger"]}), Attack("red-01", "blue-01"))
        with pytest.raises(IllegalAction, match="cannot be dodged"):
            flow.apply(s, Dodge(0))
        assert flow.legal_actions(s) == [Pass()]


def test_your_opponents_turn_dodge_an_attack_only_once_and_the_attacker_may_answer_it():
    """House: either player may respond to a dodge; Feint (no_dodge) counters it."""
    s, _ = run(table({"field": ["fox-rifle-kit"], "hand": ["fox-feint"]}, {"field": ["bdg-digger"]}),
               Attack("red-01", "blue-01"), Dodge(0))
    assert PlayEvent("red-02") in flow.legal_actions(s)
    s, _ = run(s, PlayEvent("red-02"), Pass())
    assert Dodge(0) not in flow.legal_actions(s)
    s, _ = run(s, Pass())
    assert side(s, "blue").base == 30 and side(s, "blue").field[0].damage == 1
    assert "blue" in s.flow.no_dodge


def test_your_opponents_turn_traps_sprung_during_the_opponents_turn():
    s, _ = run(table({"field": ["fox-rifle-kit"]}, {"field": ["bdg-digger", ("bdg-tar-pit", {"face_up": False})]}),
               Attack("red-01", "blue-01"))
    assert SpringTrap("blue-02") in flow.legal_actions(s)
    s, _ = run(s, SpringTrap("blue-02"), Pass(), Pass())
    assert side(s, "blue").field[0].damage == 0          # negated
    assert zone_of(s, "blue-02") == "discard"


def test_events_traps_and_other_shenanigans_events_only_during_your_turn():
    s, _ = run(table({"field": ["fox-rifle-kit"]}, {"field": ["bdg-digger"], "hand": ["bdg-barrage"]}),
               Attack("red-01", "blue-01"))
    assert all(not isinstance(a, PlayEvent) for a in flow.legal_actions(s))
    with pytest.raises(IllegalAction, match="only during your turn"):
        flow.apply(s, PlayEvent("blue-02", "red-01"))


def test_card_types_traps_face_up_as_an_event_or_set_face_down():
    s = table({"field": ["fox-rifle-kit"], "hand": ["fox-pitfall", "fox-snare"]}, {"field": ["bdg-digger"]})
    s, _ = run(s, PlayTrap("red-02", "blue-01"), Pass(), Pass())
    assert zone_of(s, "blue-01") == "discard"           # Pitfall: 2 damage to a 2-health Digger
    s, ev = run(s, SetTrap("red-03"))
    assert side(s, "red").field[-1].face_up is False
    assert "sets a trap face down" in texts(ev)[-1] and "Snare" not in " ".join(texts(ev))
    s, _ = run(s, Pass(), Pass())
    assert zone_of(s, "red-03") == "field"


def test_card_types_events_effects_end_at_the_end_of_the_turn():
    s = table({"field": ["fox-kit-scout"], "hand": ["fox-rally"], "draw": ["fox-forage"] * 4}, {"field": ["bdg-earthwork"]})
    s, _ = run(s, PlayEvent("red-02", "red-01"), Pass(), Pass())
    assert s.flow.boosts and s.flow.boosts[0].amount == 2
    s, _ = run(s, EndTurn())
    assert s.flow.boosts == () and s.flow.seat == "blue"


def test_actions_and_timing_counter_needs_an_enemy_event_or_trap():
    s = table({"field": ["fox-kit-scout"], "hand": ["fox-cunning-plan"]}, {"field": ["bdg-digger"]})
    with pytest.raises(IllegalAction, match="needs an enemy Event or Trap"):
        flow.apply(s, PlayEvent("red-02"))


def test_illegal_action_leaves_the_state_untouched():
    s = _attack_table()
    before = repr(s)
    with pytest.raises(IllegalAction):
        flow.apply(s, Attack("red-01", "base"))          # blue has a unit
    assert repr(s) == before


def test_objective_of_the_game_a_dodged_hit_can_empty_the_base():
    """Base Health is also lost by dodging: at 1, a dodge loses the game."""
    s = table({"field": ["fox-rifle-kit"]}, {"field": ["bdg-digger"], "base": 1})
    s, _ = run(s, Attack("red-01", "blue-01"), Dodge(0), Pass(), Pass())
    assert s.flow.phase == "over" and s.flow.winner == "red" and side(s, "blue").base == 0
    assert flow.legal_actions(s) == [] and flow.whose(s) is None
