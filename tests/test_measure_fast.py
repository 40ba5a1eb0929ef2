"""The one-row measurements in Python floats give numpy's bits (issue 14: measure_flick reads
one building and a few moved bodies, where numpy's per-call cost was most of the time)."""
import numpy as np

from feltbox.game.table.bodies import collision_points, heading_quat, quat_rotate, up_axes, up_z
from feltbox.game.table.city import build_city, rest_pose
from feltbox.game.table.flick import heading_of
from feltbox.models.base import inflation
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


def test_heading_of_is_quat_rotate_bit_for_bit():
    rng = np.random.default_rng(3)
    q = rng.normal(size=(20000, 4))
    q /= np.linalg.norm(q, axis=1)[:, None]
    q[:300, 1:3] = 0.0                      # standing, turned about +z only
    poses = np.zeros((len(q), 7), np.float32)
    poses[:, 3:] = q
    x_axes = quat_rotate(poses[:, 3:7].astype(float), np.array([1.0, 0.0, 0.0]))
    want = np.degrees(np.arctan2(x_axes[:, 1], x_axes[:, 0]))
    got = np.array([heading_of(row) for row in poses])
    assert np.array_equal(want.view(np.int64), got.view(np.int64))


def test_rest_pose_standing_is_the_turned_points_bit_for_bit():
    """rest_pose takes a standing piece's lowest point from its model, unturned: a turn about +z
    leaves every height as it was. Checked against turning every point, for every S1 piece."""
    city = build_city(load_flickem(1))
    for spec in city.bodies:
        points = collision_points(spec.model)
        for heading in (0.0, 17.3, 90.0, -135.5, 180.0, 359.9):
            turned = quat_rotate(heading_quat(heading), points)[:, 2].min()
            assert np.float64(turned).view(np.int64) == np.float64(points[:, 2].min()).view(np.int64), spec.id
            pose = rest_pose(spec, 3.5, -7.25, heading)
            assert pose[2] == -turned + (inflation(spec.model) if spec.model.mass > 0 else 0.0)
