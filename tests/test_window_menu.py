"""The menus say what applies (issue 18): Esc on a free table asks before quitting; the game menu
of a Tail Feathers battle offers no "Take back flick" (nobody flicks); an item greyed in a window
opened without the start screen says why. Real windows under Xvfb, real keys (xdotool)."""
from __future__ import annotations

import pytest

from tests.window_drivers import PRELUDE
from tests.xvfb import needs_xvfb, run_in_xvfb

pytestmark = pytest.mark.render

DRIVER = r"""
from feltbox.game.table.city import build_city
from feltbox.game.table.session import Session
from feltbox.game.tailfeathers.window_game import TFWindowGame
from feltbox.game.window.app import run_window
from feltbox.game.window.play import flick_handler
from feltbox.game.window.shell import dress_window
from feltbox.scenes.loader import load_flickem, load_tailfeathers

city = build_city(load_flickem(1))
app = run_window(city.bodies, city.poses, "feltbox-free", flick_handler(Session(city)), frames=5)
base = app.base
""" + PRELUDE + r"""
key("Escape"); print("asked", app.quit_asked, repr(app.status_prompt.getText()))
key("n"); print("stayed", app.quit_asked, repr(app.status_prompt.getText()))
key("Escape"); key("Escape"); print("esc twice stays", app.quit_asked)
key("Escape")
try:
    key("y")
    print("still open")
except SystemExit:
    print("quit on y")
"""

TF_DRIVER = r"""
from feltbox.game.tailfeathers.window_game import TFWindowGame
from feltbox.game.window.app import run_window
from feltbox.game.window.shell import dress_window
from feltbox.scenes.loader import load_tailfeathers

game = TFWindowGame(load_tailfeathers("show_of_force"), 0, "rat")
app = run_window(game.bodies(), game.poses(), "feltbox-tf", None, frames=5, game=game, addons=[dress_window])
base = app.base
""" + PRELUDE + r"""
key("Escape")
print("items", [b["text"] for b in app.game_menu.buttons.values()])
"""


@needs_xvfb
def test_esc_on_a_free_table_asks_before_quitting(tmp_path):
    out = run_in_xvfb(DRIVER, tmp_path / "unused.png")
    assert "asked True 'Quit feltbox?  y: quit   n / Esc: stay'" in out
    assert "stayed False ''" in out and "esc twice stays False" in out
    assert "quit on y" in out


@needs_xvfb
def test_a_battle_menu_offers_only_what_applies_and_says_why_an_item_is_grey(tmp_path, monkeypatch):
    monkeypatch.setenv("FELTBOX_HOME", str(tmp_path / "home"))
    out = run_in_xvfb(TF_DRIVER, tmp_path / "unused.png")
    items = out.split("items ")[1].splitlines()[0]
    assert "Take back flick" not in items and "'Undo'" in items
    assert "Load  (from the start screen: run feltbox, or --load here)" in items
    assert "Quit to start screen  (this window was opened without it)" in items
