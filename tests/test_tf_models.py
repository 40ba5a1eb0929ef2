"""Tail Feathers models: every tf_ kind builds and rests on the table; tree spaces are distinct
flat areas at their own heights; birds tilt by the house angle; the die's faces are readable."""
from __future__ import annotations

import itertools

import numpy as np
import pytest

from feltbox.models.catalog import KINDS, build
from feltbox.models.tailfeathers import tf_dims
from feltbox.models.tailfeathers.catalog import EXAMPLES
from feltbox.models.tailfeathers.dice import FACE_NAMES, face_normals, top_face
from feltbox.models.tailfeathers.shapes import OVERLAYS, overlap_area, overlay_shape, shared_border


def test_every_tf_kind_has_an_example():
    assert {k for k, _ in EXAMPLES} == {k for k in KINDS if k.startswith("tf_")}


def test_the_table_is_marked_house():
    assert tf_dims()["house"] is True


@pytest.mark.parametrize("kind,params", EXAMPLES, ids=[f"{k}-{'-'.join(map(str, p.values()))}" for k, p in EXAMPLES])
def test_tf_piece_rests_on_the_table(kind, params):
    model = build(kind, **params)
    points = np.vstack([p.points for p in model.collision])
    assert model.rest_height == pytest.approx(-points[:, 2].min(), abs=1e-6)
    assert all(len(p.points) >= 4 for p in model.collision)
    if model.mass > 0:
        assert all(i > 0 for i in model.inertia)


@pytest.mark.parametrize("name", OVERLAYS)
def test_overlay_spaces_are_distinct_flat_areas_around_a_solid_trunk(name):
    shape = overlay_shape(name)
    assert len(shape.spaces) >= 6 and shape.trunk_height > 3.0
    for a, b in itertools.combinations(shape.spaces, 2):
        assert overlap_area(a.polygon, b.polygon) < 1e-6
        if shared_border(a.polygon, b.polygon) > 0.05:     # neighbours look different
            assert a.tint != b.tint and a.height != pytest.approx(b.height)
    for s in shape.spaces:
        assert overlap_area(s.polygon, shape.trunk) < 1e-6
        assert shared_border(s.polygon, shape.trunk) > 0.5 or s.name.startswith("b")
    model = build("tf_sapling" if name == "sapling" else "tf_tree", **({} if name == "sapling" else {"overlay": name}))
    lift = model.rest_height
    for s in shape.spaces:                   # the space's prism is in the model with a flat top at its height
        tops = [m for m, _ in model.visuals
                if np.isclose(m.vertices[:, 2].max() + lift, s.height)
                and np.isclose(m.vertices[:, 2].min() + lift, 0.0)]
        assert tops, f"{name}.{s.name}: no flat prism at height {s.height}"
    assert model.top_height + 0 >= shape.trunk_height


def test_tips_take_a_leaf_or_a_nest():
    assert all(overlay_shape(n).tips() for n in OVERLAYS)


@pytest.mark.parametrize("tilt,sign", [("left", -1), ("center", 0), ("right", 1)])
def test_bird_tilt_banks_by_the_house_angle(tilt, sign):
    model = build("tf_bird", name="aerijin", tilt=tilt, pilot="zure")
    a = model.anchors
    span = np.asarray(a["wing_left"]) - np.asarray(a["wing_right"])
    bank = np.degrees(np.arctan2(span[2], np.linalg.norm(span[:2])))
    assert bank == pytest.approx(sign * tf_dims()["bird"]["tilt_angle"], abs=1e-6)
    assert np.asarray(a["beak"])[0] > np.asarray(a["ball"])[0]          # beak along the raised line (+x)


def test_launch_pose_points_the_beak_up():
    level = build("tf_bird", name="grizzard", tilt="center").anchors
    launch = build("tf_bird", name="grizzard", tilt="launch").anchors
    def elevation(a):
        d = np.asarray(a["beak"]) - np.asarray(a["tail"])
        return np.degrees(np.arctan2(d[2], np.linalg.norm(d[:2])))
    assert elevation(launch) - elevation(level) == pytest.approx(tf_dims()["bird"]["launch_angle"], abs=1e-6)


def test_die_faces_have_unique_unit_normals_and_read_from_a_pose():
    normals = np.array(list(face_normals().values()))
    assert len(FACE_NAMES) == 6 and len(set(FACE_NAMES)) == 6
    assert np.allclose(np.linalg.norm(normals, axis=1), 1.0)
    assert len({tuple(n) for n in normals}) == 6
    up = next(name for name, n in face_normals().items() if n[2] > 0.5)
    assert top_face((1.0, 0.0, 0.0, 0.0)) == (up, pytest.approx(1.0))
    for name, n in face_normals().items():                    # turn each face up and read it back
        axis = np.cross(n, (0, 0, 1.0))
        if np.linalg.norm(axis) < 1e-9:
            axis, angle = np.array([1.0, 0, 0]), (0.0 if n[2] > 0 else np.pi)
        else:
            angle = np.arccos(np.clip(n[2], -1, 1))
            axis = axis / np.linalg.norm(axis)
        q = (np.cos(angle / 2), *(np.sin(angle / 2) * axis))
        assert top_face(q)[0] == name
    die = build("tf_action_die")
    assert die.collision[0].kind == "box"
    assert die.mass > 0
