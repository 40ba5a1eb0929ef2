"""Picking and hover highlight in the window: a collision ray from the mouse into the pieces.

The ray is traversed only when the mouse moved (or the camera did), so a still mouse costs
nothing per frame. The piece under the mouse gets a warm colour scale and a yellow ring on the
felt around its footprint (cheap: no outline pass); the selected piece keeps a cooler tint.
"""
from __future__ import annotations

import math

from panda3d.core import CollisionHandlerQueue, CollisionNode, CollisionRay, CollisionTraverser, GeomNode, LineSegs

from feltbox.game.window.overlay import overlay

HOVER = (1.45, 1.4, 1.1, 1.0)
SELECTED = (1.2, 1.5, 1.7, 1.0)


class Picker:
    def __init__(self, base, scene):
        self.base, self.scene = base, scene
        self.traverser = CollisionTraverser("picker")
        self.queue = CollisionHandlerQueue()
        node = CollisionNode("mouse-ray")
        node.setFromCollideMask(GeomNode.getDefaultCollideMask())
        self.ray = CollisionRay()
        node.addSolid(self.ray)
        self.traverser.addCollider(base.camera.attachNewNode(node), self.queue)
        self.hover: str | None = None
        self.selected: str | None = None
        self._last: tuple | None = None
        self._tinted: dict[str, tuple] = {}
        self.ring = overlay(base).attachNewNode("hover-ring")
        self.ring.setLightOff()
        self._ring_piece: str | None = None

    def mouse(self) -> tuple[float, float] | None:
        watcher = self.base.mouseWatcherNode
        if not watcher.hasMouse():
            return None
        m = watcher.getMouse()
        return (m.getX(), m.getY())

    def piece_under_mouse(self) -> str | None:
        m = self.mouse()
        if m is None:
            return None
        self.ray.setFromLens(self.base.camNode, *m)
        self.traverser.traverse(self.scene.pieces_root)
        if self.queue.getNumEntries() == 0:
            return None
        self.queue.sortEntries()
        tagged = self.queue.getEntry(0).getIntoNodePath().findNetTag("piece")
        return tagged.getTag("piece") if not tagged.isEmpty() else None

    def update(self, camera_key, enabled: bool = True) -> str | None:
        """Refresh the hover piece when the mouse or the camera moved; tints follow."""
        m = self.mouse()
        key = (m, camera_key)
        if key != self._last:
            self._last = key
            self.hover = self.piece_under_mouse() if enabled else None
        self.update_tint()
        return self.hover

    def invalidate(self) -> None:
        self._last = None

    def update_tint(self) -> None:
        """Tint the hovered and the selected piece (and ring the hovered one) as they are now."""
        want = {}
        if self.hover:
            want[self.hover] = HOVER
        if self.selected:
            want[self.selected] = SELECTED
        if want == self._tinted:
            return
        paths = dict(zip((p.getTag("piece") for p in self.scene.paths), self.scene.paths))
        for piece in self._tinted:
            if piece in paths and piece not in want:
                paths[piece].clearColorScale()
        for piece, scale in want.items():
            if piece in paths:
                paths[piece].setColorScale(*scale)
        self._tinted = want
        self._ring(paths)

    def _ring(self, paths) -> None:
        """A ring on the felt around the hovered piece's footprint (redrawn when hover changes)."""
        if self.hover == self._ring_piece:
            return
        self._ring_piece = self.hover
        self.ring.getChildren().detach()
        path = paths.get(self.hover)
        if path is None:
            return
        lo, hi = path.getTightBounds(self.base.render)
        cx, cy = (lo.x + hi.x) / 2, (lo.y + hi.y) / 2
        r = max(hi.x - lo.x, hi.y - lo.y) / 2 + 0.8
        segs = LineSegs("ring")
        segs.setThickness(2.5)
        segs.setColor(1.0, 0.85, 0.2, 1.0)
        for k in range(33):
            a = 2 * math.pi * k / 32
            (segs.drawTo if k else segs.moveTo)(cx + r * math.cos(a), cy + r * math.sin(a), max(lo.z, 0.0) + 0.1)
        self.ring.attachNewNode(segs.create())
