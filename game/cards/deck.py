"""A deck as data: an ordered draw pile of card ids, a seeded shuffle, drawing, playing, and who
may see which face. Pure Python (no Panda3D): the rules, the table and every view share it.

Where a card is (``CardPlace``): the draw pile (everyone sees only backs), a hand (only its owner
sees the face), the table face up (everyone), the table face down (only its owner: a trap, a REST
card), the discard pile (face up, everyone) or "gone forever" (out of the game, face up). The one
question every view asks is ``visible_face(card, viewer)``: the card id when ``viewer`` may see its
face, else None (draw its back). ``viewer=None`` is the public: a spectator, a replay shown to
another seat, the log.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

import numpy as np

PILE, HAND, TABLE, DISCARD, GONE = "pile", "hand", "table", "discard", "gone"
PLACES = (PILE, HAND, TABLE, DISCARD, GONE)


class DeckError(ValueError):
    """A deck operation that the deck's state does not allow (names the card and where it is)."""


@dataclass(frozen=True)
class CardPlace:
    """Where one card is. ``owner``: the seat it belongs to (hand, face-down or played cards);
    ``face_up`` only matters on the table; ``sideways``: turned 90 degrees (e.g. TENACITY)."""
    place: str
    owner: str | None = None
    face_up: bool = True
    sideways: bool = False


def shuffled(cards: Sequence[str], rng: np.random.Generator | int) -> list[str]:
    """``cards`` in the order a seeded shuffle gives (a permutation; the same seed, the same order).
    ``rng``: the game's numpy Generator (advanced by the shuffle) or an integer seed."""
    gen = rng if isinstance(rng, np.random.Generator) else np.random.default_rng(rng)
    order = gen.permutation(len(cards))
    return [cards[int(k)] for k in order]


class Deck:
    """One deck's cards and where each one is. The draw pile's top is ``pile[-1]``."""

    def __init__(self, cards: Iterable[str], name: str = "deck"):
        self.name = name
        self.pile: list[str] = list(cards)
        if len(set(self.pile)) != len(self.pile):
            dup = next(c for c in self.pile if self.pile.count(c) > 1)
            raise DeckError(f"{name}: card id {dup!r} appears twice (ids name single cards: 'tailwind-2')")
        self.places: dict[str, CardPlace] = {c: CardPlace(PILE) for c in self.pile}
        self.order: list[str] = []      # cards off the pile, in the order they left it (for layouts)
        # the physical card (body) each card is printed on: body k is the k-th from the bottom of
        # the pile as it lies after the last shuffle, so a body's id tells nothing of its face
        self.slots: dict[str, int] = {c: k for k, c in enumerate(self.pile)}

    def shuffle(self, rng: np.random.Generator | int) -> None:
        """Shuffle the draw pile (only the pile) with the game's RNG. The pile's bodies keep their
        places in the stack and take the new order's faces (lowest body at the bottom)."""
        bodies = sorted(self.slots[c] for c in self.pile)
        self.pile = shuffled(self.pile, rng)
        self.slots.update(zip(self.pile, bodies))

    def card_on(self, body: int) -> str:
        """The card printed on body ``body`` (for the referee and the seat allowed to see it: views
        ask ``visible_face`` first)."""
        return next(c for c, k in self.slots.items() if k == body)

    def place(self, card: str) -> CardPlace:
        try:
            return self.places[card]
        except KeyError:
            raise DeckError(f"{self.name}: no card {card!r}") from None

    def draw(self, owner: str, n: int = 1) -> list[str]:
        """Take ``n`` cards from the top of the pile into ``owner``'s hand; the ids, top first."""
        if n > len(self.pile):
            raise DeckError(f"{self.name}: cannot draw {n}, the pile holds {len(self.pile)}")
        drawn = [self.pile.pop() for _ in range(n)]
        for card in drawn:
            self._move(card, CardPlace(HAND, owner))
        return drawn

    def hand(self, owner: str) -> list[str]:
        """``owner``'s hand in the order the cards were drawn."""
        return [c for c in self.order if self.places[c] == CardPlace(HAND, owner)]

    def play(self, card: str, *, face_up: bool = True, sideways: bool = False) -> None:
        """Lay a card from its owner's hand on the table (face down: only the owner sees it)."""
        where = self.place(card)
        if where.place != HAND:
            raise DeckError(f"{self.name}: card {card!r} is not in a hand (it is in the {where.place})")
        self._move(card, CardPlace(TABLE, where.owner, face_up, sideways))

    def flip(self, card: str, face_up: bool = True) -> None:
        """Turn a card on the table face up (a sprung trap) or face down."""
        where = self.place(card)
        if where.place != TABLE:
            raise DeckError(f"{self.name}: card {card!r} is not on the table (it is in the {where.place})")
        self.places[card] = replace(where, face_up=face_up)

    def discard(self, card: str, *, gone: bool = False) -> None:
        """Put a card from a hand or the table on the discard pile, or out of the game (``gone``)."""
        where = self.place(card)
        if where.place == PILE:
            raise DeckError(f"{self.name}: card {card!r} is still in the draw pile")
        self._move(card, CardPlace(GONE if gone else DISCARD, where.owner))

    def in_place(self, place: str, owner: str | None = None) -> list[str]:
        """The cards in ``place`` (and of ``owner`` when given), pile top last, others in order of leaving."""
        if place not in PLACES:
            raise DeckError(f"{self.name}: unknown place {place!r} (one of {', '.join(PLACES)})")
        cards = self.pile if place == PILE else self.order
        return [c for c in cards if self.places[c].place == place and (owner is None or self.places[c].owner == owner)]

    def visible_face(self, card: str, viewer: str | None) -> str | None:
        """The card's id when ``viewer`` may see its face, else None (show the back)."""
        where = self.place(card)
        if where.place == PILE:
            return None
        if where.place == HAND or (where.place == TABLE and not where.face_up):
            return card if viewer is not None and viewer == where.owner else None
        return card

    def view(self, viewer: str | None) -> dict[str, object]:
        """Everything ``viewer`` may know of the deck, for a view, a log line or a save shown to that
        seat: hidden cards appear as None in their place (their number and position are public)."""
        seen = {c: self.visible_face(c, viewer) for c in self.order}
        return {"name": self.name, "pile": len(self.pile),
                "hands": {owner: [seen[c] for c in self.hand(owner)]
                          for owner in sorted({p.owner for p in self.places.values() if p.place == HAND})},
                "table": [(seen[c], self.places[c].owner, self.places[c].face_up, self.places[c].sideways)
                          for c in self.in_place(TABLE)],
                "discard": self.in_place(DISCARD), "gone": self.in_place(GONE)}

    def _move(self, card: str, where: CardPlace) -> None:
        self.places[card] = where
        if card in self.order:
            self.order.remove(card)
        self.order.append(card)
