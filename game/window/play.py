"""``feltbox play``: a rules game of any registered game in the window (``play_game_window``), or
the free table of a Dead of Winter city, where a click-and-drag flicks a piece for real
(``play_table_window``).

Dragging back from a survivor flicks the movement disc for it (rulebook: MOVE); dragging a
zombie or an object flicks that piece itself. The physics runs headless in a fresh world per
flick (feltbox.game.table.session) and the window animates the recorded 60 Hz frames.
"""
from __future__ import annotations

import sys

import numpy as np

from feltbox.game.games import GameKind
from feltbox.game.render.mood import mood_for
from feltbox.game.table.city import City
from feltbox.game.table.flick import Aim
from feltbox.game.table.session import Session
from feltbox.game.window.app import run_window
from feltbox.game.window.display import NoDisplayError
from feltbox.game.window.shell import dress_window

HEADLESS_HINT = "feltbox render flickem {n} --out shot.png  |  feltbox sim flickem {n} --script FILE (see docs/examples/)"


def flick_handler(session: Session):
    """The window's on_flick callback: run the flick and return the frames to animate (the
    window's aim preview simulates in copies of ``session``: run_window's ``session``)."""
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
    return on_flick


def play_table_window(city: City, args) -> int:
    """``feltbox play flickem N`` without --bots: the city as a free table, no rules."""
    session = Session(city)
    title = f"feltbox - Flick'em Up! Dead of Winter - S{city.scene.number}: {city.scene.title}"
    try:
        run_window(city.bodies, city.poses, title, flick_handler(session),
                   addons=(dress_window, lambda app: app.scene.set_mood(mood_for("flickem"))), session=session)
    except NoDisplayError as exc:
        print(f"feltbox: no display ({exc}); headless: " + HEADLESS_HINT.format(n=city.scene.number),
              file=sys.stderr)
        return 2
    return 0


def play_game_window(kind: GameKind, scene, args, frames: int | None = None, screenshot: str | None = None) -> int:
    """``feltbox play GAME KEY [--bots ...]``: the rules game in the window; the bots play their
    seats, every other seat is played at the window (hot-seat)."""
    game = kind.window_game(scene, args.seed, args.bots or "none")
    game.run_bots()
    title = f"feltbox - {game.title}"
    try:
        run_window(game.bodies(), game.poses(), title, lambda *a: None, frames=frames,
                   screenshot=screenshot, game=game, addons=(dress_window,))
    except NoDisplayError as exc:
        print(f"feltbox: no display ({exc}); headless: feltbox play {kind.name} {args.number} --headless "
              "--bots all", file=sys.stderr)
        return 2
    return 0

