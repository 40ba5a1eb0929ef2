"""The card layer rendered offscreen at 1280x720 (game/cards/visual.py through Scene3D): a draw pile
of ten cards showing backs, a face-up card, a sideways card, a face-down card and one card held up
close to the camera whose title must read as dark ink on a light ground in the rendered pixels."""
from __future__ import annotations

import numpy as np
import pytest
from panda3d.core import Point2, Point3

from feltbox.game.cards.deck import Deck
from feltbox.game.cards.faces import FACE_SIZE, TITLE_BOX, CardBack, CardFace, CardValue
from feltbox.game.cards.layout import card_quat, row_poses, stack_poses
from feltbox.game.cards.table_view import card_bodies, dress_deck
from feltbox.game.render.offscreen import Renderer
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


FACES = {f"c{k:02d}": CardFace(name, FACE.values, k % 6 + 1, text=FACE.text, accent=FACE.accent)
         for k, name in enumerate(["Tailwind", "Thermal", "Stopover", "Headwind", "Marsh", "Flyway", "Estuary",
                                   "Updraft", "Snowfield", "Tundra", "Glide", "Roost", "Delta", "Prairie"])}


@pytest.fixture(scope="module")
def scene():
    """Fourteen cards of one deck (game/cards/deck.py), seen by seat "me": ten in the draw pile,
    three played (face up, sideways, face down), one in my hand held up to the camera."""
    deck = Deck(list(FACES), "snowbirds")
    deck.shuffle(5)
    *played, held_card = deck.draw("me", 4)
    deck.play(played[0])
    deck.play(played[1], sideways=True)
    deck.play(played[2], face_up=False)
    renderer = Renderer(1280, 720)
    renderer.set_bodies(card_bodies("snowbirds", 14))
    body = deck.slots
    poses = np.zeros((14, 7))
    pile = stack_poses(len(deck.pile), (-20.0, 2.0), T, seed=3)
    for k, card in enumerate(deck.pile):
        poses[body[card]] = pile[k]
    row = row_poses([(True, False), (True, True), (False, False)], (-12.0, -9.0), W, L, T)
    for k, card in enumerate(played):
        poses[body[card]] = row[k]
    renderer.camera.setPos(0.0, -34.0, 30.0)
    renderer.camera.lookAt(Point3(0.0, 2.0, 0.0))
    # the held card: 22 cm in front of the camera, its face turned to the camera (picked up to read)
    held = renderer.root.attachNewNode("held")
    held.reparentTo(renderer.camera)
    held.setPos(5.0, 22.0, 1.5)
    held.setHpr(0.0, 90.0, 0.0)
    pose = held.getPos(renderer.root), held.getQuat(renderer.root)
    poses[body[held_card], :3] = tuple(pose[0])
    poses[body[held_card], 3:] = (pose[1].getR(), pose[1].getI(), pose[1].getJ(), pose[1].getK())
    held.removeNode()
    renderer.set_poses(poses)
    shown = {viewer: dress_deck(renderer.paths, deck, viewer, FACES, BACK) for viewer in ("other", "me")}
    image = renderer.snapshot("/tmp/feltbox-cards-render.png")
    paths = {name: renderer.paths[body[card]] for name, card in
             (("pile top", deck.pile[-1]), ("face up", played[0]), ("sideways", played[1]),
              ("face down", played[2]), ("held", held_card))}
    return renderer, image, poses, paths, shown, deck


def test_held_card_title_is_dark_ink_on_light_ground(scene):
    renderer, image, _, paths, _, _ = scene
    corners = [_screen(renderer, paths["held"], c) for c in _title_corners()]
    cols, rows = [c for c, _ in corners], [r for _, r in corners]
    box = image[min(rows):max(rows), min(cols):max(cols)].astype(float)
    assert box.shape[0] > 30 and box.shape[1] > 200, f"the title is too small to read: {box.shape}"
    luma = box @ [0.299, 0.587, 0.114]
    dark, light = (luma < 90).mean(), (luma > 160).mean()
    assert 0.03 < dark < 0.45, f"dark ink covers {dark:.2f} of the title box"
    assert light > 0.5, f"light ground covers {light:.2f} of the title box"
    # the right way up: the accent rule under the title (8 px below the box, 5 px thick) is green
    left, _, right, bottom = TITLE_BOX
    fw, fh = FACE_SIZE
    for px in (left + 40, (left + right) / 2, right - 40):
        col, row = _screen(renderer, paths["held"], ((px / fw - 0.5) * W, (0.5 - (bottom + 10) / fh) * L, T / 2))
        r, g, b = image[row, col].astype(int)
        assert g > r + 25 and g > b, f"no green rule under the title at ({col}, {row}): rgb {r} {g} {b}"


def test_face_down_cards_and_the_pile_show_the_back(scene):
    renderer, image, _, paths, _, _ = scene
    for k in ("pile top", "face down"):
        # off the centre: the back's lattice, not its central medallion's lettering
        col, row = _screen(renderer, paths[k], (1.8, 2.5, T / 2))
        r, g, b = image[row - 2:row + 3, col - 2:col + 3].reshape(-1, 3).mean(axis=0)
        assert b > r + 25, f"card {k} shows no blue back at ({col}, {row}): rgb {r:.0f} {g:.0f} {b:.0f}"


def test_face_up_and_sideways_cards_show_the_light_face(scene):
    renderer, image, _, paths, _, _ = scene
    for k in ("face up", "sideways"):
        col, row = _screen(renderer, paths[k], (0.0, -1.0, T / 2))
        r, g, b = image[row - 2:row + 3, col - 2:col + 3].reshape(-1, 3).mean(axis=0)
        assert r > 120 and abs(r - b) < 60, f"card {k} shows no light face at ({col}, {row}): rgb {r:.0f} {g:.0f} {b:.0f}"


def test_sideways_card_is_turned_a_quarter(scene):
    _, _, poses, _, _, deck = scene
    sideways = next(c for c in deck.in_place("table") if deck.places[c].sideways)
    np.testing.assert_allclose(poses[deck.slots[sideways], 3:], card_quat(90.0), atol=1e-12)


def test_another_seat_sees_no_face_it_may_not_see(scene):
    """Seat "me" sees its hand and its face-down card (4 faces with the two face-up ones); another
    seat only the two played face up; the bodies' ids name no card."""
    renderer, _, _, paths, shown, _ = scene
    assert shown == {"me": 4, "other": 2}
    assert [p.getName() for p in renderer.paths] == [f"snowbirds-card-{k:02d}" for k in range(14)]
