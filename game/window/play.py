"""``feltbox play``: the window on a city, where a click-and-drag flicks a piece for real (and
``play_tf_window``: a Tail Feathers battle in the window, game/tailfeathers/window_game.py).

Dragging back from a survivor flicks the movement disc for it (rulebook: MOVE); dragging a
zombie or an object flicks that piece itself. The physics runs headless in a fresh world per
flick (feltbox.game.table.session) and the window animates the recorded 60 Hz frames.
"""
from __future__ import annotations

import sys

import numpy as np

from feltbox.game.table.city import City
from feltbox.game.table.flick import Aim
from feltbox.game.table.session import Session

HEADLESS_HINT = "feltbox render flickem {n} --out shot.png  |  feltbox sim flickem {n} --script FILE (see docs/examples/)"
TF_HEADLESS_HINT = ("feltbox play tailfeathers {n} --headless --bots all  |  "
                    "feltbox render tailfeathers {n} --out shot.png")


def flick_handler(session: Session):
    """The window's on_flick callback: run the flick and return the frames to animate."""
    def on_flick(piece_id: str, direction_deg: float, power: float) -> np.ndarray | None:
        i = session.city.index(piece_id)
        if not session.present[i]:
            return None
        tags = session.city.bodies[i].model.tags
        weapon = "movement_disc" if "survivor" in tags else "figure"
        frames = []

        def keep(episode):
            frames.append(episode.result.frames)
        session.on_episode = keep
        session.flick(piece_id, weapon, Aim(direction_deg % 360.0, float(np.clip(power, 0.0, 1.0))))
        frames.append(session.poses[None])   # the table as the rules leave it
        return np.concatenate(frames).astype(np.float32)
    on_flick.session = session          # the window's aim preview simulates in copies of it
    return on_flick


def _addons(game) -> tuple:
    """Every window gets the HUD panels and sounds (game/window/hud.py, game/window/sounds.py); a rules game
    also the in-game menu (Esc: save, undo, take back, settings), the autosave and the hot-seat
    hand-over (game/window/game_menu.py, game/window/saves.py, game/window/handover.py)."""
    from feltbox.game.window.hud import attach_hud
    from feltbox.game.window.sounds import attach_sounds
    if game is None:
        return (attach_hud, attach_sounds)
    from feltbox.game.window.game_menu import attach_game_menu
    from feltbox.game.window.handover import attach_handover
    from feltbox.game.window.saves import Autosaver

    def autosave(app):
        game.listeners.append(Autosaver(game))
    return (attach_hud, attach_sounds, attach_game_menu, attach_handover, autosave)


def play_window(city: City, args) -> int:
    from feltbox.game.window.app import NoDisplayError, run_window
    session = Session(city)
    title = f"feltbox - Flick'em Up! Dead of Winter - S{city.scene.number}: {city.scene.title}"
    game, poses = None, city.poses
    if getattr(args, "bots", None) is not None:        # a rules game: the bots play their seats
        from feltbox.game.flickem.window_game import WindowGame
        game = WindowGame(city.scene, args.seed, args.bots)
        game.run_bots()
        city, poses = game.city, game.bridge.session.poses.copy()
    try:
        run_window(city.bodies, poses, title, flick_handler(session), game=game, addons=_addons(game))
    except NoDisplayError as exc:
        print(f"feltbox: no display ({exc}); headless: " + HEADLESS_HINT.format(n=city.scene.number),
              file=sys.stderr)
        return 2
    return 0


def play_tf_window(scene, args, frames: int | None = None, screenshot: str | None = None) -> int:
    """``feltbox play tailfeathers SCENE [--bots rat|none]``: the Tail Feathers rules game in the
    window (game/tailfeathers/window_game.py); without --bots every seat is played at the window (hot-seat)."""
    from feltbox.game.window.app import NoDisplayError, run_window
    from feltbox.game.tailfeathers.window_game import TFWindowGame
    game = TFWindowGame(scene, args.seed, args.bots or "none")
    game.run_bots()
    title = f"feltbox - Tail Feathers - {scene.name}: {scene.title}"
    try:
        run_window(game.bodies(), game.poses(), title, lambda *a: None, frames=frames,
                   screenshot=screenshot, game=game, addons=_addons(game))
    except NoDisplayError as exc:
        print(f"feltbox: no display ({exc}); headless: " + TF_HEADLESS_HINT.format(n=args.number), file=sys.stderr)
        return 2
    return 0
