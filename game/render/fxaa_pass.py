"""Anti-aliasing for any output: the scene drawn into a texture, the FXAA pass (shaders/fxaa.*) drawing
it into the output. Used by offscreen renders and videos (offscreen.Renderer) and by the window
(lighting.setup_lighting): EGL on Mesa ignores multisampled buffers, and on llvmpipe the FXAA pass
costs a few milliseconds where 4x multisampling would cost four times the fragments.
"""
from __future__ import annotations

from direct.filter.FilterManager import FilterManager
from panda3d.core import NodePath, Texture

from feltbox.game.render import shading

SCENE_SORT = -5      # the scene's buffer draws after the key light's shadow map (sort -10), before the output (0)


def antialias(output, camera: NodePath) -> FilterManager | None:
    """Draw what ``camera`` sees on ``output`` through the FXAA pass; the FilterManager (keep it:
    it follows window resizes), or None where shaders do not work."""
    if not shading.shaders_work(output.getGsg()):
        return None
    filters = FilterManager(output, camera)
    scene = Texture("scene")
    quad = filters.renderSceneInto(colortex=scene)
    if quad is None:
        return None
    for buffer in filters.buffers:
        buffer.setSort(SCENE_SORT)
    quad.setShader(shading.fxaa_shader())
    quad.setShaderInput("scene", scene)
    return filters
