"""Slingshot maths and the aim preview's throttle and scratch-world prediction."""
import numpy as np
import pytest

from feltbox.game.window.aim import (
    FINE,
    AimDrag,
    DragPowerError,
    aim_from_vector,
    drag_of_power,
    drag_power_table,
    power_of_drag,
    ticks,
    to_height,
)
from feltbox.game.window.aim_preview import Throttle

ASPECT = 1280 / 720


def mouse_of_pixels(px: float, py: float) -> tuple[float, float]:
    """A point of a 1280x720 window (pixels, y down) in mouse coordinates (-1..1, y up)."""
    return px / 640.0 - 1.0, 1.0 - py / 360.0


def test_a_natural_90_px_drag_is_the_middle_of_the_power_range():
    # drag_power.toml: (0, 0), (0.125, 0.5), (0.375, 1.0); 90 px of 720 = 0.125 of the height
    drag = AimDrag(mouse_of_pixels(640, 300), 0.0, ASPECT)
    direction, power = drag.update(mouse_of_pixels(640, 390))          # 90 px straight down
    assert power == pytest.approx(0.5) and direction == pytest.approx(90.0)
    drag = AimDrag(mouse_of_pixels(640, 300), 0.0, ASPECT)
    _, sideways = drag.update(mouse_of_pixels(730, 300))               # 90 px to the right: the same
    assert sideways == pytest.approx(0.5)
    drag = AimDrag(mouse_of_pixels(640, 300), 0.0, ASPECT)
    assert drag.update(mouse_of_pixels(640, 345))[1] == pytest.approx(0.25)     # 45 px: 0.0625 -> 0.25
    drag = AimDrag(mouse_of_pixels(640, 300), 0.0, ASPECT)
    assert drag.update(mouse_of_pixels(640, 480))[1] == pytest.approx(0.75)     # 180 px: 0.25 -> 0.75
    drag = AimDrag(mouse_of_pixels(640, 100), 0.0, ASPECT)
    assert drag.update(mouse_of_pixels(640, 700))[1] == 1.0                    # past 270 px: full


def test_the_mapping_is_the_same_in_a_bigger_window():
    # 1920x1080: 135 px is an eighth of the height too
    start, end = (0.0, 0.0), (0.0, -2 * 135 / 1080)
    drag = AimDrag(start, 0.0, 1920 / 1080)
    assert drag.update(end)[1] == pytest.approx(0.5)


def test_the_drag_power_table_is_data_and_checked(tmp_path):
    drag, power = drag_power_table()
    assert drag[0] == 0.0 and power[0] == 0.0 and power[-1] == 1.0 and np.all(np.diff(drag) > 0)
    assert drag_of_power(power_of_drag(0.2)) == pytest.approx(0.2)
    bad = tmp_path / "drag_power.toml"
    bad.write_text("[[point]]\ndrag = 0.0\npower = 0.0\n[[point]]\ndrag = 0.0\npower = 1.0\n")
    with pytest.raises(DragPowerError, match="drag_power.toml: point 1"):
        drag_power_table(bad)


def test_slingshot_flicks_opposite_the_drag_turned_by_the_camera():
    direction, power = aim_from_vector(0.0, -0.125, heading=0.0)       # pulled down the screen
    assert direction == pytest.approx(90.0) and power == pytest.approx(0.5)
    direction, _ = aim_from_vector(0.0, -0.125, heading=90.0)
    assert direction == pytest.approx(180.0)
    assert aim_from_vector(0.0, -5.0, 0.0)[1] == 1.0
    assert to_height((1.0, -1.0), ASPECT) == pytest.approx([ASPECT / 2, -0.5])


def test_shift_moves_the_drag_five_times_slower():
    drag = AimDrag((0.0, 0.0), 0.0)
    _, p1 = drag.update((0.0, -0.1))                  # 0.05 of the height: power 0.2
    _, p2 = drag.update((0.0, -0.2), shift=True)      # + 0.05 * FINE
    assert p1 == pytest.approx(0.2) and p2 == pytest.approx(power_of_drag(0.05 + 0.05 * FINE))


def test_ctrl_locks_the_power_and_turns_only():
    drag = AimDrag((0.0, 0.0), 0.0)
    d1, p1 = drag.update((0.0, -0.2))
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
