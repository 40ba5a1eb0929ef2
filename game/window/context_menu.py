"""The context menu of a clicked piece: a DirectGUI frame near the mouse, one button per item of
game/window/piece_actions.py. Legal items are clickable and play the action through the same path as the
letter keys; illegal ones are greyed, disabled, and show the rules' reason in small type under
their label. Escape, a right click or a click elsewhere closes it.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

from direct.gui.DirectGui import DGG, DirectButton, DirectFrame, DirectLabel

from feltbox.game.window.piece_actions import MenuItem

ROW = 0.075          # aspect2d units per legal row
WIDTH = 1.05
MAX_ITEMS = 12       # longer lists (a bird's launch headings...) end with "N more"


def _short(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "..."


class ContextMenu:
    def __init__(self, base):
        self.base = base
        self.frame = None
        self.buttons: list = []
        self.items: list[MenuItem] = []
        self.piece: str | None = None

    @property
    def open(self) -> bool:
        return self.frame is not None

    def show(self, piece: str, items: Sequence[MenuItem], at: tuple[float, float],
             on_pick: Callable[[MenuItem], None]) -> None:
        """Open at ``at`` (mouse coordinates -1..1) listing ``items`` for ``piece``."""
        self.close()
        items = list(items)
        more = len(items) - MAX_ITEMS
        self.piece, self.items = piece, items[:MAX_ITEMS]
        heights = [ROW if it.legal else ROW * 1.45 for it in self.items]
        height = ROW * 1.2 + sum(heights) + 0.02 + (ROW if more > 0 else 0.0)
        aspect = self.base.getAspectRatio()
        x = min(max(at[0] * aspect + 0.03, -aspect + 0.02), aspect - WIDTH - 0.02)
        y = min(max(at[1], -1.0 + height + 0.02), 0.98)
        self.frame = DirectFrame(frameColor=(0.08, 0.08, 0.1, 0.92), frameSize=(0, WIDTH, -height, 0),
                                 pos=(x, 0, y), sortOrder=50)
        DirectLabel(parent=self.frame, text=_short(piece, 40), text_scale=0.045, text_align=0,
                    text_fg=(1, 0.85, 0.5, 1), frameColor=(0, 0, 0, 0), pos=(0.03, 0, -ROW * 0.8))
        top = -ROW * 1.2
        self.buttons = []
        for item, h in zip(self.items, heights):
            if item.legal:
                button = DirectButton(parent=self.frame, text=_short(item.label, 44), text_scale=0.042,
                                      text_align=0, text_fg=(1, 1, 1, 1), relief=DGG.FLAT,
                                      frameColor=((0.2, 0.35, 0.25, 1), (0.3, 0.55, 0.35, 1),
                                                  (0.25, 0.45, 0.3, 1), (0.2, 0.2, 0.2, 1)),
                                      frameSize=(-0.02, WIDTH - 0.06, -0.022, 0.048),
                                      pos=(0.04, 0, top - ROW * 0.7), command=on_pick, extraArgs=[item])
            else:
                button = DirectButton(parent=self.frame, text=(_short(item.label, 44),) * 4, text_scale=0.042,
                                      text_align=0, text_fg=(0.55, 0.55, 0.55, 1), relief=DGG.FLAT,
                                      frameColor=(0.13, 0.13, 0.15, 1), state=DGG.DISABLED,
                                      frameSize=(-0.02, WIDTH - 0.06, -0.022 - ROW * 0.45, 0.048),
                                      pos=(0.04, 0, top - ROW * 0.7))
                DirectLabel(parent=button, text=_short(item.reason, 70), text_scale=0.028, text_align=0,
                            text_fg=(0.85, 0.55, 0.45, 1), frameColor=(0, 0, 0, 0), pos=(0.0, 0, -0.05))
            self.buttons.append(button)
            top -= h
        if more > 0:
            DirectLabel(parent=self.frame, text=f"... {more} more: the list and keys at the top left", text_scale=0.034,
                        text_align=0, text_fg=(0.7, 0.7, 0.7, 1), frameColor=(0, 0, 0, 0), pos=(0.04, 0, top - ROW * 0.7))
        if not self.items:
            DirectLabel(parent=self.frame, text="nothing to do with it now", text_scale=0.04, text_align=0,
                        text_fg=(0.7, 0.7, 0.7, 1), frameColor=(0, 0, 0, 0), pos=(0.04, 0, top - ROW * 0.7))

    def contains(self, mouse: tuple[float, float]) -> bool:
        """Is the mouse (-1..1 coordinates) over the open menu?"""
        if self.frame is None:
            return False
        aspect = self.base.getAspectRatio()
        x, y = mouse[0] * aspect, mouse[1]
        fx, fy = self.frame.getX(), self.frame.getZ()
        left, right, bottom, top = self.frame["frameSize"]
        return fx + left <= x <= fx + right and fy + bottom <= y <= fy + top

    def button_center(self, k: int) -> tuple[float, float]:
        """Mouse coordinates (-1..1) of item ``k``'s button (tests click there)."""
        button = self.buttons[k]
        p = button.getPos(self.base.aspect2d)
        return ((p[0] + 0.2) / self.base.getAspectRatio(), p[2] + 0.01)

    def close(self) -> None:
        if self.frame is not None:
            self.frame.destroy()
        self.frame, self.buttons, self.items, self.piece = None, [], [], None
