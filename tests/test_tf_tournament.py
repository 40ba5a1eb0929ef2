"""``feltbox tournament tailfeathers`` (issue 12): rule uses counted from a battle's public event
log, and a real two-seed Show of Force tournament whose JSON holds wins per side, battle lengths
and how often each rule was used."""
from __future__ import annotations

import json

import pytest

from feltbox.game.cli.main import main
from feltbox.game.tailfeathers.tournament import MISSIONS, RULE_EVENTS, count_battle


def _log(*entries: dict) -> list[str]:
    return [json.dumps({"turn": 0, **e}) for e in entries]


def test_rule_uses_and_missions_are_counted_from_the_event_log():
    log = _log({"event": "perched", "figure": "aerijin", "space": "sw.b2a"},
               {"event": "scurried", "figure": "oakguard-1"}, {"event": "scurried", "figure": "oakguard-2"},
               {"event": "action card", "player": "mouse", "card": "tailwind", "unit": "aerijin"},
               {"event": "attack", "attacker": "aerijin", "group": True, "kind": "melee"},        # a swoop
               {"event": "attack", "attacker": "oakguard-1", "group": False, "kind": "ranged"},
               {"event": "attack", "attacker": "ballista-rat", "group": False, "kind": "ranged"},
               {"event": "flew off the battlefield", "figure": "wrunk"},
               {"event": "mission revealed", "player": "mouse", "mission": "siege"},
               {"event": "mission revealed", "player": "rat", "mission": "decoy"},
               {"event": "mission figures home", "player": "rat", "figures": ["rat-squad-1"]},
               {"event": "siege", "figure": "oakguard-3", "space": "ne.b1a"},
               {"event": "siege", "figure": "oakguard-4", "space": "ne.b1b"},
               {"event": "round over", "round": 1},
               {"event": "mission revealed", "player": "rat", "mission": "patrol"},
               {"event": "attack", "attacker": "mission:patrol", "group": True, "kind": "ranged"})
    out = count_battle(log)
    # by hand: 1 perch, 2 scurries, 1 card, 1 swoop (the group attack of a bird), 1 ballista
    # attack, 1 fly-off; missions: siege chosen and completed once (two figures, one mission),
    # decoy chosen and completed (its figures went home), patrol chosen and rolled
    assert out["rules"] == {"perch": 1, "scurry": 2, "action_card": 1, "swoop": 1, "ballista_attack": 1,
                            "fly_off": 1}
    assert out["cards"] == {"tailwind": 1}
    assert out["missions"]["siege"] == {"chosen": 1, "completed": 1}
    assert out["missions"]["decoy"] == {"chosen": 1, "completed": 1}
    assert out["missions"]["patrol"] == {"chosen": 1, "completed": 1}
    assert out["missions"]["rescue"] == {"chosen": 0, "completed": 0}


@pytest.mark.physics
def test_a_two_seed_show_of_force_tournament_reports_wins_lengths_and_rule_uses(capsys):
    assert main(["tournament", "tailfeathers", "show_of_force", "--seeds", "2", "--workers", "1"]) == 0
    report = json.loads(capsys.readouterr().out)
    scene = report["scenes"]["show_of_force"]
    assert report["seeds"] == [1, 2] and scene["battles"] == 2 and scene["errors"] == 0
    assert sum(scene["wins"].values()) == 2 and set(scene["wins"]) <= {"mouse", "rat", "none"}
    for key in ("decisions", "turns", "rounds", "wall_s"):
        assert scene[key]["min"] <= scene[key]["mean"] <= scene[key]["max"]
    assert set(RULE_EVENTS) <= set(scene["rules"]) and set(scene["missions"]) == set(MISSIONS)
    battles = report["battles"]
    for rule, use in scene["rules"].items():      # the summary is the mean of the two battles
        counts = [b["rules"].get(rule, 0) for b in battles]
        assert use["per_battle"] == round(sum(counts) / 2, 2)
        assert use["battles_share"] == sum(c > 0 for c in counts) / 2
    assert scene["fly_offs_per_battle"] == scene["rules"]["fly_off"]["per_battle"]
    assert len(scene["action_cards"]) >= 7        # every card in a hand is listed, used or not
    for b in battles:
        assert b["winners"] and b["decisions"] >= b["turns"] >= 1 and b["rounds"] >= 1
        assert b["missions"]["siege"]["completed"] <= b["missions"]["siege"]["chosen"]


@pytest.mark.physics
def test_check_agreement_counts_where_rules_and_table_disagree_in_each_battle(capsys):
    # --check-agreement was accepted and ignored by the Tail Feathers tournament: now each
    # battle reports its disagreeing actions (game/tailfeathers/agreement.py after every action),
    # and the scene their sum; without the flag neither is reported.
    assert main(["tournament", "tailfeathers", "show_of_force", "--seeds", "1", "--workers", "1",
                 "--check-agreement"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["battles"][0]["disagreeing_actions"] == 0
    assert report["scenes"]["show_of_force"]["disagreeing_actions"] == 0
    assert main(["tournament", "tailfeathers", "show_of_force", "--seeds", "1", "--workers", "1"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert "disagreeing_actions" not in report["battles"][0]
    assert "disagreeing_actions" not in report["scenes"]["show_of_force"]
