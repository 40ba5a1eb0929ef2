"""Anti-aliasing for any output: the scene drawn into a texture, the FXAA pass (shaders/fxaa.*) drawing
it into the output. Used by offscreen renders and videos (offscreen.Renderer) and by the window
(lighting.setup_lighting): EGL on Mesa ignores multisampled buffers, and on llvmpipe the FXAA pass
costs a few milliseconds where 4x multisampling would cost four times the fragments.
"""
from __future__ import annotations

from direct.filter.FilterManager import FilterManager
from panda3d.core import DepthTestAttrib, FrameBufferProperties, NodePath, RenderAttrib, Texture

from feltbox.game.render import shading

SCENE_SORT = -5      # the scene's buffer draws after the key light's shadow map (sort -10), before the output (0)


def antialias(output, camera: NodePath, keep_depth: bool = False) -> FilterManager | None:
    """Draw what ``camera`` sees on ``output`` through the FXAA pass; the FilterManager (keep it:
    it follows window resizes), or None where shaders do not work. ``keep_depth``: the pass also
    writes the scene's depth into ``output`` (the window's markers drawn after it, over the
    anti-aliased picture, are still hidden behind pieces: game/window/overlay.py)."""
    if not shading.shaders_work(output.getGsg()):
        return None
    filters = FilterManager(output, camera)
    scene = Texture("scene")
    depth, props = None, None
    if keep_depth:
        depth, props = Texture("scene-depth"), FrameBufferProperties()
        props.setDepthBits(24)       # FilterManager asks for 1 bit: a depth texture then gets 16 (decals fight)
    quad = filters.renderSceneInto(colortex=scene, depthtex=depth, fbprops=props)
    if quad is None:
        return None
    for buffer in filters.buffers:
        buffer.setSort(SCENE_SORT)
    quad.setShader(shading.fxaa_shader(keep_depth))
    quad.setShaderInput("scene", scene)
    if keep_depth:
        quad.setShaderInput("depth", depth)
        quad.setAttrib(DepthTestAttrib.make(RenderAttrib.MAlways))   # GL writes no depth with the test off
        quad.setDepthWrite(True)
    return filters
