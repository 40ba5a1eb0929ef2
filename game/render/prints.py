"""Printed images on pieces (models.base.Print) as textured quads: a mat's tracks, later card faces.

One GeomNode per model (cached like visuals.geom_node), one Texture per print made from its RGBA
array; mipmapped and anisotropic so small print stays readable at a glancing angle.
"""
from __future__ import annotations

import numpy as np
from panda3d.core import (
    Geom,
    GeomNode,
    GeomTriangles,
    GeomVertexData,
    GeomVertexFormat,
    GeomVertexWriter,
    RenderState,
    SamplerState,
    Texture,
    TextureAttrib,
)

from feltbox.models.base import PieceModel, Print

_NODES: dict[int, tuple[PieceModel, GeomNode]] = {}
UV = ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))      # corners' texture coordinates


def texture_of(image: np.ndarray, name: str = "print") -> Texture:
    """A mipmapped RGBA texture from an (H, W, 4) uint8 image, top row first."""
    h, w = image.shape[:2]
    tex = Texture(name)
    tex.setup2dTexture(w, h, Texture.TUnsignedByte, Texture.FRgba8)
    bgra = np.ascontiguousarray(image[::-1, :, [2, 1, 0, 3]])      # Panda: bottom row first, BGRA
    tex.setRamImage(bgra.tobytes())
    tex.setMinfilter(SamplerState.FTLinearMipmapLinear)
    tex.setMagfilter(SamplerState.FTLinear)
    tex.setAnisotropicDegree(8)
    tex.setWrapU(SamplerState.WMClamp)
    tex.setWrapV(SamplerState.WMClamp)
    return tex


def _quad(p: Print) -> Geom:
    corners = np.asarray(p.corners, dtype=float)
    normal = np.cross(corners[1] - corners[0], corners[3] - corners[0])
    normal /= np.linalg.norm(normal)
    vdata = GeomVertexData("print", GeomVertexFormat.getV3n3t2(), Geom.UHStatic)
    vdata.setNumRows(4)
    vertex, norm, uv = (GeomVertexWriter(vdata, c) for c in ("vertex", "normal", "texcoord"))
    for corner, (u, v) in zip(corners.tolist(), UV):
        vertex.addData3(*corner)
        norm.addData3(*normal.tolist())
        uv.addData2(u, v)
    prim = GeomTriangles(Geom.UHStatic)
    prim.addVertices(0, 1, 2)
    prim.addVertices(0, 2, 3)
    geom = Geom(vdata)
    geom.addPrimitive(prim)
    return geom


def prints_node(model: PieceModel) -> GeomNode | None:
    """The model's printed images as one GeomNode (None without prints), cached per model."""
    if not model.prints:
        return None
    cached = _NODES.get(id(model))
    if cached is not None and cached[0] is model:
        return cached[1]
    node = GeomNode(f"{model.kind}-prints")
    for k, p in enumerate(model.prints):
        state = RenderState.make(TextureAttrib.make(texture_of(p.image, f"{model.kind}-{k}")))
        node.addGeom(_quad(p), state)
    _NODES[id(model)] = (model, node)
    return node
