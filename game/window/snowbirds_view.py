"""The Snowbirds table in the window: the player's hand as the card layer's hand view, the play
zones, the stage's buttons, the die Tenacity changes, and the cards on the felt dressed with the
faces the player may see (game/snowbirds/window_game.SBWindowGame says which).

Rulebook: Actions & Play Order (REST face down, FORAGE and FLIGHT face up, TENACITY sideways on a
die), Risk & Dice (Tenacity changes one die), Special Situations (the rest day). The whole
migration plays with the mouse: drag a card from the fan (or click it, then a zone) onto REST /
FORAGE / FLIGHT / TENACITY, click a die in the tray to choose the die Tenacity changes, click the
buttons to take off, rest a day or accept a failed Vigor check. Keys: left/right (, .) choose a
card, F5-F8 a zone, space plays; the window's a, b, c... still pick any legal action.

A window add-on (game/window/shell.dress_window puts it in the app's ``cards`` place for a game
that has one: ``CARD_VIEWS``): it talks to the game only through the controller's members.
"""
from __future__ import annotations

import numpy as np
from direct.gui.DirectGui import DGG, DirectButton
from panda3d.core import Point3

from feltbox.game.cards.faces import back_image, face_image
from feltbox.game.cards.hand import HandCard, PlayZone
from feltbox.game.render.card_nodes import dress
from feltbox.game.render.textures import texture_from_image
from feltbox.game.snowbirds import table
from feltbox.game.snowbirds.faces import action_face, back_of, face_of
from feltbox.game.snowbirds.window_game import ZONE_LABELS
from feltbox.game.window.camera_rig import EASE_S
from feltbox.game.window.framing import Rect, frame
from feltbox.game.window.hand_view import HandKeys, HandView
from feltbox.game.window.hud_layout import GAP, free_area_aspect2d
from feltbox.game.window.hud_widgets import Text

ZONE_KEYS = {"rest": "f5", "forage": "f6", "flight": "f7", "tenacity": "f8"}
# The window at 16:9, aspect2d units (y -1..1): the HUD's choices and feed panels on the right
# (game/window/hud_layout.py), the fan at the bottom (game/window/hand_view.py: its cards reach up to
# about -0.56 when one is lifted), the zones in a row just above it, left of the feed panel, the
# buttons in a column left of the fan. The table is framed in what is left: above the zones, left
# of the right column, below the top bar (``table_area``).
ZONE_W, ZONE_H, ZONE_Y, ZONE_X = 0.50, 0.15, -0.43, -0.30    # zone size, the row's centre
ZONE_GAP = 0.04
BUTTON_X, BUTTON_Y, BUTTON_STEP = -1.72, -0.645, 0.1        # the stage's buttons, a column left of the fan
DIE_LINE_Y = -0.555                                          # the Tenacity die, under the zones at the left
TABLE_MARGIN = 0.02         # of table_area's half size kept clear (table_area already keeps the HUD's GAP)
VIEW_PITCH = 66.0           # degrees: steeper than sb_view's 58, so a die against the tray's near wall shows
TABLE_HEIGHT = 4.5          # cm: the tallest part of the table framed (the dice tray's walls, 4 cm)
ENABLED, DISABLED = (0.16, 0.48, 0.26, 1), (0.16, 0.16, 0.18, 0.75)   # a button you may press stands out
TEXT_ON, TEXT_OFF = (1, 1, 1, 1), (0.55, 0.55, 0.55, 1)


def table_area(aspect: float, ui_scale: float = 1.0) -> Rect:
    """The part of the window (aspect2d units) the table is framed in: under the top bar, left of
    the HUD's right column, above the play zones, each less the HUD's gap."""
    free = free_area_aspect2d(aspect, ui_scale)
    return Rect(-aspect + GAP, free.right, ZONE_Y + ZONE_H / 2 + GAP, free.top)


def zones() -> list[PlayZone]:
    names = list(ZONE_LABELS)
    out = []
    for k, name in enumerate(names):
        x = ZONE_X + (k - (len(names) - 1) / 2) * (ZONE_W + ZONE_GAP)
        out.append(PlayZone(name, ZONE_LABELS[name], (x - ZONE_W / 2, x + ZONE_W / 2, ZONE_Y - ZONE_H / 2,
                                                      ZONE_Y + ZONE_H / 2), ZONE_KEYS[name]))
    return out


class SBTableView:
    """The hand view, zones, buttons and dressed cards of a Snowbirds window (``app``: PlayApp)."""

    def __init__(self, app):
        self.app, self.game, self.base = app, app.game, app.base
        self.hand = HandView(self.base, self.on_play, keys=HandKeys(left=",", right=".", play="space"))
        self.zones = zones()
        self.buttons: dict[str, DirectButton] = {}
        for k, (name, text, _) in enumerate(self.game.buttons()):
            self.buttons[name] = DirectButton(parent=self.base.aspect2d, text=text, scale=0.045, text_align=0,
                                              pos=(BUTTON_X, 0, BUTTON_Y - BUTTON_STEP * k),
                                              frameColor=DISABLED, text_fg=(1, 1, 1, 1), pad=(0.4, 0.3),
                                              command=self.press, extraArgs=[name], relief=DGG.FLAT)
        self.die_line = Text(self.base.aspect2d, BUTTON_X, DIE_LINE_Y, 0.036)
        self.state = None
        self.dressed: dict[str, str | None] = {}
        self.base.accept("mouse1", self.press_table)     # the window's own clicks (a die): not over the hand
        self.frame_table()
        self.base.taskMgr.add(self.update, "sb-table-view")

    def frame_table(self) -> None:
        """The camera on the whole Snowbirds table from the player's side at ``VIEW_PITCH``, as
        close as it may while every corner of every part of the table (table.outlines), up to the
        tray's walls, projects inside ``table_area``: no panel, zone, button or the fan covers it."""
        corners = np.array([[x, y, z] for x0, y0, x1, y1 in table.outlines().values()
                            for x in (x0, x1) for y in (y0, y1) for z in (0.0, TABLE_HEIGHT)])
        aspect = self.base.getAspectRatio()
        area = table_area(aspect, getattr(self.app.hud_panels, "scale", 1.0) or 1.0)
        ndc = Rect(area.left / aspect, area.right / aspect, area.bottom, area.top)
        orbit = frame(corners, 0.0, VIEW_PITCH, self.app.director.lens(), ndc, ground=0.0, margin=TABLE_MARGIN)
        self.app.rig.go(orbit)
        self.app.rig.step(EASE_S)                # there at once: the table's own view, not a move
        self.app.place_camera()

    def covers(self) -> list[tuple[str, tuple[float, float, float, float]]]:
        """(name, (left, right, bottom, top)) in aspect2d of everything drawn over the table: the
        HUD's top bar, choices and feed panels, the play zones and the buttons (each widget's own
        frame) and the fan's cards (their geometry's bounds; a hover-enlarged card is left out: it
        covers the table only while hovered)."""
        a2d = self.base.aspect2d
        hud = self.app.hud_panels
        widgets = [(f"hud-{name}", getattr(hud, name, None)) for name in ("bar", "choice_frame", "feed_frame")]
        widgets += [(f"zone-{name}", f) for name, f in self.hand.zone_frames.items()]
        widgets += [(f"button-{name}", b) for name, b in self.buttons.items()]
        out = []
        for name, widget in widgets:
            if widget is not None and not widget.isHidden():
                left, right, bottom, top = widget.getBounds()
                lo = a2d.getRelativePoint(widget, Point3(left, 0, bottom))
                hi = a2d.getRelativePoint(widget, Point3(right, 0, top))
                out.append((name, (min(lo[0], hi[0]), max(lo[0], hi[0]), min(lo[2], hi[2]), max(lo[2], hi[2]))))
        for card, node in self.hand.nodes.items():
            bounds = node.getTightBounds(a2d)
            if card != self.hand.hover and bounds is not None:
                lo, hi = bounds
                out.append((f"fan-{card}", (lo[0], hi[0], lo[2], hi[2])))
        return out

    # -- input -----------------------------------------------------------------------------------
    def press_table(self) -> None:
        if not self.hand.over_hand():
            self.app.sling.press()

    def on_play(self, card: str, zone: str) -> None:
        if self.app.animation is None:
            self.app.animate(self.game.play(card, zone))

    def press(self, name: str) -> None:
        if self.app.animation is None:
            self.app.animate(self.game.press(name))

    # -- following the game ----------------------------------------------------------------------
    def update(self, task):
        state = self.game.state()
        key = (id(state), self.game.tenacity_die)
        if key != self.state and self.app.animation is None:
            self.state = key
            self.refresh()
        return task.cont

    def refresh(self) -> None:
        game = self.game
        self.hand.set_hand([HandCard(c, action_face(c)) for c in game.hand()])
        legal, reasons = game.plays()
        self.hand.set_zones(self.zones, legal, reasons)
        for name, _, enabled in game.buttons():
            button = self.buttons[name]
            button["state"] = DGG.NORMAL if enabled else DGG.DISABLED
            button["frameColor"] = ENABLED if enabled else DISABLED
            button["text_fg"] = TEXT_ON if enabled else TEXT_OFF
        stage = game.state().flow.stage
        self.die_line.set(f"Tenacity changes die {game.tenacity_die + 1} (click a die to change)"
                          if stage == "tenacity" else "")
        self.dress_cards()

    def dress_cards(self) -> None:
        """Each card on the felt shows its face when the game says the player sees it, else its
        back on both sides (a hidden face is never in the scene graph)."""
        faces = self.game.faces()
        for i, spec in enumerate(self.app.bodies):
            if spec.kind != "card":
                continue
            card = faces.get(spec.id)
            if self.dressed.get(spec.id, "?") == card:
                continue
            self.dressed[spec.id] = card
            back = back_of(spec.id)
            back_tex = texture_from_image(back_image(back), f"sb-back:{back.name}")
            face_tex = None
            if card is not None:
                face = face_of(spec.id, card)
                face_tex = texture_from_image(face_image(face), f"sb-face:{spec.id}")
            dress(self.app.scene.paths[i], face_tex, back_tex)


def attach_snowbirds_view(app) -> SBTableView:
    return SBTableView(app)


def dress_recorded_cards(app) -> int:
    """The replay theatre's Snowbirds cards, each dressed with its own face and back: the theatre
    rebuilds a migration only once it is over and its seed revealed, when nothing is hidden any
    more (a card lying face down still shows its back: its face is underneath). Returns how many
    cards were dressed (0 for another game's table)."""
    dressed = 0
    for i, spec in enumerate(app.bodies):
        prefix, _, card = spec.id.partition("-")
        if spec.kind != "card" or prefix not in ("action", "mapcard"):
            continue
        back = back_of(spec.id)
        dress(app.scene.paths[i], texture_from_image(face_image(face_of(spec.id, card)), f"sb-face:{spec.id}"),
              texture_from_image(back_image(back), f"sb-back:{back.name}"))
        dressed += 1
    return dressed
