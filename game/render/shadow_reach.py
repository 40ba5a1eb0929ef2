"""Where on the felt the key light's shadow can fall: boxes around the casters' triangles,
projected along the light onto the felt (issue 13's speed targets).

The shadow map lookup is the dearest part of a felt pixel on llvmpipe (about 5 of the Tail
Feathers window's 50 CPU ms a frame), yet most of the felt lies far from any piece and is lit
whatever the map says. A piece's shadow on the felt (z = 0) lies inside the shadows of boxes around
its triangles (grouped ``CLUSTER`` cm apart, so that a tree's box is not its whole branching base),
each inside the rectangle spanned by its eight corners slid along the light's direction down to
z = 0. The felt's cells that meet such a rectangle (grown by ``MARGIN``) keep the lookup; the
others are drawn without it (surfaces.split_surface; the rim's boards too), so the picture is the
same. The rectangles are worked out again whenever the shadow map is drawn (shadow_cache's
``on_draw``), from the casters' positions in that same frame.
"""
from __future__ import annotations

import numpy as np
from panda3d.core import NodePath

# cm around a projected box: the map's linear filter reads a neighbouring texel (0.15 cm), the
# lookup point is lifted 0.12 cm along the felt's normal (shading.NORMAL_OFFSET, 0.08 cm along the
# felt under this light); 0.5 cm covers both
MARGIN = 0.5
LOWEST_LIGHT = 0.05      # |z| of the light's unit direction below which it is taken as grazing


CLUSTER = 2.0            # cm: a piece's triangles are grouped by where their centres lie on a grid this fine


def _triangles(piece: NodePath) -> np.ndarray:
    """(T, 3, 3) corners of every triangle drawn under ``piece``, in its own frame."""
    out = []
    for path in piece.findAllMatches("**/+GeomNode"):
        mat = np.array([list(path.getMat(piece).getRow(i)) for i in range(4)])
        node = path.node()
        for g in range(node.getNumGeoms()):
            geom = node.getGeom(g)
            vdata = geom.getVertexData()
            fmt = vdata.getFormat()
            column = fmt.getColumn("vertex")
            array = vdata.getArray(fmt.getArrayWith("vertex"))
            stride = fmt.getArray(fmt.getArrayWith("vertex")).getStride()
            raw = np.frombuffer(memoryview(array).cast("B"), np.uint8).reshape(-1, stride)
            start, width = column.getStart(), column.getNumComponents()
            points = raw[:, start:start + 4 * width].copy().view(np.float32)[:, :3].astype(float)
            points = np.hstack([points, np.ones((len(points), 1))]) @ mat      # row vectors: p * M
            for k in range(geom.getNumPrimitives()):
                prim = geom.getPrimitive(k).decompose()
                if prim.getNumVerticesPerPrimitive() != 3:
                    continue
                index = np.array(prim.getVertexList(), dtype=np.int64).reshape(-1, 3)
                out.append(points[index, :3])
    return np.concatenate(out) if out else np.zeros((0, 3, 3))


def _cluster_boxes(triangles: np.ndarray) -> np.ndarray:
    """(C, 8, 3) corners of boxes that together hold every triangle: the triangles grouped by
    the grid cell (``CLUSTER``) of their centres, each group's box around all its corners."""
    if not len(triangles):
        return np.zeros((0, 8, 3))
    keys = np.floor(triangles.mean(axis=1) / CLUSTER).astype(np.int64)
    _, group = np.unique(keys, axis=0, return_inverse=True)
    group = group.ravel()
    n = group.max() + 1
    lo = np.full((n, 3), np.inf)
    hi = np.full((n, 3), -np.inf)
    np.minimum.at(lo, group, triangles.min(axis=1))
    np.maximum.at(hi, group, triangles.max(axis=1))
    pick = np.array([[i, j, k] for i in (0, 1) for j in (0, 1) for k in (0, 1)])
    both = np.stack([lo, hi], axis=1)                                   # (C, 2, 3)
    return np.stack([both[:, pick[:, a], a] for a in range(3)], axis=2)  # (C, 8, 3)


class ShadowReach:
    """The casters' projected boxes; each piece's boxes in its own frame worked out once."""

    def __init__(self, light: NodePath, casters: NodePath, root: NodePath):
        self.light, self.casters, self.root = light, casters, root
        self._boxes: dict[int, tuple[NodePath, np.ndarray]] = {}    # node key: (path, (C, 8, 3) corners)
        self._rects: dict[int, tuple[object, np.ndarray]] = {}      # node key: (what it was worked out for, rects)

    def _corners(self, piece: NodePath) -> np.ndarray:
        """The corners of the piece's cluster boxes in its own frame, (C, 8, 3)."""
        cached = self._boxes.get(piece.getKey())
        if cached is not None and cached[0] == piece:
            return cached[1]
        corners = _cluster_boxes(_triangles(piece))
        self._boxes[piece.getKey()] = (piece, corners)
        return corners

    def _piece_rects(self, piece: NodePath, slide: np.ndarray) -> np.ndarray:
        """The piece's rectangles on the felt, (C, 4); kept while it and the light stay put."""
        key = piece.getKey()
        corners = self._corners(piece)
        placed = (piece.node(), piece.getTransform(self.root), tuple(slide))
        cached = self._rects.get(key)
        if cached is not None and cached[0] == placed:
            return cached[1]
        mat = piece.getMat(self.root)
        m = np.array([list(mat.getRow(i)) for i in range(4)])
        points = corners @ m[:3, :3] + m[3, :3]                             # (C, 8, 3), row vectors
        lifted = np.maximum(points[..., 2], 0.0)          # below the felt: no shadow on it, keep its xy
        ground = points[..., :2] - lifted[..., None] * slide
        rects = np.column_stack([ground[..., 0].min(axis=1) - MARGIN, ground[..., 0].max(axis=1) + MARGIN,
                                 ground[..., 1].min(axis=1) - MARGIN, ground[..., 1].max(axis=1) + MARGIN])
        self._rects[key] = (placed, rects)
        return rects

    def rectangles(self) -> np.ndarray | None:
        """(N, 4) rectangles x0, x1, y0, y1 on the felt (``root``'s frame, cm) holding every shadow a
        visible caster can throw there; None when the light does not shine down onto the felt
        (then every cell keeps the lookup)."""
        d = self.root.getRelativeVector(self.light, self.light.node().getDirection())
        if d.z > -LOWEST_LIGHT * d.length():
            return None
        slide = np.array([d.x / d.z, d.y / d.z])
        if self.casters.isHidden():
            return np.zeros((0, 4))
        pieces = [piece for piece in self.casters.getChildren() if not piece.isHidden()]
        rects = [np.zeros((0, 4))] + [self._piece_rects(piece, slide) for piece in pieces]
        keys = {piece.getKey() for piece in pieces}            # forget pieces that are gone
        self._boxes = {k: v for k, v in self._boxes.items() if k in keys}
        self._rects = {k: v for k, v in self._rects.items() if k in keys}
        return np.concatenate(rects)


def cells_reached(rects: np.ndarray | None, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """(len(y) - 1, len(x) - 1) bools: the grid cells between the edges ``x`` and ``y`` that meet a
    rectangle (all of them for None)."""
    shape = (len(y) - 1, len(x) - 1)
    if rects is None:
        return np.ones(shape, bool)
    rects = np.asarray(rects, dtype=float).reshape(-1, 4)
    rects = rects[(rects[:, 1] >= x[0]) & (rects[:, 0] <= x[-1]) & (rects[:, 3] >= y[0]) & (rects[:, 2] <= y[-1])]
    # the first and last column (row) each rectangle meets, then a summed-area count of the rectangles
    c0 = np.searchsorted(x[1:], rects[:, 0], "left")
    c1 = np.searchsorted(x[:-1], rects[:, 1], "right") - 1
    r0 = np.searchsorted(y[1:], rects[:, 2], "left")
    r1 = np.searchsorted(y[:-1], rects[:, 3], "right") - 1
    keep = (c0 <= c1) & (r0 <= r1)
    c0, c1, r0, r1 = c0[keep], c1[keep] + 1, r0[keep], r1[keep] + 1
    count = np.zeros((shape[0] + 1, shape[1] + 1), np.int64)
    np.add.at(count, (r0, c0), 1)
    np.add.at(count, (r0, c1), -1)
    np.add.at(count, (r1, c0), -1)
    np.add.at(count, (r1, c1), 1)
    return np.cumsum(np.cumsum(count, axis=0), axis=1)[:-1, :-1] > 0
