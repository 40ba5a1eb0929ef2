"""Card Types - Events and Traps, and the house effect vocabulary: every effect kind a card uses is
implemented, and each is tried here on a real card."""
from __future__ import annotations

from feltbox.rules.tails_and_tactics import flow, stats
from feltbox.rules.tails_and_tactics.actions import Attack, EndTurn, Pass, PlayEvent, PlayTrap, SpringTrap
from feltbox.rules.tails_and_tactics.cards import INSTANT, LASTING, load_cards
from feltbox.rules.tails_and_tactics.state import side
from tests.tt_fixtures import run, table, zone_of

TESTED = {"destroy", "damage", "counter", "negate_attack", "no_dodge", "boost", "repair", "heal_base", "draw",
          "aura", "hand_limit", "extra_draw"}


def _resolve(state, *actions):
    return run(state, *actions, Pass(), Pass())[0]


def test_card_types_every_effect_kind_used_is_known_and_tested_here():
    used = {e.kind for c in load_cards().values() for e in c.effects}
    assert used <= set(INSTANT) | set(LASTING)
    assert used == TESTED


def test_effect_destroy_the_attacker():
    s = table({"field": ["fox-rifle-kit"]}, {"field": ["bdg-digger", ("bdg-landmine", {"face_up": False})]})
    s = _resolve(s, Attack("red-01", "blue-01"), SpringTrap("blue-02"))
    assert zone_of(s, "red-01") == "discard"


def test_effect_damage_an_enemy_card_and_the_attacker():
    s = table({"field": ["fox-rifle-kit"], "hand": ["fox-ambush-fire"]}, {"field": ["bdg-sett-guard"]})
    s = _resolve(s, PlayEvent("red-02", "blue-01"))
    assert side(s, "blue").field[0].damage == 1
    s = table({"field": ["fox-rifle-kit"]}, {"field": ["bdg-digger", ("bdg-spiked-ditch", {"face_up": False})]})
    s = _resolve(s, Attack("red-01", "blue-01"), SpringTrap("blue-02"))
    assert zone_of(s, "red-01") == "field" and side(s, "red").field[0].damage == 1   # Rifle Kit has 2 health


def test_effect_counter_an_event():
    s = table({"field": ["fox-rifle-kit"], "hand": ["fox-ambush-fire"]},
              {"field": ["bdg-sett-guard", ("bdg-false-tunnel", {"face_up": False})]})
    s = _resolve(s, PlayEvent("red-02", "blue-01"), SpringTrap("blue-02"))
    assert side(s, "blue").field[0].damage == 0 and zone_of(s, "red-02") == "discard"


def test_effect_negate_attack():
    s = table({"field": ["fox-rifle-kit"]}, {"base": 10, "field": [("bdg-tar-pit", {"face_up": False})]})
    s = _resolve(s, Attack("red-01", "base"), SpringTrap("blue-01"))
    assert side(s, "blue").base == 10


def test_effect_no_dodge_until_end_of_turn():
    s = table({"field": ["fox-rifle-kit", "fox-kit-scout"], "hand": ["fox-feint"], "draw": ["fox-forage"] * 4},
              {"field": ["bdg-digger"], "draw": ["bdg-digger"] * 4})
    s = _resolve(s, PlayEvent("red-03"))
    s, _ = run(s, Attack("red-01", "blue-01"))
    assert flow.legal_actions(s) == [Pass()]                 # blue cannot dodge this turn
    s = _resolve(s)
    s, _ = run(s, EndTurn())
    assert s.flow.no_dodge == ()


def test_effect_boost_attacks_attack_defense():
    s = table({"field": ["fox-kit-scout"], "hand": ["fox-quick-paws", "fox-rally"]}, {"field": ["bdg-earthwork"]})
    s = _resolve(s, PlayEvent("red-03", "red-01"))           # Rally: attack +2 -> position attack 1 + 2 = 3
    s = _resolve(s, PlayEvent("red-02", "red-01"))           # Quick Paws: 2 attacks
    s = _resolve(_resolve(s, Attack("red-01", "blue-01")), Attack("red-01", "blue-01"))
    assert side(s, "blue").field[0].damage == 2
    s = table({"field": ["fox-rifle-kit"]}, {"field": ["bdg-digger", ("bdg-dig-in", {"face_up": False})]})
    s, _ = run(s, Attack("red-01", "blue-01"), SpringTrap("blue-02", "blue-01"))   # Dig In: defense 2 + 2 = 4 > 3
    s = _resolve(s)
    assert side(s, "blue").field[0].damage == 0


def test_effect_boost_played_in_response_takes_effect_before_the_attack():
    """Rally in response to your own attack: it resolves first, so the attack uses the boost."""
    s = table({"field": ["fox-kit-scout"], "hand": ["fox-rally"]}, {"field": ["bdg-earthwork"]})
    s, _ = run(s, Attack("red-01", "blue-01"), Pass())
    s = _resolve(s, PlayEvent("red-02", "red-01"))
    assert side(s, "blue").field[0].damage == 1              # 1 + 2 >= 3


def test_effect_repair_heal_base_draw():
    s = table({"field": [("fox-rifle-kit", {"damage": 1})], "hand": ["fox-field-medic", "fox-reinforcements", "fox-forage"],
               "draw": ["fox-kit-scout"] * 3, "base": 29}, {})
    s = _resolve(s, PlayEvent("red-02", "red-01"))
    assert side(s, "red").field[0].damage == 0
    s = _resolve(s, PlayEvent("red-03"))
    assert side(s, "red").base == 30                          # never above the starting 30
    s = _resolve(s, PlayEvent("red-04"))
    assert len(side(s, "red").hand) == 2 and len(side(s, "red").draw) == 1


def test_effect_trap_played_face_up_from_the_hand():
    s = table({"field": ["fox-kit-scout"], "hand": ["fox-counterstrike"], "draw": ["fox-forage"]}, {"field": ["bdg-sniper"]})
    s = _resolve(s, PlayTrap("red-02", "blue-01"))
    assert zone_of(s, "blue-01") == "discard" and len(side(s, "red").hand) == 1


def test_effect_lasting_aura_hand_limit_extra_draw():
    s = table({"field": ["fox-scooter", "fox-motor-oil", "fox-kit-scout", ("fox-scope", {"attached_to": 2})]}, {})
    assert stats.attack_value(s, "red-01", "troop") == 4 and stats.attack_value(s, "red-03", "troop") == 3
    s = table({"field": ["bdg-iron-discipline"], "hand": ["bdg-digger"] * 8},
              {"field": ["fox-night-raid"], "draw": ["fox-forage"] * 5})
    s, _ = run(s, EndTurn())
    assert s.flow.seat == "blue" and len(side(s, "blue").hand) == 3   # Night Raid: draw 3
    assert len(side(s, "red").hand) == 8                              # Iron Discipline: limit 8, no discard
