"""The camera's framing, the line of sight over the real table and who a drag may start on, headless
(game/window/framing.py, sight.py, camera_director.py, flick_target.py, hud_layout.py). The window
tests (tests/test_first_game_window.py) check the same with the real lens and mouse."""
from __future__ import annotations

import math

import numpy as np
import pytest

from feltbox.game.render.camera import Orbit
from feltbox.game.window.camera_director import acted_on, follow_track, sight_heights
from feltbox.game.window.flick_target import GRAB, drag_hint, refusal, starts_drag
from feltbox.game.window.framing import Lens, Rect, axes, choose_view, frame, project
from feltbox.game.window.hud_layout import CARD_W, RIGHT_W, TOP_H, free_area

# Panda3D's default lens in a 1280x720 window: 40 deg across... (the window test reads the real one)
LENS = Lens(math.tan(math.radians(40.0) / 2), math.tan(math.radians(40.0) / 2) / (1280 / 720))
FREE = free_area(1280 / 720)


def test_the_free_area_is_what_the_panels_leave():
    aspect = 1280 / 720
    # left: the cards' column (CARD_W) and a gap; right: the choices / feed column; top: the bar
    assert FREE.left * aspect == pytest.approx(-aspect + CARD_W + 0.04)
    assert FREE.right * aspect == pytest.approx(aspect - RIGHT_W - 0.06)
    assert FREE.top == pytest.approx(1 - TOP_H - 0.04)
    assert -1 < FREE.bottom < -0.7 and FREE.left < FREE.right
    bigger = free_area(aspect, 1.5)                      # a bigger UI scale leaves less
    assert bigger.left > FREE.left and bigger.right < FREE.right and bigger.top < FREE.top


def test_orbit_axes_match_the_orbit_camera():
    orbit = Orbit(np.array([3.0, -4.0, 1.5]), heading=37.0, pitch=52.0, distance=80.0)
    forward, right, up = axes(orbit.heading, orbit.pitch)
    assert forward == pytest.approx((orbit.target - orbit.eye()) / 80.0)
    assert np.dot(right, forward) == pytest.approx(0.0) and up[2] > 0
    # the target projects at the centre of the screen
    assert project(orbit.target, orbit.eye(), orbit.heading, orbit.pitch, LENS)[0] == pytest.approx([0.0, 0.0], abs=1e-9)


def test_framed_pieces_project_inside_the_free_area():
    points = np.array([[-30.0, 10.0, 1.8], [12.0, 25.0, 1.8], [0.0, -8.0, 1.8]])
    for heading in (0.0, 75.0, 210.0):
        orbit = frame(points, heading, 50.0, LENS, FREE)
        xy = project(points, orbit.eye(), orbit.heading, orbit.pitch, LENS)
        assert FREE.contains(xy).all(), (heading, xy)
        assert orbit.target[2] == pytest.approx(1.5)             # the orbit turns round the table
        # as close as allowed: 10 % closer, some piece leaves the area less its margin
        closer = orbit.target + (orbit.eye() - orbit.target) * 0.9
        inner = FREE.shrunk(0.12)
        assert not inner.contains(project(points, closer, heading, 50.0, LENS)).all()


def test_one_piece_is_framed_at_the_free_areas_centre_not_the_screens():
    point = np.array([[5.0, 5.0, 1.8]])
    orbit = frame(point, 0.0, 48.0, LENS, FREE)
    xy = project(point, orbit.eye(), 0.0, 48.0, LENS)[0]
    assert xy == pytest.approx([(FREE.left + FREE.right) / 2, (FREE.bottom + FREE.top) / 2], abs=1e-6)
    assert xy[0] < -0.05                  # the free area lies left of the middle (the right column is wider)


@pytest.fixture(scope="module")
def s7():
    from feltbox.game.table.city import build_city
    from feltbox.game.window.sight import Sightlines
    from feltbox.scenes.loader import load_flickem
    city = build_city(load_flickem(7))
    return city, Sightlines(city.bodies, city.poses)


def _figure(city, piece):
    """The points of a figure the camera must see (camera_director.sight_heights: centre and legs)."""
    p = city.poses[city.index(piece), :3].astype(float)
    return np.array([[p[0], p[1], z] for z in sight_heights(p[2])])


def test_s7_kevin_seen_from_the_south_is_behind_the_school(s7):
    """S7's map: the school at (-27, -36), Kevin at (-31.2, -19) north of it. Framed from the
    south (heading 0) at a low 30 deg the ray from the eye to Kevin meets the school."""
    city, sight = s7
    kevin = _figure(city, "survivor-kevin")
    naive = frame(kevin, 0.0, 30.0, LENS, FREE)
    assert naive.eye()[1] < -36.0 + 10                        # the eye is south, over or past the school
    assert [sight.blocker(naive.eye(), p) for p in kevin] == ["school", "school"]
    assert "school" in sight.blockers and len(sight.blockers) == 7    # 6 buildings and the RV


def test_s7_the_chosen_view_of_kevin_has_a_clear_line_of_sight(s7):
    city, sight = s7
    kevin = _figure(city, "survivor-kevin")
    orbit, clear = choose_view(kevin, 0.0, 30.0, LENS, FREE, sight.clear)
    assert clear and all(sight.blocker(orbit.eye(), p) is None for p in kevin)
    assert (orbit.heading, orbit.pitch) != (0.0, 30.0)                   # it had to turn or rise
    assert FREE.contains(project(kevin, orbit.eye(), orbit.heading, orbit.pitch, LENS)).all()
    # every survivor of S7, from every side: the chosen view sees it
    for spec in city.bodies:
        if spec.kind == "survivor":
            p = _figure(city, spec.id)
            for heading in (0.0, 90.0, 180.0, 270.0):
                orbit, clear = choose_view(p, heading, 25.0, LENS, FREE, sight.clear)
                assert clear and all(sight.clear(orbit.eye(), q) for q in p), (spec.id, heading)


def test_the_camera_follows_each_flick_of_a_bot_turn():
    # 3 bodies, 120 frames: body 1 slides in frames 0-40, body 2 in frames 60-100, body 0 still
    frames = np.zeros((120, 3, 7), np.float32)
    frames[:, :, 3] = 1.0
    frames[:, 1, 0] = np.clip(np.arange(120), 0, 40) * 0.5
    frames[:, 2, 1] = np.clip(np.arange(120) - 60, 0, 40) * 0.4
    track = follow_track(frames)
    assert set(track[:30]) == {1} and set(track[60:90]) == {2}
    assert track[110] == -1                                 # nothing moves at the end
    frames[70:, 0, 0] = 300.0                                # body 0 put in the bin: a teleport
    assert 0 not in set(follow_track(frames))
    assert acted_on(frames, limit=60.0) == [1, 2]            # the binned body is off the table


def test_a_drag_starts_only_on_the_piece_the_rules_flick():
    assert starts_drag("survivor-anita", "survivor-anita", None)
    assert starts_drag(None, "survivor-anita", GRAB * 0.5)            # at her feet: her disc
    assert not starts_drag(None, "survivor-anita", GRAB * 2)          # on the felt, further away
    assert not starts_drag("survivor-loretta", "survivor-anita", 0.0)  # on another survivor
    assert not starts_drag("survivor-anita", None, 0.0)
    assert drag_hint("survivor-anita", "movement_disc") == "drag back from Anita's disc to flick"
    assert refusal("survivor-loretta", "survivor-anita", "movement_disc") == \
        "that is Loretta: drag back from Anita's disc to flick"
    assert refusal(None, "survivor-rosa", "gun").startswith("drag back from Rosa's gun to flick")


def test_rect_contains_and_shrinks():
    r = Rect(-1.0, 1.0, -0.5, 0.5)
    assert r.contains(np.array([[0.9, 0.4], [1.1, 0.0]])).tolist() == [True, False]
    assert r.shrunk(0.5) == Rect(-0.5, 0.5, -0.25, 0.25)
