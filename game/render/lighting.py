"""Light of the window's table: on top of offscreen.build_table_scene's key + fill + ambient (and
its felt, rim and floor: surfaces.py), a warmer key and, when ``Settings.shadows`` is on (the
default) and the graphics driver does shaders, the key light's shadows (game/render/shading.py),
their map drawn again only when a piece moved (shadow_cache.py, a task before each frame).

The window's table is anti-aliased (``antialias_window``: the FXAA pass of fxaa_pass.py, made by
``setup_lighting``). Its thin markers (the active piece's white ring, the hover ring, aim lines)
are drawn after the pass and the HUD after them, both sharp: the markers in a scene of their own
(game/window/overlay.py) over the pass, which writes the table's depth into the window for them.
"""
from __future__ import annotations

from feltbox.game.render import shading, shadow_cache
from feltbox.game.render.fxaa_pass import antialias

SHADOW_TASK = "feltbox-shadow-cache"
ANTIALIASING = "feltbox_antialiasing"     # the ShowBase attribute that keeps the window's FXAA pass
SHADOW_TASK_SORT = 49     # after the game's updates (sort 0) moved the pieces, before the frame is drawn (igLoop, 50)


def setup_lighting(base, scene, shadows: bool = True) -> bool:
    """Tune the scene's lights for the window and anti-alias it; returns whether shadows are on."""
    key = scene.root.find("**/+DirectionalLight")
    if not key.isEmpty():
        key.node().setColor((0.95, 0.88, 0.76, 1))
        scene.lights["key"] = key.node().getColor()      # the plain table's key (a mood of None)
    antialias_window(base, scene)
    return set_shadows(base, scene, shadows)


def antialias_window(base, scene) -> bool:
    """Draw the window's table through the FXAA pass from now on; whether it is on (not where
    there is no window or no shaders). The pass is made once per window and kept on ``base``: a
    later table in the same window (the start screen's game, a loaded save) reuses it, since the
    pass moved the camera's display region into its own buffer and a second would find none. The
    pass writes the table's depth into the window for the markers drawn after it (overlay.py)."""
    if base.win is not None and not hasattr(base, ANTIALIASING):
        setattr(base, ANTIALIASING, antialias(base.win, base.cam, keep_depth=True))
    scene.antialiasing = getattr(base, ANTIALIASING, None)
    return scene.antialiasing is not None


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
