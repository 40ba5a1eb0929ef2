"""Tails and Tactics pictures (``feltbox render tailsandtactics standard``): the felt as a public
view shows it (``seat_view(state, None)``: no seat's hand, no face-down face), each card dressed
with the face that view names or else its back on both sides, and the plates with their counts.

``PictureBodies`` is the body list of such a picture carrying the faces and backs it was laid
with, so the picture's dresser (``FeltDresser``, the registry's ``dresser``) dresses exactly those.
"""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from feltbox.game.cards.faces import back_image, face_image
from feltbox.game.render.card_nodes import dress
from feltbox.game.render.textures import texture_from_image
from feltbox.game.table.bodies import BodySpec
from feltbox.game.tailsandtactics.felt import Felt


class PictureBodies(list):
    """A list of BodySpec that remembers the faces and backs of the felt it was laid from."""

    def __init__(self, bodies: Sequence[BodySpec], felt: Felt):
        super().__init__(bodies)
        self.faces, self.backs = dict(felt.faces), dict(felt.backs)


def present_table(felt: Felt) -> tuple[PictureBodies, np.ndarray]:
    """The bodies lying on the felt (held and boxed cards left out) and their poses."""
    keep = np.flatnonzero(felt.present)
    return PictureBodies([felt.bodies[i] for i in keep], felt), felt.poses[keep].copy()


def dress_cards(paths, bodies: Sequence[BodySpec], faces: dict, backs: dict) -> int:
    """Dress every card body (``paths[i]`` is body i): its face from ``faces`` (body id -> CardFace)
    when it has one, else its back on both sides; how many faces were given."""
    shown = 0
    for i, spec in enumerate(bodies):
        if spec.kind != "card" or spec.id not in backs:
            continue
        back = backs[spec.id]
        face = faces.get(spec.id)
        face_tex = texture_from_image(face_image(face), f"tt-face:{face!r}") if face is not None else None
        dress(paths[i], face_tex, texture_from_image(back_image(back), f"tt-back:{back!r}"))
        shown += face is not None
    return shown


class FeltDresser:
    """The registry's picture dresser: dresses a picture's cards with the faces its felt was laid with."""

    def __init__(self, bodies: Sequence[BodySpec]):
        self.bodies = bodies
        self.faces = getattr(bodies, "faces", {})
        self.backs = getattr(bodies, "backs", {})

    def __call__(self, scene, poses: np.ndarray, present: np.ndarray | None = None) -> int:
        return dress_cards(scene.paths, self.bodies, self.faces, self.backs)
