"""The window's table is anti-aliased by default and the pass draws the table it was given: the
window's picture against the FXAA pass's own input (the table drawn into a texture, the same
frame) differs only along edges, never in whole regions (the pass once read its taps through the
quad's 0..1 coordinates while the window's texture is padded to a power of two, and drew the felt
over most pieces: issue 13); and the markers drawn after the pass (game/window/overlay.py) stay
sharp and are hidden behind the pieces in front of them (the pass writes the table's depth)."""
from __future__ import annotations

from tests.xvfb import needs_xvfb, run_in_xvfb

DRIVER = r"""
import numpy as np
from panda3d.core import LineSegs
from feltbox.game.render.lighting import ANTIALIASING
from feltbox.game.table.city import build_city
from feltbox.game.window.app import run_window
from feltbox.game.window.overlay import overlay
from feltbox.game.window.settings import Settings
from feltbox.scenes.loader import load_flickem

city = build_city(load_flickem(1))
app = run_window(city.bodies, city.poses, "t", lambda *a: None, frames=5, settings=Settings(shadows=True))
base = app.base
base.render2d.hide()                        # the HUD is not the pass's business
base.aspect2d.hide()
# a white marker line across the whole table at the felt, in the overlay: hidden where a piece stands in front
segs = LineSegs("probe")
segs.setThickness(3.0)
segs.setColor(1, 1, 1, 1)
segs.moveTo(-80, 0, 0.05)
segs.drawTo(80, 0, 0.05)
probe = overlay(base).attachNewNode(segs.create())
probe.setLightOff()


def picture(tex):
    # a texture's RAM image as rows from the top, RGB 0..255, cropped to the window
    w, h = base.win.getXSize(), base.win.getYSize()
    raw = np.frombuffer(bytes(tex.getRamImageAs("RGB")), np.uint8)
    return raw.reshape(tex.getYSize(), tex.getXSize(), 3)[:h, :w][::-1].astype(float)


def screenshot():
    base.taskMgr.step()
    base.taskMgr.step()
    return picture(base.win.getScreenshot())


hidden = screenshot()                        # the probe, hidden behind the pieces in front of it
probe.setDepthTest(False)
through = screenshot()                       # the probe drawn through everything
probe.hide()
plain = screenshot()
scene = getattr(base, ANTIALIASING).buffers[0].getTexture(1)    # the colour texture the pass reads
base.graphicsEngine.extractTextureData(scene, base.win.getGsg())
diff = np.abs(plain - picture(scene)).max(axis=2)
print("texture", scene.getXSize(), scene.getYSize())
print("far", int((diff > 48).sum()), int(((diff > 4) & (diff <= 48)).sum()))     # and blended
shown = np.abs(hidden - plain).max(axis=2) > 60
print("line", int(shown.sum()), int((np.abs(through - plain).max(axis=2) > 60).sum()),
      int(((hidden > 240).all(axis=2) & shown).sum()))
"""


@needs_xvfb
def test_the_window_antialiases_the_table_it_was_given_and_markers_stay_sharp(tmp_path, monkeypatch):
    monkeypatch.setenv("FELTBOX_HOME", str(tmp_path))
    out = dict(line.split(" ", 1) for line in run_in_xvfb(DRIVER, tmp_path / "unused.png").splitlines() if " " in line)
    far, blended = map(int, out["far"].split())
    assert blended > 2000, "the pass blends edge pixels"
    assert far < 0.01 * 1280 * 720, f"{far} pixels far from the table the pass was given"
    hidden, through, white = map(int, out["line"].split())
    assert 0 < hidden < through, "the probe line shows, and not through the pieces in front of it"
    assert white > 0.5 * hidden, "the marker after the pass keeps its pure white (not blurred into the felt)"
