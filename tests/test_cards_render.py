"""The card layer rendered offscreen at 1280x720 (game/cards/visual.py through Scene3D): a draw pile
of ten cards showing backs, a face-up card, a sideways card, a face-down card and one card held up
close to the camera whose title must read as dark ink on a light ground in the rendered pixels."""
from __future__ import annotations

import numpy as np
import pytest
from panda3d.core import Point2, Point3

from feltbox.game.cards.faces import FACE_SIZE, TITLE_BOX, CardBack, CardFace, CardValue, back_image, face_image
from feltbox.game.cards.layout import card_quat, row_poses, stack_poses
from feltbox.game.cards.textures import texture_from_image
from feltbox.game.cards.visual import dress
from feltbox.game.render.offscreen import Renderer
from feltbox.game.table.bodies import BodySpec
from feltbox.models.cards import card_sizes

pytestmark = pytest.mark.render
SIZE = card_sizes()["poker"]
W, L, T = SIZE["width"], SIZE["length"], SIZE["thickness"]
FACE = CardFace("Tailwind", (CardValue("FLIGHT", "3"), CardValue("FORAGE", "2")), pips=3,
                text="Play sideways for TENACITY", accent="#2f6d4a")
BACK = CardBack("SNOWBIRDS")


def _screen(renderer: Renderer, path, local: tuple[float, float, float]) -> tuple[int, int]:
    """Pixel (column, row) of a point given in a card's body frame."""
    p3 = renderer.camera.getRelativePoint(path, Point3(*local))
    p2 = Point2()
    assert renderer.camera.node().getLens().project(p3, p2), f"{local} is not in view"
    return int((p2.x + 1) / 2 * renderer.width), int((1 - p2.y) / 2 * renderer.height)


def _title_corners() -> list[tuple[float, float, float]]:
    """The title box's corners on the card face, in the card's body frame (face texture u -> x, v -> y)."""
    left, top, right, bottom = TITLE_BOX
    fw, fh = FACE_SIZE
    return [((px / fw - 0.5) * W, (0.5 - py / fh) * L, T / 2) for px in (left, right) for py in (top, bottom)]


@pytest.fixture(scope="module")
def scene():
    renderer = Renderer(1280, 720)
    bodies = [BodySpec(f"card-{k}", "card", {"size": "poker"}) for k in range(14)]
    renderer.set_bodies(bodies)
    poses = np.zeros((14, 7))
    poses[:10] = stack_poses(10, (-20.0, 2.0), T, seed=3)                          # draw pile, face down
    poses[10:13] = row_poses([(True, False), (True, True), (False, False)], (-12.0, -9.0), W, L, T)
    renderer.camera.setPos(0.0, -34.0, 30.0)
    renderer.camera.lookAt(Point3(0.0, 2.0, 0.0))
    # the held card: 16 cm in front of the camera, its face turned to the camera (picked up to read)
    held = renderer.root.attachNewNode("held")
    held.reparentTo(renderer.camera)
    held.setPos(5.0, 22.0, 1.5)
    held.setHpr(0.0, 90.0, 0.0)
    pose = held.getPos(renderer.root), held.getQuat(renderer.root)
    poses[13, :3] = tuple(pose[0])
    poses[13, 3:] = (pose[1].getR(), pose[1].getI(), pose[1].getJ(), pose[1].getK())
    held.removeNode()
    renderer.set_poses(poses)
    face, back = texture_from_image(face_image(FACE), "face-tailwind"), texture_from_image(back_image(BACK), "back-snow")
    for k, path in enumerate(renderer.paths):
        # the pile and the face-down card: this view may not see their faces (deck.visible_face -> None)
        dress(path, None if k < 10 or k == 12 else face, back)
    image = renderer.snapshot("/tmp/feltbox-cards-render.png")
    return renderer, image, poses


def test_held_card_title_is_dark_ink_on_light_ground(scene):
    renderer, image, _ = scene
    corners = [_screen(renderer, renderer.paths[13], c) for c in _title_corners()]
    cols, rows = [c for c, _ in corners], [r for _, r in corners]
    box = image[min(rows):max(rows), min(cols):max(cols)].astype(float)
    assert box.shape[0] > 30 and box.shape[1] > 200, f"the title is too small to read: {box.shape}"
    luma = box @ [0.299, 0.587, 0.114]
    dark, light = (luma < 90).mean(), (luma > 160).mean()
    assert 0.03 < dark < 0.45, f"dark ink covers {dark:.2f} of the title box"
    assert light > 0.5, f"light ground covers {light:.2f} of the title box"


def test_face_down_cards_and_the_pile_show_the_back(scene):
    renderer, image, poses = scene
    for k in (9, 12):       # the top of the pile, the face-down card in the row
        # 1 cm right of the centre: the back's lattice, not its central medallion's lettering
        col, row = _screen(renderer, renderer.paths[k], (1.8, 2.5, T / 2))
        r, g, b = image[row - 2:row + 3, col - 2:col + 3].reshape(-1, 3).mean(axis=0)
        assert b > r + 25, f"card {k} shows no blue back at ({col}, {row}): rgb {r:.0f} {g:.0f} {b:.0f}"


def test_face_up_and_sideways_cards_show_the_light_face(scene):
    renderer, image, _ = scene
    for k in (10, 11):
        col, row = _screen(renderer, renderer.paths[k], (0.0, -1.0, T / 2))
        r, g, b = image[row - 2:row + 3, col - 2:col + 3].reshape(-1, 3).mean(axis=0)
        assert r > 120 and abs(r - b) < 60, f"card {k} shows no light face at ({col}, {row}): rgb {r:.0f} {g:.0f} {b:.0f}"


def test_sideways_card_is_turned_a_quarter(scene):
    _, _, poses = scene
    np.testing.assert_allclose(poses[11, 3:], card_quat(90.0), atol=1e-12)
