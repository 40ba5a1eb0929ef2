"""Light of the window's table: on top of offscreen.build_table_scene's key + fill + ambient (and
its felt, rim and floor: surfaces.py), a warmer key and, when ``Settings.shadows`` is on (the
default) and the graphics driver does shaders, the key light's shadows (game/render/shading.py),
their map drawn again only when a piece moved (shadow_cache.py, a task before each frame), and the
FXAA pass over the table (fxaa_pass.py; the HUD is drawn after it, sharp).
"""
from __future__ import annotations

from feltbox.game.render import shading, shadow_cache
from feltbox.game.render.fxaa_pass import antialias

SHADOW_TASK = "feltbox-shadow-cache"
SHADOW_TASK_SORT = 49     # after the game's updates (sort 0) moved the pieces, before the frame is drawn (igLoop, 50)


def setup_lighting(base, scene, shadows: bool = True) -> bool:
    """Tune the scene's lights for the window and anti-alias it; returns whether shadows are on.
    The FilterManager of the anti-aliasing pass is kept on ``scene.antialiasing`` (None: off)."""
    key = scene.root.find("**/+DirectionalLight")
    if not key.isEmpty():
        key.node().setColor((0.95, 0.88, 0.76, 1))
        scene.lights["key"] = key.node().getColor()      # the plain table's key (a mood of None)
    if base.win is not None and getattr(scene, "antialiasing", None) is None:
        scene.antialiasing = antialias(base.win, base.cam)
    return set_shadows(base, scene, shadows)


def set_shadows(base, scene, on: bool) -> bool:
    """Shadows from the key light on or off (on only where shaders work); whether they are on."""
    on = shading.apply(scene.root, base.win.getGsg() if base.win is not None else None, on)
    base.taskMgr.remove(SHADOW_TASK)
    if on:
        def before_frame(task):
            shadow_cache.before_frame(scene.root)
            return task.cont
        base.taskMgr.add(before_frame, SHADOW_TASK, sort=SHADOW_TASK_SORT)
    return on
