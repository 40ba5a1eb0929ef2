"""Cards on the felt in Panda3D: give each card body the face a viewer may see, and the poses of a
card sliding from one place to another as animation frames for the window.

A deck's bodies are anonymous physical cards (``card_bodies``: ids ``<deck>-card-00`` ...); which
face each one carries is deck state (``Deck.slots``), and a view dresses a body with its face only
when ``Deck.visible_face`` says that viewer may see it; otherwise both sides show the back.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
from panda3d.core import NodePath

from feltbox.game.cards.deck import Deck
from feltbox.game.cards.faces import CardBack, CardFace, back_image, face_image
from feltbox.game.cards.layout import slide_path
from feltbox.game.render.card_nodes import dress
from feltbox.game.render.textures import texture_from_image
from feltbox.game.table.bodies import BodySpec


def card_bodies(deck: str, n: int, size: str = "poker") -> list[BodySpec]:
    """``n`` anonymous card bodies of a deck (their ids name no card)."""
    return [BodySpec(f"{deck}-card-{k:02d}", "card", {"size": size}) for k in range(n)]


def dress_deck(paths: Sequence[NodePath], deck: Deck, viewer: str | None,
               faces: Mapping[str, CardFace], back: CardBack) -> int:
    """Dress the deck's bodies (``paths[k]`` is body k) for ``viewer``; the number of faces shown."""
    back_texture = texture_from_image(back_image(back), f"back:{back!r}")
    shown = 0
    for card, body in deck.slots.items():
        seen = deck.visible_face(card, viewer)
        face = None if seen is None else texture_from_image(face_image(faces[seen]), f"face:{faces[seen]!r}")
        dress(paths[body], face, back_texture)
        shown += face is not None
    return shown


def slide_frames(poses: np.ndarray, body: int, end: np.ndarray, steps: int = 18, lift: float = 3.0) -> np.ndarray:
    """(steps + 1, N, 7) frames of the whole table in which only ``body`` slides to ``end``
    (layout.slide_path), for PlayApp.animate."""
    frames = np.repeat(np.asarray(poses, dtype=np.float64)[None], steps + 1, axis=0)
    frames[:, body] = slide_path(poses[body], end, steps, lift)
    return frames
