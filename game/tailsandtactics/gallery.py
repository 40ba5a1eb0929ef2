"""Tails and Tactics pictures: the felt of a scene as seed 0's battle stands once both sides have
deployed and the first turn has begun (``feltbox render tailsandtactics standard``), and one of every
Tails and Tactics piece (``feltbox gallery --game tailsandtactics``)."""
from __future__ import annotations

import numpy as np

from feltbox.game.players.headless import play_game
from feltbox.game.table.bodies import BodySpec
from feltbox.game.tailsandtactics import seats
from feltbox.game.tailsandtactics.bridge import TTBridge
from feltbox.game.tailsandtactics.felt import dice_in_tray
from feltbox.game.tailsandtactics.pictures import PictureBodies, present_table
from feltbox.rules.core import Decision

PICTURE_SEED = 0
PICTURE_TURN = 4            # the picture shows the felt from this turn on (both battlefields built),
LATEST_TURN = 8             # at the first response on an open chain, else as this turn begins


def tt_scene_table(scene, seed: int = PICTURE_SEED, turn: int = PICTURE_TURN) -> tuple[PictureBodies, np.ndarray]:
    """The felt as the public sees it in the bots' game ``seed``: from turn ``turn`` on, at the
    first response asked for on an open chain (the chain shows), else as turn ``LATEST_TURN``
    begins (held cards and the other seats' faces left out: ``seat_view(state, None)``)."""
    bridge = TTBridge(scene, seed)

    def stop(b) -> None:
        state = b.engine.state
        if state.flow.turn >= turn and isinstance(b.pending(), Decision) and \
                (state.flow.chain and b.pending().player != state.flow.seat or state.flow.turn >= LATEST_TURN):
            raise _Reached

    try:
        play_game(bridge, seats.new_seats(bridge, "all"), seats.TURN_ENDS, max_decisions=seats.MIN_DECISIONS,
                  after_action=stop)
    except _Reached:
        pass
    return present_table(bridge.felt)


class _Reached(Exception):
    """The picture's turn has begun."""


def tt_gallery() -> tuple[list[BodySpec], np.ndarray]:
    """The felt's pieces: the dice tray with both dice, a card, a damage token beside it."""
    bodies = [BodySpec("dice-tray", "sb_dice_tray"), BodySpec("die-1", "d6"), BodySpec("die-2", "d6"),
              BodySpec("card", "card", {"size": "poker"}), BodySpec("damage", "token", {"token": "life", "face": "up"})]
    poses = np.zeros((5, 7))
    poses[:, 3] = 1.0
    poses[0, :3] = (0.0, 0.0, bodies[0].model.rest_height)
    poses[1:3] = dice_in_tray()
    poses[1:3, :2] -= poses[1:3, :2].mean(axis=0)
    poses[3, :3] = (16.0, 0.0, 0.015)
    poses[4, :3] = (21.0, 0.0, bodies[4].model.rest_height)
    return bodies, poses
