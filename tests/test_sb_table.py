"""The Snowbirds table (game/snowbirds/table.py, scenes/snowbirds/table.toml): every part has its
place, nothing overlaps or lies under the felt, tokens stand on their printed values, and the
default view shows it all at 1280x720 with the mat readable and the dice's pips visible."""
from __future__ import annotations

import copy
import itertools
import re
from types import SimpleNamespace

import numpy as np
import pytest

from feltbox.game.snowbirds import table
from feltbox.game.table.bodies import quat_rotate
from feltbox.game.table.spawn import overlaps
from feltbox.models.base import inflation
from feltbox.models.catalog import build
from feltbox.models.d6 import top_face
from feltbox.models.dimensions import dims
from feltbox.models.snowbirds import TRACKS, layout, sb_dims

SETUP = dict(exhaustion=0, hunger=0, flock=5, location=0)


def _collision_points(model) -> np.ndarray:
    pts = []
    for p in model.collision:
        if p.kind == "box":
            h, o = np.asarray(p.half_extents), np.asarray(p.offset)
            pts.append(o + h * np.array(list(itertools.product((-1, 1), repeat=3))))
        else:
            pts.append(p.points)
    return np.vstack(pts)


def _world_points(model, pose) -> np.ndarray:
    pts = _collision_points(model)
    return quat_rotate(np.broadcast_to(pose[3:7], (len(pts), 4)), pts) + pose[:3]


def _rect(points) -> tuple[float, float, float, float]:
    return points[:, 0].min(), points[:, 1].min(), points[:, 0].max(), points[:, 1].max()


def _apart(a, b) -> bool:
    return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def test_setup_tokens_at_0_exhaustion_0_hunger_5_birds_and_the_flock_on_north():
    bodies, poses = table.sb_table()
    ids = [b.id for b in bodies]
    for name, value in zip(TRACKS, (0, 0, 5)):
        assert np.allclose(poses[ids.index(f"token-{name}")], table.token_pose(name, value))
    assert np.allclose(poses[ids.index("migration-token")], table.migration_pose(0))
    assert table.map_slot(0).x < table.map_slot(10).x                 # North on the left, South right


@pytest.mark.parametrize("name", TRACKS)
def test_flock_and_health_token_pose_for_every_value_stands_on_its_printed_spot(name):
    mx, my = table.sb_layout()["mat"]["x"], table.sb_layout()["mat"]["y"]
    card_x = mx + layout.card_centre_x(name)
    length, width = layout.card_size()
    xs = []
    for value in table.track_values(name):
        pose = table.token_pose(name, value)
        sx, sy = layout.spot_xy(name, value)
        assert pose[:2] == pytest.approx((mx + sx, my + sy))
        assert abs(pose[0] - card_x) + sb_dims()["token"]["diameter"] / 2 < length / 2     # on its card
        assert abs(pose[1] - my) + sb_dims()["token"]["diameter"] / 2 < width / 2
        bottom = pose[2] - sb_dims()["token"]["thickness"] / 2 - inflation(build("sb_token", track=name))
        assert bottom == pytest.approx(sb_dims()["card"]["thickness"])     # Bullet's surface on the mat
        xs.append(pose[0])
    assert xs == sorted(xs) and min(np.diff(xs)) >= sb_dims()["token"]["diameter"]           # low to high
    with pytest.raises(ValueError, match=name):
        table.token_pose(name, table.track_values(name)[-1] + 1)


def test_maps_and_journeys_the_journeys_two_cards_lie_side_by_side():
    """Maps & Journeys: two map cards make a journey; journey k is map slots k-1 and k."""
    for k in range(1, 11):
        a, b = table.map_slot(k - 1).footprint(), table.map_slot(k).footprint()
        assert a[1] == pytest.approx(b[1]) and 0.0 < b[0] - a[2] < 2.0        # same row, a small gap


def test_card_places_do_not_overlap_each_other_or_the_pieces():
    places = table.slots()
    rects = [s.footprint() for s in places]
    for (s, a), (t, b) in itertools.combinations(zip(places, rects), 2):
        assert _apart(a, b), f"{s.name} overlaps {t.name}"
    bodies, poses = table.sb_table(**SETUP)
    pieces = {b.id: _rect(_world_points(b.model, p)) for b, p in zip(bodies, poses)}
    strip = pieces["map-row"]
    for s, r in zip(places, rects):
        for name in ("player-mat", "dice-tray"):
            assert _apart(r, pieces[name]), f"{s.name} overlaps the {name}"
        inside_strip = strip[0] < r[0] and r[2] < strip[2] and strip[1] < r[1] and r[3] < strip[3]
        assert inside_strip == s.name.startswith("map-") or _apart(r, strip), s.name
    assert _apart(pieces["player-mat"], pieces["dice-tray"]) and _apart(pieces["player-mat"], strip)
    assert _apart(pieces["dice-tray"], strip)


@pytest.mark.parametrize("state", [SETUP, dict(exhaustion=2, hunger=-1, flock=1, location=10),
                                   dict(exhaustion=1, hunger=4, flock=0, location=5)])
def test_no_piece_is_inside_another_or_below_the_felt(state):
    bodies, poses = table.sb_table(**state)
    present = np.ones(len(bodies), bool)
    laid_out = SimpleNamespace(bodies=bodies)           # spawn.overlaps reads only .bodies
    for i in range(len(bodies)):                         # each piece against all the others
        assert overlaps(laid_out, poses.astype(np.float32), present, [i]) == [], bodies[i].id
    half = dims()["table"]["width"] / 2
    for b, p in zip(bodies, poses):
        pts = _world_points(b.model, p)
        assert pts[:, 2].min() >= -1e-5, f"{b.id} dips under the felt"
        assert np.abs(pts[:, :2]).max() < half, f"{b.id} is off the felt"
    x0, y0, x1, y1 = table.extent()
    assert -half < x0 and x1 < half and -half < y0 and y1 < half


def test_the_overlap_check_sees_a_die_inside_another():
    bodies, poses = table.sb_table()
    poses[-1, :3] = poses[-2, :3] + (0.5, 0.0, 0.0)
    found = overlaps(SimpleNamespace(bodies=bodies), poses.astype(np.float32), np.ones(len(bodies), bool),
                     [len(bodies) - 1])
    assert [(i, j) for i, j, _ in found] == [(len(bodies) - 1, len(bodies) - 2)] and found[0][2] > 0.5


def test_dice_in_the_tray_show_the_faces_asked_for():
    bodies, poses = table.sb_table(dice=(6, 1))
    dice = [p for b, p in zip(bodies, poses) if b.kind == "d6"]
    assert [top_face(p[3:7])[0] for p in dice] == [6, 1]
    with pytest.raises(ValueError, match="1..6"):
        table.dice_in_tray((7,))


@pytest.mark.render
def test_default_view_renders_the_whole_table_readable(tmp_path):
    from panda3d.core import Point2, Point3  # noqa: PLC0415  (Panda only for the render test)

    from feltbox.game.render.offscreen import Renderer  # noqa: PLC0415
    bodies, poses = table.sb_table(exhaustion=1, hunger=-1, flock=4, location=3, dice=(3, 5))
    r = Renderer(1280, 720)
    r.set_bodies(bodies)
    r.set_poses(poses)
    eye, at = table.sb_view()
    r.camera.setPos(*eye)
    r.camera.lookAt(Point3(*at))
    image = r.snapshot("/tmp/sb_table.png")
    lens = r.camera.node().getLens()

    def pixel(x, y, z=0.0):
        p2 = Point2()
        assert lens.project(r.camera.getRelativePoint(r.root, Point3(x, y, z)), p2), (x, y, z)
        return np.array([(p2[0] + 1) / 2 * 1280, (1 - p2[1]) / 2 * 720])

    x0, y0, x1, y1 = table.extent()
    for x, y in itertools.product((x0, x1), (y0, y1)):
        u, v = pixel(x, y)
        assert 0 <= u < 1280 and 0 <= v < 720                          # all of the table in the frame
    mx, my = table.sb_layout()["mat"]["x"], table.sb_layout()["mat"]["y"]
    # a printed number (1.15 cm type) spans enough pixels to read: 1 cm of the mat >= 10 px each way
    nx, ny = layout.number_xy("hunger", 2)
    a, b = pixel(mx + nx, my + ny - 0.5), pixel(mx + nx, my + ny + 0.5)
    c = pixel(mx + nx + 0.5, my + ny)
    assert abs(a[1] - b[1]) >= 10 and abs(c[0] - a[0]) * 2 >= 10
    # the exhaustion title is printed in its red where the mat is
    tx, ty = layout.card_centre_x("exhaustion"), layout.TITLE_Y * layout.card_size()[1]
    u, v = pixel(mx + tx, my + ty).astype(int)
    patch = image[v - 8:v + 8, u - 60:u + 60].astype(int)
    red = (patch[..., 0] > 150) & (patch[..., 1] < 90) & (patch[..., 2] < 90)
    assert red.sum() > 40
    # the dice: a 1.6 cm die spans >= 12 px and its pips are dark dots on ivory
    die = poses[[b.kind for b in bodies].index("d6")]
    u, v = pixel(*die[:3]).astype(int)
    span = np.linalg.norm(pixel(*die[:3]) - pixel(die[0] + 1.6, die[1], die[2]))
    assert span >= 12
    r = int(span / 2) - 1                                               # the die's top face, not the felt
    patch = image[v - r:v + r + 1, u - r:u + r + 1].astype(int).sum(axis=-1)
    assert (patch > 600).sum() > 30 and (patch < 150).sum() > 3


@pytest.mark.parametrize("edit,field", [(("mat", "x", "left"), "[mat] x"), (("held", "y", "near"), "[held] y"),
                                        (("camera", "pitch", 95.0), "[camera] pitch"),
                                        (("piles", "rest", [1.0]), "[piles] rest")])
def test_a_wrong_layout_field_is_named(edit, field):
    layout_table = copy.deepcopy(dict(table.sb_layout()))
    section, name, value = edit
    layout_table[section][name] = value
    with pytest.raises(table.LayoutError, match=rf"^table.toml: {re.escape(field)}: "):
        table.check_layout(layout_table, "table.toml")
    del layout_table[section][name]
    with pytest.raises(table.LayoutError, match="missing|must be"):
        table.check_layout(layout_table, "table.toml")
