"""Where the HUD panels sit (game/window/hud.py draws them) and the free middle of the window they
leave, as plain numbers -- no Panda3D, so the camera's framing (game/window/framing.py), the
context menu's placement and the tests read the same layout the panels are drawn from.

Units are aspect2d's: y from -1 (bottom) to 1 (top), x from -aspect to aspect. Every panel is
scaled by Settings.ui_scale around its screen corner. Each docked panel has a header row with its
collapse toggle; a collapsed panel keeps only that row (``panel_rects``).
"""
from __future__ import annotations

import textwrap
from collections.abc import Sequence

from feltbox.game.window.framing import Rect

TOP_H = 0.135              # the top bar's height
TOP_SLIM = 0.085           # ... collapsed: its first line only
CARD_W = 0.66              # the left column of survivor / unit cards
RIGHT_W = 0.98             # the right column: choices (top) and the event feed (bottom)
FEED_BOTTOM = 0.17         # the feed's bottom edge above the window's bottom (the status and help lines)
LINES_TOP = -0.80          # the status and help lines at the bottom left stay under this
GAP = 0.04                 # kept clear next to a panel
EDGE = 0.02                # the panels' distance from the window's edges and from the top bar
HEADER_H = 0.055           # a panel's header row: its title and collapse toggle
CARD_H, CARD_GAP = 0.082, 0.008
DICE_H = 0.25              # Tail Feathers' last dice (6 rows), under the cards
LINE_H = 0.045             # a line of the choices and of the feed
CHOICE_PAD = 0.07          # the choices panel: its prompt row and bottom margin
FEED_PAD = 0.04            # the feed's bottom margin
PANELS = ("top", "cards", "choices", "feed")
PROMPT_WRAP, CHOICE_WRAP = 46, 54     # characters in a prompt row (beside its toggle), in a choice row


def wrap(text: str, width: int) -> list[str]:
    """``text`` in rows of at most ``width`` characters, broken between words, never cut."""
    return textwrap.wrap(text, width, break_long_words=False, break_on_hyphens=False) or [""]


def choice_rows(prompt: str, lines: Sequence[tuple[str, tuple]], most: int, dim: tuple) -> tuple[str, list]:
    """The choices panel's rows: the prompt's first row (beside the toggle), then the rest of the
    prompt (colour None: the prompt's) and each choice wrapped (continuations indented), at most
    ``most`` rows; past that a last row says how many more."""
    heads = wrap(prompt, PROMPT_WRAP)
    rows = [(row, None) for row in heads[1:]]
    for line, fg in lines:
        parts = wrap(line, CHOICE_WRAP)
        rows += [(parts[0], fg)] + [("      " + part, fg) for part in parts[1:]]
    if len(rows) > most:
        rows = rows[:most - 1] + [(f"... {len(rows) - most + 1} more rows", dim)]
    return heads[0], rows


def free_area(aspect: float, ui_scale: float = 1.0) -> Rect:
    """The free middle of the window in normalised device coordinates (-1..1 both ways)."""
    left = -aspect + (CARD_W + GAP) * ui_scale
    right = aspect - (RIGHT_W + EDGE + GAP) * ui_scale
    top = 1.0 - (TOP_H + GAP) * ui_scale
    return Rect(left / aspect, right / aspect, LINES_TOP + GAP, top)


def free_area_aspect2d(aspect: float, ui_scale: float = 1.0) -> Rect:
    """The same area in aspect2d units (x from -aspect to aspect)."""
    r = free_area(aspect, ui_scale)
    return Rect(r.left * aspect, r.right * aspect, r.bottom, r.top)


def cards_height(cards: int, dice: bool, collapsed: bool) -> float:
    """The left column under the top bar: header, cards, Tail Feathers' dice (unscaled)."""
    if collapsed:
        return HEADER_H
    return HEADER_H + cards * (CARD_H + CARD_GAP) + (DICE_H + CARD_GAP if dice else 0.0)


def choices_height(lines: int, collapsed: bool) -> float:
    return CHOICE_PAD if collapsed else CHOICE_PAD + LINE_H * lines


def feed_height(lines: int, collapsed: bool) -> float:
    return HEADER_H if collapsed else HEADER_H + LINE_H * lines + FEED_PAD


def choice_rows_fit(ui_scale: float) -> int:
    """The most rows the choices panel may show under its prompt at ``ui_scale``: it keeps clear of
    the feed's header at the bottom right."""
    under = 1.0 - (TOP_H + EDGE) * ui_scale
    floor = -1.0 + (FEED_BOTTOM + feed_height(0, False) + GAP) * ui_scale
    return max(1, int(((under - floor) / ui_scale - CHOICE_PAD) / LINE_H))


def feed_rows_fit(ui_scale: float, choice_lines: int | None, choices_collapsed: bool = False) -> int:
    """The most rows the feed may show under the choices panel (``choice_lines`` rows, None:
    hidden): the feed grows up from the bottom and stops ``GAP`` short of the choices."""
    under = 1.0 - (TOP_H + EDGE) * ui_scale
    top = under if choice_lines is None else under - (choices_height(choice_lines, choices_collapsed) + GAP) * ui_scale
    return max(0, int(((top + 1.0) / ui_scale - FEED_BOTTOM - HEADER_H - FEED_PAD) / LINE_H))


def panel_rects(aspect: float, ui_scale: float, cards: int, choice_lines: int | None, feed_lines: int | None,
                dice: bool = False, collapsed: Sequence[str] = ()) -> dict[str, Rect]:
    """The rectangles (aspect2d) the docked panels cover now, by name (``PANELS``): ``cards``
    cards (and Tail Feathers' ``dice``), ``choice_lines`` lines under the choices' prompt (None:
    nothing to choose, the panel hidden), ``feed_lines`` rows in the feed (None: an empty feed,
    hidden; 0: only its header has room). A hidden panel has no rectangle."""
    s = ui_scale
    top = (TOP_SLIM if "top" in collapsed else TOP_H) * s
    out = {"top": Rect(-aspect, aspect, 1.0 - top, 1.0)}
    under = 1.0 - (TOP_H + EDGE) * s
    if cards:
        out["cards"] = Rect(-aspect, -aspect + CARD_W * s, under - cards_height(cards, dice, "cards" in collapsed) * s,
                            under)
    right = Rect(aspect - (RIGHT_W + EDGE) * s, aspect - EDGE * s, 0.0, 0.0)
    if choice_lines is not None:
        out["choices"] = Rect(right.left, right.right, under - choices_height(choice_lines, "choices" in collapsed) * s,
                              under)
    if feed_lines is not None:
        bottom = -1.0 + FEED_BOTTOM * s
        out["feed"] = Rect(right.left, right.right, bottom, bottom + feed_height(feed_lines, "feed" in collapsed) * s)
    return out


def overlap(a: Rect, b: Rect) -> float:
    """The area two rectangles share (0 when apart)."""
    w = min(a.right, b.right) - max(a.left, b.left)
    h = min(a.top, b.top) - max(a.bottom, b.bottom)
    return w * h if w > 0 and h > 0 else 0.0


def place_box(width: float, height: float, piece: Rect, bounds: Rect, avoid: Sequence[Rect] = (),
              gap: float = 0.04) -> Rect:
    """Where a box (a clicked piece's context menu) goes: beside ``piece`` (the piece's rectangle on
    the screen, aspect2d) -- right, left, below or above it, or along an edge of ``bounds`` (the
    free area the panels leave), clamped inside ``bounds``: of these spots, the one that covers
    the least of the ``avoid`` rectangles (the panels), then the least of the piece, then the
    nearest to it."""
    cx, cy = (piece.left + piece.right) / 2, (piece.bottom + piece.top) / 2
    xs = (piece.right + gap, piece.left - gap - width, cx - width / 2, bounds.left, bounds.right - width)
    ys = (cy + height / 2, piece.bottom - gap, piece.top + gap + height, bounds.top, bounds.bottom + height)
    spots = [(x, y) for x in xs for y in ys]     # beside, under, over it; or against an edge of the bounds
    best, key = None, None
    for x, y in spots:
        x = max(min(x, bounds.right - width), bounds.left)      # wider than the bounds: its left edge in them
        y = min(max(y, bounds.bottom + height), bounds.top)     # taller: its top in them
        box = Rect(x, x + width, y - height, y)
        centre = (x + width / 2 - cx) ** 2 + (y - height / 2 - cy) ** 2
        k = (round(sum(overlap(box, r) for r in avoid), 6), round(overlap(box, piece), 6), centre)
        if key is None or k < key:
            best, key = box, k
    return best


def free_rect(rects: dict[str, Rect], aspect: float, ui_scale: float = 1.0) -> Rect:
    """The free middle (aspect2d) that the panels showing now leave (``panel_rects``): narrower than
    the window by the cards column and the right column where they show, under the top bar, over
    the help strip; a collapsed or hidden panel gives its room back."""
    left = rects["cards"].right + GAP * ui_scale if "cards" in rects else -aspect + EDGE
    right = min([r.left for k, r in rects.items() if k in ("choices", "feed")], default=aspect - EDGE + GAP * ui_scale)
    top = rects["top"].bottom - GAP * ui_scale if "top" in rects else 1.0 - EDGE
    return Rect(left, right - GAP * ui_scale, LINES_TOP + GAP, top)
