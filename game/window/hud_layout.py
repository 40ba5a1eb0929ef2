"""Where the HUD panels sit (game/window/hud.py draws them) and the free middle of the window they
leave, as plain numbers -- no Panda3D, so the camera's framing (game/window/framing.py) and its
tests read the same layout the panels are drawn from.

Units are aspect2d's: y from -1 (bottom) to 1 (top), x from -aspect to aspect. Every panel is
scaled by Settings.ui_scale around its screen corner.
"""
from __future__ import annotations

from feltbox.game.window.framing import Rect

TOP_H = 0.135              # the top bar's height
CARD_W = 0.66              # the left column of survivor / unit cards
RIGHT_W = 0.98             # the right column: choices (top) and the event feed (bottom)
FEED_BOTTOM = 0.17         # the feed's bottom edge above the window's bottom (the status and help lines)
LINES_TOP = -0.80          # the status and help lines at the bottom left stay under this
GAP = 0.04                 # kept clear next to a panel


def free_area(aspect: float, ui_scale: float = 1.0) -> Rect:
    """The free middle of the window in normalised device coordinates (-1..1 both ways)."""
    left = -aspect + (CARD_W + GAP) * ui_scale
    right = aspect - (RIGHT_W + 0.02 + GAP) * ui_scale
    top = 1.0 - (TOP_H + GAP) * ui_scale
    return Rect(left / aspect, right / aspect, LINES_TOP + GAP, top)


def free_area_aspect2d(aspect: float, ui_scale: float = 1.0) -> Rect:
    """The same area in aspect2d units (x from -aspect to aspect)."""
    r = free_area(aspect, ui_scale)
    return Rect(r.left * aspect, r.right * aspect, r.bottom, r.top)
