"""The Snowbirds window controller, headless (game/snowbirds/window_game.py): the hand, the play
zones with the rules' reasons, the buttons, the die Tenacity changes, save / load / undo with
today's play row, the bot's one-line explanations in the feed (rulebook: Actions & Play Order,
Risk & Dice, Special Situations)."""
from __future__ import annotations

import pytest

from feltbox.game.games import GAMES
from feltbox.game.snowbirds.agreement import disagreements
from feltbox.game.window.piece_actions import items_for
from feltbox.game.window.saves import load_game, save_game

pytestmark = pytest.mark.physics
KIND = GAMES["snowbirds"]


def _game(mode="difficult", seed=11, bots="none"):
    game = KIND.window_game(KIND.load_scene(mode), seed, bots)
    game.run_bots()
    return game


def _fly_somehow(game, steps=6) -> None:
    for _ in range(steps):
        legal, _ = game.plays()
        flights = sorted(c for c, z in legal if z == "flight")
        if dict((n, e) for n, _, e in game.buttons())["fly"]:
            game.press("fly")
        elif flights:
            game.play(flights[0], "flight")
        else:
            game.press("rest_day")


def test_zones_say_why_a_card_may_not_go_there():
    """Actions & Play Order: Tenacity only on a failed Vigor roll; REST needs Exhaustion."""
    game = _game("normal", 3)
    legal, reasons = game.plays()
    card = game.hand()[0]
    assert (card, "flight") in legal or "Distance" in reasons.get((card, "flight"), "")
    assert reasons[(card, "tenacity")] == "Tenacity is played on a failed Vigor roll"
    assert "not exhausted" in reasons[(card, "rest")]
    assert game.play(card, "tenacity") is None and game.hand()[0] == card      # refused: nothing happens
    assert dict((n, e) for n, _, e in game.buttons()) == {"fly": False, "rest_day": True, "accept": False}


def test_a_die_click_chooses_the_die_tenacity_changes():
    """Risk & Dice: "Select a die to modify": a click on die 2 makes it the die; its menu lists
    only Tenacity plays on it."""
    game = _game("normal", 5)
    for _ in range(10):
        if game.state().flow.stage == "tenacity":
            break
        _fly_somehow(game, 1)
    assert game.state().flow.stage == "tenacity"
    items = items_for(game, "die-2")
    assert game.tenacity_die == 1
    assert all(item.label.startswith("tenacity:") and "die 2" in item.label for item in items)
    card = game.hand()[0]
    menu = items_for(game, f"action-{card}")
    assert menu and all(i.label.startswith(("rest", "forage", "flight", "tenacity")) for i in menu)


def test_save_load_and_undo_keep_the_play_row(tmp_path, monkeypatch):
    monkeypatch.setenv("FELTBOX_HOME", str(tmp_path))
    game = _game()
    _fly_somehow(game)
    row = list(game.bridge.row.cards)
    assert row
    loaded, note = load_game(save_game(game, "sb"))
    assert note == "" and loaded.state() == game.state() and loaded.bridge.row.cards == row
    assert disagreements(loaded.bridge) == []
    loaded.undo()
    assert len(loaded.bridge.row.cards) == len(row) - 1 and disagreements(loaded.bridge) == []


def test_the_bot_explains_each_choice_in_the_feed():
    seen = []
    game = KIND.window_game(KIND.load_scene("normal"), 2, "all")
    game.listeners.append(seen.extend)
    game.run_bots()
    lines = [e.data["text"] for e in seen if e.kind == "bot"]
    assert len(lines) >= 10 and len(set(lines)) == len(lines)                 # one line per plan
    assert all(line.startswith("bot: ") and len(line) > 15 for line in lines)
    assert game.state().flow.stage == "over"
