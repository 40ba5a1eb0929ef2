"""The Root table in the window: the hand of the seat at the table as the card layer's hand view,
the cards on the felt dressed with the faces that seat may see, the camera on the whole table, and
the hot-seat hand-over followed (game/root/window_game.RootWindowGame says who is at the table).

Hot-seat: when another human seat is to decide, the game lays the table as a spectator sees it
and the window's hand-over covers it (one cover per change of seat, game/window/handover.py);
once that seat has passed the cover, this add-on seats it (``game.seat_at_table``): its hand, its
plots' kinds and the cards it may see come onto the felt and the fan, never before. A plot body
whose kind the new view shows is rebuilt (its BodySpec changed) and every card dressed again.

A window add-on (game/window/shell.dress_window puts it in the app's ``cards`` place: ``CARD_VIEWS``).
"""
from __future__ import annotations

import numpy as np

from feltbox.game.cards.faces import back_image, face_image
from feltbox.game.cards.hand import HandCard
from feltbox.game.render.card_nodes import dress
from feltbox.game.render.textures import texture_from_image
from feltbox.game.render.visuals import piece_node
from feltbox.game.root import table
from feltbox.game.root.faces import BACK, card_face
from feltbox.game.window.camera_rig import EASE_S
from feltbox.game.window.framing import Rect, frame
from feltbox.game.window.hand_view import HandKeys, HandView
from feltbox.game.window.hud_layout import GAP, free_area_aspect2d

VIEW_PITCH = 62.0
TABLE_HEIGHT = 4.0
HAND_TOP = -0.5            # the fan reaches up to about here (aspect2d)


class RootTableView:
    """The hand view and dressed cards of a Root window (``app``: PlayApp)."""

    def __init__(self, app):
        self.app, self.game, self.base = app, app.game, app.base
        self.hand = HandView(self.base, lambda card, zone: None, keys=HandKeys(left=",", right=".", play="space"))
        self.state = None
        self.dressed: dict[str, str | None] = {}
        self.base.accept("mouse1", self.press_table)
        self.frame_table()
        self.base.taskMgr.add(self.update, "root-table-view")

    def frame_table(self) -> None:
        """The camera on the whole table, clear of the HUD's right column and of the fan."""
        x0, y0, x1, y1 = table.extent()
        corners = np.array([[x, y, z] for x in (x0, x1) for y in (y0, y1) for z in (0.0, TABLE_HEIGHT)])
        aspect = self.base.getAspectRatio()
        free = free_area_aspect2d(aspect, getattr(self.app.hud_panels, "scale", 1.0) or 1.0)
        area = Rect(-aspect + GAP, free.right, HAND_TOP + GAP, free.top)
        ndc = Rect(area.left / aspect, area.right / aspect, area.bottom, area.top)
        orbit = frame(corners, 0.0, VIEW_PITCH, self.app.director.lens(), ndc, ground=0.0, margin=0.02)
        self.app.rig.go(orbit)
        self.app.rig.step(EASE_S)
        self.app.place_camera()

    def press_table(self) -> None:
        if not self.hand.over_hand():
            self.app.sling.press()

    def update(self, task):
        """Follow the game: a new state or a new seat at the table is laid and dressed again (under
        the cover too: the spectator's view), and a seat that has passed the cover is seated."""
        game = self.game
        if self.app.animation is None:
            seat = game.decider()
            handover = self.app.handover
            if not self.app.covered() and game.hotseat() and seat is not None and seat != game.at_table \
                    and not game.private and (handover is None or getattr(handover, "last_player", seat) == seat):
                game.seat_at_table(seat)
            key = (id(game.state()), game.at_table)
            if key != self.state:
                self.state = key
                self.refresh()
        return task.cont

    def refresh(self) -> None:
        self.rebuild_changed()
        self.app.scene.set_poses(self.game.poses())          # a new seat's view moves cards (its hand is held)
        self.hand.set_hand([HandCard(c, card_face(c)) for c in self.game.hand()])
        self.hand.set_zones([], set(), {})
        self.dress_cards()

    def rebuild_changed(self) -> None:
        """Bodies whose spec the new view changed (a plot's kind shown or hidden) get new nodes."""
        for i, spec in enumerate(self.game.bodies()):
            if spec != self.app.bodies[i]:
                self.app.scene.paths[i].removeNode()
                self.app.scene.paths[i], self.app.bodies[i] = piece_node(spec, self.app.scene.pieces_root), spec
                self.dressed.pop(spec.id, None)

    def dress_cards(self) -> None:
        """Each card on the felt shows its face when the seat at the table sees it, else its back on
        both sides (a hidden face is never in the scene graph)."""
        faces = self.game.faces()
        back = texture_from_image(back_image(BACK), f"root-back:{BACK.name}")
        for i, spec in enumerate(self.app.bodies):
            if spec.kind != "card":
                continue
            card = faces.get(spec.id)
            if self.dressed.get(spec.id, "?") == card:
                continue
            self.dressed[spec.id] = card
            face = texture_from_image(face_image(card_face(card)), f"root-face:{card}") if card else None
            dress(self.app.scene.paths[i], face, back)


def attach_root_view(app) -> RootTableView:
    return RootTableView(app)
