"""What the card games' window drivers share under Xvfb (tests/test_sb_window.py,
tests/test_root_window.py, tests/tt_window_driver.py; they run with the repository as the working
directory, so ``import tests.card_window`` works): ``open_window`` opens a game's play window
after its bots have played up to the first human choice; the functions below step its frames, wait
for its animations and drive it with the real pointer (xdotool)."""
from __future__ import annotations

import subprocess
from types import SimpleNamespace

from panda3d.core import Point2

from feltbox.game.games import GAMES
from feltbox.game.window.app import PlayApp
from feltbox.game.window.display import open_base
from feltbox.game.window.shell import dress_window

W = SimpleNamespace()           # the open window: game, base, app, view, name; w, h, aspect once drawn


def open_window(key: str, scene: str, seed: int, bots: str, name: str):
    """(game, base, app, view) of ``key``'s window titled ``name``, drawn 8 frames."""
    kind = GAMES[key]
    game = kind.window_game(kind.load_scene(scene), seed, bots)
    game.run_bots()
    base = open_base(name)
    app = PlayApp(base, game.bodies(), game.poses(), "feltbox - " + game.title, lambda *a: None, game=game)
    dress_window(app)
    W.game, W.base, W.app, W.view, W.name, W.win = game, base, app, app.cards, name, None
    step(8)
    W.w, W.h, W.aspect = base.win.getXSize(), base.win.getYSize(), base.getAspectRatio()
    return game, base, app, app.cards


def step(n: int = 3) -> None:
    for _ in range(n):
        W.base.taskMgr.step()


def settle(tail: int = 4) -> None:
    """Frames until the window's animation is over (at most 600), then ``tail`` more."""
    for _ in range(600):
        W.base.taskMgr.step()
        if W.app.animation is None:
            break
    step(tail)


def xdo(*args) -> None:
    subprocess.run(["xdotool", *map(str, args)], check=True)


def window_id() -> str:
    if W.win is None:
        W.win = subprocess.run(["xdotool", "search", "--name", W.name], capture_output=True, text=True,
                               check=True).stdout.split()[0]
    return W.win


def px(x: float, y: float) -> tuple[int, int]:
    """Window pixels of aspect2d's (x, y)."""
    return int((x / W.aspect + 1) / 2 * W.w), int((1 - y) / 2 * W.h)


def click_px(x: int, y: int) -> None:
    xdo("mousemove", "--window", window_id(), x, y)
    step(3)
    xdo("click", 1)
    step(4)


def drag_card(card: str, zone: str) -> None:
    """Drag ``card`` from the hand fan onto the play zone named ``zone``, then wait."""
    view = W.view
    k = view.hand.choices.ids().index(card)
    x, y, _ = view.hand.rows[k]
    sx, sy = px(x, y - 0.1)
    z = next(z for z in view.zones if z.name == zone)
    left, right, bottom, top = z.rect
    tx, ty = px((left + right) / 2, (bottom + top) / 2)
    win = window_id()
    xdo("mousemove", "--window", win, sx, sy)
    step(4)
    xdo("mousedown", 1)
    step(3)
    for i in range(1, 7):
        xdo("mousemove", "--window", win, sx + (tx - sx) * i // 6, sy + (ty - sy) * i // 6)
        step(2)
    xdo("mouseup", 1)
    step(3)
    settle()


def screen_of(body: str) -> tuple[int, int]:
    """Window pixels of a body's centre on the table."""
    base, app = W.base, W.app
    p = app.scene.paths[app.ids.index(body)].getPos(base.render)
    q = base.cam.getRelativePoint(base.render, p)
    film = Point2()
    base.camLens.project(q, film)
    return int((film[0] + 1) / 2 * W.w), int((1 - film[1]) / 2 * W.h)
