"""Law section 13, the Corvid Conspiracy: one test (at least) per clause, named after it.
Positions are built by hand (tests/root_fixtures.py); suits: 1 fox, 2 mouse, 3 rabbit, 4 rabbit,
5 rabbit, 6 fox, 7 mouse, 8 fox, 9 mouse, 10 rabbit, 11 mouse, 12 fox."""
from __future__ import annotations

import pytest

from feltbox.rules.core import IllegalAction
from feltbox.rules.root import actions as A
from feltbox.rules.root import board, flow, view
from feltbox.rules.root.state import BURROW, CORVIDS, DUCHY
from tests.root_fixtures import card_of, cards_of, decide, play, position, roll, with_data

FOX, RABBIT, MOUSE = "fox", "rabbit", "mouse"


def test_13_2_1_corvids_craft_in_birdsong_with_plots_face_up_or_down():
    tea = "fox-root-tea"                                          # mouse: tea, 2 VP
    racket = "protection-racket"                                  # rabbit + rabbit
    pieces = {2: {"plot": "snare"}, 3: {"plot": "raid", "plot_up": True}, 5: {"plot": "bomb"}}
    s = position("corvids_birdsong", pieces=pieces, hands={CORVIDS: [tea, racket]})
    s, _ = play(s, A.Craft(tea), A.Craft(racket))
    assert s.data.score[CORVIDS] == 5 and sorted(s.flow.used_pieces) == [2, 3, 5]
    day = position("corvids_daylight", pieces=pieces, hands={CORVIDS: [tea]})
    assert A.Craft(tea) not in flow.legal_actions(day)


def test_13_2_2_eight_plot_tokens_two_of_each():
    s = flow.new_game(3)
    assert s.data.plot_supply == sorted(["bomb", "snare", "extortion", "raid"] * 2)


def test_13_2_2_I_token_facing_hidden_from_the_duchy():
    s = position("corvids_daylight", pieces={2: {"plot": "bomb"}, 3: {"plot": "raid", "plot_up": True}})
    duchy_view, corvid_view = view.seat_view(s, DUCHY), view.seat_view(s, CORVIDS)
    assert duchy_view["clearings"][2]["plot"] == "plot" and duchy_view["clearings"][3]["plot"] == "raid"
    assert corvid_view["clearings"][2]["plot"] == "bomb"          # the Corvids inspect theirs at any time
    spectator = view.seat_view(s, "")
    assert spectator["clearings"][2]["plot"] == "plot" and spectator["hand"] == [] and spectator["prompt"] == ""
    assert duchy_view["plot_supply"] == 6 and corvid_view["plot_supply"].count("bomb") == 1


def test_13_2_2_II_one_plot_per_clearing():
    s = position("corvids_daylight", pieces={2: {"corvids": 3, "plot": "snare"}, 7: {"corvids": 1}})
    plots = {a.clearing for a in flow.legal_actions(s) if isinstance(a, A.Plot)}
    assert plots == {7}


def test_13_2_3_nimble_moves_without_rule():
    s = position("corvids_daylight", pieces={1: {"corvids": 1, "duchy": 3}, 5: {"duchy": 2}})
    s, _ = play(s, A.Move(1, 5, 1))
    assert s.data.clearings[5].corvids == 1


def test_13_2_4_exposure_wrong_guess_gives_the_card():
    card = card_of(MOUSE)
    s = position("duchy_assembly", pieces={2: {"duchy": 1, "plot": "bomb"}}, hands={DUCHY: [card]})
    s, ev = play(s, A.Expose(2, card, "snare"))
    assert s.data.hands[CORVIDS] == [card] and s.data.hands[DUCHY] == []
    assert s.data.clearings[2].plot == "bomb"
    public = [e for e in ev if e.kind == "exposure"][0]
    assert public.visible_to is None and public.data["guess"] == "snare" and public.data["right"] is False


def test_13_2_4_exposure_right_guess_removes_and_scores_without_raid():
    card = card_of(MOUSE)
    s = position("duchy_assembly", pieces={2: {"duchy": 1, "plot": "raid"}}, hands={DUCHY: [card]})
    s, _ = play(s, A.Expose(2, card, "raid"))
    assert s.data.clearings[2].plot == "" and s.data.score[DUCHY] == 1 and s.data.hands[DUCHY] == [card]
    assert all(c.corvids == 0 for c in s.data.clearings)          # the raid places nothing
    assert s.flow.actions == 2                                    # Exposure is not an Assembly action


def test_13_2_4_exposure_needs_presence_a_matching_card_and_its_own_turn():
    mouse, fox = card_of(MOUSE), card_of(FOX)
    s = position("duchy_assembly", pieces={2: {"plot": "bomb"}, 7: {"duchy": 1, "plot": "raid"}},
                 hands={DUCHY: [mouse, fox]})
    exposes = {(a.clearing, a.card) for a in flow.legal_actions(s) if isinstance(a, A.Expose)}
    assert exposes == {(7, mouse)}                                # 2: no Duchy piece; the fox card does not match
    corvid_turn = position("corvids_daylight", pieces={7: {"duchy": 1, "plot": "raid"}}, hands={DUCHY: [mouse]})
    with pytest.raises(IllegalAction):
        flow.apply(corvid_turn, A.Expose(7, mouse, "raid"))
    last_step = position("duchy_evening", pieces={7: {"duchy": 1, "plot": "raid"}}, hands={DUCHY: [mouse] * 1},
                         discarding=DUCHY)                        # discarding after the draw: the last step
    assert not any(isinstance(a, A.Expose) for a in flow.legal_actions(last_step))


def test_13_2_5_embedded_agents_extra_hit_even_defenseless():
    s = position("duchy_assembly", pieces={2: {"duchy": 3, "plot": "snare"}})
    s, _ = play(s, A.Battle(2), A.Decline())
    s, ev = roll(s, 2, 2)                     # Duchy 2 + 1 defenseless; Corvids 0 warriors + 1 agents
    hits = [e for e in ev if e.kind == "hits"][0].data
    assert (hits["attacker_hits"], hits["defender_hits"]) == (3, 1)
    assert s.data.clearings[2].duchy == 2 and s.data.clearings[2].plot == ""
    up = position("duchy_assembly", pieces={2: {"duchy": 3, "corvids": 1, "plot": "snare", "plot_up": True}})
    up, _ = play(up, A.Battle(2), A.Decline())
    _, ev = roll(up, 2, 2)
    assert [e for e in ev if e.kind == "hits"][0].data["defender_hits"] == 1   # face up: no extra hit


def test_13_3_1_gather_warriors_and_plots():
    s = flow.new_game(3)
    assert s.data.supply["corvid_warriors"] == 15 and len(s.data.plot_supply) == 8


def test_13_3_2_scatter_one_warrior_per_suit():
    s, _ = play(flow.new_game(3), A.Place(1))
    assert flow.legal_actions(s) == [A.Place(1), A.Place(6), A.Place(8), A.Place(12)]      # fox first
    s, _ = play(s, A.Place(12))
    assert {a.clearing for a in flow.legal_actions(s)} == {3, 4, 5, 10}
    s, _ = play(s, A.Place(3), A.Place(11))
    assert [s.data.clearings[i].corvids for i in (12, 3, 11)] == [1, 1, 1]
    assert s.data.supply["corvid_warriors"] == 12 and not s.flow.stage.startswith("setup")


def test_13_4_1_craft_first_in_birdsong():
    tea = "fox-root-tea"
    s = position("corvids_birdsong", pieces={2: {"corvids": 1, "plot": "snare"}, 7: {"corvids": 1, "plot": "bomb"}},
                 hands={CORVIDS: [tea, card_of(FOX)]})
    s, _ = play(s, A.Flip(7))
    assert A.Craft(tea) not in flow.legal_actions(s)              # the craft step is over


def test_13_4_2_flip_scores_per_face_up_plot_then_extortion():
    hand = cards_of(FOX, 2)
    pieces = {2: {"corvids": 1, "plot": "snare", "plot_up": True}, 7: {"corvids": 1, "duchy": 1, "plot": "extortion"},
              9: {"plot": "raid"}}
    s = position("corvids_birdsong", pieces=pieces, hands={DUCHY: hand})
    flips = [a for a in flow.legal_actions(s) if isinstance(a, A.Flip)]
    assert flips == [A.Flip(7)]                                    # 9 has no Corvid warrior, 2 is up already
    s, ev = play(s, A.Flip(7))
    assert s.data.score[CORVIDS] == 2 and s.data.clearings[7].plot_up
    assert len(s.data.hands[CORVIDS]) == 1 and len(s.data.hands[DUCHY]) == 1


def test_13_4_3_recruit_once_in_each_matching_clearing():
    fox, bird = card_of(FOX), card_of("bird")
    s = position("corvids_birdsong", hands={CORVIDS: [fox, bird]})
    assert {a.suit for a in flow.legal_actions(s) if isinstance(a, A.Recruit) and a.card == bird} == {FOX, RABBIT, MOUSE}
    s, _ = play(s, A.Recruit(fox, FOX))
    assert [s.data.clearings[i].corvids for i in (1, 6, 8, 12)] == [1, 1, 1, 1]
    assert not any(isinstance(a, A.Recruit) for a in flow.legal_actions(s))


def test_13_5_three_daylight_actions():
    s = position("corvids_daylight", pieces={1: {"corvids": 5}})
    s, _ = play(s, A.Move(1, 5, 1), A.Move(1, 5, 1), A.Move(1, 5, 1))
    assert s.flow.actions == 0 and not any(isinstance(a, A.Move) for a in flow.legal_actions(s))


def test_13_5_1_move():
    s = position("corvids_daylight", pieces={1: {"corvids": 2}})
    s, _ = play(s, A.Move(1, 9, 2))
    assert s.data.clearings[9].corvids == 2


def test_13_5_2_plot_costs_one_more_warrior_each_time():
    s = position("corvids_daylight", pieces={1: {"corvids": 1}, 5: {"corvids": 1}, 9: {"corvids": 2}})
    s, ev = play(s, A.Plot(1, "bomb"))
    assert s.data.clearings[1].corvids == 0 and s.data.clearings[1].plot == "bomb" and not s.data.clearings[1].plot_up
    assert {a.clearing for a in flow.legal_actions(s) if isinstance(a, A.Plot)} == {9}     # now 2 warriors
    s, _ = play(s, A.Plot(9, "raid"))
    assert s.data.clearings[9].corvids == 0
    assert s.data.supply["corvid_warriors"] == 11 + 1 + 2            # 4 on the map at first; 1, then 2 removed
    kind_events = [e for e in ev if e.kind == "plot_kind"]
    assert kind_events and kind_events[0].visible_to == (CORVIDS,)


def test_13_5_3_battle():
    s = position("corvids_daylight", pieces={8: {"corvids": 2, "duchy": 1}})
    s, _ = play(s, A.Battle(8), A.Decline())
    s, _ = roll(s, 3, 1)
    assert s.data.clearings[8].duchy == 0 and s.data.clearings[8].corvids == 1


def test_13_5_4_trick_swaps_plots_of_the_same_facing():
    pieces = {2: {"plot": "bomb"}, 7: {"plot": "snare"}, 9: {"plot": "raid", "plot_up": True}}
    s = position("corvids_daylight", pieces=pieces)
    tricks = [a for a in flow.legal_actions(s) if isinstance(a, A.Trick)]
    assert tricks == [A.Trick(2, 7)]
    s, ev = play(s, A.Trick(2, 7))
    assert (s.data.clearings[2].plot, s.data.clearings[7].plot) == ("snare", "bomb")
    assert all("bomb" not in str(e.data) for e in ev if e.visible_to is None)


def test_13_6_1_exert_one_action_and_no_draw():
    s = position("corvids_evening", pieces={1: {"corvids": 2}})
    s, _ = play(s, A.Move(1, 5, 1))
    assert s.flow.exerted and flow.legal_actions(s) == [A.EndTurn()]
    s, _ = play(s, A.EndTurn())
    assert s.data.hands[CORVIDS] == [] and s.flow.turn == DUCHY


def test_13_6_2_draw_one_plus_face_up_extortions_then_discard_to_five():
    pieces = {2: {"plot": "extortion", "plot_up": True}, 7: {"plot": "extortion", "plot_up": False}}
    s = position("corvids_evening", pieces=pieces, hands={CORVIDS: cards_of(FOX, 4)})
    s, _ = play(s, A.EndTurn())
    assert len(s.data.hands[CORVIDS]) == 6 and s.flow.discarding == CORVIDS and decide(s) == CORVIDS


def test_13_7_1_bomb_removes_enemies_and_itself():
    pieces = {7: {"corvids": 1, "duchy": 3, "citadels": 1, "markets": 1, "tunnel": True, "plot": "bomb"}}
    s = position("corvids_birdsong", pieces=pieces, hands={DUCHY: [card_of(FOX)]})
    s = with_data(s, swayed=["captain"])
    s, _ = play(s, A.Flip(7))
    c = s.data.clearings[7]
    assert (c.duchy, c.citadels, c.markets, c.tunnel, c.plot, c.corvids) == (0, 0, 0, False, "", 1)
    assert s.data.score[CORVIDS] == 1 + 3                          # the flip, then 3 buildings/tokens
    assert s.data.swayed == [] and s.data.hands[DUCHY] == []       # Price of Failure
    assert "bomb" in s.data.plot_supply


def test_13_7_2_snare_stops_enemy_placing_and_moving_out():
    card = card_of(RABBIT)
    pieces = {5: {"duchy": 3, "plot": "snare", "plot_up": True}, 1: {"duchy": 1}, BURROW: {"duchy": 2}}
    s = position("duchy_assembly", pieces=pieces, hands={DUCHY: [card]})
    opts = flow.legal_actions(s)
    assert not any(isinstance(a, A.Move) and a.origin == 5 for a in opts)
    assert A.Move(1, 5, 1) in opts                                 # moving in is allowed
    assert not any(isinstance(a, (A.Build, A.Dig)) and a.clearing == 5 for a in opts)
    down = position("duchy_assembly", pieces={**pieces, 5: {"duchy": 3, "plot": "snare"}}, hands={DUCHY: [card]})
    assert any(isinstance(a, A.Move) and a.origin == 5 for a in flow.legal_actions(down))


def test_13_7_3_extortion_takes_a_card_and_adds_a_draw():
    s = position("corvids_birdsong", pieces={3: {"corvids": 1, "markets": 1, "plot": "extortion"}},
                 hands={DUCHY: [card_of(FOX)]})
    s, ev = play(s, A.Flip(3))
    assert len(s.data.hands[CORVIDS]) == 1 and s.data.hands[DUCHY] == []
    took = [e for e in ev if e.kind == "took_card"][0]
    assert set(took.visible_to) == {CORVIDS, DUCHY}
    assert board.on_map(s.data, "extortions_up") == 1


def test_13_7_4_raid_places_warriors_around_when_removed():
    s = position("duchy_assembly", pieces={4: {"duchy": 3, "plot": "raid", "tunnel": True}})
    s, _ = play(s, A.Battle(4), A.Decline())
    s, _ = roll(s, 3, 0)
    assert s.data.clearings[4].plot == "" and s.data.score[DUCHY] == 1
    assert [s.data.clearings[i].corvids for i in (8, 9, 12)] == [1, 1, 1]
    assert s.data.clearings[BURROW].corvids == 0                   # the Burrow is adjacent, but closed


def test_13_1_overview_the_corvids_scatter_then_play_birdsong_daylight_evening():
    s, _ = play(flow.new_game(8), A.Place(1))
    assert decide(s) == CORVIDS and s.flow.stage == "setup_corvids"


def test_13_4_birdsong_craft_then_flip_then_recruit():
    fox = card_of(FOX)
    pieces = {7: {"corvids": 1, "plot": "snare"}, 1: {"plot": "bomb"}}
    s = position("corvids_birdsong", pieces=pieces, hands={CORVIDS: ["anvil", fox]})
    s, _ = play(s, A.Recruit(fox, FOX))
    assert not any(isinstance(a, (A.Craft, A.Flip)) for a in flow.legal_actions(s))   # recruiting ends the earlier steps
    s, _ = play(s, A.Done())
    assert s.flow.stage == "corvids_daylight" and s.flow.actions == 3


def test_13_6_evening_exert_or_draw_then_the_duchys_turn():
    s = position("corvids_evening", pieces={1: {"corvids": 1}})
    assert A.EndTurn() in flow.legal_actions(s) and A.Move(1, 5, 1) in flow.legal_actions(s)
    s, _ = play(s, A.EndTurn())
    assert s.flow.turn == DUCHY and len(s.data.hands[CORVIDS]) == 1
