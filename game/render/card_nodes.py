"""A card in Panda3D: the card model's face and back as textured quads, its edge as a coloured band.

The geometry is shared by every card of one size (built once per model); each card's node gets its
own face and back textures, so one deck of 45 cards is three shared geoms and 90 texture states.
Which face a card shows is decided by the caller from deck.visible_face: a card whose face this
view may not see is dressed with its back on both sides (``dress(path, None, back)``), so a hidden
card's face is never even in the scene graph.
"""
from __future__ import annotations

import numpy as np
from panda3d.core import (
    Geom,
    GeomNode,
    GeomTriangles,
    GeomVertexData,
    NodePath,
    PandaNode,
    Texture,
    TextureStage,
)

from feltbox.game.render import shading
from feltbox.game.render.vertices import vertex_format
from feltbox.models.base import PieceModel
from feltbox.models.cards import BACK, EDGE, FACE

_GEOMS: dict[int, tuple[PieceModel, tuple[GeomNode, GeomNode, GeomNode]]] = {}
SIDES = ("face", "back", "edge")


def _geom(mesh, colour, name: str, uv: np.ndarray | None) -> GeomNode:
    """One GeomNode of a mesh with flat normals, its colour and (when given) texture coordinates."""
    fmt = vertex_format(texcoords=True)
    tri = mesh.vertices[mesh.faces].reshape(-1, 3)
    normals = np.repeat(mesh.face_normals, 3, axis=0)
    colours = np.broadcast_to(np.asarray(colour, dtype=float), (len(tri), 4))
    uvs = uv[mesh.faces].reshape(-1, 2) if uv is not None else np.zeros((len(tri), 2))
    data = np.hstack([tri, normals, colours, uvs]).astype(np.float32)
    vdata = GeomVertexData(name, fmt, Geom.UHStatic)
    vdata.uncleanSetNumRows(len(data))
    memoryview(vdata.modifyArray(0)).cast("B").cast("f")[:] = data.ravel()
    prim = GeomTriangles(Geom.UHStatic)
    prim.addConsecutiveVertices(0, len(data))
    geom = Geom(vdata)
    geom.addPrimitive(prim)
    node = GeomNode(name)
    node.addGeom(geom)
    return node


def card_geoms(model: PieceModel) -> tuple[GeomNode, GeomNode, GeomNode]:
    """The face, back and edge GeomNodes of a card model (cached per model object)."""
    cached = _GEOMS.get(id(model))
    if cached is not None and cached[0] is model:
        return cached[1]
    nodes = []
    for index, name in zip((FACE, BACK, EDGE), SIDES):
        mesh, colour = model.visuals[index]
        uv = np.asarray(mesh.visual.uv) if index != EDGE else None
        nodes.append(_geom(mesh, (1, 1, 1, 1) if uv is not None else colour, f"card-{name}", uv))
    _GEOMS[id(model)] = (model, tuple(nodes))
    return _GEOMS[id(model)][1]


def card_node(model: PieceModel, parent: NodePath, name: str) -> NodePath:
    """A card under ``parent``: children "face", "back" and "edge" (own nodes over shared geoms),
    undressed (white face, white back) until ``dress`` gives it textures."""
    path = parent.attachNewNode(name)
    shading.printed(path)
    for side, geom in zip(SIDES, card_geoms(model)):
        holder = path.attachNewNode(PandaNode(side))
        holder.attachNewNode(geom)
    return path


def dress(path: NodePath, face: Texture | None, back: Texture) -> None:
    """Give the card at ``path`` its textures; ``face=None`` (a face this view may not see) puts the
    back on both sides."""
    path.find("face").setTexture(TextureStage.getDefault(), face if face is not None else back, 1)
    path.find("back").setTexture(TextureStage.getDefault(), back, 1)
