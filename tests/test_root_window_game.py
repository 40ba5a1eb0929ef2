"""The Root window's controller without a window (game/root/window_game.py): who sees the table
(one human seat: its own view; hot-seat: the spectator's until the cover is passed), whole short
labels, a click on a piece in a clearing listing what may be done there, and no other seat's card
or face-down plot ever handed to the window (Law 1.2, 13.2.2.I)."""
from __future__ import annotations

from feltbox.game.root.window_game import RootWindowGame
from feltbox.game.window.hud_model import describe_game
from feltbox.game.window.piece_actions import items_for
from feltbox.models.root import HIDDEN
from feltbox.rules.root.actions import Move, Place
from feltbox.scenes.root.named import load_root

SCENE = load_root("standard")


def _plot_kinds(game) -> set[str]:
    return {b.params["plot"] for i, b in enumerate(game.bodies()) if b.kind == "root_plot" and game.bridge.present[i]}


def test_against_the_bot_the_duchy_sees_its_own_hand_and_never_a_corvid_card():
    game = RootWindowGame(SCENE, 3, "corvids")
    game.run_bots()
    assert game.at_table == "duchy"
    assert game.hand() == sorted(game.bridge.engine.state.data.hands["duchy"])
    game.pick(game.legal_actions().index(Place(1)))
    for _ in range(40):                                  # play on with the first choice each time
        if not game.legal_actions():
            break
        game.pick(0)
        corvid_cards = set(game.bridge.engine.state.data.hands["corvids"])
        assert not corvid_cards & set(game.faces().values())
        assert not corvid_cards & set(game.hand())
        assert _plot_kinds(game) <= {HIDDEN} | {c["plot"] for c in game.bridge.view()["clearings"]
                                                  if c.get("plot_face_up")}


def test_hot_seat_lays_the_spectators_table_until_the_cover_is_passed():
    game = RootWindowGame(SCENE, 3, "none")
    game.run_bots()
    assert game.hotseat() and game.at_table == "" and game.hand() == []
    seat = game.decider()
    game.seat_at_table(seat)                             # the window does this once the cover is gone
    assert game.at_table == seat and game.hand() == sorted(game.bridge.engine.state.data.hands[seat])
    changes = 0
    for _ in range(60):
        before = game.decider()
        game.pick(0)
        if game.decider() not in (None, before):
            changes += 1
            assert game.at_table == "" and game.hand() == [] and not game.faces().keys() - {
                b for b, c in game.faces().items() if c in game.bridge.view()["discard"] + game.bridge.view()["revealed"]
                + game.bridge.view()["crafted"]["duchy"] + game.bridge.view()["crafted"]["corvids"]}
            game.seat_at_table(game.decider())
        assert not game.private                          # no private event waits: the felt is the view
    assert changes >= 2


def test_a_click_on_an_empty_clearings_rim_chooses_it_where_the_rules_ask_for_a_clearing():
    """Law 12.3: the Duchy chooses its corner; a click on Haven's rim (4, empty) offers it."""
    game = RootWindowGame(SCENE, 3, "corvids")
    game.run_bots()
    items = items_for(game, "clearing-4")
    assert [i.label for i in items] == ["Set up in Haven (4)"]
    assert items_for(game, "clearing-12") == []               # not a corner: nothing to choose
    game.pick(items[0].index)
    assert game.bridge.engine.state.data.clearings[4].tunnel


def test_labels_are_whole_sentences_and_a_click_in_a_clearing_lists_its_actions():
    game = RootWindowGame(SCENE, 3, "corvids")
    game.run_bots()
    game.pick(game.legal_actions().index(Place(1)))      # Hill (1): warriors at Hill, Creek, Dune, Beach
    assert game.choices()[0].startswith("Citadel in Hill (1): ")
    assert max(len(c) for c in game.choices()) <= 48          # whole in the choices panel
    warrior = next(b.id for i, b in enumerate(game.bodies()) if b.kind == "root_warrior" and game.bridge.present[i]
                   and game.clearing_of(b.id) == 5)
    items = items_for(game, warrior)
    assert items and all("Creek (5)" in item.label for item in items)
    moves = [a for a in game.legal_actions() if isinstance(a, Move) and 5 in (a.origin, a.dest)]
    assert len([i for i in items if i.label.startswith("Move")]) == len(moves)
    hud = describe_game(game)
    assert "Duchy 0 VP" in hud.prompt and hud.player == "duchy"
