"""The follow camera's critically damped spring: bounded steps, no overshoot, convergence."""
import math

import numpy as np
import pytest

from feltbox.game.render.follow_spring import LEAD, OMEGA, Spring, spring_path

HZ = 60


def _track_with_a_jump() -> np.ndarray:
    """A goal that stands 0.5 s, glides 30 cm along x in 0.5 s, then jumps 80 cm along y (the
    follow camera passing to another piece) and stays there 3 s."""
    still = np.zeros((30, 3))
    glide = np.column_stack([np.linspace(0.0, 30.0, 30), np.zeros(30), np.zeros(30)])
    jumped = np.tile([30.0, 80.0, 0.0], (180, 1))
    return np.concatenate([still, glide, jumped])


def test_a_jump_in_the_goal_is_followed_in_bounded_steps_without_overshoot():
    goals = _track_with_a_jump()
    path = spring_path(goals, 1.0 / HZ)
    steps = np.linalg.norm(np.diff(path, axis=0), axis=1)
    # a critically damped spring from rest moves at most gap * omega / e; the glide adds its own speed
    bound = (80.0 + 30.0) * OMEGA / math.e / HZ
    assert steps.max() <= bound, f"the camera jumps {steps.max():.2f} cm in a frame"
    assert steps.max() < 3.0           # never a cut (the jump is 80 cm): under 3 cm a frame at 60 Hz
    y = path[60:, 1]
    assert np.all(np.diff(y) >= -1e-9), "it turns back on its way to the new goal"
    assert y.max() <= 80.0 + 1e-6, "it overshoots the goal"
    x = path[:, 0]
    assert x.max() <= 30.0 + 1e-6
    assert np.linalg.norm(path[-1] - goals[-1]) < 0.01          # settled 3 s after the jump
    after_1s = np.linalg.norm(path[60 + HZ] - goals[-1])
    assert after_1s < 0.05 * 80.0                                # within 4 % of the jump after 1 s


def test_the_step_is_the_same_path_at_30_and_60_fps():
    a, b = Spring(np.zeros(2)), Spring(np.zeros(2))
    for _ in range(30):
        a.step([50.0, 0.0], 1 / 30)
    for _ in range(60):
        b.step([50.0, 0.0], 1 / 60)
    assert np.allclose(a.x, b.x, atol=1e-9) and np.allclose(a.v, b.v, atol=1e-9)


def test_leading_cancels_the_lag_behind_a_steady_glide():
    speed = 60.0                                         # cm/s along x for 3 s
    goals = np.column_stack([np.arange(180) * speed / HZ, np.zeros(180)])
    lagging = spring_path(goals, 1.0 / HZ)
    leading = spring_path(goals, 1.0 / HZ, lead=LEAD)
    mid = 120
    assert goals[mid, 0] - lagging[mid, 0] == pytest.approx(2 * speed / OMEGA, rel=0.05)
    assert abs(goals[mid, 0] - leading[mid, 0]) < 1.0


def test_settled_is_near_and_slow():
    s = Spring([0.0])
    assert s.settled([0.0]) and not s.settled([1.0])
    for _ in range(300):
        s.step([1.0], 1 / 60)
    assert s.settled([1.0])
