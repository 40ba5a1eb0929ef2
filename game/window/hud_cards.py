"""A survivor's or a Tail Feathers unit's card in the HUD's left column (game/window/hud.py): the
team's strip, a chip of the figure's colour with the number on its backpack, the name, life or
wound pips, the inventory slots, the backpack or the unit's status. Built once, then recoloured.
"""
from __future__ import annotations

from feltbox.game.window.hud_layout import CARD_H, CARD_W
from feltbox.game.window.hud_widgets import DIM, PANEL, TEXT, Pips, Slots, Text, panel, team_colour

ACTIVE = (0.42, 0.34, 0.08, 0.95)       # the active survivor's or unit's card
STRIP_W, CHIP_W = 0.012, 0.05           # the card's left edge: the team's strip, the figure's colour and number
EMPTY_PIP = (0.28, 0.28, 0.30, 1.0)
RED, GREEN = (0.92, 0.22, 0.22, 1.0), (0.30, 0.75, 0.35, 1.0)


class Card:
    """A survivor's or unit's card in the left column."""

    def __init__(self, parent, y: float):
        self.frame = panel(parent, 0.0, CARD_W, y - CARD_H, y)
        self.strip = panel(parent, 0.0, STRIP_W, y - CARD_H, y, colour=(1, 1, 1, 1))   # the team's colour
        self.chip = panel(parent, STRIP_W, STRIP_W + CHIP_W, y - CARD_H, y, colour=PANEL)  # the figure's colour
        self.number = Text(parent, STRIP_W + CHIP_W / 2, y - 0.055, 0.045, align="center")   # and number
        self.name = Text(parent, STRIP_W + CHIP_W + 0.012, y - 0.033, 0.036)
        self.tag = Text(parent, CARD_W - 0.015, y - 0.032, 0.028, align="right")
        self.pips = Pips(parent, STRIP_W + CHIP_W + 0.012, y - 0.072, 8)
        self.slots = Slots(parent, 0.30, y - 0.074)
        self.side = Text(parent, CARD_W - 0.015, y - 0.07, 0.027, align="right")
        self.active = None

    def _active(self, active: bool) -> None:
        if active != self.active:
            self.active = active
            self.frame["frameColor"] = ACTIVE if active else PANEL

    def survivor(self, c) -> None:
        self._active(c.active)
        self.strip["frameColor"] = team_colour(c.team)
        self.chip["frameColor"] = c.colour or PANEL
        self.number.set(str(c.number) if c.number is not None else "")
        dead = c.backpack == "out" and c.life <= 0
        specials = ", ".join(f"{k} x{c.specials.count(k)}" if c.specials.count(k) > 1 else k
                             for k in dict.fromkeys(c.specials))
        self.name.set(f"{c.name}  ({c.team})" + ("  - dead" if dead else f"  {specials}" if specials else ""),
                      fg=DIM if dead else TEXT)
        tags = {"available": ("backpack ready", GREEN), "used": ("backpack used", DIM), "out": ("out", RED)}
        self.tag.set(*tags[c.backpack])
        self.pips.set(c.life, min(c.max_life, 8), RED)
        self.slots.set(c.slots)
        self.side.hide()

    def unit(self, c) -> None:
        self._active(c.active)
        self.strip["frameColor"] = team_colour(c.alliance)
        self.chip["frameColor"] = PANEL
        self.number.set("")
        self.name.set(f"{c.name}", fg=DIM if "defeated" in c.status else TEXT)
        alarm = set(c.status) - {"activated", "on a mission", "in reserve"}
        self.tag.set(", ".join(c.status), fg=(1.0, 0.6, 0.25, 1) if alarm else DIM)
        defeated = "defeated" in c.status
        self.pips.set(0 if defeated else c.wounds, min(c.life, 8), RED, empty=EMPTY_PIP if defeated else GREEN)
        self.slots.set(None)
        extra = f"{c.wounds}/{c.life} wounds" + (f"   tilt {c.tilt}" if c.tilt else "")
        self.side.set(extra, fg=DIM)
