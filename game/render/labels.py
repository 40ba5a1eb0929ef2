"""A labelled picture (``feltbox gallery --labels``, issue 13): each piece named in the picture,
so every component of a game's component list can be found by name. The names come from
game/text/piece_names.toml, filled in from each piece's parameters; each label is drawn with
Pillow on a dark backing just under the piece's foot, where the renderer's own lens projects it,
(on the roof of a tall one) and moved down (then up) when it would cover a label placed before it."""
from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

import numpy as np
from panda3d.core import Point2, Point3
from PIL import Image, ImageDraw, ImageFont

NAMES_PATH = Path(__file__).resolve().parents[1] / "text" / "piece_names.toml"
LINE = 18                  # px between label lines (the font is 15 px)
TALL = 6.0                 # cm: a piece this tall is named on its top, a lower one under its foot
FLAT = 1.5                 # cm: a piece this low is named under its edge nearest the camera (-y)


@cache
def _names() -> dict:
    with open(NAMES_PATH, "rb") as f:
        return tomllib.load(f)


def piece_name(spec) -> str:
    """A piece as a player names it: "police station", "zombie 11", "food token, face up"."""
    table = _names()
    words = dict(table["defaults"])
    words.update({k: ("end " if k == "end" and v is True else table["words"].get(v, v) if isinstance(v, str) else v)
                  for k, v in spec.params.items()})
    # a token is named by its face: face down it is just "a face-down token", whatever it hides
    by_face = table["names"].get(f"{spec.kind}_face_{spec.params['face']}") if "face" in spec.params else None
    pattern = by_face or table["names"].get(spec.kind, spec.kind)
    return " ".join(pattern.format(**words).replace("_", " ").split())


def _near_edge(model, pose: np.ndarray) -> float:
    """How far a piece at ``pose`` (x, y, z, qw, qx, qy, qz) reaches toward -y from its centre (cm)."""
    heading = 2.0 * np.arctan2(pose[6], pose[3])
    points = np.vstack([p.points for p in model.collision])
    return float(-(points[:, 0] * np.sin(heading) + points[:, 1] * np.cos(heading)).min())


def _pixel(renderer, point) -> tuple[float, float] | None:
    p = renderer.camera.getRelativePoint(renderer.root, Point3(*map(float, point)))
    film = Point2()
    if not renderer.camera.node().getLens().project(p, film):
        return None
    return (film.x + 1) / 2 * renderer.width, (1 - film.y) / 2 * renderer.height


def label(renderer, bodies, poses, image: np.ndarray) -> Image.Image:
    """``image`` (the renderer's picture of ``bodies`` at ``poses``) with every piece named."""
    picture = Image.fromarray(image).convert("RGBA")
    overlay = Image.new("RGBA", picture.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(overlay)
    font = ImageFont.load_default(size=15)
    placed: list[tuple[float, float, float, float]] = []
    spots = []
    for spec, pose in zip(bodies, np.asarray(poses, dtype=float)):
        tall = spec.model.top_height > TALL            # a building's foot hides behind the one in front
        # a flat piece (a token, a disc) is named under its near edge, so the name hides no icon
        near = _near_edge(spec.model, pose) if spec.model.top_height < FLAT else 0.0
        spot = _pixel(renderer, (pose[0], pose[1] - near, spec.model.top_height if tall else 0.0))
        if spot is not None:
            spots.append(((spot[0], spot[1] - (LINE if tall else 0)), piece_name(spec)))
    for (x, y), text in sorted(spots, key=lambda s: (s[0][1], s[0][0])):
        width = draw.textlength(text, font=font) + 8
        for shift in (0, 1, 2, -1, -2, 3, -3, 4):
            box = (x - width / 2, y + 4 + shift * LINE, x + width / 2, y + 4 + shift * LINE + LINE - 1)
            if not any(box[0] < b[2] and b[0] < box[2] and box[1] < b[3] and b[1] < box[3] for b in placed):
                break
        placed.append(box)
        draw.rectangle(box, fill=(10, 10, 14, 200))
        draw.text((box[0] + 4, box[1] + 1), text, font=font, fill=(245, 240, 225, 255))
    return Image.alpha_composite(picture, overlay).convert("RGB")
