"""Cards in real Bullet (models/cards.py through game/table): a card dropped face up or face down
lands flat at half its thickness above the felt, keeping its face; a tall stack is not left to
physics (measured here: thin boxes sink into each other), so draw piles are posed by layout."""
from __future__ import annotations

import numpy as np
import pytest

from feltbox.game.cards.layout import row_poses, stack_poses
from feltbox.game.cards.table_view import card_bodies
from feltbox.game.table.bodies import quat_rotate
from feltbox.game.table.table import Table
from feltbox.models.cards import card_sizes

pytestmark = pytest.mark.physics
T = card_sizes()["poker"]["thickness"]


def test_dropped_cards_land_flat_and_keep_their_side():
    bodies = card_bodies("test", 2)
    poses = row_poses([(True, False), (False, True)], (0.0, 0.0), 6.3, 8.8, T)
    poses[:, 2] += 2.0                                      # dropped from 2 cm
    table = Table(bodies, poses, awake=range(2))
    for _ in range(240):                                    # one second at 240 Hz
        table.step()
    final = table.poses()
    np.testing.assert_allclose(final[:, 2], T / 2, atol=0.005)          # resting on the felt, not in it
    assert np.abs(final[:, :2] - poses[:, :2]).max() < 0.05              # fell straight down
    up = quat_rotate(final[:, 3:].astype(float), np.array([0.0, 0.0, 1.0]))[:, 2]
    assert up[0] > 0.999 and up[1] < -0.999                               # face up stays up, face down down


def test_a_stack_left_to_bullet_sinks_so_piles_are_posed_by_layout():
    """Measured: ten cards stacked exactly (0.03 cm apart) and simulated for 2 s sink up to about
    0.1 cm (several card thicknesses) into each other; layout poses are the truth for piles."""
    poses = stack_poses(10, (0.0, 0.0), T, seed=1)
    table = Table(card_bodies("test", 10), poses, awake=range(10))
    for _ in range(480):
        table.step()
    sink = float((poses[:, 2] - table.poses()[:, 2]).max())
    assert 0.03 < sink < 0.3, f"the stack sank {sink:.3f} cm"
