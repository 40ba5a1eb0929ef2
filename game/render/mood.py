"""Winter and night on the table (issue 13): the felt's colour, the lights and lit street lamps for
a game and a time of day, from game/render/moods.toml. Dead of Winter is snowy by day and dark by
night, with a pool of lamplight under each standing street lamp; day and night follow the rules'
round in the window (WindowGame.mood) and a picture's ``--night``.

The lamplight is a flat disc on the felt, its colour fading to nothing at the rim, drawn unlit (no
lights, no shader) and added to what is under it, so it costs a few triangles, not a light. It
follows the lamp's head and goes out when the lamp has fallen.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
from panda3d.core import (
    ColorBlendAttrib,
    Geom,
    GeomNode,
    GeomTriangles,
    GeomVertexData,
    GeomVertexFormat,
    GeomVertexWriter,
    NodePath,
)

MOODS_PATH = Path(__file__).resolve().parent / "moods.toml"
LAMP_HEAD = np.array([2.4, 0.0, 10.4])     # the street lamp's head in its body frame (models/props.street_lamp)
FALLEN = 0.7                               # a lamp whose up axis has z below this has fallen (about 45 deg)


@dataclass(frozen=True)
class Mood:
    felt: tuple[float, float, float]
    ambient: tuple[float, float, float]
    key: tuple[float, float, float]
    fill: tuple[float, float, float]
    lamps: bool = False
    lamp_colour: tuple[float, float, float] = (1.0, 0.8, 0.45)
    lamp_radius: float = 9.0


@cache
def _moods() -> dict:
    with open(MOODS_PATH, "rb") as f:
        return tomllib.load(f)


def mood_for(game: str, night: bool = False) -> Mood | None:
    """The mood of ``game`` by day or night; None: the plain table."""
    entry = _moods().get(game, {}).get("night" if night else "day")
    if entry is None:
        return None
    return Mood(**{k: tuple(v) if isinstance(v, list) else v for k, v in entry.items()})


def lamp_pool(colour, radius: float, rings: int = 24) -> GeomNode:
    """A flat disc at the origin, ``colour`` at its centre fading to black at ``radius``: added to
    the felt, a soft pool of light."""
    vdata = GeomVertexData("lamp-pool", GeomVertexFormat.getV3c4(), Geom.UHStatic)
    vertex, col = GeomVertexWriter(vdata, "vertex"), GeomVertexWriter(vdata, "color")
    vertex.addData3(0, 0, 0)
    col.addData4(colour[0], colour[1], colour[2], 1.0)
    for k in range(rings):
        a = 2 * np.pi * k / rings
        vertex.addData3(radius * np.cos(a), radius * np.sin(a), 0)
        col.addData4(0, 0, 0, 1.0)
    prim = GeomTriangles(Geom.UHStatic)
    for k in range(rings):
        prim.addVertices(0, 1 + k, 1 + (k + 1) % rings)
    geom = Geom(vdata)
    geom.addPrimitive(prim)
    node = GeomNode("lamp-pool")
    node.addGeom(geom)
    return node


def lamp_heads(poses: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For lamp poses (N, 7: x y z qw qx qy qz): where each head is over the table (N, 2) and
    whether the lamp stands (N,)."""
    poses = np.asarray(poses, dtype=np.float64).reshape(-1, 7)
    w, x, y, z = poses[:, 3], poses[:, 4], poses[:, 5], poses[:, 6]
    # rotate LAMP_HEAD and the up axis by each quaternion (rows of the rotation matrix)
    r = np.stack([
        np.stack([1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)], -1),
        np.stack([2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)], -1),
        np.stack([2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)], -1)], 1)
    heads = poses[:, :3] + r @ LAMP_HEAD
    return heads[:, :2], r[:, 2, 2] > FALLEN


class Lamplight:
    """The pools of light under the street lamps of a scene, placed from their poses."""

    def __init__(self, root: NodePath, lamp_rows: list[int], mood: Mood):
        self.rows = lamp_rows
        self.node = root.attachNewNode("lamplight")
        self.node.setAttrib(ColorBlendAttrib.make(ColorBlendAttrib.MAdd, ColorBlendAttrib.OOne, ColorBlendAttrib.OOne))
        self.node.setDepthWrite(False)
        self.node.setLightOff(1)                 # drawn as its colours say, with or without the table shader
        self.node.setShaderOff(1)
        self.node.setBin("fixed", 5)
        self.pools = [self.node.attachNewNode(lamp_pool(mood.lamp_colour, mood.lamp_radius)) for _ in lamp_rows]

    def place(self, poses: np.ndarray) -> None:
        if not self.rows:
            return
        heads, standing = lamp_heads(np.asarray(poses)[self.rows])
        for pool, (x, y), up in zip(self.pools, heads.tolist(), standing.tolist()):
            pool.setPos(x, y, 0.04)
            if up:
                pool.show()
            else:
                pool.hide()

    def remove(self) -> None:
        self.node.removeNode()
