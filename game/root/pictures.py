"""Root pictures and videos (``feltbox render root standard``, ``feltbox gallery --game root``):
the table as a spectator sees it, and the dresser that gives each card the face anyone at the
table sees (``RootBodies.faces``, from the spectator's view: the discard pile, the Duchy's
revealed cards, the crafted cards; every hand and the draw pile show their backs).

A picture's body table is a ``RootBodies`` list: the bodies, plus the card faces the view that
laid them shows (a card body's name says nothing of its card, game/root/felt.py)."""
from __future__ import annotations

import numpy as np

from feltbox.game.cards.faces import back_image, face_image
from feltbox.game.render.card_nodes import dress
from feltbox.game.render.textures import texture_from_image
from feltbox.game.root.bridge import RootBridge
from feltbox.game.root.faces import BACK, card_face
from feltbox.game.root.felt import TURNED_OVER, Felt
from feltbox.game.table.bodies import BodySpec
from feltbox.game.table.city import rest_pose
from feltbox.models.root import HIDDEN
from feltbox.rules.core import Decision
from feltbox.rules.root import bots

PICTURE_SEED = 0
PICTURE_ROUNDS = 4          # the picture's game: the bots play this many rounds first


class RootBodies(list):
    """A body table that knows the card faces its view shows (body id -> card id)."""

    def __init__(self, bodies, faces: dict[str, str] | None = None):
        super().__init__(bodies)
        self.faces = dict(faces or {})


def played_bridge(scene, seed: int = PICTURE_SEED, rounds: int = PICTURE_ROUNDS) -> RootBridge:
    """A bridge whose bots have played the set-up and ``rounds`` rounds, the dice thrown in the tray."""
    bridge = RootBridge(scene, seed)
    while not bridge.over() and bridge.engine.state.flow.round <= rounds:
        pending = bridge.pending()
        if isinstance(pending, Decision):
            bridge.decide(bots.choose(bridge.engine.state))
        else:
            bridge.physics()
    return bridge


def root_scene_table(scene) -> tuple[RootBodies, np.ndarray]:
    """The table of seed 0's game after its first rounds, as a spectator sees it."""
    bridge = played_bridge(scene)
    keep = np.flatnonzero(bridge.present)
    bodies = [bridge.bodies[i] for i in keep]
    return RootBodies(bodies, bridge.faces()), bridge.poses[keep].copy()


def root_gallery() -> tuple[RootBodies, np.ndarray]:
    """One of every Root piece kind, in rows (plots: a hidden one and each kind face up)."""
    felt = Felt()
    kinds: dict[tuple, BodySpec] = {}
    for spec in felt.bodies:
        key = (spec.kind, tuple(sorted(spec.params.items())))
        if spec.kind not in ("root_map", "root_score_track", "card") and key not in kinds:
            kinds[key] = spec
    specs = list(kinds.values()) + [BodySpec(f"plot-{k}", "root_plot", {"plot": k})
                                    for k in ("bomb", "snare", "extortion", "raid")]
    specs.append(BodySpec("card-1", "card", {"size": "poker"}))
    big = {"root_faction_board": 31.0, "root_burrow": 12.0, "root_dice_tray": 19.0}
    row_big = [sp for sp in specs if sp.kind in big]
    row_small = [sp for sp in specs if sp.kind not in big]
    poses = {}
    x = -sum(big[sp.kind] for sp in row_big) / 2
    for spec in row_big:                        # the boards and the tray behind
        poses[spec.id] = rest_pose(spec, x + big[spec.kind] / 2, 10.0, 0.0)
        x += big[spec.kind]
    pitch = {"card": 7.5}
    x = -sum(pitch.get(sp.kind, 3.2) for sp in row_small) / 2
    for spec in row_small:                      # every small piece in a row in front
        w = pitch.get(spec.kind, 3.2)
        poses[spec.id] = rest_pose(spec, x + w / 2, -6.0, 0.0)
        if spec.kind == "root_plot" and spec.params["plot"] != HIDDEN:
            poses[spec.id][3:] = TURNED_OVER    # a plot's kind shows once it is flipped
        x += w
    specs = row_big + row_small
    poses = [poses[sp.id] for sp in specs]
    return RootBodies(specs, {"card-1": "tax-collector-1"}), np.asarray(poses)


def felt_dresser(bodies):
    """A GameKind.dresser: (bodies) -> dress(scene, poses, present)."""
    # the picture's cards: the faces ``bodies.faces`` names, backs on every other card
    faces = getattr(bodies, "faces", {})

    def dress_scene(scene, poses, present=None) -> int:
        back = texture_from_image(back_image(BACK), f"root-back:{BACK.name}")
        shown = 0
        for i, spec in enumerate(bodies):
            if spec.kind != "card":
                continue
            card = faces.get(spec.id)
            face = texture_from_image(face_image(card_face(card)), f"root-face:{card}") if card else None
            dress(scene.paths[i], face, back)
            shown += card is not None
        return shown
    return dress_scene


