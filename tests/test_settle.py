"""Episodes settle: small resting bodies stop instead of rocking to the settle cap (issue 14).

Real Bullet, real models. Before discs had twice their tipping inertia (models/discs.py), 22 of
these 30 spun pellet flicks rocked from rim point to rim point, ~1 mm deep in the felt, until
the 8 s cap.
"""
from __future__ import annotations

import numpy as np
import pytest

from feltbox.game.table.city import rest_pose
from feltbox.game.table.table import Input, Table
from tests.lab import lab_city

pytestmark = pytest.mark.physics


@pytest.mark.parametrize("piece", ["pellet-1", "bullet-1", "flare-1", "movement_disc"])
def test_a_spun_disc_flicked_on_the_felt_settles_flat_before_the_cap(piece):
    city = lab_city()
    i = city.index(piece)
    model = city.bodies[i].model
    half_width = 0.5 * float(np.ptp(np.vstack([p.points for p in model.collision])[:, 1]))
    rng = np.random.default_rng(0)
    for _ in range(30):
        spin, speed = rng.uniform(-1, 1), 245.0 * np.sqrt(rng.uniform(0.02, 1.0))
        poses, present = city.poses.copy(), city.present.copy()
        poses[i] = rest_pose(city.bodies[i], 0.0, 0.0, 0.0)
        present[i] = True
        kick = Input(0, "impulse", i, (model.mass * speed, 0.0, 0.0), (0.0, spin * half_width, 0.0))
        result = Table(city.bodies, poses, present, awake=[i]).run([kick], watch=[i])
        assert result.settled, (piece, spin, speed)
        # flat on the felt: the centre of mass at half the height plus the hull margin (a pellet
        # 0.4 high, margin 0.01: 0.21), not sunk ~1 mm (0.133) or rocking on its rim
        assert result.final[i, 2] == pytest.approx(model.rest_height + model.margin, abs=0.02)
