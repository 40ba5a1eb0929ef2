"""Where the HUD panels sit and where a context menu opens (game/window/hud_layout.py): plain
numbers, worked out by hand at 16:9 (aspect 16/9 = 1.7778), UI scale 1."""
from __future__ import annotations

import pytest

from feltbox.game.window.framing import Rect
from feltbox.game.window.hud_layout import (
    CARD_GAP,
    CARD_H,
    CARD_W,
    EDGE,
    GAP,
    HEADER_H,
    LINE_H,
    RIGHT_W,
    TOP_H,
    TOP_SLIM,
    choice_rows_fit,
    feed_rows_fit,
    free_area_aspect2d,
    free_rect,
    overlap,
    panel_rects,
    place_box,
)

ASPECT = 16 / 9


def test_panel_rects_at_the_start_of_s1_hide_the_empty_feed():
    rects = panel_rects(ASPECT, 1.0, cards=5, choice_lines=5, feed_lines=None)
    assert sorted(rects) == ["cards", "choices", "top"]
    cards = rects["cards"]
    under = 1.0 - TOP_H - EDGE                                    # 0.845
    assert cards.top == pytest.approx(under) and cards.right == pytest.approx(-ASPECT + CARD_W)
    assert cards.bottom == pytest.approx(under - HEADER_H - 5 * (CARD_H + CARD_GAP))     # 0.34
    assert rects["choices"].left == pytest.approx(ASPECT - RIGHT_W - EDGE)
    assert rects["choices"].bottom == pytest.approx(under - 0.07 - 5 * LINE_H)            # 0.55


def test_folded_panels_keep_their_header_and_give_their_room_back():
    open_ = panel_rects(ASPECT, 1.0, cards=10, choice_lines=8, feed_lines=4)
    shut = panel_rects(ASPECT, 1.0, cards=10, choice_lines=8, feed_lines=4,
                       collapsed=("top", "cards", "choices", "feed"))
    assert shut["top"].bottom == pytest.approx(1 - TOP_SLIM)
    assert shut["cards"].top - shut["cards"].bottom == pytest.approx(HEADER_H)
    assert all(shut[k].top - shut[k].bottom < open_[k].top - open_[k].bottom for k in open_)
    assert panel_rects(ASPECT, 1.0, cards=0, choice_lines=None, feed_lines=None).keys() == {"top"}


@pytest.mark.parametrize("scale", [0.6, 1.0, 1.25, 1.5, 2.0])
def test_the_choices_and_the_feed_never_overlap_at_any_ui_scale(scale):
    """The choices as long as they fit (18 rows at most), the feed as many rows as fit under them:
    the right column's two panels stay apart by GAP at every scale of the settings."""
    rows = min(18, choice_rows_fit(scale))
    feed = min(9, feed_rows_fit(scale, rows))
    rects = panel_rects(ASPECT, scale, cards=10, choice_lines=rows, feed_lines=feed, dice=True)
    assert rects["feed"].top <= rects["choices"].bottom - GAP * scale + 1e-9
    names = sorted(rects)
    assert all(overlap(rects[a], rects[b]) == 0 for a in names for b in names if a < b)
    if scale == 1.0:
        assert (rows, feed) == (18, 9)        # at 1.0 both are whole: 0.845 - 0.88 = -0.035 over the feed's -0.33


def test_the_free_rect_is_the_free_area_when_every_panel_shows():
    rects = panel_rects(ASPECT, 1.0, cards=5, choice_lines=5, feed_lines=3)
    free, area = free_rect(rects, ASPECT), free_area_aspect2d(ASPECT)
    assert (free.left, free.right, free.top) == pytest.approx((area.left, area.right, area.top))
    wider = free_rect(panel_rects(ASPECT, 1.0, cards=0, choice_lines=None, feed_lines=None), ASPECT)
    assert wider.left < free.left and wider.right > free.right


def test_a_menu_opens_beside_the_piece_inside_the_free_area():
    free = Rect(-1.0, 0.7, -0.76, 0.8)
    piece = Rect(-0.1, 0.1, 0.0, 0.3)
    box = place_box(1.05, 0.6, piece, free)
    # right of it (left edge 0.14) it would stick out of the free area (0.14 + 1.05 > 0.7) and,
    # pushed back in, cover the piece; left of it likewise (-0.1 - 0.04 - 1.05 < -1.0): it opens
    # under the piece, centred on it, 0.04 below its foot
    assert (box.left, box.right, box.bottom, box.top) == pytest.approx((-0.525, 0.525, -0.64, -0.04))
    assert overlap(box, piece) == 0


def test_a_menu_by_the_free_areas_edge_is_clamped_in_and_avoids_panels():
    free = Rect(-1.0, 0.7, -0.76, 0.8)
    piece = Rect(0.5, 0.65, 0.6, 0.78)                 # near the top right corner of the free area
    box = place_box(1.05, 0.9, piece, free, avoid=[Rect(0.78, 1.76, -0.8, 0.85)])
    assert free.left <= box.left and box.right <= free.right and free.bottom <= box.bottom and box.top <= free.top
    # under the piece (top 0.6 - 0.04), pushed left to end at the free area's right edge 0.7: the
    # nearest spot that covers neither the piece nor the panel at the right
    assert (box.left, box.right, box.bottom, box.top) == pytest.approx((-0.35, 0.7, -0.34, 0.56))
    assert overlap(box, piece) == 0 and overlap(box, Rect(0.78, 1.76, -0.8, 0.85)) == 0
