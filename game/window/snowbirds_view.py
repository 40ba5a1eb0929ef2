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

from feltbox.game.cards.faces import back_image, face_image
from feltbox.game.cards.hand import HandCard, PlayZone
from feltbox.game.render.card_nodes import dress
from feltbox.game.render.textures import texture_from_image
from feltbox.game.snowbirds.faces import action_face, back_of, face_of
from feltbox.game.snowbirds.table import sb_view
from feltbox.game.snowbirds.window_game import ZONE_LABELS
from feltbox.game.window.hand_view import HandKeys, HandView
from feltbox.game.window.hud_widgets import Text

ZONE_KEYS = {"rest": "f5", "forage": "f6", "flight": "f7", "tenacity": "f8"}
ZONE_W, ZONE_H, ZONE_Y = 0.52, 0.17, -0.47          # aspect2d: a row of zones above the fan
VIEW_DROP = 7.0             # cm: the view's centre moved toward the player (the fan covers the hand area)
VIEW_BACK = 1.3             # the view's distance beyond sb_view's: room for the HUD panels and the fan
BUTTON_X, BUTTON_Y = -1.42, -0.52                   # the stage's buttons, a column left of the fan
ENABLED, DISABLED = (0.16, 0.48, 0.26, 1), (0.16, 0.16, 0.18, 0.75)   # a button you may press stands out
TEXT_ON, TEXT_OFF = (1, 1, 1, 1), (0.55, 0.55, 0.55, 1)


def zones() -> list[PlayZone]:
    names = list(ZONE_LABELS)
    out = []
    for k, name in enumerate(names):
        x = (k - (len(names) - 1) / 2) * (ZONE_W + 0.05)
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
                                              pos=(BUTTON_X, 0, BUTTON_Y - 0.1 * k),
                                              frameColor=DISABLED, text_fg=(1, 1, 1, 1), pad=(0.4, 0.3),
                                              command=self.press, extraArgs=[name], relief=DGG.FLAT)
        self.die_line = Text(self.base.aspect2d, 0.0, ZONE_Y + ZONE_H / 2 + 0.04, 0.04, align="center")
        self.state = None
        self.dressed: dict[str, str | None] = {}
        self.base.accept("mouse1", self.press_table)     # the window's own clicks (a die): not over the hand
        self.frame_table()
        self.base.taskMgr.add(self.update, "sb-table-view")

    def frame_table(self) -> None:
        """The camera on the whole Snowbirds table from the player's side (game/snowbirds/table.sb_view)."""
        eye, at = (np.asarray(v, float) for v in sb_view())
        offset = eye - at
        orbit = self.app.orbit
        orbit.target = at + np.array([0.0, -VIEW_DROP, 0.0])
        orbit.distance = float(np.linalg.norm(offset)) * VIEW_BACK
        orbit.pitch = float(np.degrees(np.arcsin(offset[2] / orbit.distance)))
        orbit.heading = 0.0
        self.app.place_camera()

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
        self.die_line.set(f"Tenacity changes die {game.tenacity_die + 1} (click a die in the tray to change)"
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
