"""Snowbirds cards in pictures and videos (``feltbox render snowbirds``, ``feltbox replay --video``,
``--frames``): each card shows what anyone looking at the table sees, read from how it lies --
a card lying face up (the route on the map row, today's Forage and Flight cards, Tenacity
sideways, the gone-forever pile) shows its face; a card lying face down (the Action pile, the map
deck, the Rest cards) shows its back on both sides, so its face is never in the picture, not even
underneath. Rulebook: Setup (the face-down piles), Actions & Play Order (REST face down, the rest
face up), Maps & Journeys (the route face up).

The window dresses its cards from the rules instead (game/window/snowbirds_view.py) and the replay
theatre, shown once a migration is over, every face (``dress_recorded_cards``).
"""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from feltbox.game.cards.faces import back_image, face_image
from feltbox.game.cards.layout import lies_face_up
from feltbox.game.render.card_nodes import dress
from feltbox.game.render.textures import texture_from_image
from feltbox.game.snowbirds.faces import back_of, face_of
from feltbox.game.table.bodies import BodySpec

CARD_PREFIXES = ("action", "mapcard")


def card_of(spec: BodySpec) -> str | None:
    """The Snowbirds card a body is (its id after ``action-`` / ``mapcard-``), else None."""
    prefix, _, card = spec.id.partition("-")
    return card if spec.kind == "card" and prefix in CARD_PREFIXES else None


class PublicDresser:
    """Dresses the Snowbirds cards of a picture's scene as they lie; called again for every frame
    of a video, it redresses only the cards turned over since."""

    def __init__(self, bodies: Sequence[BodySpec]):
        self.cards = [(i, spec.id, card) for i, spec in enumerate(bodies) if (card := card_of(spec)) is not None]
        self.shown: dict[int, bool] = {}          # body index -> dressed face up

    def __call__(self, scene, poses: np.ndarray, present: np.ndarray | None = None) -> int:
        """Dress ``scene``'s (a Scene3D: its ``paths``) cards for ``poses``; how many lie face up.
        A card not ``present`` (held, in the box: not drawn) gets its back whatever its pose."""
        up_count = 0
        for i, body, card in self.cards:
            up = lies_face_up(poses[i]) and (present is None or bool(present[i]))
            up_count += up
            if self.shown.get(i) == up:
                continue
            self.shown[i] = up
            back = back_of(body)
            face = texture_from_image(face_image(face_of(body, card)), f"sb-face:{body}") if up else None
            dress(scene.paths[i], face, texture_from_image(back_image(back), f"sb-back:{back.name}"))
        return up_count
