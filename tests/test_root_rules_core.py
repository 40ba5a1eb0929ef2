"""The core rules the two factions rest on (Law 1-5 as summarised in ../shared/game-facts.md and
public copies of the Law): the deck and map data, rule, moving, battle with the two d12s, ambushes,
crafting, drawing, winning at 30 VP and the house round limit."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from feltbox.rules.core import GameOver, IllegalAction, Measured, PhysicsRequest, from_json, state_hash, to_json
from feltbox.rules.root import actions as A
from feltbox.rules.root import board, flow
from feltbox.rules.root.data import DATA, RootDataError, load, tables
from feltbox.rules.root.state import CORVIDS, DUCHY, RootState
from tests.root_fixtures import card_of, cards_of, decide, play, position, roll, with_data

FOX, RABBIT, MOUSE = "fox", "rabbit", "mouse"


def test_2_1_deck_54_cards_by_suit_with_five_ambushes_and_four_dominance():
    cards = tables().cards
    assert len(cards) == 54
    assert Counter(c.suit for c in cards.values()) == {"bird": 14, "fox": 14, "rabbit": 13, "mouse": 13}
    assert sorted(c.suit for c in cards.values() if c.kind == "ambush") == ["bird", "bird", "fox", "mouse", "rabbit"]
    assert sorted(c.suit for c in cards.values() if c.kind == "dominance") == ["bird", "fox", "mouse", "rabbit"]


def test_5_1_3_two_players_remove_dominance_and_draw_three():
    s = flow.new_game(9)
    assert len(s.data.pile) + 6 == 50 and all(len(h) == 3 for h in s.data.hands.values())
    assert not any(tables().card(c).kind == "dominance" for c in s.data.pile + s.data.hands[DUCHY] + s.data.hands[CORVIDS])


def test_5_1_5_item_supply():
    assert tables().items == {"boots": 2, "satchel": 2, "crossbow": 1, "hammer": 1, "sword": 2, "tea": 2, "coins": 2}


def test_2_2_autumn_map_18_paths_corners_and_ruins():
    cl = tables().clearings
    paths = {tuple(sorted((c.id, p))) for c in cl.values() for p in c.paths}
    assert len(paths) == 18 and (10, 12) in paths and (1, 3) not in paths
    assert tables().opposite == {1: 3, 3: 1, 2: 4, 4: 2}
    assert sorted(i for i, c in cl.items() if c.ruin) == [6, 10, 11, 12]
    s = position("duchy_assembly")
    assert board.open_slots(s.data, 11) == 2 and board.open_slots(s.data, 2) == 2


def test_data_errors_name_file_line_and_field(tmp_path: Path):
    for name in ("map.toml", "cards.toml", "factions.toml"):
        (tmp_path / name).write_text((DATA / name).read_text(encoding="utf-8"), encoding="utf-8")
    text = (tmp_path / "cards.toml").read_text(encoding="utf-8").replace('cost = ["fox", "fox"]', 'cost = ["frog"]', 1)
    (tmp_path / "cards.toml").write_text(text, encoding="utf-8")
    line = text.splitlines().index('cost = ["frog"]') + 1
    with pytest.raises(RootDataError, match=rf"cards.toml:{line}: card\[\d+\]\.cost: must list suits"):
        load(tmp_path)


@pytest.mark.parametrize("name, old, new, message", [
    ("map.toml", "paths = [5, 9, 10]", "paths = [5, 9]", r"map.toml:\d+: clearing\[9\]\.paths: path 10-1 is listed at 10"),
    ("map.toml", 'suit = "fox"', 'suit = "frog"', r"map.toml:9: clearing\[0\]\.suit: must be one of"),
    ("factions.toml", "round_limit = 25", "round_limit = 0", r"factions.toml:\d+: game\.round_limit: must be a whole number"),
    ("factions.toml", "die_faces = [0, 0, 0,", "die_faces = [0, 0, 9,", r"factions.toml:\d+: game\.die_faces: a twelve"),
    ("cards.toml", "\nhouse = true", "\nhouse = false", r"cards.toml:\d+: house: must be `house = true`"),
])
def test_data_errors_in_each_file(tmp_path: Path, name, old, new, message):
    for f in ("map.toml", "cards.toml", "factions.toml"):
        text = (DATA / f).read_text(encoding="utf-8")
        if f == name:
            assert old in text
            text = text.replace(old, new, 1)
        (tmp_path / f).write_text(text, encoding="utf-8")
    with pytest.raises(RootDataError, match=message):
        load(tmp_path)


def test_2_5_rule_counts_warriors_and_buildings_not_tokens():
    s = position("duchy_assembly", pieces={1: {"duchy": 1, "citadels": 1, "corvids": 2, "plot": "bomb"},
                                           2: {"duchy": 1, "tunnel": True, "corvids": 1}})
    assert not board.rules(s.data, DUCHY, 1) and not board.rules(s.data, CORVIDS, 1)    # 2 against 2: a tie
    assert not board.rules(s.data, DUCHY, 2)                                             # a tunnel is a token


def test_4_3_battle_attacker_higher_defender_lower_capped_by_warriors():
    s = position("corvids_daylight", pieces={8: {"corvids": 2, "duchy": 5}})
    s, _ = play(s, A.Battle(8), A.Decline())
    p = flow.pending(s)
    assert isinstance(p, PhysicsRequest) and p.spec["dice"] == 2 and p.spec["kind"] == "d12" and p.spec["why"] == "battle"
    assert sorted(p.spec["die_faces"]) == [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3] and p.spec["clearing"] == 8
    s, ev = roll(s, 1, 3)
    hits = [e for e in ev if e.kind == "hits"][0].data
    assert (hits["attacker_hits"], hits["defender_hits"]) == (2, 1)   # 3 capped at 2 Corvid warriors; the 1
    assert s.data.clearings[8].duchy == 3 and s.data.clearings[8].corvids == 1


def test_4_3_dice_faces_checked():
    s = position("corvids_daylight", pieces={8: {"corvids": 2, "duchy": 5}})
    s, _ = play(s, A.Battle(8), A.Decline())
    for bad in ([4, 1], [1], [-1, 0], ["2", 1]):
        with pytest.raises(IllegalAction):
            flow.apply(s, Measured({"faces": bad}))
    with pytest.raises(IllegalAction, match="dice"):
        flow.apply(s, A.Done())


def test_4_3_1_ambush_deals_two_hits_and_can_end_the_battle():
    amb = "fox-ambush"
    s = position("corvids_daylight", pieces={8: {"corvids": 2, "duchy": 1}}, hands={DUCHY: [amb]})
    s, _ = play(s, A.Battle(8))
    assert decide(s) == DUCHY and A.Ambush(amb) in flow.legal_actions(s)
    s, _ = play(s, A.Ambush(amb))
    assert decide(s) == CORVIDS and flow.legal_actions(s) == [A.Decline()]
    s, _ = play(s, A.Decline())
    assert s.data.clearings[8].corvids == 0 and s.flow.battle is None and amb in s.data.discard


def test_4_3_1_I_attacker_foils_the_ambush():
    s = position("corvids_daylight", pieces={8: {"corvids": 2, "duchy": 1}},
                 hands={DUCHY: ["fox-ambush"], CORVIDS: ["bird-ambush-1"]})
    s, _ = play(s, A.Battle(8), A.Ambush("fox-ambush"), A.Ambush("bird-ambush-1"))
    assert isinstance(flow.pending(s), PhysicsRequest) and s.data.clearings[8].corvids == 2
    assert sorted(s.data.discard) == ["bird-ambush-1", "fox-ambush"]


def test_4_3_1_ambush_must_match_the_clearing():
    s = position("corvids_daylight", pieces={8: {"corvids": 2, "duchy": 1}}, hands={DUCHY: ["mouse-ambush"]})
    s, _ = play(s, A.Battle(8))
    assert flow.legal_actions(s) == [A.Decline()]


def test_4_3_4_duchy_chooses_which_building_to_lose_and_scores_go_to_the_remover():
    s = position("corvids_daylight", pieces={2: {"corvids": 3, "citadels": 1, "markets": 1}}, hands={DUCHY: []})
    s, _ = play(s, A.Battle(2), A.Decline())
    s, _ = roll(s, 0, 0)                        # 0 rolled, +1 defenseless
    assert decide(s) == DUCHY and flow.legal_actions(s) == [A.RemovePiece("citadel"), A.RemovePiece("market")]
    s, _ = play(s, A.RemovePiece("market"))
    assert (s.data.clearings[2].citadels, s.data.clearings[2].markets) == (1, 0) and s.data.score[CORVIDS] == 1


def test_4_1_craft_no_duplicate_persistent_and_items_run_out():
    pieces = {5: {"duchy": 1, "citadels": 1, "markets": 1}, 3: {"duchy": 1, "citadels": 1}}
    s = position("duchy_evening", pieces=pieces, hands={DUCHY: ["cobbler-1", "cobbler-2"]})
    s, _ = play(s, A.Craft("cobbler-1"))
    assert s.data.crafted[DUCHY] == ["cobbler-1"] and A.Craft("cobbler-2") not in flow.legal_actions(s)
    s = position("duchy_evening", pieces=pieces, hands={DUCHY: ["bake-sale"]})
    s = with_data(s, items={**s.data.items, "coins": 0})
    assert A.Craft("bake-sale") not in flow.legal_actions(s)


def test_4_1_favor_removes_every_enemy_piece_in_its_suit():
    pieces = {2: {"corvids": 1, "plot": "snare"}, 7: {"corvids": 1, "markets": 1, "duchy": 1}, 9: {"corvids": 2},
              11: {"duchy": 1, "citadels": 1}, 1: {"corvids": 4}}
    s = position("duchy_evening", pieces={**pieces, 7: {"corvids": 1, "duchy": 1, "markets": 2}},
                 hands={DUCHY: ["favor-of-the-mice"]})
    s = with_data(s, swayed=[])
    s, _ = play(s, A.Craft("favor-of-the-mice"))
    assert [s.data.clearings[i].corvids for i in (2, 7, 9, 11, 1)] == [0, 0, 0, 0, 4]
    assert s.data.clearings[2].plot == "" and s.data.score[DUCHY] == 1


def test_2_1_draws_come_at_random_from_an_unordered_pile():
    s = flow.new_game(4)
    assert s.data.pile == sorted(s.data.pile)
    a = position("duchy_evening", seed=4)
    b = position("duchy_evening", seed=5)
    a2, _ = play(a, A.Done())
    b2, _ = play(b, A.Done())
    assert a2.data.pile == sorted(a2.data.pile)
    hands = {tuple(x.data.hands[DUCHY]) for x in (a2, b2)}
    assert len(hands) == 2                         # different Rng, different card (seed 4 vs 5)


def test_2_1_empty_pile_takes_the_discard_pile():
    s = position("duchy_evening")
    s = with_data(s, pile=[], discard=["anvil", "mouse-sword"])
    s, ev = play(s, A.Done())
    assert len(s.data.hands[DUCHY]) == 1 and len(s.data.pile) == 1 and s.data.discard == []


def test_3_1_thirty_points_win_at_once():
    s = position("duchy_parliament", pieces={1: {"duchy": 1, "citadels": 1}, 2: {"duchy": 1, "citadels": 1}})
    s = with_data(s, swayed=["earl"], score={DUCHY: 28, CORVIDS: 5})
    s, _ = play(s, A.Score("earl"))
    p = flow.pending(s)
    assert isinstance(p, GameOver) and p.winners == (DUCHY,) and flow.legal_actions(s) == []
    with pytest.raises(IllegalAction):
        flow.apply(s, A.Done())


def test_house_round_limit_ends_the_game_and_the_leader_wins():
    limit = tables().game["round_limit"]
    s = position("duchy_evening", round=limit)
    s = with_data(s, score={DUCHY: 12, CORVIDS: 17})
    s.flow.first = CORVIDS
    s, _ = play(s, A.Done())
    p = flow.pending(s)
    assert isinstance(p, GameOver) and p.winners == (CORVIDS,) and "round limit" in p.reason


def test_apply_leaves_the_input_untouched_and_refuses_in_words():
    s = position("duchy_assembly", pieces={1: {"duchy": 2}}, hands={DUCHY: cards_of(FOX, 2)})
    before = state_hash(s)
    play(s, A.Move(1, 5, 2), A.Recruit())
    assert state_hash(s) == before
    with pytest.raises(IllegalAction, match="not adjacent"):
        flow.apply(s, A.Move(1, 2, 1))
    assert state_hash(s) == before


def test_malformed_actions_are_refused_in_one_line():
    s = position("duchy_assembly", pieces={1: {"duchy": 2, "corvids": 1}}, hands={DUCHY: [card_of(FOX)]})
    for bad in (A.Move("x", 2, 1), A.Move(1, 99, 1), A.Battle(-3), A.Expose(40, "nope", "bomb"), A.Build(None, 1, "keep"),
                A.Expose(1, card_of(FOX), "frog"), "Move", A.Sway("king", ())):
        with pytest.raises(IllegalAction) as refused:
            flow.apply(s, bad)
        assert refused.value.reason and "\n" not in refused.value.reason


def test_state_round_trips_through_json():
    s = position("corvids_daylight", pieces={8: {"corvids": 2, "duchy": 1, "plot": "raid"}}, hands={DUCHY: [card_of(FOX)]})
    s, _ = play(s, A.Battle(8))
    back = from_json(RootState, to_json(s))
    assert back == s and state_hash(back) == state_hash(s)
    assert flow.legal_actions(back) == flow.legal_actions(s)


# -- crafted effects (house summaries of the printed cards: cards.toml) ----------------------------
def test_effect_brutal_tactics_extra_hit_and_defender_scores():
    s = position("duchy_assembly", pieces={7: {"duchy": 2, "corvids": 3}})
    s = with_data(s, crafted={DUCHY: ["brutal-tactics-1"], CORVIDS: []})
    s, _ = play(s, A.Battle(7), A.Decline())
    s, _ = roll(s, 1, 0)
    assert flow.legal_actions(s) == [A.UseEffect("brutal_tactics"), A.Decline()]
    s, _ = play(s, A.UseEffect("brutal_tactics"))
    assert s.data.clearings[7].corvids == 1 and s.data.score[CORVIDS] == 1


def test_effect_sappers_and_armorers_are_discarded_when_used():
    s = position("duchy_assembly", pieces={7: {"duchy": 3, "corvids": 3}})
    s = with_data(s, crafted={DUCHY: ["armorers-1"], CORVIDS: ["sappers-1"]})
    s, _ = play(s, A.Battle(7), A.Decline())
    s, _ = roll(s, 2, 2)
    s, _ = play(s, A.UseEffect("armorers"))           # the Duchy ignores the rolled hits it takes
    assert decide(s) == CORVIDS
    s, _ = play(s, A.UseEffect("sappers"))            # ... but not the Sappers' extra hit
    assert s.data.clearings[7].duchy == 2 and s.data.clearings[7].corvids == 1
    assert sorted(s.data.discard) == ["armorers-1", "sappers-1"]


def test_effect_scouting_party_ignores_ambushes():
    s = position("corvids_daylight", pieces={8: {"corvids": 2, "duchy": 1}}, hands={DUCHY: ["fox-ambush"]})
    s = with_data(s, crafted={DUCHY: [], CORVIDS: ["scouting-party-1"]})
    s, _ = play(s, A.Battle(8))
    assert isinstance(flow.pending(s), PhysicsRequest)


def test_effect_royal_claim_and_stand_and_deliver_in_birdsong():
    s = position("corvids_birdsong", pieces={1: {"corvids": 1}, 2: {"corvids": 2, "duchy": 1}, 3: {"duchy": 1}},
                 hands={DUCHY: [card_of(FOX)]})
    s = with_data(s, crafted={DUCHY: [], CORVIDS: ["royal-claim", "stand-and-deliver-1"]})
    s, _ = play(s, A.UseEffect("royal_claim"), A.UseEffect("stand_and_deliver"))
    assert s.data.score == {CORVIDS: 2, DUCHY: 1} and s.data.crafted[CORVIDS] == ["stand-and-deliver-1"]
    assert len(s.data.hands[CORVIDS]) == 1 and A.UseEffect("stand_and_deliver") not in flow.legal_actions(s)


def test_effect_tax_collector_codebreakers_command_warren_cobbler():
    s = position("corvids_daylight", pieces={1: {"corvids": 2, "duchy": 1}}, hands={DUCHY: [card_of(FOX)]})
    s = with_data(s, crafted={DUCHY: [], CORVIDS: ["tax-collector-1", "codebreakers-1", "command-warren-1", "cobbler-1"]})
    assert A.Battle(1, via="command_warren") in flow.legal_actions(s)
    s, ev = play(s, A.UseEffect("codebreakers"))
    seen = [e for e in ev if e.kind == "codebreakers"][0]
    assert seen.visible_to == (CORVIDS,) and seen.data["hand"] == [card_of(FOX)]
    assert A.Battle(1, via="command_warren") not in flow.legal_actions(s)     # Daylight has begun
    s, _ = play(s, A.UseEffect("tax_collector", 1))
    assert s.data.clearings[1].corvids == 1 and len(s.data.hands[CORVIDS]) == 1
    s, _ = play(s, A.Done())
    s, _ = play(s, A.Move(1, 5, 1, via="cobbler"))
    assert s.data.clearings[5].corvids == 1 and not s.flow.exerted


def test_effect_better_burrow_bank_both_draw_at_birdsong():
    s = position("duchy_evening")
    s = with_data(s, crafted={DUCHY: [], CORVIDS: ["better-burrow-bank-1"]})
    s, _ = play(s, A.Done())                        # Duchy draws 1; the Corvids' turn begins
    assert len(s.data.hands[CORVIDS]) == 1 and len(s.data.hands[DUCHY]) == 2


def test_3_1_both_at_thirty_the_player_taking_the_turn_wins():
    """Brutal Tactics gives the defender 1 VP while the attacker's hits score: both can reach 30
    in one action."""
    s = position("duchy_assembly", pieces={7: {"duchy": 2, "corvids": 0, "plot": "bomb"}})
    s = with_data(s, crafted={DUCHY: ["brutal-tactics-1"], CORVIDS: []}, score={DUCHY: 29, CORVIDS: 29})
    s, _ = play(s, A.Battle(7), A.Decline())
    s, _ = roll(s, 0, 0)
    s, _ = play(s, A.UseEffect("brutal_tactics"))
    p = flow.pending(s)
    assert s.data.score == {DUCHY: 30, CORVIDS: 30} and p.winners == (DUCHY,)


def test_engine_save_and_load_replay_a_bot_game(tmp_path: Path):
    """The shared Engine (rules/engine.py) plays Root: the save is seed + action log (no order of
    cards to come: the pile in the state is sorted) and loading replays it to the same state."""
    from feltbox.rules.core import Rng
    from feltbox.rules.engine import Engine
    from feltbox.rules.root import bots
    from feltbox.rules.root.playout import throw

    engine = Engine(flow.RootGame(), "root", 0, 13, flow.ACTIONS)
    dice = Rng(13)
    for _ in range(150):
        p = flow.pending(engine.state)
        if isinstance(p, GameOver):
            break
        if isinstance(p, PhysicsRequest):
            faces, dice = throw(dice)
            engine.apply(Measured({"faces": faces}))
        else:
            engine.apply(bots.choose(engine.state))
    engine.save(tmp_path / "root.json")
    back = Engine.load(tmp_path / "root.json", flow.RootGame(), "root", flow.ACTIONS)
    assert back.hash() == engine.hash() and back.state == engine.state
