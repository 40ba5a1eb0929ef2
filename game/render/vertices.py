"""The one vertex layout of every mesh we fill from numpy: float position, normal and colour, and
texture coordinates for printed things (cards); registered once per layout."""
from __future__ import annotations

from panda3d.core import Geom, GeomVertexArrayFormat, GeomVertexFormat

_FORMATS: dict[bool, GeomVertexFormat] = {}


def vertex_format(texcoords: bool = False) -> GeomVertexFormat:
    """Float position, normal and colour (and texture coordinates) in one array, filled from numpy."""
    if texcoords not in _FORMATS:
        array = GeomVertexArrayFormat()
        array.addColumn("vertex", 3, Geom.NTFloat32, Geom.CPoint)
        array.addColumn("normal", 3, Geom.NTFloat32, Geom.CNormal)
        array.addColumn("color", 4, Geom.NTFloat32, Geom.CColor)
        if texcoords:
            array.addColumn("texcoord", 2, Geom.NTFloat32, Geom.CTexcoord)
        _FORMATS[texcoords] = GeomVertexFormat.registerFormat(GeomVertexFormat(array))
    return _FORMATS[texcoords]
