"""Panda3D geometry for piece models: trimesh meshes with flat normals and vertex colours.

Built with numpy into one GeomVertexData per piece (no per-vertex Python loops) and cached per
model, so a city of a hundred pieces makes a few dozen distinct geoms.
"""
from __future__ import annotations

import numpy as np
from panda3d.core import (
    BitMask32,
    Geom,
    GeomNode,
    GeomTriangles,
    GeomVertexData,
    NodePath,
)

from feltbox.game.render import shading
from feltbox.game.render.card_nodes import card_node
from feltbox.game.render.prints import prints_node
from feltbox.game.render.vertices import vertex_format
from feltbox.game.table.bodies import BodySpec
from feltbox.models.base import PieceModel

_GEOMS: dict[int, tuple[PieceModel, GeomNode]] = {}
_SEE_THROUGH: dict[int, tuple[PieceModel, GeomNode]] = {}
SEE_THROUGH_TAG = "see-through"


def mesh_arrays(model: PieceModel, see_through: bool = False) -> np.ndarray:
    """(3*F, 10) float32 rows: position, flat face normal, colour, for every triangle corner of the
    model's solid-looking parts (or, ``see_through``, of its parts the pointer passes through)."""
    rows = []
    for k, (mesh, colour) in enumerate(model.visuals):
        if (k in model.see_through) != see_through:
            continue
        tri = mesh.vertices[mesh.faces].reshape(-1, 3)
        normals = np.repeat(mesh.face_normals, 3, axis=0)
        colours = np.broadcast_to(np.asarray(colour, dtype=float), (len(tri), 4))
        rows.append(np.hstack([tri, normals, colours]))
    return np.vstack(rows).astype(np.float32)


def geom_node(model: PieceModel, name: str = "piece", see_through: bool = False) -> GeomNode:
    """The piece's GeomNode (cached per model object; copy the NodePath to place it twice); with
    ``see_through``, the node of its parts the pointer passes through (``model.see_through``)."""
    cache = _SEE_THROUGH if see_through else _GEOMS
    cached = cache.get(id(model))
    if cached is not None and cached[0] is model:
        return cached[1]
    data = mesh_arrays(model, see_through)
    vdata = GeomVertexData(name, vertex_format(), Geom.UHStatic)
    vdata.uncleanSetNumRows(len(data))
    memoryview(vdata.modifyArray(0)).cast("B").cast("f")[:] = data.ravel()
    prim = GeomTriangles(Geom.UHStatic)
    prim.setIndexType(Geom.NTUint32)
    handle = prim.modifyVertices()
    handle.uncleanSetNumRows(len(data))
    memoryview(handle).cast("B").cast("I")[:] = np.arange(len(data), dtype=np.uint32)
    geom = Geom(vdata)
    geom.addPrimitive(prim)
    node = GeomNode(name)
    node.addGeom(geom)
    if see_through:
        node.setIntoCollideMask(BitMask32.allOff())       # the picking ray passes through
    cache[id(model)] = (model, node)
    return node


def piece_node(spec: BodySpec, parent: NodePath) -> NodePath:
    """A NodePath showing one piece under ``parent``, tagged with its id for picking. A card gets
    textured face and back nodes (card_nodes.py), dressed later by its game; a piece with printed
    images (a mat's tracks) gets them as textured quads (prints.py)."""
    if "card" in spec.model.tags:
        path = card_node(spec.model, parent, spec.id)
    else:
        path = parent.attachNewNode(spec.id)
        path.attachNewNode(geom_node(spec.model, spec.kind))   # instanced: shared by equal pieces
        if spec.model.see_through:                             # a tree's canopy: seen, not picked
            over = path.attachNewNode(SEE_THROUGH_TAG)          # this piece's own node: hidden alone
            over.attachNewNode(geom_node(spec.model, f"{spec.kind}-see-through", see_through=True))
            over.setTag(SEE_THROUGH_TAG, spec.id)
        printed = prints_node(spec.model)
        if printed is not None:
            shading.printed(path.attachNewNode(printed))
    path.setTag("piece", spec.id)
    return path


def show_see_through(root: NodePath, visible: bool) -> int:
    """Show or hide the see-through parts of every piece under ``root`` (the Tail Feathers trees'
    canopies and upper trunks: ``PieceModel.see_through``), e.g. for a view from straight above,
    where a canopy would hide the spaces and the figures on them. Returns how many pieces have
    such parts."""
    found = root.findAllMatches(f"**/={SEE_THROUGH_TAG}")
    for path in found:
        if visible:
            path.show()
        else:
            path.hide()
    return found.getNumPaths()
