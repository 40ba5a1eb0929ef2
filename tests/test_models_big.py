"""The big pieces' geometry (rulebook: MATERIAL; ENTERING AND EXITING A BUILDING and the glossary's
DOOR / IN A BUILDING; ZOMBIE RUSH): buildings and the RV on their support blocks, vehicles, props,
the zombie tower, its roof support and the bin. Pure geometry: no Bullet here."""
from __future__ import annotations

import ast
import itertools
from pathlib import Path

import numpy as np
import pytest
from scipy.spatial import ConvexHull

from feltbox.models import buildings, props, tower
from feltbox.models.catalog import BUILDING_NAMES, VEHICLE_NAMES, build
from feltbox.models.dimensions import dims

BIG = [("building", {"name": n}) for n in BUILDING_NAMES] + \
    [("support_block", {"building": n}) for n in BUILDING_NAMES] + \
    [("vehicle", {"name": n}) for n in VEHICLE_NAMES] + \
    [(k, {"number": n}) for k in ("barrel", "box") for n in (1, 2, 3)] + \
    [(k, {}) for k in ("street_lamp", "barricade", "city_limit", "zombie_tower", "roof_support", "zombie_bin")]
IDS = [f"{k}-{'-'.join(map(str, p.values()))}" for k, p in BIG]
CLEARANCE = dims()["support_block"]["height"]      # a building's underside (one value: the blocks)
FIGURE = dims()["figure"]
DISC = dims()["movement_disc"]


def _points(model) -> np.ndarray:
    return np.vstack([p.points for p in model.collision])


def _hulls(model) -> list[ConvexHull]:
    return [ConvexHull(p.points) for p in model.collision]


def _ray(hull: ConvexHull, origin, direction) -> tuple[float, float] | None:
    """Entry and exit parameters of the ray origin + t * direction through a convex hull."""
    normals, offsets = hull.equations[:, :3], hull.equations[:, 3]
    along = normals @ np.asarray(direction, float)
    slack = -(normals @ np.asarray(origin, float) + offsets)
    flat = np.abs(along) < 1e-12
    if (slack[flat] < -1e-9).any():
        return None
    ratio = slack[~flat] / along[~flat]
    leaving = along[~flat] > 0
    t_out = ratio[leaving].min(initial=np.inf)
    t_in = ratio[~leaving].max(initial=-np.inf)
    return (t_in, t_out) if t_in <= t_out else None


def _first_hit(model, origin, direction) -> float | None:
    hits = [r[0] for h in _hulls(model) if (r := _ray(h, origin, direction)) is not None and r[1] > 1e-6]
    return min(hits) if hits else None


@pytest.mark.parametrize("kind,params", BIG, ids=IDS)
def test_big_piece_builds_convex_modest_and_resting(kind, params):
    model = build(kind, **params)
    for part in model.collision:
        assert len(part.points) >= 4
        hull = ConvexHull(part.points)
        assert len(hull.vertices) == len(part.points), "a collision part has points inside its hull"
        assert hull.volume > 1e-3
    assert sum(len(m.faces) for m, _ in model.visuals) < 3000
    lift = CLEARANCE if kind == "building" else 0.0       # a building rests ON its blocks
    assert model.rest_height == pytest.approx(lift - _points(model)[:, 2].min(), abs=1e-6)
    static = kind in ("zombie_tower", "roof_support", "zombie_bin")
    assert (model.mass == 0.0) == static
    if not static:
        assert all(i > 0 for i in model.inertia)


def test_tags_and_masses_from_the_dimensions_table():
    for name in BUILDING_NAMES:
        model = build("building", name=name)
        assert model.tags == ({"building", "rv"} if name == "rv" else {"building"})
        assert model.mass == pytest.approx(dims()["rv" if name == "rv" else "building"]["mass"])
    assert build("support_block", building="school").tags == {"support"}
    for name in VEHICLE_NAMES:
        assert build("vehicle", name=name).tags == {"object", "vehicle"}
        assert build("vehicle", name=name).mass == pytest.approx(dims()["vehicle"][name]["mass"])
    for kind in ("barrel", "box", "street_lamp", "barricade"):
        assert build(kind).tags == {"object", kind}
    assert build("city_limit").tags == {"limit"}
    assert all(build(k).tags == {"tower"} for k in ("zombie_tower", "roof_support", "zombie_bin"))


@pytest.mark.parametrize("name", BUILDING_NAMES)
def test_blocks_lie_under_the_building_edges_and_let_a_disc_through(name):
    model = build("building", name=name)
    points = _points(model)
    underside = model.rest_height + points[:, 2].min()
    assert underside == pytest.approx(CLEARANCE) and underside > DISC["height"]
    size = dims()["rv" if name == "rv" else "building"]
    s = dims()["support_block"]
    assert s["width"] == pytest.approx(s["overlap"] + s["shelf"])
    layout = buildings.support_layout(name)
    assert len(layout) == 2 and layout[0][1] > 0 > layout[1][1]        # slot 0 left (+y)
    for x, y in layout:
        inner, outer = abs(y) - s["width"] / 2, abs(y) + s["width"] / 2
        assert inner < size["width"] / 2 < outer                          # under the edge...
        assert outer - size["width"] / 2 == pytest.approx(s["shelf"])    # ...with a shelf outside
        assert x == pytest.approx(0.0) and s["depth"] >= size["depth"] - 1e-9
    gap = abs(layout[0][1] - layout[1][1]) - s["width"]
    assert gap > DISC["diameter"] + 1.0
    # the building's collision stays inside the blocks' outer edges (the shelves stay free)
    body_y = np.abs(points[:, 1] - (points[:, 1].max() + points[:, 1].min()) / 2).max()
    assert body_y < abs(layout[0][1]) + s["width"] / 2 - s["shelf"] / 2


@pytest.mark.parametrize("name", BUILDING_NAMES)
def test_door_line_is_flush_with_the_blocks_front_faces(name):
    s = dims()["support_block"]
    (x0, y0), (x1, y1) = buildings.door_line(name)
    layout = buildings.support_layout(name)
    assert x0 == x1 == pytest.approx(layout[0][0] + s["depth"] / 2)
    inner = [abs(y) - s["width"] / 2 for _, y in layout]
    assert sorted([y0, y1]) == pytest.approx([-inner[1], inner[0]])
    for slot, (_, y) in enumerate(layout):
        sx, sy, sz = buildings.shelf_point(name, slot)
        size = dims()["rv" if name == "rv" else "building"]
        assert size["width"] / 2 < abs(sy) < abs(y) + s["width"] / 2 and np.sign(sy) == np.sign(y)
        assert sz == pytest.approx(s["height"]) and sx == pytest.approx(layout[slot][0])
    with pytest.raises(ValueError, match="slot"):
        buildings.shelf_point(name, 2)


@pytest.mark.parametrize("name", BUILDING_NAMES)
def test_building_details_keep_clear_of_figures_at_the_door_and_on_the_shelves(name):
    """Visual-only details may overhang the DOOR or a shelf only above a standing figure."""
    model = build("building", name=name)
    shift = model.rest_height            # body frame -> table frame (the place anchor is x=y=0)
    place = np.asarray(model.anchors["place"])
    door_x = buildings.door_line(name)[0][0]
    half_w = dims()["rv" if name == "rv" else "building"]["width"] / 2
    for mesh, _ in model.visuals:
        v = mesh.vertices - place * (1, 1, 0) + (0, 0, shift)
        low_front = v[(v[:, 0] > door_x + 0.5)]
        assert (low_front[:, 2] > FIGURE["height"]).all(), "a detail sticks out at a figure's height"
        side = v[np.abs(v[:, 1]) > half_w + 0.2]
        assert (side[:, 2] > CLEARANCE + FIGURE["height"]).all(), "a detail hangs over a shelf"


def test_each_building_reads_differently():
    looks = {(look.wall, look.sign) for look in buildings.LOOKS.values()}
    assert len(looks) == len(buildings.LOOKS) == len(BUILDING_NAMES) - 1
    for name in BUILDING_NAMES:
        model = build("building", name=name)
        doors = [m for m, c in model.visuals if c == buildings.DOOR]
        assert doors and all(m.bounds[0][0] > 0 for m in doors), "the door is not on the +x face"


def test_rv_round_track_lies_on_its_awning():
    rv = build("building", name="rv")
    awning = max(rv.collision, key=lambda p: p.points[:, 0].max())      # the part sticking out at +x
    top = awning.points[:, 2].max()
    spaces = [np.asarray(rv.anchors[f"round_{k}"]) for k in range(8)]
    assert len({tuple(np.round(p, 6)) for p in spaces}) == 8
    for p in spaces:
        assert p[2] == pytest.approx(top)
        assert awning.points[:, 0].min() < p[0] < awning.points[:, 0].max()
        assert awning.points[:, 1].min() < p[1] < awning.points[:, 1].max()
    ys = [p[1] for p in spaces]
    assert ys == sorted(ys, reverse=True), "round 7 .. round 0 (the skull) run along the awning"
    assert rv.top_height > awning.points[:, 2].max() + rv.rest_height


@pytest.mark.parametrize("name", VEHICLE_NAMES)
def test_vehicle_is_a_standee_in_a_stand(name):
    v = dims()["vehicle"]
    model = build("vehicle", name=name)
    stand, *silhouette = model.collision
    assert stand.kind == "box" and stand.half_extents[1] == pytest.approx(v["stand_width"] / 2)
    assert len(silhouette) >= 4                       # body, cab, two wheels: not one filled hull
    thick = max(np.abs(p.points[:, 1]).max() for p in silhouette)
    assert thick <= v["thickness"] / 2 + 0.1
    points = _points(model)
    assert np.ptp(points[:, 0]) == pytest.approx(v[name]["length"], abs=0.6)
    wheels = [p for p in silhouette if len(p.points) == 32]               # 16-gon prisms along y
    assert len(wheels) == 2
    lowest = min(p.points[:, 2].min() for p in silhouette)
    assert lowest == pytest.approx(stand.points[:, 2].max(), abs=1e-6)    # wheels on the stand


def test_pickup_has_an_open_bed_and_the_ice_cream_truck_a_cone():
    pickup = build("vehicle", name="pickup_truck")
    tops = sorted(p.points[:, 2].max() for p in pickup.collision[1:])
    assert tops[-1] - tops[-2] > 1.0, "the cab should stand above the bed"
    truck = build("vehicle", name="ice_cream_truck")
    highest = max(truck.collision, key=lambda p: p.points[:, 2].max())
    assert np.ptp(highest.points[:, 0]) < 3.0, "the top of the truck is the cone, not the van"


def test_numbered_props_show_their_number():
    """Barrels and boxes come "with stickers": each number looks different."""
    for kind in ("barrel", "box"):
        shapes = [np.unique(np.round(build(kind, number=n).visual_mesh().vertices, 6), axis=0) for n in (1, 2, 3)]
        for i in range(3):
            for j in range(i + 1, 3):
                assert shapes[i].shape != shapes[j].shape or not np.allclose(shapes[i], shapes[j])
    with pytest.raises(ValueError, match="1-3"):
        props.barrel(4)


def test_city_limit_corner_anchor_and_arms():
    c = dims()["city_limit"]
    limit = build("city_limit")
    corner = np.asarray(limit.anchors["corner"])
    assert np.allclose(corner, limit.anchors["place"])
    local = _points(limit) - corner
    # nothing of the corner lies inside the city's quadrant; both arms reach ``arm`` from the outside
    assert not ((local[:, 0] > 1e-6) & (local[:, 1] > 1e-6)).any()
    assert np.ptp(local[:, 0]) == pytest.approx(c["arm"]) and np.ptp(local[:, 1]) == pytest.approx(c["arm"])
    assert local[:, 0].min() == pytest.approx(-c["thickness"]) and local[:, 1].min() == pytest.approx(-c["thickness"])


def test_barricade_tips_over_and_lamp_stands():
    barricade = build("barricade")
    half_base = np.abs(_points(barricade)[:, 0]).max()
    assert np.degrees(np.arctan2(half_base, barricade.rest_height)) < 45.0   # a push knocks it over
    lamp = build("street_lamp")
    stand = lamp.collision[0]
    assert stand.points[:, 0].min() < 0 < stand.points[:, 0].max()           # COM over the stand
    assert lamp.top_height == pytest.approx(dims()["street_lamp"]["height"])


def test_tower_slots_exit_and_roof_support():
    t, f = dims()["zombie_tower"], FIGURE
    model = build("zombie_tower")
    foot = np.asarray(model.anchors["foot"])
    slots = [np.asarray(model.anchors[f"slot_{k}"]) - foot for k in range(1, t["slots"] + 1)]
    assert len([k for k in model.anchors if k.startswith("slot_")]) == t["slots"]
    inner = t["width"] / 2 - t["wall"]
    for a in slots:
        assert max(abs(a[0]), abs(a[1])) + f["base_diameter"] / 2 <= inner + 1e-9
    gaps = [np.linalg.norm(a[:2] - b[:2]) for i, a in enumerate(slots) for b in slots[i + 1:]]
    assert min(gaps) >= f["base_diameter"]
    plate = build("roof_support")
    support = np.asarray(model.anchors["roof_support"]) - foot
    assert slots[0][2] == pytest.approx(support[2] - plate.rest_height + plate.top_height)
    exit_ = np.asarray(model.anchors["exit"]) - foot
    assert exit_ == pytest.approx([t["width"] / 2, 0.0, 0.0])
    assert model.rest_height + foot[2] == pytest.approx(0.0)           # the foot is at table level
    assert t["exit_width"] > f["base_diameter"] + 1.0
    assert t["exit_height"] - t["exit_lip"] > f["base_diameter"] + 1.0  # a figure lying down passes


def test_tower_shaft_has_no_ledge_and_the_slide_is_steep():
    t = dims()["zombie_tower"]
    model = build("zombie_tower")
    foot = np.asarray(model.anchors["foot"])
    profile = tower.slide_profile()
    inner = t["width"] / 2 - t["wall"]
    plate_bottom = tower._geometry()["plate_z"]
    mu = t["friction"] * build("zombie", number=1).friction     # Bullet multiplies the two
    for (xa, za), (xb, zb) in itertools.pairwise(profile):
        assert np.degrees(np.arctan2(za - zb, xb - xa)) > np.degrees(np.arctan(mu)) + 20.0
    # dropped from under the plate anywhere in the shaft, a figure first meets the slide
    grid = np.arange(-inner + 0.1, inner - 0.05, 0.5)     # finer than any ledge that holds a base
    for x in grid:
        for y in grid:
            hit = _first_hit(model, foot + (x, y, plate_bottom - 0.01), (0, 0, -1))
            assert hit is not None
            assert plate_bottom - 0.01 - hit == pytest.approx(np.interp(x, profile[:, 0], profile[:, 1]), abs=1e-6)
    # above the run-out, the way out through the exit is open
    for x in np.linspace(0.0, t["width"] / 2 - 0.1, 5):
        slide_z = np.interp(x, profile[:, 0], profile[:, 1])
        for z in np.linspace(slide_z + 0.1, t["exit_height"] - 0.1, 4):
            for y in np.linspace(-t["exit_width"] / 2 + 0.1, t["exit_width"] / 2 - 0.1, 5):
                assert _first_hit(model, foot + (x, y, z), (1, 0, 0)) is None


def test_tower_at_home_drops_zombies_off_the_bin():
    b = dims()["zombie_bin"]
    bin_model, model = build("zombie_bin"), build("zombie_tower")
    assert bin_model.top_height == pytest.approx(b["height"])
    # the tower stands on the bin by the point scenes place it by (its "place" anchor, else its
    # centre of mass), over the bin's centre: the exit is at or past the bin's front edge
    placed = np.asarray(model.anchors.get("place", (0.0, 0.0, 0.0)))
    exit_x = model.anchors["exit"][0] - placed[0]
    assert exit_x >= b["depth"] / 2 - 1.0


def test_models_never_import_panda3d():
    for path in (Path(__file__).parents[1] / "models").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            assert not any(n.split(".")[0] in ("panda3d", "direct") for n in names), path.name
