"""The one-row measurements in Python floats give numpy's bits (issue 14: measure_flick reads
one building and a few moved bodies, where numpy's per-call cost was most of the time)."""
import numpy as np

from feltbox.game.table.bodies import up_axes, up_z
from feltbox.game.table.city import build_city
from feltbox.scenes.loader import load_flickem


def test_up_z_is_up_axes_bit_for_bit():
    rng = np.random.default_rng(14)
    q = rng.normal(size=(20000, 4))
    q /= np.linalg.norm(q, axis=1)[:, None]
    q[:200, 1:3] = 0.0                      # standing upright, exactly
    q[200:400, 1:3] *= 1e-5                 # nearly upright
    q[400:600, 0] *= -1.0
    poses = np.zeros((len(q), 7), np.float32)
    poses[:, 3:] = q
    want = up_axes(poses)[:, 2]
    got = np.array([up_z(*row.tolist()) for row in poses[:, 3:]])
    assert np.array_equal(want.view(np.int64), got.view(np.int64))


def test_local_xy_is_to_local_bit_for_bit():
    city = build_city(load_flickem(1))
    rng = np.random.default_rng(7)
    points = rng.uniform(-80.0, 80.0, size=(300, 2)).astype(np.float32).astype(float)
    for geom in city.buildings.values():
        want = geom.to_local(points)
        got = np.array([geom.local_xy(x, y) for x, y in points.tolist()])
        assert np.array_equal(want.view(np.int64), got.view(np.int64)), geom.id
