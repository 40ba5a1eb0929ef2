"""Shadows for every picture of the table: the window, offscreen renders and videos (issue 13).

The key light casts a shadow map; our own small GLSL shader (game/render/shaders/table.*) lights
the table with the same ambient + key + fill model the fixed-function pipeline used, and darkens
what the key light cannot see. Panda's auto-shader is not used: it generates Cg, which the
headless EGL path refuses ("profile is not supported"), so renders and videos had no shadows.

Acne and peter-panning: the shadow lookup point is lifted off its face along the normal by
``NORMAL_OFFSET`` (about a texel), instead of a depth bias that would detach shadows from bases.
The map is read with the hardware depth comparison and linear filtering (a 2 x 2 PCF in one
lookup). The light's orthographic lens covers the whole table; a ``MAP_SIZE`` map gives about
0.15 cm per texel on the 150 cm table.

Only the pieces cast (the light's scene is the ``pieces`` node): the felt, rim and floor lie under
everything and only receive, and leaving them out of the shadow pass saves a whole-map fill. The
map is drawn again only on frames where a piece or the light moved (shadow_cache.py): it does not
depend on the camera. The floor does not look the map up at all (shaders/table_unshadowed.frag): it
stands for the room's floor below the table, where no shadow of a piece lands, and it covers much
of the picture (the lookup is the dearest part of a pixel on llvmpipe). Nor do the felt's and rim's cells that no
caster's shadow can reach (shadow_reach.py): each drawing of the map splits them anew.

Where shaders do not work (the p3tinydisplay software fallback) the table keeps the
fixed-function lights and has no shadows; :func:`apply` says which it got.
"""
from __future__ import annotations

from pathlib import Path

from panda3d.core import ColorWriteAttrib, LightAttrib, NodePath, RenderState, Shader, ShaderAttrib, TextureAttrib

from feltbox.game.render import shadow_cache
from feltbox.game.render.shadow_reach import ShadowReach, cells_reached
from feltbox.game.render.surfaces import SHADOWED, split_surface
from feltbox.models.dimensions import dims

SHADERS = Path(__file__).resolve().parent / "shaders"
MAP_SIZE = 1024          # texels per side of the key light's shadow map
NORMAL_OFFSET = 0.12     # cm, the lookup point lifted along the face normal
KEY_PRIORITY = 10        # the key light comes first among the shader's lights (index 0)
OFF_PRIORITY = 1         # shadows off: the root's ShaderOff outranks the printed nodes' shader

_SHADERS: dict[str, Shader] = {}


def _shader(name: str) -> Shader:
    if name not in _SHADERS:
        _SHADERS[name] = Shader.load(Shader.SL_GLSL, str(SHADERS / f"{name}.vert"), str(SHADERS / f"{name}.frag"))
    return _SHADERS[name]


def table_shader() -> Shader:
    """The table's lights and the key light's shadow (shaders/table.*)."""
    return _shader("table")


def _table_variant(frag: str) -> Shader:
    """table.vert with another fragment shader (shaders/<frag>.frag)."""
    if frag not in _SHADERS:
        _SHADERS[frag] = Shader.load(Shader.SL_GLSL, str(SHADERS / "table.vert"), str(SHADERS / f"{frag}.frag"))
    return _SHADERS[frag]


def unshadowed_shader() -> Shader:
    """The table's lights without the shadow lookup (table.vert, table_unshadowed.frag)."""
    return _table_variant("table_unshadowed")


def printed_shader() -> Shader:
    """The table's lights and shadow times the node's texture (table.vert, table_printed.frag)."""
    return _table_variant("table_printed")


def fxaa_shader(keep_depth: bool = False) -> Shader:
    """The anti-aliasing pass over a finished picture (shaders/fxaa.*); ``keep_depth``: it also
    writes the scene's depth (its ``depth`` input) into the output, as the window's markers drawn
    after the pass need (fxaa.frag built with KEEP_DEPTH defined)."""
    if not keep_depth:
        return _shader("fxaa")
    if "fxaa_depth" not in _SHADERS:
        frag = (SHADERS / "fxaa.frag").read_text().replace("#version 150\n", "#version 150\n#define KEEP_DEPTH\n", 1)
        _SHADERS["fxaa_depth"] = Shader.make(Shader.SL_GLSL, (SHADERS / "fxaa.vert").read_text(), frag)
    return _SHADERS["fxaa_depth"]


def shaders_work(gsg) -> bool:
    """Whether the graphics state guardian runs GLSL (EGL/Mesa and desktop GL do; tinydisplay not)."""
    return bool(gsg is not None and gsg.getSupportsBasicShaders() and gsg.getSupportsGlsl())


def apply(root: NodePath, gsg, on: bool = True) -> bool:
    """Shadows from the key light under ``root`` on or off; whether they are on.

    ``root`` holds the lights that build_table_scene made (a DirectionalLight named "key" and one
    named "fill"). Off restores the fixed-function lighting exactly as before."""
    key = root.find("**/+DirectionalLight")
    named = root.find("**/key")
    if not named.isEmpty():
        key = named
    if key.isEmpty():
        return False
    light = key.node()
    if not on or not shaders_work(gsg):
        if light.isShadowCaster():
            light.setShadowCaster(False)
        root.clearShader()
        root.setShaderOff(OFF_PRIORITY)      # over the printed nodes' own shader (printed())
        _floor(root).clearShader()
        shadow_cache.attach(root, None)
        return False
    light.setPriority(KEY_PRIORITY)
    light.setShadowCaster(True, MAP_SIZE, MAP_SIZE)
    # the shadow pass writes depth only: no shader (ours would read the map being drawn), no
    # colour, no lights, no textures
    light.setInitialState(RenderState.make(ShaderAttrib.makeOff(), ColorWriteAttrib.make(ColorWriteAttrib.COff),
                                           LightAttrib.makeAllOff(), TextureAttrib.makeAllOff(), 1000))
    casters = root.find("pieces")
    if not casters.isEmpty():      # only the pieces cast: the felt, rim and floor receive
        light.setScene(casters)
        shadow_cache.attach(root, shadow_cache.ShadowCache(key, casters, gsg, _felt_split(root, key, casters)))
    lens = light.getLens()
    half = dims()["table"]["width"] * 0.6
    lens.setFilmSize(2 * half, 2 * half)
    lens.setNearFar(-300, 300)
    root.clearShader()                      # a ShaderOff of priority OFF_PRIORITY would outrank printed()'s
    root.setShader(table_shader())
    _floor(root).setShader(unshadowed_shader())
    root.setShaderInput("shadow_normal_offset", NORMAL_OFFSET)
    return True


def _felt_split(root: NodePath, key: NodePath, casters: NodePath):
    """What the shadow cache calls on each drawing of the map: only the felt's cells a caster's
    shadow can reach look the map up (shadow_reach.py), the rest get the unshadowed shader."""
    reach = ShadowReach(key, casters, root)
    lit = RenderState.make(ShaderAttrib.make(unshadowed_shader()))

    def split() -> None:
        rects = reach.rectangles()
        for name in SHADOWED:
            for path in root.findAllMatches(name):
                split_surface(path, lambda x, y: cells_reached(rects, x, y), lit)
    return split


def _floor(root: NodePath) -> NodePath:
    """The room's floor (surfaces.lay_surfaces), or an empty path."""
    return root.find("floor")


def printed(path: NodePath) -> None:
    """Mark ``path`` as carrying textures (a card, a printed mat): it gets the table shader that
    reads its texture (table_printed.frag), the rest of the table one without any texture lookup
    (on llvmpipe a lookup costs every pixel even behind a branch that skips it: ~4 CPU ms a
    1280 x 720 frame). Where shadows are off the root's ShaderOff (priority OFF_PRIORITY) outranks
    this shader, so it may be set before or after :func:`apply`, under any root."""
    path.setShader(printed_shader())
