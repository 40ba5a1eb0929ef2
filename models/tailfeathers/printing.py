"""The printed faces of the Tail Feathers mission cards (rulebook "Mission Cards", Mission Phase,
Resolve Missions), drawn with Pillow as RGBA arrays for models.base.Print.

Face down a card shows its alliance's back (the rules keep a played mission hidden until the
final phase); face up, the mission's title, its place in the resolution order and what it does
(our words, dimensions.toml ``[mission_card.text]``). The card lies with its length along x, so
the text reads along +x.
"""
from __future__ import annotations

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from feltbox.models.tailfeathers import tf_dims

PX_PER_CM = 80
PAPER = (238, 228, 204, 255)
INK = (44, 30, 20, 255)
BACKS = {"mouse": ((52, 98, 178, 255), "MICE"), "rat": ((170, 42, 36, 255), "RATS")}
ORDER = ("decoy", "intercept", "siege", "patrol", "rescue", "special")   # rulebook Resolve Missions
TITLE_COLOURS = {"decoy": (110, 110, 110, 255), "intercept": (190, 70, 45, 255), "siege": (120, 80, 40, 255),
                 "patrol": (40, 110, 170, 255), "rescue": (55, 140, 60, 255), "special": (180, 135, 25, 255)}
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")


def _font(size_px: float) -> ImageFont.FreeTypeFont:
    return ImageFont.load_default(size=max(8, int(round(size_px))))


def _canvas(background) -> tuple[Image.Image, ImageDraw.ImageDraw, float, float]:
    d = tf_dims()["mission_card"]
    w, h = round(d["length"] * PX_PER_CM), round(d["width"] * PX_PER_CM)
    image = Image.new("RGBA", (w, h), background)
    return image, ImageDraw.Draw(image), w, h


def _finish(image: Image.Image) -> np.ndarray:
    size = tuple(int(v) for v in tf_dims()["mission_card"]["print_px"])
    return np.asarray(image.resize(size, Image.Resampling.LANCZOS), dtype=np.uint8)


def mission_back(alliance: str) -> np.ndarray:
    """The back of a mission card: the alliance's colour, its name and MISSION, a round emblem."""
    colour, name = BACKS[alliance]
    image, draw, w, h = _canvas(colour)
    light = tuple(min(255, c + 70) for c in colour[:3]) + (255,)
    draw.rounded_rectangle((14, 14, w - 14, h - 14), radius=36, outline=light, width=12)
    r = h * 0.2
    draw.ellipse((w / 2 - r, h * 0.5 - r, w / 2 + r, h * 0.5 + r), outline=light, width=10)
    draw.text((w / 2, h * 0.2), name, fill=(250, 246, 236, 255), font=_font(h * 0.16), anchor="mm",
              stroke_width=2, stroke_fill=(250, 246, 236, 255))
    draw.text((w / 2, h * 0.82), "MISSION", fill=(250, 246, 236, 255), font=_font(h * 0.13), anchor="mm",
              stroke_width=2, stroke_fill=(250, 246, 236, 255))
    return _finish(image)


def mission_face(alliance: str, mission: str) -> np.ndarray:
    """The face of a mission card: the title in the mission's colour, the order it resolves in, two
    lines of what it does, the alliance along the bottom edge."""
    lines = tf_dims()["mission_card"]["text"][mission]
    image, draw, w, h = _canvas(PAPER)
    accent = TITLE_COLOURS[mission]
    draw.rounded_rectangle((12, 12, w - 12, h - 12), radius=30, outline=accent, width=14)
    draw.rectangle((12, h * 0.06, w - 12, h * 0.36), fill=accent)
    draw.text((w / 2, h * 0.21), mission.upper(), fill=(252, 248, 238, 255), font=_font(h * 0.2), anchor="mm",
              stroke_width=3, stroke_fill=(252, 248, 238, 255))
    draw.text((w / 2, h * 0.46), f"resolves {ORDINALS[ORDER.index(mission)]}", fill=accent,
              font=_font(h * 0.09), anchor="mm", stroke_width=1, stroke_fill=accent)
    for k, line in enumerate(lines):
        draw.text((w / 2, h * (0.61 + 0.12 * k)), line, fill=INK, font=_font(h * 0.09), anchor="mm")
    draw.text((w / 2, h * 0.9), BACKS[alliance][1], fill=BACKS[alliance][0], font=_font(h * 0.07), anchor="mm")
    return _finish(image)
