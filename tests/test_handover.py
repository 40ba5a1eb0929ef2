"""Hidden information at the window, headless: in hot-seat play what only one player may see
waits in ``game.private`` for the hand-over screen (game/window/handover.py); solo play shows it."""
from __future__ import annotations

from feltbox.game.flickem.window_game import WindowGame
from feltbox.game.tailfeathers.window_game import TFWindowGame
from feltbox.game.window.handover import private_text
from feltbox.scenes.loader import load_flickem, load_tailfeathers


def test_hotseat_queues_each_secret_objective_for_its_player():
    g = WindowGame(load_flickem(9), 0, "none")
    viewers = [v for v, _ in g.private]
    assert len(viewers) == len(g.bridge.engine.state.data.secrets) == 6
    assert all("(team " in v for v in viewers)
    assert all(line == "secret objective" for line in g.feed)          # the HUD shows nothing of them
    text = private_text(*g.private[0])
    assert text.startswith(f"Only for {viewers[0]}: secret objective") and "\n\n" in text


def test_solo_play_shows_its_own_secrets_in_the_feed():
    g = WindowGame(load_flickem(9), 0, "B")
    assert g.private == []
    assert sum("title=" in line for line in g.feed) == 3           # team A's three cards


def test_cooperative_and_tail_feathers_solo_have_no_handover():
    assert WindowGame(load_flickem(1), 0, "none").private == []
    tf = TFWindowGame(load_tailfeathers("show_of_force"), 0, "rat")
    assert not tf.hotseat() and tf.private == []
