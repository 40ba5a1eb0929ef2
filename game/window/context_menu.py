"""The context menu of a clicked piece: a DirectGUI frame beside the piece, in the free area the
HUD panels leave (game/window/hud_layout.place_box: never over a panel), titled with the piece's
name as players say it, one button per item of game/window/piece_actions.py. Legal items are
clickable and play the action through the same path as the letter keys; illegal ones are greyed,
disabled, and show the rules' reason whole in small type under their label, wrapped, never cut.
Escape, a right click or a click elsewhere closes it.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

from direct.gui.DirectGui import DGG, DirectButton, DirectFrame, DirectLabel

from feltbox.game.text.event_feed import pretty
from feltbox.game.window.active_marker import piece_label, screen_box
from feltbox.game.window.framing import Rect
from feltbox.game.window.hud_layout import GAP, free_area_aspect2d, place_box, wrap
from feltbox.game.window.piece_actions import MenuItem

ROW = 0.075          # aspect2d units per legal row
MIN_W, WIDTH = 0.66, 1.05              # the menu is as wide as its longest label needs, between these
MAX_ITEMS = 12       # longer lists (a bird's launch headings...) end with "N more"
LABEL_EM, REASON_EM, TITLE_EM = 0.0207, 0.0119, 0.023   # a character's width in a label, a reason, the title
LABEL_LINE, REASON_LINE = 0.046, 0.031


def menu_width(title: str, items: Sequence[MenuItem]) -> float:
    """Wide enough for the title and the longest label on one line (a narrow menu fits beside a
    piece more often); reasons wrap to it."""
    need = max([len(title) * TITLE_EM] + [len(it.label) * LABEL_EM for it in items]) + 0.12
    return min(max(need, MIN_W), WIDTH)


def chars(width: float, em: float) -> int:
    return int((width - 0.1) / em)


def row_height(item: MenuItem, width: float = WIDTH) -> float:
    """An item's row: its label's lines, and a greyed one's reason's lines under them."""
    h = ROW + LABEL_LINE * (len(wrap(item.label, chars(width, LABEL_EM))) - 1)
    return h if item.legal else h + REASON_LINE * len(wrap(item.reason, chars(width, REASON_EM))) + 0.012


def menu_room(app, piece: str) -> tuple[str, Rect | None, Rect, list[Rect]]:
    """Where ``app``'s (game/window/app.PlayApp) menu of ``piece`` may go: its title (the piece's
    name), the piece's rectangle on the screen, the free area the HUD panels leave (above the bars
    under the table: table choices, the guide) and the rectangles to keep off (the panels and the
    piece to play), all aspect2d."""
    aspect, panels = app.base.getAspectRatio(), app.hud_panels
    free = panels.free_area() if panels is not None else free_area_aspect2d(aspect, float(app.settings.ui_scale))
    avoid = list(panels.rects().values()) if panels is not None else []
    floors = [app.table_choice.bar_top() if app.table_choice is not None else None,
              app.guide.top() if app.guide is not None else None]
    floor = max([f + GAP for f in floors if f is not None], default=free.bottom)
    free = Rect(free.left, free.right, max(free.bottom, floor), free.top)
    known = piece in app.ids
    title = piece_label(app.bodies[app.ids.index(piece)]) if known else pretty(piece)
    box = screen_box(app.base, app.scene.paths[app.ids.index(piece)]) if known else None
    active = app.marked_piece()[0]
    if active is not None and active != piece and active in app.ids:
        avoid.append(screen_box(app.base, app.scene.paths[app.ids.index(active)]))
    return title, box, free, [r for r in avoid if r is not None]


class ContextMenu:
    def __init__(self, base):
        self.base = base
        self.frame = None
        self.buttons: list = []
        self.items: list[MenuItem] = []
        self.piece: str | None = None
        self.box: Rect | None = None        # where the open menu is (aspect2d)
        self.title = ""                     # its title: the piece's name
        self.width = WIDTH

    @property
    def open(self) -> bool:
        return self.frame is not None

    def show(self, piece: str, items: Sequence[MenuItem], at: tuple[float, float],
             on_pick: Callable[[MenuItem], None], title: str | None = None, free: Rect | None = None,
             avoid: Sequence[Rect] = (), box: Rect | None = None) -> None:
        """Open beside the piece -- ``box``, its rectangle on the screen (aspect2d), else the point
        ``at`` (mouse coordinates -1..1) -- listing ``items`` for ``piece``, titled ``title`` (the
        piece's name), inside ``free`` (aspect2d: the area the HUD panels leave; default the
        window) and off the ``avoid`` rectangles (the panels)."""
        self.close()
        items = list(items)
        aspect = self.base.getAspectRatio()
        free = free or Rect(-aspect + 0.02, aspect - 0.02, -0.76, 0.98)
        keep = items[:MAX_ITEMS]
        self.title = wrap(title or piece, 36)[0]
        self.width = width = menu_width(self.title, keep)
        while len(keep) > 1 and self._height(keep, len(items) - len(keep)) > free.top - free.bottom:
            keep = keep[:-1]                   # taller than the free area: the rest is "N more"
        more = len(items) - len(keep)
        self.piece, self.items = piece, keep
        heights = [row_height(it, width) for it in self.items]
        height = self._height(keep, more)
        box = box or Rect(at[0] * aspect, at[0] * aspect, at[1], at[1])
        self.box = place_box(width, height, box, free, avoid)
        self.frame = DirectFrame(frameColor=(0.08, 0.08, 0.1, 0.92), frameSize=(0, width, -height, 0),
                                 pos=(self.box.left, 0, self.box.top), sortOrder=50)
        DirectLabel(parent=self.frame, text=self.title, text_scale=0.045, text_align=0,
                    text_fg=(1, 0.85, 0.5, 1), frameColor=(0, 0, 0, 0), pos=(0.03, 0, -ROW * 0.8))
        top = -ROW * 1.2
        self.buttons = []
        for item, h in zip(self.items, heights):
            label = "\n".join(wrap(item.label, chars(width, LABEL_EM)))
            extra = h - ROW            # the wrapped lines under the first
            if item.legal:
                button = DirectButton(parent=self.frame, text=label, text_scale=0.042,
                                      text_align=0, text_fg=(1, 1, 1, 1), relief=DGG.FLAT,
                                      frameColor=((0.2, 0.35, 0.25, 1), (0.3, 0.55, 0.35, 1),
                                                  (0.25, 0.45, 0.3, 1), (0.2, 0.2, 0.2, 1)),
                                      frameSize=(-0.02, width - 0.06, -0.022 - extra, 0.048),
                                      pos=(0.04, 0, top - ROW * 0.7), command=on_pick, extraArgs=[item])
            else:
                button = DirectButton(parent=self.frame, text=(label,) * 4, text_scale=0.042,
                                      text_align=0, text_fg=(0.55, 0.55, 0.55, 1), relief=DGG.FLAT,
                                      frameColor=(0.13, 0.13, 0.15, 1), state=DGG.DISABLED,
                                      frameSize=(-0.02, width - 0.06, -0.022 - extra + 0.012, 0.048),
                                      pos=(0.04, 0, top - ROW * 0.7))
                lines = wrap(item.reason, chars(width, REASON_EM))
                below = LABEL_LINE * (len(wrap(item.label, chars(width, LABEL_EM))) - 1)
                DirectLabel(parent=button, text="\n".join(lines), text_scale=0.028, text_align=0,
                            text_fg=(0.85, 0.55, 0.45, 1), frameColor=(0, 0, 0, 0), pos=(0.0, 0, -0.05 - below))
            self.buttons.append(button)
            top -= h
        if more > 0:
            DirectLabel(parent=self.frame, text=f"... {more} more in the choices list", text_scale=0.034,
                        text_align=0, text_fg=(0.7, 0.7, 0.7, 1), frameColor=(0, 0, 0, 0), pos=(0.04, 0, top - ROW * 0.7))
        if not self.items:
            DirectLabel(parent=self.frame, text="nothing to do with it now", text_scale=0.04, text_align=0,
                        text_fg=(0.7, 0.7, 0.7, 1), frameColor=(0, 0, 0, 0), pos=(0.04, 0, top - ROW * 0.7))

    def _height(self, items: list[MenuItem], more: int) -> float:
        return ROW * 1.2 + sum(row_height(it, self.width) for it in items) + 0.02 + (ROW if more > 0 else 0.0)

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
        self.frame, self.buttons, self.items, self.piece, self.box = None, [], [], None, None
