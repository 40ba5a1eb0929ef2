"""Tail Feathers trees stand tall (issue 13) without changing what the rules measure or what the
physics collides with; a bird's tilt reads from its bank and from the tilt marker on its stand.

The rulebook gives no sizes (game-facts.md section 2), so the proportions are house values: a tree
is at least twice as tall as the tallest bird perched on its highest space (the canopy rises over
the birds, as the trees over the box art's birds), the sapling one and a half times."""
from __future__ import annotations

import numpy as np
import pytest

from feltbox.models.catalog import build
from feltbox.models.tailfeathers import canopy, tf_dims, tilt_marker
from feltbox.models.tailfeathers.figures import BIRDS, TILTS
from feltbox.models.tailfeathers.shapes import OVERLAYS, inside, overlay_shape


def _overlay(name: str):
    return build("tf_sapling") if name == "sapling" else build("tf_tree", overlay=name)


def tallest_perched_bird() -> float:
    """Top of the tallest bird (any bird, any tilt, launch included) standing on the highest space."""
    highest_space = max(s.height for n in OVERLAYS for s in overlay_shape(n).spaces)
    return highest_space + max(build("tf_bird", name=b, tilt=t, pilot="zure").top_height
                               for b in BIRDS for t in TILTS)


@pytest.mark.parametrize("name", OVERLAYS)
def test_trees_stand_tall_over_the_perched_birds(name):
    factor = 1.5 if name == "sapling" else 2.0
    assert _overlay(name).top_height >= factor * tallest_perched_bird()


@pytest.mark.parametrize("name", OVERLAYS)
def test_no_bough_or_leaf_hangs_where_a_figure_stands(name):
    """Trees, Perched: birds perch on the spaces; every drawn crown point away from the trunk's
    own column is above canopy_floor, itself above the tallest perched bird."""
    shape = overlay_shape(name)
    floor = tf_dims()["overlay"]["crown"]["canopy_floor"]
    assert floor > tallest_perched_bird()
    points = np.vstack([m.vertices for m, _ in canopy.crown_parts(shape, name == "sapling")])
    outside = [p for p in points if not inside(shape.trunk, p[:2], -0.05)]
    assert outside, "the crown reaches out over the spaces"
    assert min(p[2] for p in outside) >= floor - 1e-9


@pytest.mark.parametrize("name", OVERLAYS)
def test_the_physics_sees_only_the_spaces_and_the_trunk_column(name):
    """The crown is drawn only: the collision solids are the spaces' prisms and the trunk column,
    whose top is the rules' trunk_height, as before the trees grew."""
    model, shape = _overlay(name), overlay_shape(name)
    lift = model.rest_height
    tops = sorted(round(float(p.points[:, 2].max() + lift), 6) for p in model.collision)
    assert len(model.collision) == len(shape.spaces) + 1
    assert tops[-1] == pytest.approx(shape.trunk_height)
    assert sorted(tops[:-1]) == pytest.approx(sorted(s.height for s in shape.spaces))


def _roll_from_wingtips(model) -> float:
    """The bird's roll measured from its drawn geometry: the wing tips are the points farthest
    out along +y and -y; their height difference over their spread is the bank."""
    points = np.vstack([m.vertices for m, c in model.visuals])
    left, right = points[points[:, 1].argmax()], points[points[:, 1].argmin()]
    return float(np.degrees(np.arctan2(right[2] - left[2], left[1] - right[1])) * -1)


@pytest.mark.parametrize("tilt,sign", [("left", -1), ("center", 0), ("right", 1)])
def test_tilt_phase_a_banked_bird_rolls_visibly(tilt, sign):
    roll = _roll_from_wingtips(build("tf_bird", name="wrunk", tilt=tilt, pilot="chumjaw"))
    assert roll == pytest.approx(sign * tf_dims()["bird"]["tilt_angle"], abs=2.0)
    if sign:
        assert abs(roll) >= 20.0


@pytest.mark.parametrize("tilt", ["left", "center", "right"])
def test_tilt_phase_marker_on_the_stand_shows_the_tilt(tilt):
    """Each tilt has its marker in its own colour, pointing to the side the bird banks to (the
    bird faces +x, its left is +y); no other tilt's marker colour is on the figure."""
    model = build("tf_bird", name="aerijin", tilt=tilt, pilot="zure")
    ball = np.asarray(model.anchors["ball"])
    for other, colour in tilt_marker.COLOURS.items():
        parts = [m for m, c in model.visuals if c == colour]
        if other != tilt:
            assert not parts, f"{other} marker on a {tilt} bird"
            continue
        assert len(parts) >= 2                                   # the arrow on the base and the vane
        y = np.vstack([m.vertices for m in parts])[:, 1] - ball[1]
        toward, away = (y.max(), -y.min()) if tilt != "right" else (-y.min(), y.max())
        if tilt == "center":                                     # level: as far out on both sides
            assert toward == pytest.approx(away, abs=0.05)
        else:                                                    # the arrow points to the bank's side
            assert toward > away + 0.5


def test_launch_has_no_tilt_marker():
    model = build("tf_bird", name="grizzard", tilt="launch")
    assert not [m for m, c in model.visuals if c in tilt_marker.COLOURS.values()]


@pytest.mark.parametrize("name", ["oak", "sapling"])
def test_the_crown_is_see_through_to_the_pointer(name):
    """A click reaches a figure standing under a leaf clump: the window's picking ray (a
    CollisionRay into the visible geometry, game/window/picking.py) passes through the drawn-only
    crown and upper trunk, and still hits the tree where it is solid (a space, the trunk column)."""
    from panda3d.core import CollisionHandlerQueue, CollisionNode, CollisionRay, CollisionTraverser, GeomNode, NodePath

    from feltbox.game.render.offscreen import Scene3D
    from feltbox.game.table.bodies import BodySpec
    from feltbox.game.table.city import rest_pose

    shape = overlay_shape(name)
    tree = BodySpec("tree", "tf_sapling" if name == "sapling" else "tf_tree",
                    {} if name == "sapling" else {"overlay": name})
    model = tree.model
    assert model.see_through
    drawn = [m for k, (m, _) in enumerate(model.visuals) if k in model.see_through]
    assert min(m.vertices[:, 2].min() for m in drawn) + model.rest_height >= shape.trunk_height - 0.2
    clump = max(canopy.crown_parts(shape, name == "sapling")[:-1], key=lambda p: len(p[0].vertices))[0]
    x, y = clump.centroid[:2]                           # under a bough's leaf clump
    space = next(s for s in shape.spaces if s.name.startswith("r") and inside(s.polygon, (x, y)))
    mouse = BodySpec("mouse", "tf_rodent", {"alliance": "mouse"})
    scene = Scene3D(NodePath("test"))
    scene.set_bodies([tree, mouse])
    scene.set_poses(np.array([rest_pose(tree, 0.0, 0.0, 0.0), rest_pose(mouse, x, y, 0.0, space.height)]))

    def first_hit(px: float, py: float) -> str:
        queue, traverser = CollisionHandlerQueue(), CollisionTraverser()
        node = CollisionNode("ray")
        node.setFromCollideMask(GeomNode.getDefaultCollideMask())
        node.addSolid(CollisionRay(px, py, 60.0, 0.0, 0.0, -1.0))
        traverser.addCollider(scene.root.attachNewNode(node), queue)
        traverser.traverse(scene.pieces_root)
        queue.sortEntries()
        return queue.getEntry(0).getIntoNodePath().findNetTag("piece").getTag("piece")

    assert first_hit(x, y) == "mouse"
    assert first_hit(*shape.trunk.mean(axis=0)) == "tree"          # the trunk column's top
    far = next(s for s in shape.spaces if s.name.startswith("b"))
    assert first_hit(*far.polygon.mean(axis=0)) == "tree"
