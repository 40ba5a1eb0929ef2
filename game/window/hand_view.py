"""The viewing seat's hand as a fan at the bottom of the window (aspect2d), for every card game.

Hover raises a card and enlarges it (2.2 times, 285 px tall at 1280x720) so its text reads;
a click selects it; dragging it onto a marked play zone plays it there; the keys do all of it too
(left/right choose a card, a zone's key chooses the zone, Enter plays). Zones a card may not go to
are greyed while that card is selected, held or hovered, with the caller's reason written below
the fan. A play is reported as ``on_play(card_id, zone_name)``; the caller decides and then gives
the new hand (``set_hand``) and legal plays (``set_zones``). The view draws only the faces it is
given: a game passes the viewing seat's own hand (game/cards/deck.Deck.hand) and nothing else.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from direct.gui.DirectGui import DirectFrame
from direct.showbase.DirectObject import DirectObject
from panda3d.core import CardMaker, NodePath, TransparencyAttrib

from feltbox.game.cards.faces import FACE_SIZE, face_image, with_rounded_corners
from feltbox.game.cards.hand import HandCard, HandChoices, PlayZone
from feltbox.game.cards.layout import card_under, fan
from feltbox.game.render.textures import texture_from_image
from feltbox.game.window.hud_widgets import DIM, TEXT, Text

CARD_H = 0.36                                   # aspect2d units (a 1280x720 window: 130 px)
CARD_W = CARD_H * FACE_SIZE[0] / FACE_SIZE[1]
FAN_Y = -0.80                                   # the centre of the middle card
HOVER_SCALE, HOVER_Y = 2.2, -1.0 + CARD_H * 2.2 / 2 + 0.02
SELECTED_LIFT = 0.06
LEGAL, ILLEGAL, NEUTRAL = (0.20, 0.55, 0.30, 0.55), (0.25, 0.25, 0.27, 0.55), (0.85, 0.80, 0.55, 0.35)
DRAG_START = 0.02                               # aspect2d units the mouse moves before a press is a drag


@dataclass(frozen=True)
class HandKeys:
    """The keys that choose a card and play it (a game window whose arrows turn the camera gives others)."""
    left: str = "arrow_left"
    right: str = "arrow_right"
    play: str = "enter"


class HandView(DirectObject):
    """The hand fan, the play zones and their input, on ``base`` (a ShowBase given from outside).
    Its own DirectObject: its bindings sit beside the window's (base.accept) without replacing them;
    ``over_hand()`` tells the window when a mouse press belongs to the hand, not the table."""

    def __init__(self, base, on_play: Callable[[str, str], None], parent: NodePath | None = None,
                 keys: HandKeys = HandKeys()):
        super().__init__()
        self.base, self.on_play, self.keys = base, on_play, keys
        self.root = (parent or base.aspect2d).attachNewNode("hand-view")
        self.choices = HandChoices()
        self.nodes: dict[str, NodePath] = {}
        self.zone_frames: dict[str, DirectFrame] = {}
        self.zone_texts: list[Text] = []
        self.status = Text(self.root, 0.0, -0.97, 0.045, align="center")
        self.hover: str | None = None
        self.drag: str | None = None
        self._press: tuple[float, float] | None = None
        self.rows = fan(0, 0.0, FAN_Y)
        self._bind()
        base.taskMgr.add(self._update, "hand-view-update")

    # -- what the caller gives -------------------------------------------------------------
    def set_hand(self, cards: Sequence[HandCard]) -> None:
        """The seat's hand, left to right (faces this seat may see: its own hand)."""
        for node in self.nodes.values():
            node.removeNode()
        self.choices.set_hand(cards)
        self.nodes = {card.id: self._card_node(card) for card in cards}
        self.rows = fan(len(cards), 0.0, FAN_Y, radius=2.4, step_deg=min(5.0, 40.0 / max(len(cards) - 1, 1)))
        self.hover = self.drag = None
        self._refresh()

    def set_zones(self, zones: Sequence[PlayZone], legal: Iterable[tuple[str, str]],
                  reasons: Mapping[tuple[str, str], str] | None = None) -> None:
        """The play zones and which (card, zone) plays are legal (others greyed, with ``reasons``)."""
        for frame in self.zone_frames.values():
            frame.destroy()
        for text in self.zone_texts:
            text.node.destroy()
        for zone in self.choices.zones:
            self.ignore(zone.key)
        self.choices.set_zones(zones, legal, reasons)
        self.zone_frames, self.zone_texts = {}, []
        for zone in zones:
            left, right, bottom, top = zone.rect
            self.zone_frames[zone.name] = DirectFrame(parent=self.root, frameColor=NEUTRAL, frameSize=zone.rect)
            text = Text(self.root, (left + right) / 2, top - 0.06, 0.045, align="center")
            text.set(f"[{zone.key}] {zone.label}")
            self.zone_texts.append(text)
        self._bind_zone_keys()
        self._refresh()

    # -- input -----------------------------------------------------------------------------
    def mouse(self) -> tuple[float, float] | None:
        """The mouse in aspect2d units, or None when it is outside the window."""
        watcher = self.base.mouseWatcherNode
        if not watcher.hasMouse():
            return None
        m = watcher.getMouse()
        return (m.getX() * self.base.getAspectRatio(), m.getY())

    def card_at(self, x: float, y: float) -> str | None:
        """The card under (x, y): the enlarged hovered card first, else the fan's topmost."""
        if self.hover is not None and self.hover in self.nodes:
            k = self.choices.ids().index(self.hover)
            if abs(x - self.rows[k, 0]) <= CARD_W * HOVER_SCALE / 2 and abs(y - HOVER_Y) <= CARD_H * HOVER_SCALE / 2:
                return self.hover
        k = card_under((x, y), self.rows, CARD_W / 2, CARD_H / 2)
        return None if k is None else self.choices.ids()[k]

    def try_play(self, card: str | None, zone: str | None) -> bool:
        """Play ``card`` on ``zone`` when the caller allowed it; else say why. True when played."""
        if zone is None:
            self.status.set("choose a zone: " + ", ".join(f"[{z.key}] {z.label}" for z in self.choices.zones), DIM)
            return False
        reason = self.choices.why_not(card, zone)
        if reason is not None:
            self.status.set(reason, DIM)
            return False
        self.status.set("")
        self.choices.zone = None
        self.on_play(card, zone)
        return True

    def _press_mouse(self) -> None:
        m = self.mouse()
        if m is None:
            return
        card = self.card_at(*m)
        if card is not None:
            self.drag, self._press = card, m
            self.choices.selected = card
        else:
            zone = self.choices.zone_at(*m)
            if zone is not None:
                self.try_play(self.choices.selected, zone.name)
        self._refresh()

    def _release_mouse(self) -> None:
        card, press, m = self.drag, self._press, self.mouse()
        self.drag, self._press = None, None
        if card is not None and m is not None and press is not None and \
                max(abs(m[0] - press[0]), abs(m[1] - press[1])) > DRAG_START:
            zone = self.choices.zone_at(*m)
            if zone is not None:
                self.try_play(card, zone.name)
        self._refresh()

    def _key_move(self, step: int) -> None:
        self.choices.move(step)
        self._refresh()

    def _key_zone(self, key: str) -> None:
        zone = self.choices.zone_for_key(key)
        if zone is not None:
            self.choices.zone = zone.name
            reason = self.choices.why_not(self.choices.selected, zone.name)
            self.status.set(reason or f"Enter: play on {zone.label}", DIM if reason else TEXT)
            self._refresh()

    def _key_enter(self) -> None:
        card = self.choices.selected
        self.try_play(card, self.choices.default_zone(card))
        self._refresh()

    def _bind(self) -> None:
        self.accept("mouse1", self._press_mouse)
        self.accept("mouse1-up", self._release_mouse)
        self.accept(self.keys.left, self._key_move, [-1])
        self.accept(self.keys.right, self._key_move, [1])
        self.accept(self.keys.play, self._key_enter)

    def _bind_zone_keys(self) -> None:
        for zone in self.choices.zones:
            self.accept(zone.key, self._key_zone, [zone.key])

    # -- drawing ---------------------------------------------------------------------------
    def _card_node(self, card: HandCard) -> NodePath:
        maker = CardMaker(f"hand-{card.id}")
        maker.setFrame(-CARD_W / 2, CARD_W / 2, -CARD_H / 2, CARD_H / 2)
        node = self.root.attachNewNode(maker.generate())
        image = with_rounded_corners(face_image(card.face))
        node.setTexture(texture_from_image(image, f"face-rounded:{card.face!r}"))
        node.setTransparency(TransparencyAttrib.MAlpha)
        return node

    def _update(self, task):
        m = self.mouse()
        if self.drag is not None and m is not None:
            self.nodes[self.drag].setPos(m[0], 0, m[1])
            self._grey_zones(self.drag)
            zone = self.choices.zone_at(*m)
            reason = self.choices.why_not(self.drag, zone.name) if zone else None
            self.status.set(reason or "", DIM)
            return task.cont
        hover = self.card_at(*m) if m is not None else None
        if hover != self.hover:
            self.hover = hover
            self._refresh()
        return task.cont

    def _grey_zones(self, card: str | None) -> None:
        for zone in self.choices.zones:
            colour = NEUTRAL if card is None else (LEGAL if (card, zone.name) in self.choices.legal else ILLEGAL)
            if zone.name == self.choices.zone and colour is LEGAL:
                colour = (0.30, 0.75, 0.40, 0.75)
            self.zone_frames[zone.name]["frameColor"] = colour

    def _refresh(self) -> None:
        """Put every card where its state says: fanned, lifted when selected, raised and enlarged on hover."""
        for k, card in enumerate(self.choices.ids()):
            node = self.nodes[card]
            x, y, roll = self.rows[k]
            if card == self.drag:
                continue
            if card == self.hover:
                node.setPos(x, 0, HOVER_Y)
                node.setR(0.0)
                node.setScale(HOVER_SCALE)
                node.setBin("fixed", 100)
            else:
                node.setPos(x, 0, y + (SELECTED_LIFT if card == self.choices.selected else 0.0))
                node.setR(-roll)                        # Panda's roll turns clockwise for positive values
                node.setScale(1.0)
                node.setBin("fixed", k)
            node.setColorScale((1, 1, 1, 1) if card in (self.choices.selected, self.hover) else (0.88, 0.88, 0.88, 1))
        self._grey_zones(self.drag or self.hover or self.choices.selected)

    def over_hand(self) -> bool:
        """True while the mouse is over a hand card or a play zone, or a card is being dragged:
        the window's own click handling (picking, flicks) should then leave the press alone."""
        m = self.mouse()
        return self.drag is not None or (m is not None and (self.card_at(*m) is not None or self.choices.zone_at(*m) is not None))

    def destroy(self) -> None:
        self.base.taskMgr.remove("hand-view-update")
        self.ignoreAll()
        self.root.removeNode()
