"""The one door between the window and a game (game/window/game_view.GameView): every window
controller has every member of the protocol, every game of the registry has its HUD and its
piece menu in the window, and the window room reaches no further into a game than the protocol
(read from the source with ``ast``)."""
from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from feltbox.game.flickem.window_game import WindowGame
from feltbox.game.games import GAMES
from feltbox.game.snowbirds.window_game import SBWindowGame
from feltbox.game.tailfeathers.window_game import TFWindowGame
from feltbox.game.window.game_view import GameView
from feltbox.game.window.hud_model import HUDS
from feltbox.game.window.piece_actions import MENUS
from feltbox.scenes.loader import load_flickem, load_tailfeathers
from feltbox.scenes.snowbirds.named import load_snowbirds

pytestmark = pytest.mark.physics

WINDOW = Path(__file__).resolve().parent.parent / "game" / "window"
NOT_MINE = {"aim_preview.py"}        # the flick runner's preview: reads the table session itself


def _members() -> set[str]:
    names = set(GameView.__annotations__)
    names |= {n for n, v in vars(GameView).items() if not n.startswith("_") and (callable(v) or isinstance(v, property))}
    return names


@pytest.fixture(scope="module", params=["flickem", "tailfeathers", "snowbirds"])
def game(request):
    if request.param == "flickem":
        g = WindowGame(load_flickem(1), 0, "none")
    elif request.param == "snowbirds":
        g = SBWindowGame(load_snowbirds("normal"), 0, "none")
    else:
        g = TFWindowGame(load_tailfeathers("show_of_force"), 0, "rat")
    g.run_bots()
    return g


def test_both_controllers_have_every_member(game):
    assert isinstance(game, GameView)
    missing = sorted(n for n in _members() if not hasattr(game, n))
    assert not missing, f"{type(game).__name__} lacks {missing}"
    for name in _members():
        ours = inspect.getattr_static(type(game), name, None)
        if callable(getattr(GameView, name, None)):
            assert callable(ours), f"{type(game).__name__}.{name} must be a method"


def test_what_a_game_without_a_feature_says(game):
    assert game.name in GAMES and GAMES[game.name].window_game is type(game)
    assert game.pages() >= 1 and 0 <= game.page < game.pages()
    assert len(game.choices()) == len(game.legal_actions())
    assert game.flick_piece() == (None, "")                      # nobody is flicking now
    if game.name == "flickem":
        assert game.highlight is None and game.choose_highlighted() is None and game.preview() == []
        assert game.flick_session() is game.bridge.session and isinstance(game.frames_gathered(), int)
    else:
        assert game.highlight == 0 and game.flick_session() is None and game.frames_gathered() is None
        assert game.first is None and not game.wants_aim()


def test_every_registered_game_has_a_hud_and_a_piece_menu():
    assert set(HUDS) == set(GAMES) == set(MENUS)


def _window_sources():
    for path in sorted(WINDOW.glob("*.py")):
        if path.name not in NOT_MINE:
            yield path, ast.parse(path.read_text(encoding="utf-8"))


def test_the_window_asks_the_protocol_and_nothing_behind_it():
    bad = []
    for path, tree in _window_sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in ("bridge", "engine"):
                bad.append(f"{path.name}:{node.lineno}: .{node.attr}")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "hasattr":
                bad.append(f"{path.name}:{node.lineno}: hasattr")
            if (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
                    and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))):
                bad.append(f"{path.name}:{node.lineno}: another object's {node.attr}")
    assert not bad, "; ".join(bad)


def test_the_window_room_imports_at_module_level():
    lazy = []
    for path, tree in _window_sources():
        for fn in ast.walk(tree):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lazy += [f"{path.name}:{n.lineno}" for n in ast.walk(fn) if isinstance(n, (ast.Import, ast.ImportFrom))]
    assert not lazy, "imports inside functions: " + ", ".join(lazy)
