"""Light and materials of the window's table (the offscreen renderer keeps game/render/offscreen.py's).

On top of render.py's key + fill + ambient: a warmer key, a wooden rim around the felt (the
table's edge) and, when ``Settings.shadows`` is on (the default) and the graphics driver does
shaders, the key light casts shadows (game/render/shading.py).
"""
from __future__ import annotations

from panda3d.core import CardMaker

from feltbox.game.render import shading
from feltbox.models.dimensions import dims

WOOD = (0.36, 0.22, 0.12, 1.0)
RIM = 4.0          # cm of wood around the felt


def table_rim(root) -> None:
    """Four wooden boards around the felt, slightly raised."""
    w = dims()["table"]["width"] / 2
    cm = CardMaker("rim")
    for x0, x1, y0, y1 in ((-w - RIM, w + RIM, -w - RIM, -w), (-w - RIM, w + RIM, w, w + RIM),
                           (-w - RIM, -w, -w, w), (w, w + RIM, -w, w)):
        cm.setFrame(x0, x1, y0, y1)
        board = root.attachNewNode(cm.generate())
        board.setP(-90)
        board.setZ(0.01)
        board.setColor(*WOOD)


def setup_lighting(base, scene, shadows: bool = True) -> bool:
    """Tune the scene's lights for the window; returns whether shadows are on."""
    table_rim(scene.root)
    key = scene.root.find("**/+DirectionalLight")
    if not key.isEmpty():
        key.node().setColor((0.95, 0.88, 0.76, 1))
    return set_shadows(base, scene, shadows)


def set_shadows(base, scene, on: bool) -> bool:
    """Shadows from the key light on or off (on only where shaders work); whether they are on."""
    return shading.apply(scene.root, base.win.getGsg() if base.win is not None else None, on)
