"""What a Tail Feathers player sees (issue 13): the dice tray stands where the overview camera sees
it, a bird's tilt marker shows in a picture, mission cards carry printed faces, the templates and
the range finder carry their marks."""
from __future__ import annotations

import numpy as np
import pytest
from panda3d.core import Point2, Point3

from feltbox.game.render.offscreen import Renderer
from feltbox.game.table.bodies import BodySpec
from feltbox.game.table.city import rest_pose
from feltbox.game.tailfeathers.table import TRAY_ID, tf_table
from feltbox.models.catalog import build
from feltbox.models.tailfeathers import tf_dims
from feltbox.models.tailfeathers import tray as tray_model
from feltbox.models.tailfeathers.flight import INK, TICK
from feltbox.models.tailfeathers.terrain import ALLIANCE
from feltbox.scenes.loader import load_tailfeathers


def _on_screen(renderer: Renderer, point) -> bool:
    p = renderer.camera.getRelativePoint(renderer.root, Point3(*map(float, point)))
    film = Point2()
    return bool(renderer.camera.node().getLens().project(p, film)) and abs(film.x) < 1 and abs(film.y) < 1


@pytest.mark.render
@pytest.mark.parametrize("name", ["show_of_force", "glade_crossing"])
def test_the_dice_tray_stands_in_the_overview_picture(name):
    bodies, poses = tf_table(load_tailfeathers(name))
    k = next(i for i, b in enumerate(bodies) if b.id == TRAY_ID)
    west, east, south, north = load_tailfeathers(name).bounds
    length, width = tray_model.SIZE.outer
    x, y = poses[k][:2]
    assert x - width / 2 > east, "the tray stands off the battlefield"
    renderer = Renderer(320, 180)
    try:
        renderer.look("overview")
        top = tray_model.FLOOR + tray_model.WALL_HEIGHT
        corners = [(x + sx * width / 2, y + sy * length / 2, z) for sx in (-1, 1) for sy in (-1, 1) for z in (0, top)]
        assert all(_on_screen(renderer, c) for c in corners)
    finally:
        renderer.close()


@pytest.mark.render
def test_tilt_phase_left_tilt_marker_shows_red_in_a_picture():
    """A blue bird on a blue ring: at left tilt its red marker shows from the overview camera's
    side (from behind, as a player sees a bird flying away), at center tilt nothing red does."""
    reds = {}
    for tilt in ("left", "center"):
        spec = BodySpec("b", "tf_bird", {"name": "aerijin", "tilt": tilt, "pilot": "zure", "ring": "blue"})
        renderer = Renderer(320, 240)
        try:
            renderer.set_bodies([spec])
            renderer.set_poses(np.array([rest_pose(spec, 0.0, 0.0, 90.0)]))
            renderer.look_from((0.0, -30.0, 28.0), (0.0, 0.0, 3.0))
            image = renderer.image().astype(int)
        finally:
            renderer.close()
        reds[tilt] = int(((image[..., 0] > 140) & (image[..., 1] < 80) & (image[..., 2] < 80)).sum())
    assert reds["center"] < 5
    assert reds["left"] > 40


@pytest.mark.parametrize("alliance", ["mouse", "rat"])
def test_mission_cards_are_printed(alliance):
    """Mission Phase: face down the card shows its alliance's back (its colour); face up each
    mission prints its own title."""
    back = build("tf_mission", alliance=alliance, face="down")
    assert len(back.prints) == 1
    mean = back.prints[0].image[..., :3].reshape(-1, 3).mean(axis=0) / 255
    assert np.abs(mean - np.array(ALLIANCE[alliance][:3])).max() < 0.12
    faces = [build("tf_mission", alliance=alliance, mission=m, face="up").prints[0].image
             for m in ("decoy", "siege", "patrol")]
    assert not np.array_equal(faces[0], faces[1]) and not np.array_equal(faces[1], faces[2])
    d = tf_dims()["mission_card"]
    corners = back.prints[0].corners
    assert np.ptp(corners[:, 0]) == pytest.approx(d["length"]) and np.ptp(corners[:, 1]) == pytest.approx(d["width"])


@pytest.mark.parametrize("size", ["short", "long"])
def test_flight_templates_print_length_ticks_and_arrows(size):
    """Flight Templates: a tick across each edge every centimetre of the strip up to the maneuver
    point, and chevrons in the template's colour pointing the way it flies (+x)."""
    t = tf_dims()["template"]
    model = build("tf_template", size=size)
    strip = t[size] - t["maneuver_radius"]
    ticks = [m for m, c in model.visuals if c == INK and np.ptp(m.vertices[:, 0]) < 0.2]
    assert len(ticks) == 2 * (int(strip) - 1)
    chevrons = [m for m, c in model.visuals if c[:3] != INK[:3] and np.ptp(m.vertices[:, 1]) < 1.0
                and np.ptp(m.vertices[:, 0]) > 0.5]
    assert len(chevrons) >= 4
    for m in chevrons:                         # each stroke's point (y = 0) is its foremost end
        tip = m.vertices[np.abs(m.vertices[:, 1]).argmin()]
        assert tip[0] >= m.vertices[:, 0].max() - 0.2


def test_range_finder_marks_every_centimetre_past_close_range():
    d = tf_dims()["range_finder"]
    model = build("tf_range_finder")
    ticks = [m for m, c in model.visuals if c == TICK]
    assert len(ticks) == int(d["length"]) - int(d["close"]) - 1
    long_ticks = [m for m in ticks if np.ptp(m.vertices[:, 1]) > 0.8]
    assert len(long_ticks) == len([k for k in range(int(d["close"]) + 1, int(d["length"])) if k % 5 == 0])


@pytest.mark.render
def test_a_view_from_above_can_hide_the_canopies():
    """show_see_through(root, False) hides every tree's drawn-only crown (the spaces under it show
    again, for a view from straight above) and True brings it back, pixel for pixel."""
    from feltbox.game.render.visuals import show_see_through
    bodies, poses = tf_table(load_tailfeathers("show_of_force"))
    renderer = Renderer(320, 180, shadows=False, antialias=False)
    try:
        renderer.set_bodies(bodies)
        renderer.set_poses(poses)
        renderer.look("top")
        crowned = renderer.image().astype(int)
        assert show_see_through(renderer.root, False) == 5            # four trees and the sapling
        bare = renderer.image().astype(int)
        show_see_through(renderer.root, True)
        again = renderer.image().astype(int)
    finally:
        renderer.close()
    changed = (np.abs(crowned - bare).sum(axis=2) > 30).mean()
    assert changed > 0.03, "hiding the canopies changed nothing"
    assert np.array_equal(crowned, again)
