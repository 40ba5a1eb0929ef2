"""The table and the room around it: felt with a mottle, a wooden rim, a wooden floor (issue 13).

Each surface is a grid of small squares whose corners carry colours made here with numpy from a
fixed seed (every picture of a scene is the same picture): the felt's soft mottle, the boards and
grain of the rim and the floor. Colours at the corners cost nothing per pixel; a texture did (on the
software renderer one texture lookup over the felt cost as much as drawing the whole city).
"""
from __future__ import annotations

from collections.abc import Callable

import numpy as np
from panda3d.core import (
    CullBinEnums,
    CullBinManager,
    Geom,
    GeomNode,
    GeomTriangles,
    GeomVertexData,
    NodePath,
    RenderState,
)

from feltbox.game.render.vertices import vertex_format
from feltbox.models.dimensions import dims

FELT = (0.16, 0.36, 0.22)
WOOD = (0.36, 0.22, 0.12)
FLOOR = (0.17, 0.12, 0.09)
RIM = 4.0              # cm of wood around the felt
FELT_CELL = 5.0        # cm between the felt's colour samples (the software renderer pays per triangle)
BOARD = 16.0           # cm, the width of a floor board
# The surfaces draw after the pieces (Panda's opaque bin, sort 20), the felt before the floor: a
# pixel hidden by a nearer one fails the depth test before its fragment is shaded, and on the
# software renderer shading is the cost (the floor reaches under the whole felt; drawn first, every
# pixel of the table was shaded twice). Before the transparent (30) and fixed (40) bins, so the
# lamplight (mood.py) still adds onto the felt.
SURFACES_BIN, SURFACES_BIN_SORT = "surfaces", 25
FELT_ORDER, RIM_ORDER, FLOOR_ORDER = 0, 1, 2
GRID_TAG = "feltbox-grid"      # a surface node's python tag: its grid's (x, y) edges
SPLIT_TAG = "feltbox-split"    # ... and the cells it draws with the shadow lookup (split_surface)
SHADOWED = ("felt", "rim-*")   # the surfaces that look the shadow map up (the floor does not)


def _in_bin(path: NodePath, order: int) -> NodePath:
    """Draw ``path`` in the surfaces bin at ``order`` (made the first time)."""
    bins = CullBinManager.getGlobalPtr()
    if bins.findBin(SURFACES_BIN) < 0:
        bins.addBin(SURFACES_BIN, CullBinEnums.BT_fixed, SURFACES_BIN_SORT)
    path.setBin(SURFACES_BIN, order)
    return path


def _smooth(noise: np.ndarray, passes: int) -> np.ndarray:
    """Blur by averaging with neighbours."""
    for _ in range(passes):
        noise = 0.5 * noise + 0.125 * (np.roll(noise, 1, 0) + np.roll(noise, -1, 0) + np.roll(noise, 1, 1)
                                       + np.roll(noise, -1, 1))
    return noise


def _grid(name: str, x: np.ndarray, y: np.ndarray, z: float, colour: np.ndarray) -> GeomNode:
    """A flat grid over the corners ``x`` by ``y`` at height ``z``, facing up; ``colour`` is
    (len(y), len(x), 3) in 0..1, one colour per corner."""
    gx, gy = np.meshgrid(x, y)
    n = gx.size
    rows = np.zeros((n, 10), np.float32)
    rows[:, 0], rows[:, 1], rows[:, 2] = gx.ravel(), gy.ravel(), z
    rows[:, 5] = 1.0                                        # normal +z
    rows[:, 6:9] = colour.reshape(-1, 3)
    rows[:, 9] = 1.0
    vdata = GeomVertexData(name, vertex_format(), Geom.UHStatic)
    vdata.uncleanSetNumRows(n)
    memoryview(vdata.modifyArray(0)).cast("B").cast("f")[:] = rows.ravel()
    node = GeomNode(name)
    node.addGeom(_cells_geom(vdata, _quad_indices(len(x), len(y))))
    node.setPythonTag(GRID_TAG, (x, y))
    return node


def _quad_indices(nx: int, ny: int) -> np.ndarray:
    """(cells, 6) vertex indices of the two triangles of each cell of an ``nx`` by ``ny`` corner
    grid, cell (j, i) in row j * (nx - 1) + i; each cell cut along its diagonal from (x0, y0)."""
    i, j = np.meshgrid(np.arange(nx - 1), np.arange(ny - 1))
    a = (j * nx + i).ravel()
    return np.column_stack([a, a + 1, a + nx + 1, a, a + nx + 1, a + nx]).astype(np.uint32)


def _cells_geom(vdata: GeomVertexData, quads: np.ndarray) -> Geom:
    prim = GeomTriangles(Geom.UHStatic)
    prim.setIndexType(Geom.NTUint32)
    handle = prim.modifyVertices()
    handle.uncleanSetNumRows(quads.size)
    memoryview(handle).cast("B").cast("I")[:] = quads.ravel()
    geom = Geom(vdata)
    geom.addPrimitive(prim)
    return geom


def _felt(colour=FELT) -> GeomNode:
    """The felt: a soft mottle a few percent either side of its colour. Its cells are not made
    smaller for split_surface to follow the shadows more closely: on llvmpipe four times the
    triangles (2.5 cm cells) cost about 3 CPU ms a frame, more than the closer split saved."""
    half = dims()["table"]["width"] / 2
    x = np.arange(-half, half + 1e-6, FELT_CELL)
    rng = np.random.default_rng(17)
    mottle = _smooth(rng.normal(size=(len(x), len(x))), 2)
    shade = 1.0 + 0.06 * mottle / max(float(np.abs(mottle).max()), 1e-9) + 0.015 * rng.normal(size=mottle.shape)
    return _grid("felt", x, x, 0.0, np.asarray(colour)[None, None, :] * shade[:, :, None])


def _boards(name: str, x0: float, x1: float, y0: float, y1: float, z: float, colour, board: float,
            along_x: bool, seed: int, step: tuple[float, float]) -> GeomNode:
    """Boards running along x (else y), ``board`` wide, each its own shade, with grain streaks and
    a dark seam between boards; colour samples ``step`` (along, across) cm apart."""
    rng = np.random.default_rng(seed)
    length_axis = np.arange(x0, x1 + 1e-6, step[0]) if along_x else np.arange(y0, y1 + 1e-6, step[0])
    across = np.arange(y0 if along_x else x0, (y1 if along_x else x1) + 1e-6, step[1])
    board_index = np.floor((across - across[0]) / board).astype(int)
    board_shade = 0.88 + 0.12 * rng.random(board_index.max() + 1)
    seam = ((across - across[0]) % board) < step[1] * 0.99
    grain = 1.0 + 0.05 * np.sin(across[:, None] * 2.7 + 0.15 * length_axis[None, :] * rng.normal())
    shade = np.where(seam[:, None], 0.55, board_shade[board_index][:, None] * grain)
    if along_x:                                            # rows follow y, columns x
        return _grid(name, length_axis, across, z, np.asarray(colour)[None, None, :] * shade[:, :, None])
    return _grid(name, across, length_axis, z, np.asarray(colour)[None, None, :] * shade.T[:, :, None])


def lay_surfaces(root: NodePath) -> None:
    """The felt, the wooden rim around it and the floor under ``root`` (table frame, cm)."""
    w = dims()["table"]["width"] / 2
    _in_bin(root.attachNewNode(_felt()), FELT_ORDER)
    frames = ((-w - RIM, w + RIM, -w - RIM, -w), (-w - RIM, w + RIM, w, w + RIM), (-w - RIM, -w, -w, w), (w, w + RIM, -w, w))
    for k, (x0, x1, y0, y1) in enumerate(frames):
        _in_bin(root.attachNewNode(_boards(f"rim-{k}", x0, x1, y0, y1, 0.01, WOOD, RIM, k < 2, 29 + k, (4.0, 0.5))),
                RIM_ORDER)
    f = 3 * w
    _in_bin(root.attachNewNode(_boards("floor", -f, f, -f, f, -0.05, FLOOR, BOARD, True, 41, (f, 2.0))), FLOOR_ORDER)


def set_felt(root: NodePath, colour=FELT) -> None:
    """Lay the felt under ``root`` again in ``colour`` (game/render/mood.py: snow, night)."""
    old = root.find("felt")
    if not old.isEmpty():
        old.removeNode()
    _in_bin(root.attachNewNode(_felt(colour)), FELT_ORDER)


def split_surface(path: NodePath, shadowed: Callable[[np.ndarray, np.ndarray], np.ndarray],
                  lit_state: RenderState) -> None:
    """Draw a surface grid (the felt, a rim board) in two parts sharing its vertices: the cells
    where ``shadowed(x, y)`` ((cells along y, cells along x) bools over the grid's edges) is true
    as before, the others with ``lit_state`` (the shader without the shadow lookup: shading.apply,
    shadow_reach.py)."""
    node = path.node()
    x, y = node.getPythonTag(GRID_TAG)
    mask = np.asarray(shadowed(x, y), bool).ravel()
    if node.hasPythonTag(SPLIT_TAG) and np.array_equal(node.getPythonTag(SPLIT_TAG), mask):
        return                                  # as it is drawn already (a map drawn, no shadow moved)
    node.setPythonTag(SPLIT_TAG, mask)
    vdata = node.getGeom(0).getVertexData()
    quads = _quad_indices(len(x), len(y))
    node.removeAllGeoms()
    for part, state in ((quads[mask], RenderState.makeEmpty()), (quads[~mask], lit_state)):
        if len(part):
            node.addGeom(_cells_geom(vdata, part), state)
