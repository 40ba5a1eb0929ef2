"""What aiming draws in the window: the direction line with a 10 cm tick scale on the table, a
power meter (a bar at the bottom right, green to red) and the aim preview's predicted path."""
from __future__ import annotations

import numpy as np
from direct.gui.DirectGui import DirectWaitBar
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import LineSegs

from feltbox.game.window.aim import line_length, ticks


class AimView:
    def __init__(self, base):
        self.base = base
        self.line = base.render.attachNewNode("aim")
        self.path = base.render.attachNewNode("aim-preview")
        self.path.setLightOff()
        self.line.setLightOff()
        aspect = base.getAspectRatio()
        self.meter = DirectWaitBar(range=100, value=0, pos=(aspect - 0.42, 0, -0.78), scale=(0.35, 1, 0.5),
                                   frameSize=(-1, 1, -0.04, 0.04), barColor=(0.2, 0.9, 0.2, 1),
                                   frameColor=(0.1, 0.1, 0.1, 0.8))
        self.meter_text = OnscreenText(text="", pos=(aspect - 0.42, -0.74), scale=0.04, fg=(1, 1, 1, 1),
                                       shadow=(0, 0, 0, 1), mayChange=True)
        self.meter.hide()
        self.path_points = 0

    def draw(self, start: np.ndarray, direction_deg: float, power: float, note: str = "") -> None:
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
        self.meter.show()
        self.meter["value"] = power * 100.0
        self.meter["barColor"] = (min(1.0, 2 * power), min(1.0, 2 * (1 - power)), 0.15, 1)
        self.meter_text.setText(f"power {power:.2f}   {direction_deg:.0f} deg{note}")

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
