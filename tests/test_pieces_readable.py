"""Dead of Winter's small pieces can be told apart (issue 13; rulebook MATERIAL and ASSEMBLY):
a face-up token shows its kind by colour and icon while every face-down token is the same object
in the scene graph (hidden information), zombies carry their numbers on both faces, the movement
disc's arrow is its orientation line (rulebook MOVE), the templates look like their guns, the
vehicles' stands carry their colour, and the zombie tower is as big as its job and no bigger."""
from __future__ import annotations

import itertools

import numpy as np
import pytest
from panda3d.core import GeomVertexReader, NodePath, Point2, Point3

from feltbox.game.render.offscreen import Renderer
from feltbox.game.render.visuals import piece_node
from feltbox.game.table.bodies import BodySpec
from feltbox.game.table.city import rest_pose
from feltbox.models import tower
from feltbox.models.catalog import TOKEN_NAMES, VEHICLE_NAMES, build
from feltbox.models.dimensions import dims
from feltbox.models.discs import TOKEN_COLOURS, icon_mesh


def _shape(mesh) -> bytes:
    """A mesh's geometry as bytes, independent of vertex order."""
    return np.round(np.sort(np.asarray(mesh.vertices), axis=0), 4).tobytes()


def test_MATERIAL_every_face_up_token_kind_has_its_own_icon_and_colour():
    icons = {kind: _shape(icon_mesh(kind, 2.0, 0.0)) for kind in TOKEN_NAMES}
    for a, b in itertools.combinations(TOKEN_NAMES, 2):
        assert icons[a] != icons[b], (a, b)
        assert TOKEN_COLOURS[a] != TOKEN_COLOURS[b], (a, b)
    for kind in TOKEN_NAMES:
        up = build("token", token=kind, face="up")
        assert up.visuals[0][1] == TOKEN_COLOURS[kind]            # the whole token in its colour
        assert len(up.visuals) == 2 and up.visuals[1][1] != up.visuals[0][1]      # icon in another ink


def _vertices(node: NodePath) -> list[bytes]:
    out = []
    for geom_np in node.findAllMatches("**/+GeomNode"):
        for geom in geom_np.node().getGeoms():
            reader = GeomVertexReader(geom.getVertexData(), "vertex")
            points = []
            while not reader.isAtEnd():
                v = reader.getData3()
                points.append((round(v.x, 4), round(v.y, 4), round(v.z, 4)))
            out.append(repr(points).encode() + repr(geom.getPrimitive(0).getVertexList()).encode()
                       if geom.getNumPrimitives() else repr(points).encode())
    return out


def _tree(node: NodePath) -> list[tuple]:
    """Every node under ``node``: its name, type and tags."""
    return [(n.getName(), n.node().getType().getName(),
             sorted((k, n.node().getTag(k)) for k in n.node().getTagKeys()))
            for n in [node, *node.findAllMatches("**")]]


def test_hidden_information_face_down_tokens_are_the_same_in_the_scene_graph():
    """Rulebook TAKE: a face-down token is looked at only by the survivor who takes it. Built and
    put in a scene graph, a face-down food token and a face-down key (or any two kinds) give the
    same nodes, names, tags and vertices; face up they differ."""
    root = NodePath("render")
    down = {kind: piece_node(BodySpec("token-07", "token", {"token": kind, "face": "down"}), root)
            for kind in TOKEN_NAMES}
    models = {kind: build("token", token=kind, face="down") for kind in TOKEN_NAMES}
    first = TOKEN_NAMES[0]
    for kind in TOKEN_NAMES[1:]:
        assert _tree(down[kind]) == _tree(down[first]), kind
        assert _vertices(down[kind]) == _vertices(down[first]), kind
        assert [(_shape(m), c) for m, c in models[kind].visuals] == [(_shape(m), c) for m, c in models[first].visuals]
        assert models[kind].tags == models[first].tags and models[kind].top_height == models[first].top_height
    up = {kind: piece_node(BodySpec("token-07", "token", {"token": kind, "face": "up"}), root) for kind in ("food", "key")}
    assert _vertices(up["food"]) != _vertices(up["key"])


def test_every_token_stacks_alike_face_up_or_down():
    """Tokens are stacked by their height (table/city.py): a face-up icon is no taller than the
    back's dot, so a stack is as high whichever tokens lie in it."""
    heights = {build("token", token=k, face=f).top_height for k in TOKEN_NAMES for f in ("up", "down")}
    assert len(heights) == 1


def test_ASSEMBLY_zombies_are_numbered_on_both_faces_and_on_the_base():
    """Rulebook ASSEMBLY, ZOMBIES: stickers on both sides. Each zombie's number stands on a pale
    patch on its chest (+x) and its back (-x), and on the base's top in front and behind."""
    f = dims()["figure"]
    for number in (1, 7, 18):
        z = build("zombie", number=number, design=number % 3 + 1)
        base_top = f["base_height"] - z.rest_height          # the table frame's base top, in the body frame
        shown = [(m, c) for m, c in z.visuals]
        ink = [m for m, c in shown if c[0] < 0.6 and c[1] < 0.1]      # the dark red digits
        assert len(ink) == 2
        assert sorted(np.sign(m.bounds[1][0] + m.bounds[0][0]) for m in ink) == [-1, 1]
        for m in ink:                                          # big: 1.25 cm digits, readable at table distance
            assert m.bounds[1][2] - m.bounds[0][2] > 1.2
        on_base = [m for m, _ in shown if abs(m.bounds[0][2] - base_top) < 1e-6 and m.bounds[1][2] - base_top < 0.05]
        assert len(on_base) == 2
    assert _shape(build("zombie", number=7).visuals[-1][0]) != _shape(build("zombie", number=1).visuals[-1][0])


def test_MOVE_the_movement_discs_arrow_is_its_orientation_line():
    """Rulebook MOVE: the survivor ends facing along the disc's orientation line; the sticker's
    arrow lies along the disc's +x (heading 0) and points that way."""
    disc = build("movement_disc")
    r = dims()["movement_disc"]["diameter"] / 2
    arrow = disc.visuals[-1][0]
    tip = arrow.vertices[np.argmax(arrow.vertices[:, 0])]
    tail = arrow.vertices[np.argmin(arrow.vertices[:, 0])]
    assert tip[0] > 0.6 * r and abs(tip[1]) < 1e-6              # the head's point on the line
    assert tail[0] < -0.5 * r
    width_near = np.ptp(arrow.vertices[arrow.vertices[:, 0] > 0.1 * r][:, 1])
    width_far = np.ptp(arrow.vertices[arrow.vertices[:, 0] < 0.0][:, 1])
    assert width_near > 2 * width_far                           # the head is at the +x end


def test_MATERIAL_the_templates_look_like_their_guns_and_stay_the_same_for_physics():
    shotgun, sniper = build("shotgun_template"), build("sniper_template")
    for model, section in ((shotgun, "shotgun_template"), (sniper, "sniper_template")):
        s = dims()[section]
        assert [p.kind for p in model.collision] == ["box"] * 4       # plate, 2 rails, back wall
        points = np.vstack([p.points for p in model.collision])
        assert np.allclose(np.ptp(points, axis=0), (s["length"], s["width"], s["height"]))
        assert not any(c[0] > 0.7 and c[1] < 0.3 for _, c in model.visuals), "no red tray left"
        assert len({c for _, c in model.visuals}) >= 3                # stock, steel, gunmetal
    rail_top = dims()["sniper_template"]["height"] - sniper.rest_height
    scope = [m for m, _ in sniper.visuals if m.bounds[0][2] > rail_top + 0.2]
    assert scope and max(np.ptp(m.bounds, axis=0)[0] for m in scope) > 5.0   # a long scope on top
    assert not any(m.bounds[0][2] > dims()["shotgun_template"]["height"] - shotgun.rest_height + 0.2
                   for m, _ in shotgun.visuals)


def test_MATERIAL_each_vehicle_stand_shows_its_vehicles_colour():
    """Seen end-on a standee is a 1 cm edge; its stand, as wide as 3 of those, carries the
    vehicle's colour, and no two vehicles' stands look alike."""
    colours = [build("vehicle", name=n).visuals[0][1] for n in VEHICLE_NAMES]
    assert len(set(colours)) == len(VEHICLE_NAMES)
    assert all(max(c[:3]) - min(c[:3]) > 0.3 for c in colours)      # coloured, not grey or white


def test_the_zombie_tower_is_as_big_as_its_job():
    """The roof holds its 8 numbered zombies on 2.6 cm bases side by side, the roof support lies
    above the top of the slide (pulled, the zombies fall onto it), and the tower is no wider than
    its bin and no taller than three buildings' walls (house proportions: no size is published)."""
    t, fig = dims()["zombie_tower"], dims()["figure"]
    slots = np.array(tower.slot_points())
    gaps = [np.hypot(*(a - b)[:2]) for a, b in itertools.combinations(slots, 2)]
    assert min(gaps) >= fig["base_diameter"]
    plate_bottom = t["height"] - t["roof_recess"] - dims()["roof_support"]["thickness"]
    assert plate_bottom > tower.slide_profile()[:, 1].max()
    assert t["width"] <= dims()["zombie_bin"]["width"]
    assert dims()["building"]["height"] < t["height"] <= 3 * dims()["building"]["height"]


def _project(renderer: Renderer, point) -> tuple[int, int]:
    p = renderer.camera.getRelativePoint(renderer.root, Point3(*map(float, point)))
    film = Point2()
    assert renderer.camera.node().getLens().project(p, film)
    return int((film.x + 1) / 2 * renderer.width), int((1 - film.y) / 2 * renderer.height)


@pytest.mark.render
def test_a_rendered_token_shows_its_icon_and_a_face_down_one_does_not():
    """Drawn from above: a medicine token's centre is its red cross on white, a life token's is
    its white heart on red, and a face-down token's rim is the common grey back."""
    specs = [BodySpec("a", "token", {"token": "medicine", "face": "up"}),
             BodySpec("b", "token", {"token": "life", "face": "up"}),
             BodySpec("c", "token", {"token": "medicine", "face": "down"})]
    poses = np.asarray([rest_pose(s, x, 0.0, 0.0) for s, x in zip(specs, (-4.0, 0.0, 4.0))], np.float32)
    renderer = Renderer(320, 180, shadows=False, antialias=False)
    try:
        renderer.set_bodies(specs)
        renderer.set_poses(poses)
        renderer.look_from((0.0, -0.5, 14.0), (0.0, 0.0, 0.0))
        image = renderer.image().astype(int)
        top = dims()["token"]["height"]
        medicine = image[_project(renderer, (-4.0, 0.0, top))[::-1]]
        life = image[_project(renderer, (0.0, 0.0, top))[::-1]]
        back_rim = image[_project(renderer, (4.0 + 0.9, 0.0, top))[::-1]]
    finally:
        renderer.close()
    assert medicine[0] > medicine[1] + 60 and medicine[0] > medicine[2] + 60      # red ink
    assert min(life) > 150                                                       # white ink
    assert abs(back_rim[0] - back_rim[2]) < 40 and max(back_rim) < 150           # grey back
