"""Which piece a slingshot drag may start on, and the words that say so -- no Panda3D.

When the rules want a flick (a move, a shot, a fight attack) the drag aims it from the piece the
rules name (game/window/game_view.GameView.flick_piece: the survivor or attacker and the component
flicked). A drag therefore starts only on that piece, or close to it on the screen, where its
disc or weapon is set down (``GRAB``); a press anywhere else never flicks (issue 18: a drag begun
on Loretta flicked Anita's disc). ``refusal`` gives the help line's reason.
"""
from __future__ import annotations

import numpy as np

from feltbox.game.text.event_feed import pretty

GRAB = 0.06     # a press this close to the piece's feet (fraction of the window height) takes it


def component(weapon: str) -> str:
    """What is flicked, as a player calls it: "disc", "gun", "knife"..."""
    return "disc" if weapon in ("movement_disc", "") else pretty(weapon)


def flick_label(piece: str | None, weapon: str) -> str:
    """"Anita's disc", "Rosa's gun"; "" when nothing is flicked."""
    return f"{pretty(piece)}'s {component(weapon)}" if piece else ""


def drag_hint(piece: str | None, weapon: str) -> str:
    """The prompt while the rules want a flick: "drag back from Anita's disc to flick"."""
    return f"drag back from {flick_label(piece, weapon)} to flick" if piece else ""


def starts_drag(pressed: str | None, piece: str | None, distance: float | None) -> bool:
    """Does a press start the flick's drag? On ``piece`` itself, or within ``GRAB`` of its feet
    (``distance``: the press from the piece's projected feet, fractions of the window height)."""
    if piece is None:
        return False
    if pressed == piece:
        return True
    return pressed is None and distance is not None and distance <= GRAB


def refusal(pressed: str | None, piece: str | None, weapon: str) -> str:
    """Why a press did not start a flick, for the help line."""
    hint = drag_hint(piece, weapon)
    if pressed is None:
        return f"{hint}  (a left-drag on the felt turns the camera)"
    return f"that is {pretty(pressed)}: {hint}"


def height_distance(a: tuple[float, float], b: tuple[float, float], aspect: float) -> float:
    """Distance between two mouse points (-1..1) in fractions of the window height."""
    return float(np.hypot((a[0] - b[0]) * aspect / 2.0, (a[1] - b[1]) / 2.0))
