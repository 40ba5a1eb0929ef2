"""The hand's choices as plain state (no Panda3D): which card is selected, which play zone is
chosen, and whether a (card, zone) play is legal; the window's hand view (game/window/hand_view.py)
draws it and feeds it mouse and keys. The caller (a game) decides legality: it passes the legal
(card, zone) pairs and, for the others, a reason shown when the player tries or hovers.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from feltbox.game.cards.deck import Deck, DeckError
from feltbox.game.cards.faces import CardFace


@dataclass(frozen=True)
class PlayZone:
    """A place a card may be played: ``name`` is what on_play receives, ``label`` what the player
    reads, ``rect`` its screen rectangle in aspect2d units (left, right, bottom, top), ``key`` the
    key that chooses it ("1", "r" ...)."""
    name: str
    label: str
    rect: tuple[float, float, float, float]
    key: str

    def contains(self, x: float, y: float) -> bool:
        left, right, bottom, top = self.rect
        return left <= x <= right and bottom <= y <= top


@dataclass(frozen=True)
class HandCard:
    """One card in the viewing seat's hand: its id and the face that seat sees."""
    id: str
    face: CardFace


def hand_cards(deck: Deck, seat: str, faces: Mapping[str, CardFace]) -> list[HandCard]:
    """``seat``'s own hand for its hand view, each card asked through ``deck.visible_face`` so a
    face the seat may not see can never reach the view (it raises instead)."""
    out = []
    for card in deck.hand(seat):
        seen = deck.visible_face(card, seat)
        if seen is None:
            raise DeckError(f"{deck.name}: {seat!r} may not see card {card!r}")
        out.append(HandCard(seen, faces[seen]))
    return out


class HandChoices:
    """Selection, chosen zone and legality of the viewing seat's hand."""

    def __init__(self) -> None:
        self.cards: list[HandCard] = []
        self.zones: list[PlayZone] = []
        self.legal: set[tuple[str, str]] = set()
        self.reasons: dict[tuple[str, str], str] = {}
        self.selected: str | None = None
        self.zone: str | None = None

    def set_hand(self, cards: Sequence[HandCard]) -> None:
        self.cards = list(cards)
        if self.selected not in self.ids():
            self.selected = self.cards[0].id if self.cards else None

    def set_zones(self, zones: Sequence[PlayZone], legal: Iterable[tuple[str, str]],
                  reasons: Mapping[tuple[str, str], str] | None = None) -> None:
        keys = [z.key for z in zones]
        if len(set(keys)) != len(keys):
            raise ValueError(f"two play zones share a key: {keys}")
        self.zones, self.legal, self.reasons = list(zones), set(legal), dict(reasons or {})
        if self.zone not in {z.name for z in zones}:
            self.zone = None

    def ids(self) -> list[str]:
        return [c.id for c in self.cards]

    def move(self, step: int) -> str | None:
        """Select the card ``step`` places right (negative: left), wrapping round."""
        ids = self.ids()
        if ids:
            k = ids.index(self.selected) if self.selected in ids else 0
            self.selected = ids[(k + step) % len(ids)]
        return self.selected

    def zone_for_key(self, key: str) -> PlayZone | None:
        return next((z for z in self.zones if z.key == key), None)

    def zone_at(self, x: float, y: float) -> PlayZone | None:
        return next((z for z in self.zones if z.contains(x, y)), None)

    def why_not(self, card: str | None, zone: str) -> str | None:
        """None when ``card`` may be played on ``zone``, else the reason to show."""
        if card is None:
            return "choose a card first"
        if (card, zone) in self.legal:
            return None
        return self.reasons.get((card, zone), "not allowed here")

    def default_zone(self, card: str | None) -> str | None:
        """The chosen zone, else the card's only legal zone (Enter then plays it there)."""
        if self.zone is not None:
            return self.zone
        legal = [z.name for z in self.zones if (card, z.name) in self.legal]
        return legal[0] if len(legal) == 1 else None
