"""Light of the window's table: on top of offscreen.build_table_scene's key + fill + ambient (and
its felt, rim and floor: surfaces.py), a warmer key and, when ``Settings.shadows`` is on (the
default) and the graphics driver does shaders, the key light's shadows (game/render/shading.py).
"""
from __future__ import annotations

from feltbox.game.render import shading


def setup_lighting(base, scene, shadows: bool = True) -> bool:
    """Tune the scene's lights for the window; returns whether shadows are on."""
    key = scene.root.find("**/+DirectionalLight")
    if not key.isEmpty():
        key.node().setColor((0.95, 0.88, 0.76, 1))
        scene.lights["key"] = key.node().getColor()      # the plain table's key (a mood of None)
    return set_shadows(base, scene, shadows)


def set_shadows(base, scene, on: bool) -> bool:
    """Shadows from the key light on or off (on only where shaders work); whether they are on."""
    return shading.apply(scene.root, base.win.getGsg() if base.win is not None else None, on)
