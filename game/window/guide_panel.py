"""The guided first game's panel (game/window/guide.py): a few lines at the bottom of the free
middle of the window (game/window/hud_layout.py; above Tail Feathers' bar of table choices while it
shows), the step to do now and what the rules just did, with a Skip button. It only reads the
game: every normal control keeps working under it."""
from __future__ import annotations

from direct.gui.DirectGui import DirectButton
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import TextNode

from feltbox.game.window.guide import Guide
from feltbox.game.window.hud_layout import GAP, free_area_aspect2d
from feltbox.game.window.hud_widgets import PANEL, TEXT, panel

HEIGHT = 0.34              # the panel's height before its text is known, aspect2d units
SCALE = 0.036              # its text size


class GuidePanel:
    def __init__(self, app, guide: Guide):
        self.app, self.guide, self.base = app, guide, app.base
        free = free_area_aspect2d(self.base.getAspectRatio(), float(app.settings.ui_scale))
        bottom = free.bottom + GAP / 2
        self.left, self.right, self.bottom, self.floor = free.left, free.right, bottom, bottom
        self.frame = panel(self.base.aspect2d, free.left, free.right, bottom, bottom + HEIGHT, colour=PANEL)
        self.text = OnscreenText(parent=self.frame, text="", pos=(free.left + 0.03, bottom + HEIGHT - 0.05),
                                 scale=SCALE, fg=TEXT, align=TextNode.ALeft, mayChange=True,
                                 wordwrap=(free.right - free.left - 0.06) / SCALE)
        self.skip_button = DirectButton(parent=self.frame, text="Skip guide", scale=0.035, command=self.close,
                                        pos=(free.right - 0.12, 0, bottom + HEIGHT - 0.05),
                                        frameColor=(0.25, 0.25, 0.28, 1), text_fg=TEXT, relief=1)
        self.shown = ""
        self._top = self.bottom + HEIGHT
        app.game.listeners.append(guide.on_events)
        self.base.taskMgr.add(self.update, "feltbox-guide")

    def update(self, task):
        if self.guide.closed:
            return task.done
        if self.app.animation is None:                 # the table at rest: the rules' state is now
            self.guide.update(self.app.game)
        text = self.guide.text()
        bar = self.app.table_choice.bar_top() if self.app.table_choice is not None else None
        bottom = self.floor if bar is None else max(self.floor, bar + GAP / 2)   # above Tail Feathers' bar
        if text != self.shown or bottom != self.bottom:
            self.shown, self.bottom = text, bottom
            self.text.setText(text)
            rows = self.text.textNode.getNumRows()       # the panel grows with the text, from its bottom
            top = self.bottom + 0.06 + rows * SCALE * 1.1
            self._top = top
            self.frame["frameSize"] = (self.left, self.right, self.bottom, top)
            self.text.setPos(self.left + 0.03, top - 0.05)
            self.skip_button.setPos(self.right - 0.12, 0, top - 0.05)
        return task.cont

    def top(self) -> float | None:
        """The panel's top edge (window y), None once closed: the camera frames pieces above it."""
        return None if self.guide.closed else self._top

    def close(self) -> None:
        self.guide.skip()
        if self.guide.on_events in self.app.game.listeners:
            self.app.game.listeners.remove(self.guide.on_events)
        self.frame.destroy()


def attach_guide(app, guide: Guide) -> GuidePanel:
    return GuidePanel(app, guide)
