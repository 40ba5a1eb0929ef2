"""Card faces and backs drawn by our code with Pillow from card data, for every card game.

A game describes each card as a ``CardFace`` (title, a few labelled values such as "FLIGHT 3",
a centre of pips or a letter, one small text line, an accent colour) and each deck's back as a
``CardBack``; ``face_image`` / ``back_image`` draw them at ``FACE_SIZE`` pixels (512 x 716: the
poker card's 6.3 x 8.8 proportions, enough for the title and values to stay readable when a card is
held up at 1280x720). Drawing one takes a few milliseconds, so images are not kept on disk (a
disk cache would save nothing worth its invalidation); their textures are kept in memory.
Dark ink on a light ground throughout the face, so text reads under the table's warm light.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

from PIL import Image, ImageDraw, ImageFont

FACE_SIZE = (512, 716)
GROUND = (244, 240, 228)        # the face's light card stock
INK = (28, 26, 30)              # text: dark on light
TITLE_BOX = (40, 34, 472, 112)  # where the title is written (tests measure its contrast)


@dataclass(frozen=True)
class CardValue:
    """One labelled value printed on a card, e.g. CardValue("FLIGHT", "3"); ``icon`` is the letter
    in its coloured disc (default: the label's first letter)."""
    label: str
    value: str
    icon: str = ""


@dataclass(frozen=True)
class CardFace:
    """What a card's face shows. ``pips`` > 0 draws that many pips in the centre, else ``centre``
    (a letter or short word) is drawn large; ``accent`` is the card's colour theme (hex)."""
    title: str
    values: tuple[CardValue, ...] = ()
    pips: int = 0
    centre: str = ""
    text: str = ""
    accent: str = "#2f5d8a"


@dataclass(frozen=True)
class CardBack:
    """A deck's back: its name in the middle of a diamond lattice in two colours (hex)."""
    name: str
    colour: str = "#27406e"
    pattern: str = "#c9b27a"


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    """Pillow's own scalable font (bundled with Pillow, so images are the same on every machine)."""
    return ImageFont.load_default(size=size)


def _fit(draw: ImageDraw.ImageDraw, text: str, size: int, width: int) -> ImageFont.FreeTypeFont:
    """The largest font of at most ``size`` px in which ``text`` fits ``width`` px."""
    while size > 12 and draw.textlength(text, font=font(size)) > width:
        size -= 2
    return font(size)


def _pip_centres(n: int, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """Pips in rows of at most three, centred on (cx, cy), ``r`` their radius."""
    rows = [min(3, n - k) for k in range(0, n, 3)]
    gap = 2.6 * r
    out = []
    for i, count in enumerate(rows):
        y = cy + (i - (len(rows) - 1) / 2) * gap
        out.extend((cx + (j - (count - 1) / 2) * gap, y) for j in range(count))
    return out


@lru_cache(maxsize=16)
def face_image(face: CardFace) -> Image.Image:
    """The face of ``face`` as an RGB image of FACE_SIZE (the last few kept; do not modify them).
    The lasting cache is the texture's (game/render/textures.py): 1.1 MB per face is not kept twice."""
    w, h = FACE_SIZE
    image = Image.new("RGB", FACE_SIZE, GROUND)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((10, 10, w - 11, h - 11), radius=22, outline=face.accent, width=8)
    left, top, right, bottom = TITLE_BOX
    draw.text(((left + right) / 2, (top + bottom) / 2), face.title, fill=INK, anchor="mm",
              font=_fit(draw, face.title, 56, right - left))
    draw.line((left, bottom + 8, right, bottom + 8), fill=face.accent, width=5)
    cx, cy = w / 2, 300
    if face.pips > 0:
        for x, y in _pip_centres(face.pips, cx, cy, 26):
            draw.ellipse((x - 26, y - 26, x + 26, y + 26), fill=face.accent, outline=INK, width=3)
    elif face.centre:
        draw.text((cx, cy), face.centre, fill=face.accent, anchor="mm", font=_fit(draw, face.centre, 170, 400))
    for k, item in enumerate(face.values[:3]):
        y = 448 + k * 70
        draw.ellipse((44, y, 100, y + 56), fill=face.accent)
        draw.text((72, y + 28), (item.icon or item.label[:1])[:2], fill=GROUND, anchor="mm", font=font(34))
        draw.text((116, y + 28), item.label, fill=INK, anchor="lm", font=font(40))
        draw.text((468, y + 28), item.value, fill=INK, anchor="rm", font=font(50))
    if face.text:
        draw.text((cx, h - 48), face.text, fill=INK, anchor="mm", font=_fit(draw, face.text, 30, w - 80))
    return image


def with_rounded_corners(image: Image.Image, radius_fraction: float = 0.3 / 6.3) -> Image.Image:
    """``image`` as RGBA whose corners outside a rounded rectangle (radius a fraction of the width,
    the poker card's 0.3 of 6.3 cm by default) are transparent: for flat cards on the screen (the
    hand view), where no rounded mesh clips the corners."""
    mask = Image.new("L", image.size, 0)
    radius = round(radius_fraction * image.width)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, image.width - 1, image.height - 1), radius=radius, fill=255)
    out = image.convert("RGBA")
    out.putalpha(mask)
    return out


@lru_cache(maxsize=32)
def back_image(back: CardBack) -> Image.Image:
    """The back of a deck as an RGB image of FACE_SIZE (symmetric under a half turn, as real backs
    are, so a card's back never tells which way up it lies)."""
    w, h = FACE_SIZE
    image = Image.new("RGB", FACE_SIZE, GROUND)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((10, 10, w - 11, h - 11), radius=22, fill=back.colour)
    step = 48
    for k in range(-h // step, w // step + h // step + 1):
        x = 24 + k * step
        draw.line((x, 24, x + (h - 48), h - 24), fill=back.pattern, width=2)
        draw.line((x, h - 24, x + (h - 48), 24), fill=back.pattern, width=2)
    draw.rectangle((0, 0, 23, h), fill=GROUND)
    draw.rectangle((w - 24, 0, w, h), fill=GROUND)
    draw.rounded_rectangle((10, 10, w - 11, h - 11), radius=22, outline=back.colour, width=16)
    draw.ellipse((w / 2 - 150, h / 2 - 90, w / 2 + 150, h / 2 + 90), fill=back.colour, outline=back.pattern, width=6)
    draw.text((w / 2, h / 2), back.name, fill=back.pattern, anchor="mm", font=_fit(draw, back.name, 60, 250))
    return image
