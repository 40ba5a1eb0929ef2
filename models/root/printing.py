"""The printed faces of the Root boards and tokens, drawn with Pillow from the data (the rules'
map table: suits, slots, ruins, paths, rivers, forests; models/root/dimensions.toml: places and
colours), as RGBA arrays for models.base.Print. House art: our own simple drawing, not the
printed game's."""
from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from feltbox.models.root import layout, root_dims

# The map's one truth is the rules' data file; the models room reads it as data (it imports
# nothing outside models/): rules/ lies beside models/ in a checkout and in the installed package.
MAP_TOML = Path(__file__).resolve().parents[2] / "rules" / "root" / "data" / "map.toml"

PX = 40                              # drawing pixels per cm (then resized to the print's texture)
PAPER = (222, 205, 160, 255)         # autumn parchment
FOREST = (86, 122, 62, 255)
FOREST_EDGE = (60, 92, 44, 255)
PATH = (246, 234, 200, 255)
RIVER = (84, 150, 196, 255)
INK = (40, 28, 20, 255)
WHITE = (250, 246, 236, 255)
SUIT_RGB = {"fox": (205, 56, 36), "rabbit": (236, 196, 56), "mouse": (230, 128, 46)}
SUIT_MARK = {"fox": "FOX", "rabbit": "RABBIT", "mouse": "MOUSE"}


def font(size_px: float) -> ImageFont.FreeTypeFont:
    return ImageFont.load_default(size=max(8, int(round(size_px))))


def _finish(image: Image.Image, print_px) -> np.ndarray:
    return np.asarray(image.resize(tuple(int(v) for v in print_px), Image.Resampling.LANCZOS), dtype=np.uint8)


def _px(size: tuple[float, float], x: float, y: float) -> tuple[float, float]:
    return (x + size[0] / 2) * PX, (size[1] / 2 - y) * PX


def _forest_polygon(clearings, size) -> list[tuple[float, float]]:
    """A forest drawn between the clearings it touches: their centres pulled a third of the way
    toward the forest's middle, in angular order."""
    pts = np.array([layout.clearing_xy(c) for c in clearings])
    mid = pts.mean(axis=0)
    pts = mid + (pts - mid) * 0.62
    order = np.argsort(np.arctan2(pts[:, 1] - mid[1], pts[:, 0] - mid[0]))
    return [_px(size, *pts[i]) for i in order]


def autumn_map() -> np.ndarray:
    """The Autumn map: forests, rivers, paths, then each clearing (suit colour, number, name,
    building slots, a ruin in its last slot)."""
    b = root_dims()["board"]
    size = (float(b["width"]), float(b["depth"]))
    clearings, raw = autumn_data()
    image = Image.new("RGBA", (round(size[0] * PX), round(size[1] * PX)), PAPER)
    draw = ImageDraw.Draw(image)
    draw.rectangle((8, 8, image.width - 8, image.height - 8), outline=INK, width=10)
    for forest in raw["forests"]:
        poly = _forest_polygon(forest, size)
        if len(poly) >= 3:
            draw.polygon(poly, fill=FOREST, outline=FOREST_EDGE, width=6)
    for a, c in raw["rivers"]:
        draw.line((_px(size, *layout.clearing_xy(a)), _px(size, *layout.clearing_xy(c))), fill=RIVER, width=34)
    for i, info in clearings.items():
        for j in info["paths"]:
            if j > i:
                draw.line((_px(size, *layout.clearing_xy(i)), _px(size, *layout.clearing_xy(j))), fill=PATH, width=26)
    for k, suit in enumerate(SUIT_RGB):                      # the legend: a ring's colour is its suit
        draw.ellipse((40, 40 + k * 60, 84, 84 + k * 60), outline=SUIT_RGB[suit] + (255,), width=10, fill=WHITE)
        draw.text((100, 62 + k * 60), SUIT_MARK[suit], fill=INK, font=font(36), anchor="lm")
    r = float(b["clearing_radius"]) * PX
    slot = float(b["slot"]) * PX
    for i, info in clearings.items():
        u, v = _px(size, *layout.clearing_xy(i))
        draw.ellipse((u - r, v - r, u + r, v + r), fill=WHITE, outline=SUIT_RGB[info["suit"]] + (255,), width=22)
        draw.text((u, v + r + 10), f"{i} {info['name'].upper()}", fill=INK, font=font(46), anchor="mt",
                  stroke_width=5, stroke_fill=PAPER)
        for k in range(info["slots"]):
            sx, sy = _px(size, *layout.slot_xy(i, k, info["slots"]))
            box = (sx - slot / 2, sy - slot / 2, sx + slot / 2, sy + slot / 2)
            draw.rounded_rectangle(box, radius=8, outline=INK, width=5)
            if info["ruin"] and k == info["slots"] - 1:
                draw.rounded_rectangle(box, radius=8, fill=(150, 140, 122, 255), outline=INK, width=5)
                draw.text((sx, sy), "RUIN", fill=WHITE, font=font(18), anchor="mm")
    return _finish(image, b["print_px"])


@lru_cache(maxsize=1)
def autumn_data() -> tuple[dict[int, dict], dict]:
    """The Autumn map as the rules' data file gives it: clearing id -> its row, and the [map]
    table (corners, rivers, forests)."""
    raw = tomllib.loads(MAP_TOML.read_text(encoding="utf-8"))
    return {int(c["id"]): c for c in raw["clearing"]}, raw["map"]


def plate(title: str, lines: list[str], size_cm: tuple[float, float], print_px, background, accent) -> np.ndarray:
    """A board with a title and rows of text (faction boards, the Burrow): rounded frame, title
    band in ``accent``, then ``lines`` from the top."""
    image = Image.new("RGBA", (round(size_cm[0] * PX), round(size_cm[1] * PX)), background)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((10, 10, image.width - 10, image.height - 10), radius=30, outline=accent, width=14)
    draw.text((image.width / 2, 70), title, fill=accent, font=font(64), anchor="mm", stroke_width=2, stroke_fill=accent)
    if len(lines) > 2:                      # a faction board: text on the left half, its pieces on the right
        draw.line((image.width / 2, 130, image.width / 2, image.height - 40), fill=accent, width=4)
    for k, line in enumerate(lines):
        draw.text((50, 150 + k * 56), line, fill=INK, font=font(30), anchor="lm")
    return _finish(image, print_px)


def score_track() -> np.ndarray:
    """Boxes 0 to 30 in a row; every fifth one shaded."""
    s = root_dims()["score_track"]
    size = (float(s["length"]), float(s["depth"]))
    image = Image.new("RGBA", (round(size[0] * PX), round(size[1] * PX)), (236, 226, 196, 255))
    draw = ImageDraw.Draw(image)
    cell = size[0] / 31 * PX
    for n in range(31):
        x0 = n * cell
        fill = (214, 190, 140, 255) if n % 5 == 0 else (240, 232, 210, 255)
        draw.rectangle((x0 + 3, 3, x0 + cell - 3, image.height - 3), fill=fill, outline=INK, width=3)
        draw.text((x0 + cell / 2, image.height * 0.22), str(n), fill=INK, font=font(30), anchor="mm")
    return _finish(image, s["print_px"])


def score_box_x(n: int) -> float:
    """x of box ``n`` (0-30) along the score track, in its frame."""
    length = float(root_dims()["score_track"]["length"])
    return -length / 2 + (n + 0.5) * length / 31


def token_face(text: str, background, ink=INK, px: int = 256) -> np.ndarray:
    """A round token's face: ``text`` in the middle of a disc."""
    image = Image.new("RGBA", (px, px), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.ellipse((4, 4, px - 4, px - 4), fill=background, outline=ink, width=8)
    size = px * (0.42 if len(text) <= 2 else 0.2)
    draw.text((px / 2, px / 2), text, fill=ink, font=font(size), anchor="mm")
    return np.asarray(image, dtype=np.uint8)


def tile_face(text: str, background, print_px) -> np.ndarray:
    image = Image.new("RGBA", tuple(int(v) for v in print_px), background)
    draw = ImageDraw.Draw(image)
    draw.rectangle((3, 3, image.width - 4, image.height - 4), outline=INK, width=4)
    draw.text((image.width / 2, image.height / 2), text, fill=INK, font=font(image.height * 0.3), anchor="mm")
    return np.asarray(image, dtype=np.uint8)
