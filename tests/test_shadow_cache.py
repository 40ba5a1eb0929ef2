"""The shadow map is drawn again only when a piece moves, and a kept map draws the same picture
(game/render/shadow_cache.py); one render per picture is whole after the first (offscreen.image);
only the pieces cast (shading.apply); the window anti-aliases by default (lighting.antialias_window)
and keeps its shadow map while the camera turns. Behaviour only: the speed is measured by ``feltbox bench``."""
from __future__ import annotations

import math

import numpy as np
import pytest

from feltbox.game.render.offscreen import Renderer
from feltbox.game.render.shadow_cache import TAG
from feltbox.game.table.bodies import BodySpec
from tests.xvfb import needs_xvfb, run_in_xvfb

pytestmark = pytest.mark.render

SIZE = (320, 180)


def _bodies() -> list[BodySpec]:
    return [BodySpec("tower", "zombie_tower"), BodySpec("barrel", "barrel")]


def _poses(bodies: list[BodySpec], heading: float = 0.0, crate_x: float = 30.0) -> np.ndarray:
    h = math.radians(heading) / 2
    return np.array([[0.0, 0.0, bodies[0].model.rest_height, math.cos(h), 0.0, 0.0, math.sin(h)],
                     [crate_x, -20.0, bodies[1].model.rest_height, 1.0, 0.0, 0.0, 0.0]], np.float32)


def _fresh_picture(bodies, poses, hidden=()) -> np.ndarray:
    renderer = Renderer(*SIZE)
    renderer.set_bodies(bodies)
    renderer.set_poses(poses)
    for i in hidden:
        renderer.paths[i].hide()
    renderer.look("overview")
    image = renderer.image()
    renderer.close()
    return image


def test_the_map_is_drawn_again_when_a_piece_moves_and_kept_when_only_the_camera_moves():
    bodies = _bodies()
    renderer = Renderer(*SIZE)
    renderer.set_bodies(bodies)
    renderer.set_poses(_poses(bodies))
    renderer.look("overview")
    cache = renderer.root.getPythonTag(TAG)
    renderer.image()
    drawn = cache.draws
    renderer.look("top")
    renderer.image()
    renderer.set_poses(_poses(bodies))          # the same poses again: nothing moved
    renderer.image()
    assert cache.draws == drawn, "the camera moved, no piece did: the map is kept"
    renderer.look("overview")
    moved = _poses(bodies, heading=40.0, crate_x=-35.0)
    renderer.set_poses(moved)
    kept = renderer.image()
    assert cache.draws == drawn + 1, "a piece moved: the map is drawn again, once"
    renderer.paths[1].hide()
    hidden = renderer.image()
    assert cache.draws == drawn + 2, "a piece left the table: its shadow goes with it"
    renderer.close()
    assert np.array_equal(kept, _fresh_picture(bodies, moved)), "the map drawn on the move is the one a fresh scene draws"
    assert np.array_equal(hidden, _fresh_picture(bodies, moved, hidden=(1,)))


def test_one_render_per_picture_is_whole_after_the_first():
    bodies = _bodies()
    renderer = Renderer(*SIZE)
    renderer.set_bodies(bodies)
    renderer.set_poses(_poses(bodies))
    renderer.image()
    for k, (heading, preset) in enumerate(((30.0, "top"), (75.0, "overview"), (120.0, "top"))):
        renderer.set_poses(_poses(bodies, heading=heading, crate_x=10.0 * k))
        renderer.look(preset)
        once = renderer.image()
        renderer.render()                        # one more frame of the same: nothing may change
        again = np.frombuffer(renderer.texture.getRamImageAs("RGB"), np.uint8).reshape(SIZE[1], SIZE[0], 3)[::-1]
        assert np.array_equal(once, again), f"picture {k} was not whole after one render"
    renderer.close()


def test_only_the_pieces_cast():
    renderer = Renderer(*SIZE)
    key = renderer.root.find("**/key").node()
    assert key.getScene() == renderer.pieces_root, "the felt, rim and floor only receive shadows"
    renderer.close()


WINDOW = r"""
import sys
import numpy as np
from feltbox.game.render.lighting import antialias_window
from feltbox.game.render.shadow_cache import TAG
from feltbox.game.window.app import run_window
from feltbox.game.window.settings import Settings
from feltbox.game.table.city import build_city
from feltbox.scenes.loader import load_flickem
city = build_city(load_flickem(1))
app = run_window(city.bodies, city.poses, "t", lambda *a: None, frames=5, settings=Settings(shadows=True))
print("default antialiased", app.scene.antialiasing is not None)
print("turned on", antialias_window(app.base, app.scene))
app.base.taskMgr.step()
cache = app.scene.root.getPythonTag(TAG)
drawn = cache.draws
for _ in range(6):
    app.orbit.rotate(20.0, 0.0)
    app.place_camera()
    app.base.taskMgr.step()
print("turned", cache.draws - drawn)
poses = city.poses.copy()
poses[:, 0] += 1.0
app.scene.set_poses(poses)
app.base.taskMgr.step()
app.base.taskMgr.step()
print("moved", cache.draws - drawn)
print("antialiased", app.scene.antialiasing is not None, "shadows", app.shadows)
"""


@needs_xvfb
def test_the_window_antialiases_by_default_and_keeps_its_shadow_map_while_the_camera_turns(tmp_path, monkeypatch):
    monkeypatch.setenv("FELTBOX_HOME", str(tmp_path))
    out = run_in_xvfb(WINDOW, tmp_path / "unused.png")
    assert "default antialiased True" in out, "on by default: the thin markers draw after it (overlay.py)"
    assert "turned on True" in out and "antialiased True shadows True" in out
    assert "turned 0" in out, out
    assert "moved 1" in out, out
