"""Choosing on the table in the window (issue 18, Tail Feathers first): an add-on for the app's
``table_choice`` place that passes the left button's presses to the game's ``table_choice``
(game/tailfeathers/table_choice.TableChoice: what a click means for the rules, no Panda3D) and
draws its answers:

* a bar of buttons at the bottom of the free middle of the window (confirm, short / long, tilt,
  the few other choices), its first line what to do or the answer to the last click;
* a blue ring round each figure ringed for an activation or chosen to move;
* the flight being laid, as the real template models (models/tailfeathers/flight.py, the sizes
  the rules measure with) where the rules' geometry lays them, the camera easing out when part of
  it is out of view; the app draws their outlines and the spaces a figure may move to from
  ``game.preview()``;
* while a launch heading is dragged, an arrow from the bird toward the mouse.

The mouse ray is the camera lens's own (``extrude``), in the table's frame.
"""
from __future__ import annotations

import math

from direct.gui.DirectGui import DGG, DirectButton, DirectFrame
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import LineSegs, Point2, Point3, TextNode, TransparencyAttrib

from feltbox.game.render.visuals import piece_node
from feltbox.game.table.bodies import BodySpec
from feltbox.game.window.hud_layout import free_area_aspect2d
from feltbox.game.window.overlay import overlay

RING = (0.35, 0.85, 1.0, 1.0)
ARROW = (1.0, 0.85, 0.2, 1.0)
ARROW_CM = 12.0
ROW = 0.075                  # a row of buttons (aspect2d units)
TEXT = 0.036
BUTTON = ((0.20, 0.33, 0.24, 1), (0.30, 0.52, 0.34, 1), (0.26, 0.44, 0.30, 1), (0.16, 0.16, 0.17, 1))
CONFIRM = ((0.55, 0.42, 0.10, 1), (0.75, 0.60, 0.15, 1), (0.65, 0.50, 0.12, 1), (0.16, 0.16, 0.17, 1))


class TableChoiceView:
    """The bar, rings, templates and arrow of one PlayApp whose game has a ``table_choice``."""

    def __init__(self, app):
        self.app, self.base = app, app.base
        self.choice = app.game.table_choice
        render = self.base.render
        self.rings = overlay(self.base).attachNewNode("table-choice-rings")
        self.arrow = overlay(self.base).attachNewNode("launch-arrow")
        for node in (self.rings, self.arrow):
            node.setLightOff()
            node.setBin("fixed", 40)
            node.setDepthTest(False)
            node.setDepthWrite(False)
        self.templates = render.attachNewNode("flight-templates")
        self.templates.setTransparency(TransparencyAttrib.MAlpha)
        self.templates.setAlphaScale(0.8)
        self.frame = DirectFrame(parent=self.base.aspect2d, frameColor=(0.05, 0.06, 0.07, 0.88), sortOrder=20)
        self.status = OnscreenText(parent=self.frame, text="", scale=TEXT, fg=(1, 0.86, 0.45, 1), align=TextNode.ALeft,
                                   mayChange=True)
        self.buttons: dict[str, DirectButton] = {}
        self.dragging = False
        self._bar_key = self._lays_key = self._ring_key = None
        self._ray = None
        self.base.taskMgr.add(self.update, "feltbox-table-choice")

    # -- the mouse ----------------------------------------------------------------------------
    def ray(self, mouse) -> tuple[tuple[float, float, float], tuple[float, float, float]]:
        """The mouse ray (origin, direction) in the table's frame, through the real lens."""
        near, far = Point3(), Point3()
        self.base.camLens.extrude(Point2(*mouse), near, far)
        o = self.base.render.getRelativePoint(self.base.cam, near)
        f = self.base.render.getRelativePoint(self.base.cam, far)
        self._ray = (o.x, o.y, o.z), (f.x - o.x, f.y - o.y, f.z - o.z)
        return self._ray

    def press(self, mouse, piece: str | None) -> bool:
        """A left press on the table: True when it chose something there (nothing else acts on it)."""
        if self.app.covered():
            return False
        ray = self.ray(mouse)
        if self.choice.launch_start(*ray):
            self.dragging = True
            return True
        handled, frames = self.choice.click_piece(piece) if piece is not None else (False, None)
        if not handled:
            handled, frames = self.choice.click_table(*ray)
        if handled:
            self.app.animate(frames)
        return handled

    def release(self, mouse) -> bool:
        """The left release: ends a launch drag (True) with the heading dragged."""
        if not self.dragging:
            return False
        self.dragging = False
        self.arrow.getChildren().detach()
        ray = self.ray(mouse) if mouse is not None else self._ray
        self.app.animate(self.choice.launch_end(*ray))
        return True

    def press_button(self, key: str) -> None:
        if self.app.animation is None:
            self.app.animate(self.choice.press(key))

    def bar_top(self) -> float | None:
        """The bar's top edge (window y), None while it is hidden (the camera frames above it)."""
        return None if self.frame.isHidden() else self.frame.getZ()

    def button(self, key: str) -> DirectButton:
        """The bar's button for ``key`` (tests click it with the real mouse)."""
        return self.buttons[key]

    # -- every frame ----------------------------------------------------------------------------
    def update(self, task):
        still = self.app.animation is None and not self.app.covered()
        if self.dragging:
            mouse = self.app.picker.mouse()
            if mouse is not None:
                self.choice.launch_aim(*self.ray(mouse))
            self._draw_arrow()
        self._bar(still)
        self._draw_rings(still)
        self._draw_templates(still)
        return task.cont

    def _bar(self, still: bool) -> None:
        buttons = self.choice.buttons() if still else []
        status = self.choice.status() if still else ""
        key = (tuple(buttons), status, self.base.getAspectRatio())
        if key == self._bar_key:
            return
        self._bar_key = key
        for b in self.buttons.values():
            b.destroy()
        self.buttons = {}
        if not buttons and not status:
            self.frame.hide()
            return
        self.frame.show()
        free = free_area_aspect2d(self.base.getAspectRatio(), self.app.settings.ui_scale)
        left, right = free.left + 0.02, free.right - 0.02
        x, y = left + 0.02, -ROW
        for b in buttons:
            width = 0.06 + 0.021 * len(b.label)
            if x + width > right - 0.02 and x > left + 0.02:
                x, y = left + 0.02, y - ROW
            self.buttons[b.key] = DirectButton(
                parent=self.frame, text=b.label, text_scale=TEXT, text_align=TextNode.ALeft, relief=DGG.FLAT,
                text_fg=(1, 1, 1, 1) if b.enabled else (0.55, 0.55, 0.55, 1),
                frameColor=CONFIRM if b.key == "confirm" else BUTTON, frameSize=(-0.02, width - 0.02, -0.022, 0.048),
                pos=(x + 0.02, 0, y - 0.02), command=self.press_button, extraArgs=[b.key])   # greyed: says why
            x += width + 0.015
        height = -y + ROW * 0.55
        self.frame["frameSize"] = (left, right, -height, 0.0)
        self.frame.setPos(0, 0, free.bottom + height)
        self.status.setPos(left + 0.03, -0.045)
        self.status.setText(status if len(status) <= 110 else status[:107] + "...")

    def _draw_rings(self, still: bool) -> None:
        pieces = self.choice.ringed() if still else []
        pieces = [p for p in pieces if p in self.app.ids]
        key = tuple((p, tuple(self.app.piece_xy(p).round(2))) for p in pieces)
        if key == self._ring_key:
            return
        self._ring_key = key
        self.rings.getChildren().detach()
        segs = LineSegs("ringed")
        segs.setThickness(3.5)
        segs.setColor(*RING)
        for piece in pieces:
            path = self.app.scene.paths[self.app.ids.index(piece)]
            lo, hi = path.getTightBounds(self.base.render)
            cx, cy, r = (lo.x + hi.x) / 2, (lo.y + hi.y) / 2, max(hi.x - lo.x, hi.y - lo.y) / 2 + 0.6
            for k in range(41):
                a = 2 * math.pi * k / 40
                (segs.drawTo if k else segs.moveTo)(cx + r * math.cos(a), cy + r * math.sin(a), lo.z + 0.15)
        if pieces:
            self.rings.attachNewNode(segs.create())

    def _draw_templates(self, still: bool) -> None:
        lays = self.choice.template_lays() if still else []
        key = tuple(lays)
        if key == self._lays_key:
            return
        self._lays_key = key
        self.templates.getChildren().detach()
        for k, lay in enumerate(lays):
            spec = BodySpec(f"flight-template-{k}", "tf_template", {"size": lay.size, "end": lay.end})
            node = piece_node(spec, self.templates)
            node.setPos(lay.x, lay.y, lay.z)
            node.setH(lay.heading)
        if lays:
            self._keep_in_view()

    def _keep_in_view(self) -> None:
        """The camera eases out to show the whole flight being laid when part of it is out of view."""
        lo, hi = self.templates.getTightBounds(self.base.render)
        corners = [(x, y, lo.z) for x in (lo.x, hi.x) for y in (lo.y, hi.y)]
        if not self.app.director.in_view(corners):
            self.app.director.frame_points(corners)

    def _draw_arrow(self) -> None:
        self.arrow.getChildren().detach()
        if self.choice.launch is None:
            return
        bird, (x, y), heading = self.choice.launch
        z = self.app.piece_xy(bird)[2] + 1.0
        a = math.radians(heading)
        tip = (x + ARROW_CM * math.cos(a), y + ARROW_CM * math.sin(a), z)
        segs = LineSegs("launch-arrow")
        segs.setThickness(4.0)
        segs.setColor(*ARROW)
        segs.moveTo(x, y, z)
        segs.drawTo(*tip)
        for side in (150.0, -150.0):
            b = a + math.radians(side)
            segs.moveTo(*tip)
            segs.drawTo(tip[0] + 2.5 * math.cos(b), tip[1] + 2.5 * math.sin(b), z)
        self.arrow.attachNewNode(segs.create())


def attach_table_choice(app) -> TableChoiceView | None:
    """The table-choice add-on for ``app``'s rules game, None for a game without one."""
    game = app.game
    if game is None or game.table_choice is None:
        return None
    return TableChoiceView(app)
