"""Slingshot maths and the aim preview's throttle and scratch-world prediction."""
import numpy as np
import pytest

from feltbox.game.window.aim import FINE, MAX_DRAG, AimDrag, aim_from_vector, ticks
from feltbox.game.window.aim_preview import Throttle


def test_slingshot_flicks_opposite_the_drag_turned_by_the_camera():
    direction, power = aim_from_vector(0.0, -0.6, heading=0.0)       # pulled down the screen
    assert direction == pytest.approx(90.0) and power == pytest.approx(0.5)
    direction, _ = aim_from_vector(0.0, -0.6, heading=90.0)
    assert direction == pytest.approx(180.0)
    assert aim_from_vector(0.0, -5.0, 0.0)[1] == 1.0


def test_shift_moves_the_drag_five_times_slower():
    drag = AimDrag((0.0, 0.0), 0.0)
    _, p1 = drag.update((0.0, -0.3))
    _, p2 = drag.update((0.0, -0.6), shift=True)
    assert p2 - p1 == pytest.approx(0.3 * FINE / (2 * MAX_DRAG))


def test_ctrl_locks_the_power_and_turns_only():
    drag = AimDrag((0.0, 0.0), 0.0)
    d1, p1 = drag.update((0.0, -0.48))
    d2, p2 = drag.update((0.4, -0.9), ctrl=True)
    assert p2 == pytest.approx(p1) and d2 != pytest.approx(d1)
    d3, p3 = drag.update((0.4, -0.9))                # released: no jump
    assert p3 == pytest.approx(p1) and d3 == pytest.approx(d2)


def test_tick_scale_every_ten_cm():
    marks = ticks(np.zeros(3), 0.0, 35.0)
    assert len(marks) == 3 and marks[0][0][0] == pytest.approx(10.0)


def test_throttle_waits_for_a_changed_aim_and_time():
    now = [0.0]
    t = Throttle(clock=lambda: now[0])
    assert t.due(10.0, 0.5)
    now[0] = 1.0
    assert not t.due(10.5, 0.51)                  # too small a change
    assert t.due(12.0, 0.5)
    now[0] = 1.05
    assert not t.due(40.0, 0.9)                   # too soon


@pytest.mark.physics
def test_preview_predicts_the_path_without_touching_the_session():
    from feltbox.game.table.city import build_city
    from feltbox.game.table.session import Session
    from feltbox.game.window.aim_preview import predict
    from feltbox.scenes.loader import load_flickem
    session = Session(build_city(load_flickem(1)))
    before = session.poses.copy()
    short = predict(session, "survivor-john", "movement_disc", 90.0, 0.2)
    far = predict(session, "survivor-john", "movement_disc", 90.0, 0.6)
    assert len(short) >= 3 and np.allclose(short[0, :2], before[session.city.index("survivor-john"), :2], atol=0.5)
    assert far[-1, 1] - far[0, 1] > short[-1, 1] - short[0, 1] > 3.0     # flicked up +y, further
    assert np.array_equal(session.poses, before) and session.episodes == 0
