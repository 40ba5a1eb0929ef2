"""The true top view: an orthographic lens whose film holds the whole table inside the HUD's free
area; picking with the mouse works through it; other views bring the perspective lens back."""
from __future__ import annotations

import numpy as np
import pytest

from feltbox.game.render.surfaces import RIM
from feltbox.game.render.top_view import table_extent, to_ndc, top_film
from feltbox.game.window.hud_layout import free_area
from feltbox.models.dimensions import dims
from tests.xvfb import needs_xvfb, run_in_xvfb


def test_the_film_fits_the_table_inside_the_free_area_with_the_windows_aspect():
    aspect = 1280 / 720
    free = free_area(aspect)
    box = (-69.0, -69.0, 69.0, 69.0)
    film = top_film(box, aspect, (free.left, free.right, free.bottom, free.top), margin=0.04)
    width, height, cx, cy = film
    assert width / height == pytest.approx(aspect)
    corners = to_ndc([(x, y) for x in box[::2] for y in box[1::2]], film)
    assert free.contains(corners).all()
    # the table is as large as it can be: its height fills the free area's height less the margin
    ys = corners[:, 1]
    assert ys.max() - ys.min() == pytest.approx((free.top - free.bottom) * 0.96, rel=1e-6)
    # its middle is the free area's middle (not the window's: the panels are not even)
    middle = to_ndc([(0.0, 0.0)], film)[0]
    assert middle == pytest.approx([(free.left + free.right) / 2, (free.bottom + free.top) / 2])
    assert height == pytest.approx(138.0 / ((free.top - free.bottom) / 2 * 0.96))


def test_a_wide_table_is_fitted_by_its_width():
    film = top_film((-100.0, -10.0, 100.0, 10.0), 1.0)
    corners = to_ndc([(-100.0, 0.0), (100.0, 0.0)], film)
    assert corners[:, 0] == pytest.approx([-0.96, 0.96])


def test_the_table_extent_is_the_felt_and_its_rim_and_any_piece_beyond():
    half = dims()["table"]["width"] / 2 + RIM
    assert table_extent() == (-half, -half, half, half)
    poses = np.zeros((2, 7))
    poses[1, :2] = (half + 20.0, 0.0)
    assert table_extent(poses)[2] == pytest.approx(half + 26.0)
    assert table_extent(poses, np.array([True, False]))[2] == pytest.approx(half)   # off the table: not counted


DRIVER = r"""
import sys
from feltbox.game.window.app import run_window
from feltbox.game.table.city import build_city
from feltbox.game.window.play import flick_handler
from feltbox.game.table.session import Session
from feltbox.scenes.loader import load_flickem
from panda3d.core import OrthographicLens, PerspectiveLens
city = build_city(load_flickem(1))
app = run_window(city.bodies, city.poses, "feltbox-top", flick_handler(Session(city)), frames=10)
base = app.base
""" + __import__("tests.window_drivers", fromlist=["PRELUDE"]).PRELUDE + r"""
key("2"); step(10)
lens = base.camLens
print("ortho", isinstance(lens, OrthographicLens), isinstance(base.cam.node().getLens(), OrthographicLens))
marker_lens = base.cam.find("overlay-camera").node().getLens()      # the markers drawn after the FXAA pass
print("overlay_ortho", isinstance(marker_lens, OrthographicLens))
free = app.director.free()
half = 69.0
inside = []
for x in (-half, half):
    for y in (-half, half):
        p2 = Point2()
        ok = lens.project(base.cam.getRelativePoint(base.render, Point3(x, y, 0)), p2)
        inside.append(bool(ok) and free.left <= p2.x <= free.right and free.bottom <= p2.y <= free.top)
print("corners_inside", all(inside))
picked = []
for piece in ("survivor-john", "barrel-1", "car", "box-2"):
    if piece not in app.ids:
        continue
    x, y = screen_of(app, piece, z=1.0)
    xdo("mousemove", "--window", win, x, y); step(6)
    picked.append((piece, app.picker.hover))
print("picked", picked)
shot(sys.argv[1])
key("1"); step(5)
print("back", isinstance(base.camLens, PerspectiveLens), isinstance(base.cam.node().getLens(), PerspectiveLens),
      isinstance(base.cam.find("overlay-camera").node().getLens(), PerspectiveLens))
key("2"); step(5)
xdo("key", "--window", win, "Right"); step(5)       # an orbit leaves the top view
print("orbit_leaves", isinstance(base.cam.node().getLens(), PerspectiveLens))
"""


@pytest.mark.render
@needs_xvfb
def test_the_top_view_is_orthographic_frames_the_table_and_picks(tmp_path):
    shot = tmp_path / "top.png"
    out = run_in_xvfb(DRIVER, shot)
    assert "ortho True True" in out
    assert "overlay_ortho True" in out, "the markers over the FXAA pass follow the table camera's lens"
    assert "corners_inside True" in out
    picked = eval(out.split("picked ")[1].splitlines()[0])
    assert picked and all(piece == hover for piece, hover in picked), picked
    assert "back True True True" in out and "orbit_leaves True" in out


@pytest.mark.render
def test_render_view_top_is_orthographic_the_far_edge_as_wide_as_the_near(tmp_path):
    """`feltbox render ... --view top`: in a perspective view from above the table's far and near
    edges would differ; here the felt is a true square: as wide at its top rows as at its bottom."""
    from panda3d.core import OrthographicLens
    from PIL import Image

    from feltbox.game.cli.main import main
    out = tmp_path / "top.png"
    assert main(["render", "tailfeathers", "show_of_force", "--out", str(out), "--size", "480x270",
                 "--view", "top"]) == 0
    picture = np.asarray(Image.open(out).convert("RGB")).astype(int)
    r, g, b = picture[..., 0], picture[..., 1], picture[..., 2]
    felt = (g > r + 25) & (g > b + 10)
    rows = np.flatnonzero(felt.sum(axis=1) > 20)
    assert rows[0] < 20 and rows[-1] > 250, "the felt does not fill the picture's height"
    widths = [np.ptp(np.flatnonzero(felt[y])) for y in (rows[0] + 3, rows[-1] - 3)]
    assert abs(widths[0] - widths[1]) <= 2, widths
    square = (rows[-1] - rows[0]) / widths[0]
    assert square == pytest.approx(1.0, abs=0.04)          # the felt is square seen straight down
    from feltbox.game.render.offscreen import Renderer
    from feltbox.game.render.top_view import look_top
    renderer = Renderer(64, 36)
    try:
        film = look_top(renderer)
        assert isinstance(renderer.camera.node().getLens(), OrthographicLens)
        assert film[0] / film[1] == pytest.approx(64 / 36)
    finally:
        renderer.close()


@pytest.mark.render
def test_the_top_view_hides_the_canopies_that_would_cover_the_spaces():
    """Tail Feathers' canopies (drawn-only parts over the spaces) are hidden seen from straight
    above, so the spaces and the birds on them show; any other view shows them again."""
    from feltbox.game.render.offscreen import Renderer
    from feltbox.game.render.top_view import look_top, see_through
    from feltbox.game.tailfeathers.table import tf_table
    from feltbox.scenes.loader import load_tailfeathers
    bodies, poses = tf_table(load_tailfeathers("show_of_force"))
    renderer = Renderer(64, 36)
    try:
        renderer.set_bodies(bodies)
        renderer.set_poses(poses)
        canopies = renderer.root.findAllMatches("**/=see-through")
        assert canopies.getNumPaths() >= 4 and not any(p.isHidden() for p in canopies)
        look_top(renderer)
        assert all(p.isHidden() for p in canopies)
        see_through(renderer.root, True)
        assert not any(p.isHidden() for p in canopies)
    finally:
        renderer.close()
