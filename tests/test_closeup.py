"""The close-up frames the active piece and its target: what the flick's lane meets first, else
the nearest opponent."""
import numpy as np

from feltbox.game.window.closeup import WHOLE, close_target, closeup_orbit, picture_actor
from feltbox.game.window.framing import Lens, project


def _table():
    """A survivor at the origin; zombies at (30, 2) (in the lane toward +x), (-12, 0) (nearest),
    (50, 0) (farther in the lane); a barrel at (0, 20) (in the lane toward +y); a hidden zombie."""
    kinds = ["survivor", "zombie", "zombie", "zombie", "barrel", "zombie"]
    poses = np.zeros((6, 7))
    poses[:, 3] = 1.0
    poses[:, 2] = 2.0
    poses[1:, :2] = [(30, 2), (-12, 0), (50, 0), (0, 20), (-3, 0)]
    present = np.array([True, True, True, True, True, False])
    return kinds, poses, present


def test_the_flicks_lane_gives_the_first_piece_it_meets():
    kinds, poses, present = _table()
    assert close_target(kinds, poses, present, 0, aim_deg=0.0) == 1       # (30, 2): 2 cm off the line
    assert close_target(kinds, poses, present, 0, aim_deg=90.0) == 4      # the barrel straight ahead
    assert close_target(kinds, poses, present, 0, aim_deg=5.0) == 1       # 30 cm at 5 deg: 0.6 cm off


def test_without_a_lane_the_nearest_opponent_and_never_a_hidden_piece():
    kinds, poses, present = _table()
    assert close_target(kinds, poses, present, 0) == 2                    # (-12, 0), not the hidden (-3, 0)
    assert close_target(kinds, poses, present, 0, aim_deg=45.0) == 2      # nothing in that lane
    assert close_target(kinds, poses, present, 1) == 0                    # a zombie's target: the survivor
    assert close_target(["barrel", "box"], poses[:2], None, 0) is None


def test_the_close_up_orbit_shows_both_pieces_inside_the_picture():
    kinds, poses, present = _table()
    lens = Lens(np.tan(np.radians(29.0)), np.tan(np.radians(29.0)) * 720 / 1280)
    actor = picture_actor(kinds)
    target = close_target(kinds, poses, present, actor)
    orbit = closeup_orbit(poses, [actor, target], lens)
    xy = project(poses[[actor, target], :3], orbit.eye(), orbit.heading, orbit.pitch, lens)
    assert WHOLE.shrunk(0.1).contains(xy).all()
    assert np.linalg.norm(orbit.eye() - poses[actor, :3]) < 120.0          # close, not the whole table
