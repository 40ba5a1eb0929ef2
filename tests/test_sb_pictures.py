"""Snowbirds cards in pictures (``feltbox render snowbirds``; videos and --frames dress theirs the
same way, game/snowbirds/pictures.PublicDresser): a card lying face up shows its face, a card
lying face down its back on both sides. Rulebook: Setup (the Action pile and the map deck face
down; North flipped, the first journey's card beside it), Maps & Journeys (the route face up)."""
from __future__ import annotations

import math
import shutil
import subprocess
import sys

import numpy as np
import pytest
from PIL import Image

from feltbox.game.cards.faces import FACE_SIZE, TITLE_BOX
from feltbox.game.cards.layout import lies_face_up
from feltbox.game.games import GAMES
from feltbox.game.snowbirds import table
from feltbox.game.snowbirds.bridge import map_body
from feltbox.game.window.framing import Lens, project
from feltbox.models.cards import card_sizes

pytestmark = pytest.mark.render


def _pixels(points: np.ndarray, size=(1280, 720)) -> np.ndarray:
    """Pixel (column, row) of table points in the picture: the render's camera at sb_view, its
    58 degree horizontal lens (game/render/offscreen.py), projected as a pinhole."""
    eye, at = (np.asarray(v, float) for v in table.sb_view())
    d = at - eye
    heading = math.degrees(math.atan2(-d[0], d[1]))
    pitch = math.degrees(math.asin(-d[2] / np.linalg.norm(d)))
    tan_x = math.tan(math.radians(table.FOV_DEG) / 2)
    xy = project(points, eye, heading, pitch, Lens(tan_x, tan_x * size[1] / size[0]))
    return np.stack([(xy[:, 0] + 1) / 2 * size[0], (1 - xy[:, 1]) / 2 * size[1]], axis=1)


def _title_box(slot: table.Slot) -> tuple[int, int, int, int]:
    """(col0, row0, col1, row1) in the picture of the printed title of a face-up card lying upright on ``slot``."""
    size = card_sizes()["poker"]
    w, h = float(size["width"]), float(size["length"])
    left, top, right, bottom = TITLE_BOX
    xs = [slot.x + (u / FACE_SIZE[0] - 0.5) * w for u in (left, right)]
    ys = [slot.y + (0.5 - v / FACE_SIZE[1]) * h for v in (top, bottom)]
    px = _pixels(np.array([[x, y, slot.z] for x in xs for y in ys]))
    return int(px[:, 0].min()), int(px[:, 1].min()), int(px[:, 0].max()) + 1, int(px[:, 1].max()) + 1


def test_render_shows_the_route_s_faces_and_the_piles_backs(tmp_path):
    out = tmp_path / "snowbirds.png"
    subprocess.run([sys.executable, "-m", "feltbox", "render", "snowbirds", "normal", "--out", str(out)],
                   check=True, capture_output=True)
    image = np.asarray(Image.open(out).convert("RGB")).astype(int)
    bodies, poses = GAMES["snowbirds"].table(GAMES["snowbirds"].load_scene("normal"))
    ids = [b.id for b in bodies]
    route = [k for k in range(2) if map_body(("north", "chesapeake")[k]) in ids]
    assert len(route) == 2                                          # North and the first journey's card, face up
    for k in route:
        c0, r0, c1, r1 = _title_box(table.map_slot(k))
        patch = image[r0:r1, c0:c1].sum(axis=-1)
        assert patch.size > 200                                     # the title spans enough pixels to read
        paper = np.median(patch)                                    # the card's light paper (white: 765)
        assert paper > 600
        # ink printed on it: at this size (type ~7 px high) the title's strokes blur to grey, still far
        # darker than the paper; a blank card is paper everywhere
        assert patch.min() < 0.65 * paper and (patch < 0.75 * paper).sum() >= 10, (k, patch.min(), paper)
    for pile, colour in (("action_draw", (0x27, 0x40, 0x6e)), ("map_deck", (0x35, 0x57, 0x3a))):
        s = table.pile(pile)
        col, row = _pixels(np.array([[s.x + 1.5, s.y - 2.0, 0.5]]))[0].astype(int)   # off the back's centre badge
        patch = image[row - 4:row + 5, col - 4:col + 5].reshape(-1, 3).mean(axis=0)
        assert patch.sum() < 400, (pile, patch)                     # a dark printed back, not white card
        assert np.argmax(patch) == np.argmax(colour), (pile, patch)  # in the back's colour (blue; green)
    shutil.copy(out, "/tmp/feltbox-snowbirds-render.png")


def test_a_card_lying_face_down_has_no_face_in_the_scene():
    """The dresser reads how each card lies: a face-down card (the piles) gets its back on both
    sides, so no hidden face is in the scene graph a picture or video is drawn from."""
    from feltbox.game.render.offscreen import Renderer  # noqa: PLC0415
    kind = GAMES["snowbirds"]
    bodies, poses = kind.table(kind.load_scene("normal"))
    r = Renderer(320, 180, shadows=False, antialias=False)
    r.set_bodies(bodies)
    r.set_poses(poses)
    assert kind.dresser(bodies)(r, poses) == 2                      # North and the first journey's card
    down = up = 0
    for i, spec in enumerate(bodies):
        if spec.kind != "card":
            continue
        face = r.paths[i].find("face").getTexture().getName()
        back = r.paths[i].find("back").getTexture().getName()
        assert back.startswith("sb-back:")
        if lies_face_up(poses[i]):
            up += 1
            assert face == f"sb-face:{spec.id}"
        else:
            down += 1
            assert face == back, spec.id
    assert up == 2 and down == 25 + 9                               # the Action pile (25) and the map deck (9)


def test_a_video_dresses_every_frame_as_its_cards_lie(tmp_path):
    """``feltbox replay --video`` hands the game's dresser to export_video: in a recorded migration
    every card is dressed for each frame, and a card turned over since (a map card laid on the
    route, a card played face up) is dressed again, face or back as it now lies."""
    from feltbox.game.games import game_recorder, play_headless, read_game_replay  # noqa: PLC0415
    from feltbox.game.replay.video import export_video  # noqa: PLC0415
    from feltbox.game.snowbirds.pictures import PublicDresser  # noqa: PLC0415
    kind = GAMES["snowbirds"]
    scene = kind.load_scene("normal")
    recorder = game_recorder(tmp_path / "run.fbr", scene, 4)
    play_headless(scene, 4, on_episode=recorder, on_action=recorder.action)
    recorder.close()
    timeline, bodies = kind.replay_timeline(read_game_replay(tmp_path / "run.fbr"))
    seen: list[tuple[int, int]] = []                      # (frame's face-up cards, cards dressed so far)

    def dresser(video_bodies):
        dress = PublicDresser(video_bodies)

        def each_frame(scene3d, poses, present):
            up = dress(scene3d, poses, present)
            for i, _, _ in dress.cards:                   # what the frame shows agrees with how each card lies
                face = scene3d.paths[i].find("face").getTexture().getName()
                assert face.startswith("sb-face:") == (lies_face_up(poses[i]) and present[i]), (i, face)
            seen.append((up, len(dress.shown)))
        return each_frame

    result = export_video(timeline, bodies, tmp_path / "run.mp4", size=(160, 90), fps=2, camera="top",
                          dresser=dresser)
    assert result["frames"] == len(seen) == round(timeline.duration * 2)
    assert all(dressed == 45 for _, dressed in seen)      # all 30 Action and 15 Map cards
    ups = [up for up, _ in seen]
    assert ups[0] == 2 and ups[-1] >= 10                  # North and journey 1 at first; the route and spent cards at the end
    assert len(set(ups)) > 3                              # cards turned over along the way, each redressed
