"""Law section 12, the Underground Duchy: one test (at least) per clause, named after it.
Positions are built by hand (tests/root_fixtures.py) and the expected outcome worked out from the
Law text and the Autumn map (paths: 1-5, 1-9, 1-10, 4-8, 4-9, 4-12 ...)."""
from __future__ import annotations

import pytest

from feltbox.rules.core import IllegalAction
from feltbox.rules.root import actions as A
from feltbox.rules.root import board, flow
from feltbox.rules.root.state import BURROW, CORVIDS, DUCHY
from tests.root_fixtures import card_of, cards_of, decide, play, position, roll, with_data

FOX, RABBIT, MOUSE = "fox", "rabbit", "mouse"


def test_12_2_1_duchy_crafts_in_evening_with_citadels_and_markets():
    anvil = "anvil"                                              # fox: hammer, 2 VP
    pieces = {1: {"duchy": 1, "citadels": 1}}                    # clearing 1 is fox
    day = position("duchy_assembly", pieces=pieces, hands={DUCHY: [anvil]})
    assert A.Craft(anvil) not in flow.legal_actions(day)         # not in Daylight
    eve = position("duchy_evening", pieces=pieces, hands={DUCHY: [anvil]})
    assert A.Craft(anvil) in flow.legal_actions(eve)
    after, _ = play(eve, A.Craft(anvil))
    assert after.data.score[DUCHY] == 2 and after.data.items_crafted[DUCHY] == ["hammer"]
    assert A.Craft("foxfolk-steel") not in flow.legal_actions(with_data(after, hands={DUCHY: ["foxfolk-steel"], CORVIDS: []}))


def test_12_2_2_burrow_adjacent_to_each_tunnel_clearing():
    s = position("duchy_assembly", pieces={4: {"tunnel": True}, 11: {"tunnel": True}, BURROW: {"duchy": 3}})
    assert sorted(board.adjacent(s.data, BURROW)) == [4, 11]
    assert BURROW in board.adjacent(s.data, 4) and BURROW not in board.adjacent(s.data, 1)
    assert A.Move(BURROW, 11, 3) in flow.legal_actions(s)
    assert A.Move(BURROW, 1, 1) not in flow.legal_actions(s)


def test_12_2_2_burrow_closed_to_others_and_always_ruled_by_duchy():
    s = position("corvids_daylight", pieces={4: {"tunnel": True, "corvids": 2}})
    assert board.rules(s.data, DUCHY, BURROW) and not board.rules(s.data, CORVIDS, BURROW)   # no pieces there
    assert not any(isinstance(a, A.Move) and a.dest == BURROW for a in flow.legal_actions(s))
    with pytest.raises(IllegalAction, match="only the Duchy may enter the Burrow"):
        flow.apply(s, A.Move(4, BURROW, 1))
    assert not board.may_place(s.data, BURROW, CORVIDS)


def test_12_2_3_price_of_failure_returns_the_highest_rank():
    """A Corvid battle removes a citadel: the lord (not the squire) returns, its crown leaves the
    game, a random card is discarded; the Corvids score 1 for the citadel."""
    hand = cards_of(FOX, 3)
    s = position("corvids_daylight", pieces={1: {"corvids": 3, "citadels": 1}}, hands={DUCHY: hand})
    s = with_data(s, swayed=["captain", "earl"], crowns={"squire": 2, "noble": 3, "lord": 2})
    s, _ = play(s, A.Battle(1), A.Decline())
    s, ev = roll(s, 2, 0)                 # Corvids deal 2 (3 warriors), +1 defenseless: citadel removed
    assert s.data.clearings[1].citadels == 0
    assert s.data.swayed == ["captain"]
    assert s.data.crowns_lost == {"squire": 0, "noble": 0, "lord": 1}
    assert s.data.crowns["lord"] == 2                            # the crown did not go back to the board
    assert len(s.data.hands[DUCHY]) == 2 and len(s.data.discard) == 1 and s.data.discard[0] in hand
    assert s.data.score[CORVIDS] == 1


def test_12_2_3_price_of_failure_duchy_chooses_among_equal_ranks():
    s = position("corvids_daylight", pieces={1: {"corvids": 3, "markets": 1}}, hands={DUCHY: [card_of(FOX)]})
    s = with_data(s, swayed=["baron", "earl", "captain"], crowns={"squire": 2, "noble": 3, "lord": 1})
    s, _ = play(s, A.Battle(1), A.Decline())
    s, _ = roll(s, 3, 3)
    assert decide(s) == DUCHY
    assert flow.legal_actions(s) == [A.ReturnMinister("baron"), A.ReturnMinister("earl")]
    s, _ = play(s, A.ReturnMinister("earl"))
    assert sorted(s.data.swayed) == ["baron", "captain"] and s.data.crowns_lost["lord"] == 1
    assert s.data.hands[DUCHY] == []                             # the random discard follows the choice


def test_12_2_3_price_of_failure_not_for_tunnels():
    s = position("corvids_daylight", pieces={1: {"corvids": 3, "tunnel": True}}, hands={DUCHY: [card_of(FOX)]})
    s = with_data(s, swayed=["captain"])
    s, _ = play(s, A.Battle(1), A.Decline())
    s, _ = roll(s, 1, 0)                                         # 1 + defenseless = 2 hits: the tunnel goes
    assert not s.data.clearings[1].tunnel and s.data.swayed == ["captain"] and len(s.data.hands[DUCHY]) == 1


def test_12_2_4_tunnels_three_and_remove_one_first():
    card = card_of(MOUSE)
    three = {1: {"tunnel": True}, 3: {"tunnel": True}, 4: {"tunnel": True}, BURROW: {"duchy": 2}}
    s = position("duchy_assembly", pieces=three, hands={DUCHY: [card]})
    digs = [a for a in flow.legal_actions(s) if isinstance(a, A.Dig)]
    assert digs and all(a.remove in (1, 3, 4) for a in digs)
    s2, _ = play(s, A.Dig(card, 9, 2, remove=1))
    assert not s2.data.clearings[1].tunnel and s2.data.clearings[9].tunnel and board.on_map(s2.data, "tunnels") == 3
    two = {1: {"tunnel": True}, 3: {"tunnel": True}, BURROW: {"duchy": 2}}
    s = position("duchy_assembly", pieces=two, hands={DUCHY: [card]})
    assert all(a.remove == 0 for a in flow.legal_actions(s) if isinstance(a, A.Dig))


def test_12_3_1_gather_warriors_and_tunnels():
    s = flow.new_game(5)
    assert s.data.supply["duchy_warriors"] == 20 and s.data.supply["tunnels"] == 3


def test_12_3_2_the_burrow_is_a_clearing_beside_the_map():
    s = flow.new_game(5)
    assert s.data.clearings[BURROW].duchy == 0 and board.open_slots(s.data, BURROW) == 0


def test_12_3_3_surface_in_a_corner_and_its_neighbours():
    s = flow.new_game(5)
    assert flow.legal_actions(s) == [A.Place(1), A.Place(2), A.Place(3), A.Place(4)]
    s, _ = play(s, A.Place(4))
    c = s.data.clearings
    assert (c[4].duchy, c[4].tunnel) == (2, True)
    assert [c[i].duchy for i in (8, 9, 12)] == [2, 2, 2] and c[BURROW].duchy == 0
    assert s.data.supply["duchy_warriors"] == 12 and s.data.supply["tunnels"] == 2
    assert sum(x.duchy for x in c) == 8


def test_12_3_4_fill_buildings_tracks():
    s = flow.new_game(5)
    assert s.data.supply["citadels"] == 3 and s.data.supply["markets"] == 3


def test_12_3_5_collect_ministers():
    s = flow.new_game(5)
    assert s.data.swayed == [] and len(flow.tables().ministers) == 9


def test_12_3_6_fill_crown_spaces():
    s = flow.new_game(5)
    assert s.data.crowns == {"squire": 3, "noble": 3, "lord": 3}


@pytest.mark.parametrize("citadels,placed", [(0, 1), (1, 2), (2, 4), (3, 6)])
def test_12_4_birdsong_places_warriors_in_the_burrow(citadels, placed):
    """HOUSE/Est. track (factions.toml): 1 / 2 / 4 / 6 with 0-3 citadels on the map."""
    pieces = {i: {"duchy": 1, "citadels": 1} for i in (1, 2, 3)[:citadels]}
    s = position("corvids_evening", pieces=pieces)
    s, _ = play(s, A.EndTurn())
    assert s.flow.turn == DUCHY and s.data.clearings[BURROW].duchy == placed


def test_12_5_1_assembly_two_actions():
    s = position("duchy_assembly", pieces={BURROW: {"duchy": 1}})
    s, _ = play(s, A.Recruit(), A.Recruit())
    assert s.flow.actions == 0 and flow.legal_actions(s) == [A.Done()]


def test_12_5_1_I_build_reveals_a_matching_card_where_the_duchy_rules():
    fox = card_of(FOX)
    s = position("duchy_assembly", pieces={1: {"duchy": 1}, 9: {"duchy": 1, "corvids": 1}, 8: {"duchy": 2}},
                 hands={DUCHY: [fox, card_of(MOUSE)]})
    builds = {(a.clearing, a.card) for a in flow.legal_actions(s) if isinstance(a, A.Build)}
    assert (1, fox) in builds and (8, fox) in builds
    assert not any(c == 9 for c, _ in builds)                    # a tie: nobody rules 9
    s, _ = play(s, A.Build(fox, 1, "citadel"))
    assert s.data.clearings[1].citadels == 1 and s.data.revealed == [fox] and fox not in s.data.hands[DUCHY]
    assert not any(isinstance(a, A.Build) and a.clearing == 1 for a in flow.legal_actions(s))  # 1 slot, full


def test_12_5_1_II_recruit_places_one_warrior_in_the_burrow():
    s = position("duchy_assembly")
    s, _ = play(s, A.Recruit())
    assert s.data.clearings[BURROW].duchy == 1 and s.data.supply["duchy_warriors"] == 19


def test_12_5_1_III_move_needs_rule_of_origin_or_destination():
    s = position("duchy_assembly", pieces={1: {"duchy": 1, "corvids": 1}, 5: {"corvids": 2}, 9: {}, 10: {"corvids": 1}})
    moves = [a for a in flow.legal_actions(s) if isinstance(a, A.Move)]
    assert moves == []                                           # rules neither 1 nor any neighbour
    s = position("duchy_assembly", pieces={1: {"duchy": 2, "corvids": 1}, 5: {"corvids": 2}})
    s, _ = play(s, A.Move(1, 5, 2))
    assert s.data.clearings[5].duchy == 2 and s.data.clearings[1].duchy == 0


def test_12_5_1_IV_battle():
    s = position("duchy_assembly", pieces={7: {"duchy": 2, "corvids": 1}})
    s, _ = play(s, A.Battle(7))
    assert s.flow.battle is not None and s.flow.battle.attacker == DUCHY and decide(s) == CORVIDS


def test_12_5_1_V_dig_spends_a_card_tunnels_and_surfaces_one_to_four():
    card = card_of(RABBIT)
    s = position("duchy_assembly", pieces={BURROW: {"duchy": 6}, 4: {"tunnel": True}}, hands={DUCHY: [card]})
    digs = [a for a in flow.legal_actions(s) if isinstance(a, A.Dig)]
    assert {a.count for a in digs} == {1, 2, 3, 4} and {a.clearing for a in digs} == {3, 5, 10}  # rabbit, no tunnel
    s, _ = play(s, A.Dig(card, 5, 4))
    assert s.data.clearings[5].tunnel and s.data.clearings[5].duchy == 4 and s.data.clearings[BURROW].duchy == 2
    assert card in s.data.discard and s.data.supply["tunnels"] == 1
    empty = position("duchy_assembly", hands={DUCHY: [card]})
    assert not any(isinstance(a, A.Dig) for a in flow.legal_actions(empty))   # at least one warrior


def parliament(swayed, pieces=None, hands=None):
    s = position("duchy_parliament", pieces=pieces, hands=hands)
    return with_data(s, swayed=list(swayed))


def test_12_5_2_I_foremole_builds_with_any_card_where_the_duchy_rules():
    mouse = card_of(MOUSE)
    s = parliament(["foremole"], {1: {"duchy": 1}}, {DUCHY: [mouse]})     # 1 is fox
    s, _ = play(s, A.Build(mouse, 1, "market", via="foremole"))
    assert s.data.clearings[1].markets == 1 and s.flow.ministers_used == ["foremole"]
    assert not any(isinstance(a, A.Build) for a in flow.legal_actions(s))


def test_12_5_2_II_captain_battles_once():
    s = parliament(["captain"], {7: {"duchy": 3, "corvids": 1}})
    s, _ = play(s, A.Battle(7, via="captain"), A.Decline())
    s, _ = roll(s, 3, 0)
    assert s.data.clearings[7].corvids == 0 and A.Battle(7, via="captain") not in flow.legal_actions(s)


def test_12_5_2_III_marshal_moves():
    s = parliament(["marshal"], {1: {"duchy": 2}})
    s, _ = play(s, A.Move(1, 5, 2, via="marshal"))
    assert s.data.clearings[5].duchy == 2 and not any(isinstance(a, A.Move) for a in flow.legal_actions(s))


def test_12_5_2_IV_brigadier_two_moves_or_two_battles():
    s = parliament(["brigadier"], {1: {"duchy": 2}})
    s, _ = play(s, A.Move(1, 5, 2, via="brigadier"))
    s, _ = play(s, A.Move(5, 2, 2, via="brigadier"))
    assert s.data.clearings[2].duchy == 2 and not any(isinstance(a, A.Move) for a in flow.legal_actions(s))
    s = parliament(["brigadier"], {1: {"duchy": 2}, 5: {"corvids": 1}})
    s, _ = play(s, A.Move(1, 5, 2, via="brigadier"))
    assert not any(isinstance(a, A.Battle) for a in flow.legal_actions(s))   # two moves, not one of each


def test_12_5_2_V_banker_spends_cards_of_one_suit_for_vp():
    foxes = cards_of(FOX, 2)
    bird = card_of("bird")
    s = parliament(["banker"], hands={DUCHY: [*foxes, bird, card_of(MOUSE)]})
    assert A.Banker(tuple(sorted([*foxes, bird]))) in flow.legal_actions(s)   # birds are wild
    s, _ = play(s, A.Banker(tuple(sorted(foxes))))
    assert s.data.score[DUCHY] == 2 and len(s.data.hands[DUCHY]) == 2
    with pytest.raises(IllegalAction):
        flow.apply(s, A.Banker((bird,)))                         # once per turn


def test_12_5_2_VI_mayor_takes_a_swayed_noble_or_squire_action():
    s = parliament(["mayor", "marshal", "earl"], {1: {"duchy": 2, "citadels": 1}})
    opts = flow.legal_actions(s)
    assert A.Move(1, 5, 1, via="marshal", mayor=True) in opts
    lords_only = parliament(["mayor", "earl"], {1: {"duchy": 2, "citadels": 1}})
    assert not any(getattr(a, "mayor", False) for a in flow.legal_actions(lords_only))   # not a lord's action
    s, _ = play(s, A.Move(1, 5, 1, via="marshal", mayor=True), A.Move(1, 9, 1, via="marshal"))
    assert sorted(s.flow.ministers_used) == ["marshal", "mayor"]
    assert not any(getattr(a, "mayor", False) for a in flow.legal_actions(s))


def test_12_5_2_VII_duchess_of_mud_two_vp_with_three_tunnels():
    three = {1: {"tunnel": True}, 2: {"tunnel": True}, 3: {"tunnel": True}}
    s, _ = play(parliament(["duchess"], three), A.Score("duchess"))
    assert s.data.score[DUCHY] == 2
    s, _ = play(parliament(["duchess"], {1: {"tunnel": True}}), A.Score("duchess"))
    assert s.data.score[DUCHY] == 0


def test_12_5_2_VIII_baron_of_dirt_one_vp_per_market():
    s, _ = play(parliament(["baron"], {1: {"duchy": 1, "markets": 1}, 2: {"duchy": 1, "markets": 2}}), A.Score("baron"))
    assert s.data.score[DUCHY] == 3


def test_12_5_2_IX_earl_of_stone_one_vp_per_citadel():
    s, _ = play(parliament(["earl"], {2: {"duchy": 1, "citadels": 2, "markets": 0}}), A.Score("earl"))
    assert s.data.score[DUCHY] == 2


def test_12_5_3_I_sway_needs_a_crown_of_the_rank():
    hand = cards_of(FOX, 2)
    pieces = {1: {"duchy": 1}, 8: {"duchy": 1}}                  # two fox clearings
    s = position("duchy_sway", pieces=pieces, hands={DUCHY: hand})
    assert A.Sway("captain", tuple(sorted(hand))) in flow.legal_actions(s)
    s = with_data(s, crowns={"squire": 0, "noble": 3, "lord": 3})
    assert not any(isinstance(a, A.Sway) for a in flow.legal_actions(s))


def test_12_5_3_II_each_revealed_card_needs_its_own_matching_clearing():
    hand = cards_of(FOX, 2)
    s = position("duchy_sway", pieces={1: {"duchy": 3}, BURROW: {"duchy": 5}}, hands={DUCHY: hand})
    assert not any(isinstance(a, A.Sway) for a in flow.legal_actions(s))       # one fox clearing only
    bird = card_of("bird")
    s = position("duchy_sway", pieces={1: {"duchy": 1}, 5: {"tunnel": True}}, hands={DUCHY: [hand[0], bird]})
    assert A.Sway("marshal", tuple(sorted([hand[0], bird]))) in flow.legal_actions(s)  # bird wild, tunnel counts


def test_12_5_3_III_sway_takes_the_crown_and_scores():
    hand = cards_of(FOX, 3) + [card_of(RABBIT)]
    pieces = {1: {"duchy": 1}, 8: {"duchy": 1}, 12: {"duchy": 1}, 5: {"duchy": 1}}
    s = position("duchy_sway", pieces=pieces, hands={DUCHY: hand})
    s, _ = play(s, A.Sway("baron", tuple(sorted(hand))))
    assert s.data.swayed == ["baron"] and s.data.crowns["lord"] == 2 and s.data.score[DUCHY] == 3
    assert s.flow.stage == "duchy_evening"                       # one sway per turn
    assert sorted(s.data.hands[DUCHY]) == sorted(hand)           # revealed, back in hand in Evening


def test_12_6_1_revealed_birds_are_discarded_the_rest_return():
    bird, fox = card_of("bird"), card_of(FOX)
    s = position("duchy_assembly", pieces={1: {"duchy": 1}, 8: {"duchy": 1}}, hands={DUCHY: [bird, fox]})
    s, _ = play(s, A.Build(bird, 1, "citadel"), A.Build(fox, 8, "market"))
    assert sorted(s.data.revealed) == sorted([bird, fox])
    s, _ = play(s, A.Done(), A.Done(), A.Done())
    assert s.flow.stage == "duchy_evening" and s.data.hands[DUCHY] == [fox] and s.data.discard == [bird]


def test_12_6_2_craft_with_citadels_and_markets_alike():
    racket = "protection-racket"                                  # rabbit + rabbit: coins, 3 VP
    pieces = {5: {"duchy": 1, "citadels": 1, "markets": 1}}       # 5 is rabbit
    s = position("duchy_evening", pieces=pieces, hands={DUCHY: [racket]})
    s, _ = play(s, A.Craft(racket))
    assert s.data.score[DUCHY] == 3 and s.flow.used_pieces == [5, 5]


def test_12_6_3_draw_one_plus_markets_then_discard_to_five():
    pieces = {2: {"duchy": 1, "markets": 2}}
    hand = cards_of(FOX, 4)
    s = position("duchy_evening", pieces=pieces, hands={DUCHY: hand})
    s, _ = play(s, A.Done())                                     # draws 1 + 2 markets = 3: 7 cards
    assert len(s.data.hands[DUCHY]) == 7 and decide(s) == DUCHY and s.flow.discarding == DUCHY
    s, _ = play(s, A.Discard(hand[0]), A.Discard(hand[1]))
    assert len(s.data.hands[DUCHY]) == 5 and s.flow.turn == CORVIDS


def test_12_1_overview_the_duchy_surfaces_first_and_plays_its_three_phases():
    s = flow.new_game(8)
    assert decide(s) == DUCHY and s.flow.stage == "setup_duchy"
    s, _ = play(s, A.Place(1), A.Place(1), A.Place(3), A.Place(2))
    assert s.flow.stage in ("duchy_assembly", "corvids_birdsong")


def test_12_5_daylight_assembly_then_parliament_then_sway():
    s = position("duchy_assembly", pieces={1: {"duchy": 2}})
    s = with_data(s, swayed=["marshal"])
    s, _ = play(s, A.Done())
    assert s.flow.stage == "duchy_parliament" and A.Move(1, 5, 1, via="marshal") in flow.legal_actions(s)
    assert A.Recruit() not in flow.legal_actions(s)              # Assembly is over
    s, _ = play(s, A.Done())
    assert s.flow.stage == "duchy_sway" and not any(isinstance(a, A.Move) for a in flow.legal_actions(s))


def test_12_6_evening_returns_cards_crafts_then_draws():
    fox = card_of(FOX)
    s = position("duchy_sway", pieces={1: {"duchy": 1, "citadels": 1}}, hands={DUCHY: []})
    s = with_data(s, revealed=[fox])
    s, _ = play(s, A.Done())
    assert s.data.hands[DUCHY] == [fox] and s.flow.stage == "duchy_evening"
    s, _ = play(s, A.Done())
    assert s.flow.turn == CORVIDS and len(s.data.hands[DUCHY]) == 2


def test_12_5_2_VI_mayor_as_brigadier_is_its_own_action():
    """After the Brigadier's first move, a move through the Mayor is the Mayor's action (not the
    Brigadier's second move): both may still take their second move."""
    s = parliament(["brigadier", "mayor"], {1: {"duchy": 4}})
    s, _ = play(s, A.Move(1, 5, 1, via="brigadier"), A.Move(1, 9, 1, via="brigadier", mayor=True))
    assert sorted(s.flow.ministers_used) == ["brigadier", "mayor"]
    assert A.Move(1, 10, 1, via="brigadier", mayor=True) in flow.legal_actions(s)      # the Mayor's second
    assert A.Move(1, 10, 1, via="brigadier") not in flow.legal_actions(s)             # the Brigadier's went
    s, _ = play(s, A.Move(1, 10, 1, via="brigadier", mayor=True))
    assert not any(isinstance(a, A.Move) for a in flow.legal_actions(s))


def test_12_2_3_price_of_failure_when_an_ambush_removes_a_building():
    """The Duchy attacks with one warrior beside a market and a citadel; the Corvid ambush's two
    hits remove the warrior and the building the Duchy chooses: no attacker is left, the battle
    ends, and the noble (the highest rank) returns."""
    s = position("duchy_assembly", pieces={2: {"duchy": 1, "citadels": 1, "markets": 1, "corvids": 1}},
                 hands={DUCHY: cards_of(FOX, 3), CORVIDS: ["mouse-ambush"]})
    s = with_data(s, swayed=["captain", "brigadier"], crowns={"squire": 2, "noble": 2, "lord": 3})
    s, _ = play(s, A.Battle(2), A.Ambush("mouse-ambush"), A.Decline())
    assert s.data.clearings[2].duchy == 0 and decide(s) == DUCHY       # the ambush: warrior + a building
    s, _ = play(s, A.RemovePiece("market"))
    assert s.flow.battle is None and s.data.clearings[2].citadels == 1   # no attackers left: the battle ends
    assert s.data.swayed == ["captain"] and s.data.crowns_lost["noble"] == 1 and len(s.data.hands[DUCHY]) == 2
