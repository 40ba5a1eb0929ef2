"""The window's camera rig without a window: eased transitions and preset views."""
import numpy as np
import pytest

from feltbox.game.render.camera import Orbit
from feltbox.game.window.camera_rig import EASE_S, CameraRig, blend, preset, smoothstep


def test_smoothstep_eases_in_and_out():
    assert smoothstep(0) == 0 and smoothstep(1) == 1 and smoothstep(0.5) == pytest.approx(0.5)
    assert smoothstep(0.1) < 0.1 and smoothstep(0.9) > 0.9
    assert smoothstep(-1) == 0 and smoothstep(2) == 1


def test_blend_takes_the_short_way_round_and_zooms_evenly():
    a = Orbit(np.zeros(3), 350.0, 20.0, 50.0)
    b = Orbit(np.array([10.0, 0, 0]), 10.0, 80.0, 200.0)
    mid = blend(a, b, 0.5)
    assert mid.heading == pytest.approx(0.0, abs=1e-9) or mid.heading == pytest.approx(360.0)
    assert mid.pitch == pytest.approx(50.0) and mid.distance == pytest.approx(100.0)
    assert np.allclose(mid.target, [5, 0, 0])
    end = blend(a, b, 1.0)
    assert end.heading == pytest.approx(10.0) and end.distance == pytest.approx(200.0)


def test_rig_reaches_the_target_in_the_ease_time_and_input_cancels_it():
    rig = CameraRig(Orbit(np.zeros(3), 0.0, 48.0, 150.0))
    rig.go(preset("top", rig.orbit))
    steps = 0
    while rig.step(1 / 60):
        steps += 1
    assert steps == pytest.approx(EASE_S * 60, abs=1)
    assert rig.orbit.pitch == pytest.approx(89.0) and not rig.moving
    rig.go(preset("overview", rig.orbit))
    rig.step(0.05)
    rig.rotate(5, 0)
    assert not rig.moving


def test_presets_look_at_the_piece():
    here = Orbit(np.zeros(3), 30.0, 48.0, 150.0)
    eye = preset("eye", here, (30.0, 0.0, 0.0))
    # at the figure's head, looking toward the city centre (-x)
    assert eye.eye()[0] == pytest.approx(30.0, abs=4.0) and 3.0 < eye.eye()[2] < 9.0
    assert eye.target[0] < 30.0 and eye.target[1] == pytest.approx(0.0, abs=1e-9)
    focus = preset("focus", here, (5.0, -7.0))
    assert np.allclose(focus.target[:2], [5, -7]) and focus.heading == 30.0
    assert preset("tower", here, None) is here
    with pytest.raises(ValueError):
        preset("nowhere", here, (0, 0))


def test_sensitivity_scales_mouse_speed():
    slow = CameraRig(Orbit(np.zeros(3), 0.0, 40.0, 100.0), sensitivity=0.5)
    slow.rotate(10, 0)
    assert slow.orbit.heading == pytest.approx(5.0)
    slow.zoom(0.81)
    assert slow.zoom_goal == pytest.approx(90.0)
    slow.step(1.0)
    assert slow.orbit.distance == pytest.approx(90.0)


def test_wheel_zoom_eases_toward_a_goal_the_notches_add_up():
    from feltbox.game.window.camera_rig import ZOOM_EASE_S
    rig = CameraRig(Orbit(np.zeros(3), 0.0, 40.0, 100.0))
    rig.zoom(0.9)
    assert rig.orbit.distance == 100.0 and rig.moving          # nothing jumps at the notch
    distances = []
    for _ in range(5):
        rig.step(ZOOM_EASE_S / 10)
        distances.append(rig.orbit.distance)
    assert 90.0 < distances[-1] < 100.0                        # halfway through the ease
    steps = -np.diff([100.0] + distances)
    assert np.all(steps > 0) and steps[0] < steps[-1]          # eased in (smoothstep), always closer
    assert distances[2] == pytest.approx(100.0 * 0.9 ** 0.216, rel=1e-6)   # log space: smoothstep(0.3)
    rig.zoom(0.9)                                              # a second notch mid-way: the goal adds up
    assert rig.zoom_goal == pytest.approx(81.0)
    for _ in range(20):
        rig.step(ZOOM_EASE_S / 10)
    assert rig.orbit.distance == pytest.approx(81.0) and not rig.moving
    for _ in range(40):                                        # clamped to the orbit's limits
        rig.zoom(0.5)
    assert rig.zoom_goal == 15.0
    rig.go(Orbit(np.zeros(3), 0.0, 48.0, 150.0))              # a preset takes over
    rig.step(10.0)
    assert rig.orbit.distance == pytest.approx(150.0) and not rig.moving


def test_the_camera_follows_the_body_a_flick_moves_most():
    from feltbox.game.window.camera_rig import moving_body
    frames = np.zeros((30, 3, 7), np.float32)
    frames[:, 1, 0] = np.linspace(0, 20, 30)          # the disc slides 20 cm
    frames[15:, 2, 2] = -50.0                         # a body teleported under the table
    frames[15:, 0, 0] = 40.0                          # a survivor put where its disc stopped
    assert moving_body(frames) == 1
    assert moving_body(frames[:1]) is None and moving_body(np.zeros((5, 2, 7))) is None


def test_chasing_a_goal_that_jumps_keeps_steps_bounded_and_settles_without_overshoot():
    """An animation passes to another piece mid-way: the rig's goal jumps 60 cm while the camera
    is still moving. The camera neither stops dead nor jumps, and settles on the new goal without
    passing it."""
    rig = CameraRig(Orbit(np.zeros(3), 0.0, 45.0, 100.0))
    rig.chase(Orbit(np.array([20.0, 0.0, 0.0]), 0.0, 45.0, 100.0))
    xs, speeds = [], []
    for k in range(240):                                  # 4 s at 60 Hz
        if k == 20:
            before = rig.orbit.target.copy()
            rig.chase(Orbit(np.array([20.0, 60.0, 0.0]), 10.0, 50.0, 80.0))
            assert np.allclose(rig.orbit.target, before)  # a new goal moves nothing by itself
        prev = rig.orbit.target.copy()
        rig.step(1 / 60)
        xs.append(rig.orbit.target.copy())
        speeds.append(np.linalg.norm(rig.orbit.target - prev))
    xs = np.array(xs)
    assert max(speeds) < 2.0, f"the camera jumps {max(speeds):.2f} cm in a frame"
    assert speeds[20] > 0.05, "the camera stopped dead when the goal changed"
    assert xs[:, 0].max() <= 20.0 + 1e-6 and xs[:, 1].max() <= 60.0 + 1e-6, "it overshoots"
    assert not rig.moving and np.allclose(rig.orbit.target, [20.0, 60.0, 0.0])
    assert rig.orbit.heading == pytest.approx(10.0) and rig.orbit.distance == pytest.approx(80.0)


def test_a_chase_takes_the_short_way_round_and_input_cancels_it():
    rig = CameraRig(Orbit(np.zeros(3), 350.0, 45.0, 100.0))
    rig.chase(Orbit(np.zeros(3), 10.0, 45.0, 100.0))
    for _ in range(20):
        rig.step(1 / 60)
    assert rig.orbit.heading > 350.0 or rig.orbit.heading < 10.0
    rig.rotate(5.0, 0.0)
    assert not rig.moving
