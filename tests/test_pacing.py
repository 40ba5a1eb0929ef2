"""A video skips idle time: every still stretch is cut to IDLE_KEEP_S, motion is all kept."""
import numpy as np

from feltbox.game.replay.pacing import IDLE_KEEP_S, moving_frames, video_frames

HZ = 60


def _timeline():
    """Two bodies over 10 s: body 0 glides during 1..2 s, then nothing moves for 5 s, then body 1
    is taken off the table at 7 s (a presence change) and body 0 glides again during 8..9 s."""
    poses = np.zeros((600, 2, 7))
    poses[:, :, 3] = 1.0
    poses[60:120, 0, 0] = np.linspace(0.0, 30.0, 60)
    poses[120:, 0, 0] = 30.0
    poses[480:540, 0, 1] = np.linspace(0.0, 20.0, 60)
    poses[540:, 0, 1] = 20.0
    present = np.ones((600, 2), bool)
    present[420:, 1] = False
    return poses, present


def test_motion_and_presence_changes_count_as_moving():
    poses, present = _timeline()
    moving = moving_frames(poses, present)
    assert moving[0] and not moving[1:60].any()
    assert moving[61:120].all() and not moving[121:420].any()
    assert moving[420] and not moving[421:480].any()
    assert moving[481:540].all() and not moving[541:].any()


def test_still_stretches_are_cut_and_every_motion_kept():
    poses, present = _timeline()
    shown = video_frames(poses, present, HZ, 0, 599, 30)
    keep = int(round(IDLE_KEEP_S * HZ))
    gaps = np.diff(shown)
    assert gaps.min() >= 1 and np.all(np.diff(shown) > 0)
    moving = moving_frames(poses, present)
    # every frame where something moves is shown, give or take the output's every other frame
    for k in np.flatnonzero(moving):
        assert np.abs(shown - k).min() <= 1, k
    # no still stretch longer than IDLE_KEEP_S survives: between two shown frames over a cut,
    # the shown frames before the cut are at most ``keep`` after the last motion
    last_motion = np.maximum.accumulate(np.where(moving, np.arange(600), 0))
    assert (shown - last_motion[shown]).max() <= keep
    # worked by hand: moving frames 0, 61..119 (59: frame 60 still equals 59), 420, 481..539 (59);
    # after each, a still run kept for 24 frames (0.4 s): 1 + 24 + 59 + 24 + 1 + 24 + 59 + 24 = 216
    # timeline frames of the 600, every other one at 30 fps
    assert len(shown) == 216 // 2


def test_without_skipping_every_frame_is_sampled_at_the_output_rate():
    poses, present = _timeline()
    shown = video_frames(poses, present, HZ, 60, 239, 30, keep_idle_s=None)
    assert np.array_equal(shown, np.arange(60, 240, 2))
