"""What aiming draws in the window: the direction line with a 10 cm tick scale on the table, a
power meter (a bar green to red, next to the flicked piece on the screen, kept inside the free
middle of the window: game/window/hud_layout.py) and the aim preview's predicted path."""
from __future__ import annotations

import numpy as np
from direct.gui.DirectGui import DirectWaitBar
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import LineSegs, TextNode

from feltbox.game.window.aim import line_length, ticks
from feltbox.game.window.hud_layout import free_area_aspect2d
from feltbox.game.window.overlay import overlay

METER_HALF = 0.25            # the meter's half width (aspect2d units)
METER_OFFSET = (0.34, -0.07)  # from the piece on the screen to the meter's centre


class AimView:
    def __init__(self, base):
        self.base = base
        self.line = overlay(base).attachNewNode("aim")
        self.path = overlay(base).attachNewNode("aim-preview")
        self.path.setLightOff()
        self.line.setLightOff()
        self.meter = DirectWaitBar(range=100, value=0, pos=(0, 0, 0), scale=(METER_HALF, 1, 0.5),
                                   frameSize=(-1, 1, -0.04, 0.04), barColor=(0.2, 0.9, 0.2, 1),
                                   frameColor=(0.1, 0.1, 0.1, 0.8))
        self.meter_text = OnscreenText(text="", pos=(0, 0), scale=0.04, fg=(1, 1, 1, 1), align=TextNode.ALeft,
                                       shadow=(0, 0, 0, 1), mayChange=True)
        self.meter_note = OnscreenText(text="", pos=(0, 0), scale=0.03, fg=(0.85, 0.85, 0.8, 1), align=TextNode.ALeft,
                                       shadow=(0, 0, 0, 1), mayChange=True)
        self.meter.hide()
        self.meter_at: tuple[float, float] | None = None     # the meter's centre (aspect2d), last drawn
        self.ui_scale = 1.0
        self.path_points = 0

    def place_meter(self, piece_at: tuple[float, float] | None) -> tuple[float, float]:
        """Put the meter beside the piece's point on the screen (``piece_at``, aspect2d), inside the
        free middle of the window; the middle of its bottom edge when the piece is off screen."""
        free = free_area_aspect2d(self.base.getAspectRatio(), self.ui_scale)
        if piece_at is None:
            x, y = (free.left + free.right) / 2, free.bottom + 0.08
        else:
            x, y = piece_at[0] + METER_OFFSET[0], piece_at[1] + METER_OFFSET[1]
            if x + METER_HALF > free.right:                  # no room on the right: on the left
                x = piece_at[0] - METER_OFFSET[0]
        x = min(max(x, free.left + METER_HALF), free.right - METER_HALF)
        y = min(max(y, free.bottom + 0.03), free.top - 0.09)
        self.meter.setPos(x, 0, y)
        self.meter_text.setPos(x - METER_HALF, y + 0.04)
        self.meter_note.setPos(x - METER_HALF, y - 0.07)
        self.meter_at = (x, y)
        return self.meter_at

    def draw(self, start: np.ndarray, direction_deg: float, power: float, note: str = "",
             piece_at: tuple[float, float] | None = None) -> None:
        """The line from ``start`` on the table and the meter beside ``piece_at`` on the screen."""
        self.line.getChildren().detach()
        segs = LineSegs("aim")
        segs.setThickness(3.0)
        segs.setColor(1.0, 1.0 - power, 0.1, 1.0)
        a = np.radians(direction_deg)
        start = np.array([start[0], start[1], max(float(start[2]), 0.3)])
        length = line_length(power)
        segs.moveTo(*start)
        segs.drawTo(*(start + np.array([np.cos(a), np.sin(a), 0.0]) * length))
        segs.setThickness(2.0)
        segs.setColor(1, 1, 1, 0.9)
        for p, q in ticks(start, direction_deg, length):
            segs.moveTo(*p)
            segs.drawTo(*q)
        self.line.attachNewNode(segs.create())
        self.place_meter(piece_at)
        self.meter.show()
        self.meter["value"] = power * 100.0
        self.meter["barColor"] = (min(1.0, 2 * power), min(1.0, 2 * (1 - power)), 0.15, 1)
        self.meter_text.setText(f"power {power:.2f}   {direction_deg:.0f} deg")
        self.meter_note.setText(note.strip())

    def draw_path(self, points: np.ndarray | None) -> None:
        self.path.getChildren().detach()
        self.path_points = 0 if points is None else len(points)
        if points is None or len(points) < 2:
            return
        segs = LineSegs("preview-path")
        segs.setThickness(2.5)
        segs.setColor(0.35, 0.85, 1.0, 1.0)
        segs.moveTo(*points[0])
        for p in points[1:]:
            segs.drawTo(*p)
        self.path.attachNewNode(segs.create())

    def clear(self) -> None:
        self.line.getChildren().detach()
        self.meter.hide()
        self.meter_text.setText("")
        self.meter_note.setText("")
        self.draw_path(None)


def draw_outlines(node, outlines) -> None:
    """Closed outlines ((n, 3) table points each) as cyan lines under ``node`` (replacing its children)."""
    node.getChildren().detach()
    if not outlines:
        return
    segs = LineSegs("preview")
    segs.setThickness(2.5)
    segs.setColor(0.3, 0.8, 1.0, 1.0)
    for outline in outlines:
        segs.moveTo(*outline[-1])
        for point in outline:
            segs.drawTo(*point)
    node.attachNewNode(segs.create())
