"""Tail Feathers scenes: both battlefields load, their polygons do not overlap, adjacency is
symmetric, the Battlefield round-trips through JSON, and broken fields name file:line."""
from __future__ import annotations

import itertools

import numpy as np
import pytest

from feltbox.models.tailfeathers.shapes import overlap_area, signed_area
from feltbox.rules.core import from_json, to_json
from feltbox.rules.tailfeathers.battlefield import Battlefield
from feltbox.scenes.loader import SceneError, load_scene, load_tailfeathers, tailfeathers_path
from feltbox.scenes.tailfeathers.battlefield import battlefield_from_scene

SCENES = ("show_of_force", "glade_crossing")


@pytest.fixture(scope="module", params=SCENES)
def field(request):
    scene = load_tailfeathers(request.param)
    return scene, battlefield_from_scene(scene)


def test_show_of_force_is_the_house_corner_layout():
    scene = load_tailfeathers("show_of_force")
    assert scene.house_layout and scene.title == "Show of Force"
    corners = sorted((np.sign(t.x), np.sign(t.y)) for t in scene.trees if t.overlay != "sapling")
    assert corners == [(-1, -1), (-1, 1), (1, -1), (1, 1)]
    assert [(t.x, t.y) for t in scene.trees if t.overlay == "sapling"] == [(0.0, 0.0)]
    assert {n.owner: n.tree for n in scene.nests} == scene.home_trees
    birds = {f.id for f in scene.figures if f.kind == "tf_bird"}
    assert birds == {"aerijin", "sienna", "valchirp", "grizzard", "wrunk"}
    squads = [f for f in scene.figures if f.kind == "tf_rodent" and f.params["role"] == "squad"]
    assert len(squads) == 12
    for f in scene.figures:                   # everyone starts on their home tree
        assert f.space is not None and (f.space.split(".")[0] == scene.home_trees[f.alliance]
                                        or f.space == f"nest-{f.alliance}")


def test_polygons_do_not_overlap_and_stay_inside(field):
    _, bf = field
    shapes = [s.polygon for s in bf.spaces] + [t.polygon for t in bf.trunks]
    for p in shapes:
        assert signed_area(np.array(p)) > 0          # counter-clockwise
    for a, b in itertools.combinations(shapes, 2):
        assert overlap_area(np.array(a), np.array(b)) < 1e-3
    xmin, xmax, ymin, ymax = bf.bounds
    pts = np.vstack([np.array(s.polygon) for s in bf.spaces])
    assert pts[:, 0].min() >= xmin and pts[:, 0].max() <= xmax
    assert pts[:, 1].min() >= ymin and pts[:, 1].max() <= ymax


def test_adjacency_is_symmetric_and_capacities_follow_the_rulebook(field):
    _, bf = field
    by_id = {s.id: s for s in bf.spaces}
    assert len(by_id) == len(bf.spaces)
    for s in bf.spaces:
        assert s.adjacent and s.id not in s.adjacent
        for other in s.adjacent:
            assert s.id in by_id[other].adjacent
        assert s.capacity == {"branch": 4, "sapling": 4, "leaf": 3, "nest": 99}[s.kind]
    nests = [s for s in bf.spaces if s.kind == "nest"]
    assert sorted(n.owner for n in nests) == ["mouse", "rat"]
    assert {a for a, _ in bf.home_trees} == {"mouse", "rat"}
    assert len(bf.trunks) == 5


def test_battlefield_round_trips_through_json(field):
    _, bf = field
    assert from_json(Battlefield, to_json(bf)) == bf


BROKEN = [
    ('overlay = "oak"', 'overlay = "baobab"', "tree[0].overlay"),
    ('x = -27.0', 'x = "west"', "tree[0].x"),
    ('branch = "b1a"', 'branch = "r1"', "nest[0].branch"),
    ('life = 10', 'life = 0', "nest[0].life"),
    ('space = "sw.b2b"', 'space = "sw.b99"', "figure[0].space"),
    ('pilot = "zure"', 'pilot = "zuul"', "figure[0].pilot"),
    ('home = { mouse = "sw", rat = "ne" }', 'home = { mouse = "sw", rat = "elsewhere" }', "home"),
    ('x = 27.0\ny = 27.0', 'x = 3.0\ny = 3.0', "tree[4].x"),                     # overlaps the sapling
    ('space = "sw.b3a"', 'space = "sw.b2b"', "figure[1].space"),                    # 2 large in one space
    ('home = { mouse = "sw", rat = "ne" }', 'grudges = ["oakguard-1"]\nhome = { mouse = "sw", rat = "ne" }',
     "grudges"),                                                                    # a grudge on a mouse, not a bird
]


def test_GRUDGE_markers_come_from_the_scene():
    """Grudge markers (Components: 6; Glossary, Grudge): the rulebook does not say how a bird gets
    one; Glade Crossing gives one to every bird (house, in its file), Show of Force none."""
    from feltbox.game.tailfeathers.bridge import TFBridge
    gc = TFBridge(load_tailfeathers("glade_crossing"), 1).engine.state
    assert sorted(u.id for u in gc.data.units if u.grudge) == ["aerijin", "grizzard", "sienna", "valchirp", "wrunk"]
    sof = TFBridge(load_tailfeathers("show_of_force"), 1).engine.state
    assert not any(u.grudge for u in sof.data.units)


@pytest.mark.parametrize("old,new,field_name", BROKEN, ids=[b[2] for b in BROKEN])
def test_broken_fields_name_file_line_and_field(tmp_path, old, new, field_name):
    text = tailfeathers_path("show_of_force").read_text()
    assert old in text
    broken = text.replace(old, new, 1)
    path = tmp_path / "broken.toml"
    path.write_text(broken)
    with pytest.raises(SceneError) as err:
        load_scene(path)
    message = str(err.value)
    assert message.startswith(f"{path}:") and f": {field_name}:" in message
    line = int(message.split(":")[1])
    key = field_name.split(".")[-1].split("[")[0]
    assert key in broken.splitlines()[line - 1] or "[[" in broken.splitlines()[line - 1]
