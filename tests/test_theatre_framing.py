"""The theatre frames the whole table above its control panel: no corner of the table (felt and
rim) under the panel or off the picture."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from feltbox.game.render.top_view import table_extent
from feltbox.game.window.framing import Lens, project
from feltbox.game.window.theatre import ABOVE_PANEL, PANEL_TOP, table_orbit
from tests.xvfb import felt_in, needs_xvfb, run_in_xvfb


def _window_lens(aspect: float) -> Lens:
    """The window's lens: Panda3D's default PerspectiveLens at the window's aspect (as ShowBase)."""
    from panda3d.core import PerspectiveLens
    lens = PerspectiveLens()
    lens.setAspectRatio(aspect)
    fov = lens.getFov()
    return Lens(np.tan(np.radians(fov[0]) / 2), np.tan(np.radians(fov[1]) / 2))


def _corners(box, z=0.0):
    x0, y0, x1, y1 = box
    return np.array([[x, y, z] for x in (x0, x1) for y in (y0, y1)])


@pytest.mark.parametrize("aspect", [1280 / 720, 4 / 3, 1.0])
def test_every_table_corner_projects_above_the_panel(aspect):
    lens = _window_lens(aspect)
    box = table_extent()
    orbit = table_orbit(box, lens)
    xy = project(_corners(box), orbit.eye(), orbit.heading, orbit.pitch, lens)
    assert np.isfinite(xy).all()
    assert (xy[:, 1] > PANEL_TOP).all(), f"a corner is under the panel: {xy}"
    assert ABOVE_PANEL.contains(xy).all()
    assert (np.abs(xy[:, 0]) <= 1.0).all() and (xy[:, 1] <= 1.0).all()
    # and the table is not a postage stamp: it spans at least half of the picture above the panel
    height = xy[:, 1].max() - xy[:, 1].min()
    assert height > 0.5 * (ABOVE_PANEL.top - ABOVE_PANEL.bottom)


def test_the_old_view_cropped_the_back_row_under_the_panel_no_more():
    """The theatre used to aim at (0, -20) from the window's default orbit (48 deg, 150 cm): the
    near corners fell under the panel. Measured with the same projection, so this test shows the
    check can fail."""
    from feltbox.game.render.camera import Orbit
    lens = _window_lens(16 / 9)
    old = Orbit(np.array([0.0, -20.0, 0.0]), 0.0, 48.0, 150.0)
    xy = project(_corners(table_extent()), old.eye(), old.heading, old.pitch, lens)
    assert not ABOVE_PANEL.contains(xy).all()


DRIVER = r"""
import sys
import numpy as np
from panda3d.core import Point2, Point3
from feltbox.game.replay.timeline import Timeline
from feltbox.game.table.city import build_city
from feltbox.game.window.theatre import open_theatre, PANEL_TOP
from feltbox.scenes.loader import load_flickem
city = build_city(load_flickem(1))
poses = np.repeat(np.asarray(city.poses, np.float32)[None], 3, 0)
timeline = Timeline(poses, np.ones(poses.shape[:2], bool), [], np.zeros((3, 3), np.float32), np.zeros(3, np.int32))
app = open_theatre(timeline, city.bodies, "feltbox-theatre-frame", frames=10)
base = app.base
half = 69.0
ys, xs = [], []
for x in (-half, half):
    for y in (-half, half):
        p2 = Point2()
        assert base.camLens.project(base.cam.getRelativePoint(base.render, Point3(x, y, 0)), p2)
        xs.append(p2.x); ys.append(p2.y)
print("lowest %.3f highest %.3f widest %.3f panel %.3f" % (min(ys), max(ys), max(abs(v) for v in xs), PANEL_TOP))
base.graphicsEngine.renderFrame()
base.win.saveScreenshot(__import__("panda3d.core", fromlist=["Filename"]).Filename(sys.argv[1]))
"""


@pytest.mark.render
@needs_xvfb
def test_the_theatre_window_shows_the_whole_table_above_its_panel(tmp_path):
    shot = tmp_path / "theatre.png"
    out = run_in_xvfb(DRIVER, shot)
    values = dict(zip(out.split()[0::2], map(float, out.split()[1::2])))
    assert values["lowest"] > values["panel"], out
    assert values["highest"] < 1.0 and values["widest"] < 1.0, out
    felt_in(Path(shot))
