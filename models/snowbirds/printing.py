"""The printed faces of the Snowbirds mat cards and map row, drawn with Pillow from the data
(dimensions.toml tracks) at the places layout.py gives, as RGBA arrays for models.base.Print."""
from __future__ import annotations

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from feltbox.models.snowbirds import layout, sb_dims, track

PAPER = (236, 242, 247, 255)        # snow
INK = (22, 30, 48, 255)
BORDER = (40, 70, 110, 255)
STRIP = (60, 78, 70, 255)           # the map row: darker than the felt, lighter than the cards' shadow
STRIP_INK = (235, 238, 225, 255)
DRAW_PX_PER_CM = 60                 # drawn at the real aspect, then resized to the power-of-two print


def _font(size_px: float) -> ImageFont.FreeTypeFont:
    return ImageFont.load_default(size=max(8, int(round(size_px))))


def _canvas(size_cm: tuple[float, float], background) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGBA", (round(size_cm[0] * DRAW_PX_PER_CM), round(size_cm[1] * DRAW_PX_PER_CM)), background)
    return image, ImageDraw.Draw(image)


def _px(size_cm: tuple[float, float], x: float, y: float) -> tuple[float, float]:
    """Image pixel of the point (x, y) cm of a piece frame centred on the image (y up)."""
    return (x + size_cm[0] / 2) * DRAW_PX_PER_CM, (size_cm[1] / 2 - y) * DRAW_PX_PER_CM


def _finish(image: Image.Image, print_px) -> np.ndarray:
    return np.asarray(image.resize(tuple(int(v) for v in print_px), Image.Resampling.LANCZOS), dtype=np.uint8)


def track_card(name: str) -> np.ndarray:
    """The face of one track card: title, values, token spots and note, as (H, W, 4) uint8."""
    t = track(name)
    size = layout.card_size()
    cx = layout.card_centre_x(name)
    image, draw = _canvas(size, PAPER)
    colour = tuple(int(255 * c) for c in t["colour"]) + (255,)
    px = DRAW_PX_PER_CM
    draw.rounded_rectangle((0.12 * px, 0.12 * px, image.width - 0.12 * px, image.height - 0.12 * px),
                           radius=0.35 * px, outline=BORDER, width=int(0.1 * px))
    title_y = layout.TITLE_Y * size[1]
    draw.text(_px(size, 0.0, title_y), t["title"], fill=colour, font=_font(1.05 * px), anchor="mm",
              stroke_width=2, stroke_fill=colour)
    for value in layout.values(name):
        x, y = layout.number_xy(name, value)
        draw.text(_px(size, x - cx, y), f"{value}", fill=INK, font=_font(1.15 * px), anchor="mm",
                  stroke_width=1, stroke_fill=INK)
        sx, sy = layout.spot_xy(name, value)
        u, v = _px(size, sx - cx, sy)
        r = layout.SPOT_RADIUS * px
        draw.ellipse((u - r, v - r, u + r, v + r), outline=colour, width=int(0.08 * px))
    draw.text(_px(size, 0.0, layout.NOTE_Y * size[1]), t["note"], fill=INK, font=_font(0.5 * px), anchor="mm")
    return _finish(image, sb_dims()["mat"]["print_px"])


def map_row() -> np.ndarray:
    """The map-row strip: an outline where each map card lies, its label below, arrows southward."""
    size = layout.map_row_size()
    image, draw = _canvas(size, STRIP)
    c = sb_dims()["card"]
    px = DRAW_PX_PER_CM
    w, h = float(c["width"]), float(c["length"])
    for slot in range(int(sb_dims()["map_row"]["slots"])):
        x, y = layout.map_slot_xy(slot)
        left, top = _px(size, x - w / 2, y + h / 2)
        right, bottom = _px(size, x + w / 2, y - h / 2)
        draw.rounded_rectangle((left, top, right, bottom), radius=0.3 * px, outline=STRIP_INK, width=int(0.06 * px))
        label_y = y - h / 2 - float(sb_dims()["map_row"]["label_band"]) / 2
        draw.text(_px(size, x, label_y), layout.map_label(slot), fill=STRIP_INK, font=_font(0.9 * px), anchor="mm")
        if slot:
            draw.text(_px(size, x - float(sb_dims()["map_row"]["pitch"]) / 2, label_y), ">", fill=STRIP_INK,
                      font=_font(0.9 * px), anchor="mm")
    return _finish(image, sb_dims()["map_row"]["print_px"])
