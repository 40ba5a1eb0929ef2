"""The key light's shadow map, drawn again only when a shadow caster moved (issue 13's speed targets).

The shadow map depends on the casters (the pieces under ``pieces``: shading.apply gives the light
only them as its scene) and on the light, never on the camera. Most frames of the window (the
camera orbits a table at rest) and many video frames (a piece at rest, the camera following) show
casters that did not move, so the map of the last frame is still right. ``ShadowCache.before_frame``
compares what the casters are now (each piece node, its transform, whether it is hidden) and the
light's transform with what was drawn, and lets the shadow buffer draw for this one frame
(``setOneShot``) only when something changed. It must be called before every frame is rendered:
the offscreen Renderer does it in ``render``, the window in a task (lighting.set_shadows).

Comparing the casters costs about 0.3 ms for a city of 150 pieces; the shadow pass it saves costs
about 10 ms of CPU on llvmpipe (docs/look.md "Cost").
"""
from __future__ import annotations

from collections.abc import Callable

from panda3d.core import NodePath

TAG = "feltbox-shadow-cache"       # the python tag of the scene root that holds its ShadowCache


class ShadowCache:
    """Re-draw the key light's shadow buffer only on frames where a caster or the light moved."""

    def __init__(self, light: NodePath, casters: NodePath, gsg, on_draw: Callable[[], None] | None = None):
        """``on_draw``: called on each frame the map is drawn, before it is (what depends on where
        the shadows fall: the felt's cells that look the map up, shading.apply)."""
        self.light, self.casters, self.gsg, self.on_draw = light, casters, gsg, on_draw
        self.drawn: object = None        # the signature the shadow buffer last drew
        self.buffer = None
        self.draws = 0                   # frames the shadow pass was let draw (for the bench and tests)

    def signature(self) -> tuple:
        """What the shadow map depends on: the light's transform and each caster's node, transform
        and visibility (a node replaced by a new one, a piece hidden when it leaves the table)."""
        pieces = tuple((child.node(), child.getTransform(), child.isHidden()) for child in self.casters.getChildren())
        return self.light.getTransform(self.casters), self.casters.isHidden(), pieces

    def invalidate(self) -> None:
        """Draw the map on the next frame whatever the signature says."""
        self.drawn = None

    def before_frame(self) -> bool:
        """Call before each frame: whether the shadow pass draws in it."""
        buffer = self.light.node().getShadowBuffer(self.gsg)
        if buffer is None:               # made by the first frame's cull, which also draws it
            return True
        now = self.signature()
        if self.buffer is None or buffer != self.buffer:     # a new buffer (shadows turned on again)
            self.buffer, self.drawn = buffer, None
        if now == self.drawn:
            return False
        buffer.setOneShot(True)          # active in this frame only, then idle until the next change
        self.drawn = now
        if self.on_draw is not None:
            self.on_draw()
        self.draws += 1
        return True


def attach(root: NodePath, cache: ShadowCache | None) -> None:
    """Keep ``cache`` with the scene ``root`` (None: shadows are off, nothing to keep)."""
    if cache is None:
        root.clearPythonTag(TAG)
    else:
        root.setPythonTag(TAG, cache)


def before_frame(root: NodePath) -> bool:
    """Let the shadow pass draw in the coming frame only if the scene under ``root`` needs it;
    whether it draws (False also when shadows are off)."""
    cache = root.getPythonTag(TAG) if root.hasPythonTag(TAG) else None
    return cache.before_frame() if cache is not None else False


def force_redraw(root: NodePath) -> None:
    """The next frame draws the shadow map (the bench's moving-pieces frame, a changed light lens)."""
    cache = root.getPythonTag(TAG) if root.hasPythonTag(TAG) else None
    if cache is not None:
        cache.invalidate()
