"""Small DirectGUI pieces the HUD panels are made of (game/window/hud.py): a panel (a translucent frame),
a panel's collapse toggle, a feed line's colour (``tone``), a text line that only touches Panda3D
when its text or colour changes, a row of pips (life, wounds, cheese) and inventory slots. Each
widget is built once; refreshing sets text and colours, so a HUD refresh never rebuilds
scene-graph nodes (the window keeps its frame rate).
"""
from __future__ import annotations

from direct.gui.DirectGui import DGG, DirectButton, DirectFrame
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import TextNode

PANEL = (0.07, 0.07, 0.09, 0.88)          # the panels' background (tests look for it): dark on snow too
TEXT = (0.96, 0.96, 0.92, 1.0)
DIM = (0.62, 0.62, 0.60, 1.0)
EMPTY = (0.28, 0.28, 0.30, 1.0)
TEAM_COLOURS = {"A": (0.35, 0.62, 1.0, 1.0), "B": (1.0, 0.50, 0.30, 1.0),
                "mouse": (0.45, 0.75, 1.0, 1.0), "rat": (0.95, 0.38, 0.38, 1.0)}
OTHER_TEAM = (0.75, 0.75, 0.45, 1.0)
TOGGLE = ((0.22, 0.23, 0.27, 1), (0.35, 0.37, 0.42, 1), (0.30, 0.32, 0.36, 1), (0.2, 0.2, 0.2, 1))


def team_colour(team: str):
    return TEAM_COLOURS.get(team, OTHER_TEAM)


DANGER = {"survivor lost a life", "survivor died", "the wounded survivor died", "instant defeat", "too close",
          "wounded", "defeated", "nest wounded", "nest destroyed", "rattled", "on fire", "zombie entered a building"}
GOOD = {"objective complete", "team objective", "market cornered", "rescued", "healed", "survivor gained a life",
        "zombie wounded", "zombie killed at short distance", "zombie killed in a fight", "game over"}


def tone(kind: str):
    """A feed line's colour: noise orange, harm red, goals and kills green, the rest white."""
    if kind == "reaction LOUD":
        return (1.0, 0.62, 0.30, 1.0)
    if kind in DANGER:
        return (1.0, 0.50, 0.45, 1.0)
    if kind in GOOD:
        return (0.55, 0.95, 0.55, 1.0)
    return TEXT


def toggle_button(parent, x: float, y: float, command, name: str) -> DirectButton:
    """A panel's small collapse toggle ("-" open, "+" collapsed), centred at (x, y)."""
    return DirectButton(parent=parent, text="-", text_scale=0.06, text_pos=(0, -0.016), text_fg=TEXT,
                        relief=DGG.FLAT, frameColor=TOGGLE, frameSize=(-0.022, 0.022, -0.022, 0.022),
                        pos=(x, 0, y), command=command, extraArgs=[name])


def panel(parent, left: float, right: float, bottom: float, top: float, colour=PANEL):
    return DirectFrame(parent=parent, frameColor=colour, frameSize=(left, right, bottom, top))


class Text:
    """One line (or a few) of text, left-aligned at (x, y) in its parent."""

    def __init__(self, parent, x: float, y: float, scale: float, fg=TEXT, align: str = "left", shadow=True):
        aligns = {"left": TextNode.ALeft, "right": TextNode.ARight, "center": TextNode.ACenter}
        self.node = OnscreenText(parent=parent, text="", pos=(x, y), scale=scale, fg=fg, align=aligns[align],
                                 shadow=(0, 0, 0, 0.9) if shadow else None, mayChange=True)
        self.text, self.fg = "", tuple(fg)

    def set(self, text: str, fg=None) -> None:
        if text != self.text:
            self.text = text
            self.node.setText(text)
        if fg is not None and tuple(fg) != self.fg:
            self.fg = tuple(fg)
            self.node.setFg(self.fg)

    def hide(self) -> None:
        self.set("")


class Pips:
    """``n`` small squares in a row; ``set(filled, total, colour)`` colours the first ``filled``
    and hides those past ``total``."""

    def __init__(self, parent, x: float, y: float, n: int, size: float = 0.022, gap: float = 0.007):
        self.frames = [DirectFrame(parent=parent, frameColor=EMPTY, pos=(x + k * (size + gap), 0, y),
                                   frameSize=(0, size, 0, size)) for k in range(n)]
        self.state: tuple = ()

    def set(self, filled: int, total: int, colour, empty=EMPTY) -> None:
        key = (filled, total, tuple(colour), tuple(empty))
        if key == self.state:
            return
        self.state = key
        for k, f in enumerate(self.frames):
            if k >= total:
                f.hide()
                continue
            f.show()
            f["frameColor"] = colour if k < filled else empty


class Slots:
    """Inventory slots: boxes with the item's name (or "token" face down), empty ones dark."""

    def __init__(self, parent, x: float, y: float, n: int = 3, width: float = 0.105, height: float = 0.03):
        self.boxes, self.labels, self.state = [], [], ()
        for k in range(n):
            bx = x + k * (width + 0.006)
            self.boxes.append(DirectFrame(parent=parent, frameColor=EMPTY, pos=(bx, 0, y),
                                          frameSize=(0, width, 0, height)))
            self.labels.append(Text(parent, bx + width / 2, y + 0.009, 0.021, align="center", shadow=False))

    def set(self, items) -> None:
        """The items, one per slot; ``None`` hides the slots (a card without inventory)."""
        key = None if items is None else tuple(items)
        if key == self.state:
            return
        self.state = key
        for node in self.boxes + [t.node for t in self.labels]:
            node.hide() if key is None else node.show()
        if key is None:
            return
        items = key
        for box, label, item in zip(self.boxes, self.labels, items):
            box["frameColor"] = EMPTY if not item else ((0.33, 0.30, 0.22, 1) if item == "token" else (0.45, 0.38, 0.16, 1))
            label.set(item[:9], fg=TEXT if item else DIM)
