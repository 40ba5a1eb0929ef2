"""The Tails and Tactics felt in the window: the viewing seat's hand as the card layer's hand view,
the play zones FIELD / FACE DOWN / DISCARD, the turn's buttons (End turn, Pass, Ready), the
response prompt, the auto-pass toggle, and the cards on the felt dressed with the faces the viewing
seat may see (game/tailsandtactics/window_game.TTWindowGame says which: every other card shows its
back on both sides, so a face another seat may not see is never in the scene graph).

Rulebook: Deploying Units, Events, Traps and Other Shenanigans (cards from the hand), Attacking
(click your unit, then its target: an enemy card, or the enemy's Base plate), Actions and Timing
and Your Opponent's Turn (the response prompt: spring a trap, dodge, or pass). Keys: , . choose a
card, F5 / F6 / F7 a zone, space plays it; the window's a, b, c... pick any legal action; F8
toggles auto-pass (the setting ``auto_pass`` in settings.json, also on the settings screen: a
response prompt with Pass as the only answer answers itself).

Hot-seat: the felt is dressed for the seat the rules wait for only once the hand-over cover
(game/window/handover.py) has been up for it; until then it shows the public view (backs only).
A window add-on (game/window/shell.CARD_VIEWS).
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np
from direct.gui.DirectGui import DGG, DirectButton

from feltbox.game.cards.hand import HandCard, PlayZone
from feltbox.game.tailsandtactics import layout
from feltbox.game.tailsandtactics.bridge import printed
from feltbox.game.tailsandtactics.faces import card_face
from feltbox.game.tailsandtactics.felt import PLATE_BACK
from feltbox.game.tailsandtactics.pictures import dress_cards
from feltbox.game.tailsandtactics.window_game import ZONES
from feltbox.game.window.camera_rig import EASE_S
from feltbox.game.window.framing import Rect, frame
from feltbox.game.window.hand_view import HandKeys, HandView
from feltbox.game.window.hud_layout import GAP, free_area_aspect2d
from feltbox.game.window.hud_widgets import Text
from feltbox.game.window.settings import save_settings

ZONE_KEYS = {"field": "f5", "face_down": "f6", "discard": "f7"}
ZONE_W, ZONE_H, ZONE_Y, ZONE_X, ZONE_GAP = 0.62, 0.15, -0.43, -0.30, 0.04
BUTTONS = {"EndTurn": "End turn", "Pass": "Pass (no response)", "Ready": "Ready (reveal)"}
BUTTON_X, BUTTON_Y, BUTTON_STEP = -1.72, -0.60, 0.09
PROMPT_Y = 0.80
VIEW_PITCH = 62.0
TABLE_HEIGHT = 4.5          # cm: the dice tray's walls
ENABLED, DISABLED = (0.16, 0.48, 0.26, 1), (0.16, 0.16, 0.18, 0.75)
TEXT_ON, TEXT_OFF = (1, 1, 1, 1), (0.55, 0.55, 0.55, 1)


def table_area(aspect: float, ui_scale: float = 1.0) -> Rect:
    free = free_area_aspect2d(aspect, ui_scale)
    return Rect(-aspect + GAP, free.right, ZONE_Y + ZONE_H / 2 + GAP, free.top - 0.08)


def zones() -> list[PlayZone]:
    out = []
    for k, (name, text) in enumerate(ZONES.items()):
        x = ZONE_X + (k - (len(ZONES) - 1) / 2) * (ZONE_W + ZONE_GAP)
        out.append(PlayZone(name, text, (x - ZONE_W / 2, x + ZONE_W / 2, ZONE_Y - ZONE_H / 2, ZONE_Y + ZONE_H / 2),
                            ZONE_KEYS[name]))
    return out


class TTTableView:
    """The hand view, zones, buttons, response prompt and dressed felt of a Tails and Tactics window."""

    def __init__(self, app):
        self.app, self.game, self.base = app, app.game, app.base
        self.hand = HandView(self.base, self.on_play, keys=HandKeys(left=",", right=".", play="space"))
        self.zones = zones()
        self.buttons: dict[str, DirectButton] = {}
        for k, (name, text) in enumerate([*BUTTONS.items(), ("auto", "")]):
            self.buttons[name] = DirectButton(parent=self.base.aspect2d, text=text or "auto-pass", scale=0.045,
                                              text_align=0, pos=(BUTTON_X, 0, BUTTON_Y - BUTTON_STEP * k),
                                              frameColor=DISABLED, text_fg=(1, 1, 1, 1), pad=(0.4, 0.3),
                                              command=self.press, extraArgs=[name], relief=DGG.FLAT)
        self.prompt = Text(self.base.aspect2d, -0.3, PROMPT_Y, 0.05, align="center")
        self.state = None
        self.dressed_for: tuple | None = None
        self.confirmed: str | None = None          # hot-seat: the seat the cover was last up for
        self.framed_for = "?"
        self.game.auto_pass = bool(self.app.settings.auto_pass)      # the player's setting (settings.json)
        self.base.accept("mouse1", self.press_table)
        self.base.accept("f8", self.toggle_auto)
        self.base.taskMgr.add(self.update, "tt-table-view")

    # -- the camera ------------------------------------------------------------------------------
    def frame_table(self, side: str | None) -> None:
        """The camera on the whole felt from ``side``'s edge (red's for a spectator), as close as
        it may while every place of the felt projects inside ``table_area``."""
        corners = np.array([[x, y, z] for x0, y0, x1, y1 in layout.outlines().values()
                            for x in (x0, x1) for y in (y0, y1) for z in (0.0, TABLE_HEIGHT)])
        aspect = self.base.getAspectRatio()
        area = table_area(aspect, getattr(self.app.hud_panels, "scale", 1.0) or 1.0)
        ndc = Rect(area.left / aspect, area.right / aspect, area.bottom, area.top)
        heading = 180.0 if side == "blue" else 0.0
        orbit = frame(corners, heading, VIEW_PITCH, self.app.director.lens(), ndc, ground=0.0, margin=0.02)
        self.app.rig.go(orbit)
        self.app.rig.step(EASE_S)
        self.app.place_camera()
        self.framed_for = side

    # -- input -----------------------------------------------------------------------------------
    def press_table(self) -> None:
        if self.hand.over_hand() or self.app.covered() or self.app.animation is not None:
            return
        piece = self.app.picker.piece_under_mouse()
        before = self.game.attacker
        frames = self.game.click(piece) if piece else None
        if frames is not None:
            self.app.animate(frames)
        elif self.game.attacker is None or self.game.attacker == before:
            self.app.sling.press()                # anything else: the piece's menu
        self.refresh()

    def on_play(self, card: str, zone: str) -> None:
        if self.app.animation is None:
            self.app.animate(self.game.play(card, zone))
            self.refresh()

    def press(self, name: str) -> None:
        if name == "auto":
            self.toggle_auto()
            return
        if self.app.animation is not None:
            return
        legal = self.game.legal_actions()
        for k, action in enumerate(legal):
            if type(action).__name__ == name:
                self.app.animate(self.game.pick(k))
                return

    def toggle_auto(self) -> None:
        """F8: auto-pass on or off, kept in the settings file for the next game too."""
        self.game.auto_pass = not self.game.auto_pass
        self.app.settings = replace(self.app.settings, auto_pass=self.game.auto_pass)
        save_settings(self.app.settings)
        self.game.run_bots()
        self.refresh()

    # -- following the game ----------------------------------------------------------------------
    def viewer(self) -> str | None:
        """Whose faces the felt shows: the game's viewer, in hot-seat only once its cover was up."""
        viewer = self.game.viewer()
        if not self.game.hotseat():
            return viewer
        if self.app.covered():
            self.confirmed = viewer
        return viewer if viewer == self.confirmed else None

    def update(self, task):
        key = (id(self.game.state()), self.viewer(), self.game.auto_pass, self.game.attacker, len(self.game.choices()))
        if key != self.state and self.app.animation is None:
            self.state = key
            self.refresh()
        return task.cont

    def refresh(self) -> None:
        game, viewer = self.game, self.viewer()
        if viewer != self.framed_for:
            self.frame_table(viewer)
        hand = game.hand() if viewer is not None and viewer == game.viewer() else []
        self.hand.set_hand([HandCard(iid, card_face(printed(card))) for iid, card in hand])
        legal, reasons = game.plays() if hand else (set(), {})
        self.hand.set_zones(self.zones, legal, reasons)
        kinds = {type(a).__name__ for a in game.legal_actions()}
        for name, button in self.buttons.items():
            enabled = name in kinds or name == "auto"
            button["state"] = DGG.NORMAL if enabled else DGG.DISABLED
            button["frameColor"] = ENABLED if enabled else DISABLED
            button["text_fg"] = TEXT_ON if enabled else TEXT_OFF
        self.buttons["auto"]["text"] = f"[F8] auto-pass: {'on' if game.auto_pass else 'off'}"
        prompt = ""
        if game.responding() and game.decider() is not None:
            prompt = f"{game.decider()}: RESPOND - spring a trap, dodge, counter, or pass"
        elif game.attacker:
            prompt = f"attacking with {game.attacker}: click a target (an enemy card or its Base)"
        self.prompt.set(prompt)
        self.dress(viewer)

    def dress(self, viewer: str | None) -> None:
        """Every card on the felt with the face ``viewer`` may see, else its back on both sides."""
        felt = self.game.felt(viewer)
        key = (viewer, tuple(sorted((b, repr(f)) for b, f in felt.faces.items())))
        if key == self.dressed_for:
            return
        self.dressed_for = key
        backs = dict(felt.backs)
        for spec in self.app.bodies:
            if spec.kind == "card" and spec.id not in backs:
                backs[spec.id] = PLATE_BACK
        dress_cards(self.app.scene.paths, self.app.bodies, felt.faces, backs)


def attach_tailsandtactics_view(app) -> TTTableView:
    return TTTableView(app)
