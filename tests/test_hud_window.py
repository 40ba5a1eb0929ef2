"""The HUD panels in a real window under Xvfb (game/window/hud.py): the screenshot shows the top bar,
the cards, the choices and the event feed over the table (dark panels with text in them, the
felt still in the middle), and the panels follow the game after a choice."""
from __future__ import annotations

import pytest

from tests.xvfb import felt_in, is_felt, needs_xvfb, run_in_xvfb

pytestmark = pytest.mark.render

COMMON = r"""
import sys, time
from panda3d.core import Filename
from feltbox.game.window.app import run_window
from feltbox.game.window.hud import attach_hud
from feltbox.game.window.sounds import attach_sounds

def hud_and_sounds(app):          # compose the window: the two add-ons in their places
    app.hud_panels, app.sounds = attach_hud(app), attach_sounds(app)

def start(game, bodies, poses, title):
    app = run_window(bodies, poses, title, lambda *a: None, frames=5, game=game, addons=(hud_and_sounds,))
    step(app, 3)
    return app

def step(app, n):
    for _ in range(n):
        app.base.taskMgr.step()

def settle(app):
    for _ in range(900):
        step(app, 1)
        if app.animation is None:
            break
    step(app, 3)

def report(app, tag):
    hud = app.hud_panels
    print(tag, "line1:", hud.line1.text)
    print(tag, "feed:", " | ".join(t.text for t in hud.feed_text if t.text))
    print(tag, "choices:", " | ".join(t.text for t in hud.choice_text if t.text))
    print(tag, "refresh_ms %.2f" % hud.refresh_ms)

def shot(app, path):
    app.base.graphicsEngine.renderFrame()
    app.base.win.saveScreenshot(Filename(path))
"""

FLICKEM = COMMON + r"""
from feltbox.game.flickem.window_game import WindowGame
from feltbox.scenes.loader import load_flickem
game = WindowGame(load_flickem(7), 7, "teamB")
game.run_bots()
app = start(game, game.city.bodies, game.bridge.session.poses.copy(), "feltbox - S7: Cornering the Market")
report(app, "before")
shot(app, sys.argv[1])
app.choose(0); settle(app)
app.choose(next(i for i, c in enumerate(game.choices()) if c == "Move")); settle(app)
if game.wants_aim():
    app.flick(None, 90.0, 0.6); settle(app)
report(app, "after")
print("sounds:", ",".join(app.sounds.played))
t = time.perf_counter(); step(app, 60); print("fps %.1f" % (60 / (time.perf_counter() - t)))
from feltbox.game.window.settings import Settings
app.hud_panels.apply_settings(Settings(ui_scale=1.5)); step(app, 2)
print("rescaled %.2f" % app.hud_panels.top_root.getScale()[0], "|", app.hud_panels.line1.text)
from panda3d.core import WindowProperties
props = WindowProperties(); props.setSize(1000, 750)
app.base.win.requestProperties(props)
for _ in range(30):
    step(app, 1)
    if app.base.win.getXSize() == 1000:
        break
step(app, 2)
half = app.hud_panels.bar["frameSize"][1] * app.hud_panels.scale
print("resized", app.base.win.getXSize(), "bar spans %.2f of %.2f" % (half, app.base.getAspectRatio()))
app.hud_panels.set_visible(False); step(app, 1)
print("hidden", all(r.isHidden() for r in app.hud_panels.roots))
"""

TAIL_FEATHERS = COMMON + r"""
from feltbox.game.tailfeathers.window_game import TFWindowGame
from feltbox.scenes.loader import load_tailfeathers
game = TFWindowGame(load_tailfeathers("show_of_force"), seed=0, bots="rat")
game.run_bots()
app = start(game, game.bodies(), game.poses(), "feltbox - Tail Feathers - Show of Force")
report(app, "before")
for _ in range(14):
    if not game.choices():
        break
    app.choose(min(len(game.choices()), 12) - 1); settle(app)
report(app, "after")
print("dice:", " | ".join(t.text for t in app.hud_panels.dice_lines))
print("scale %.2f" % app.hud_panels.top_root.getScale()[0], "audible", app.sounds.audible)
print("sounds:", ",".join(app.sounds.played))
shot(app, sys.argv[1])
"""

# pixel boxes (x0, y0, x1, y1) of the panels at 1280x720, ui_scale 1
REGIONS = {"top bar": (0, 0, 1280, 46), "cards": (0, 56, 236, 390), "choices": (922, 58, 1272, 100)}
FEED = (922, 600, 1272, 655)      # the feed's place: empty at the start of S7, so not shown (no empty panels)
PANEL_MAX = 0.40          # a panel pixel is dark (the panel colour over the felt) ...
TEXT_MIN = 0.55           # ... and text is bright (grey-white or the yellow prompt)


def _regions(path, regions=REGIONS):
    from panda3d.core import PNMImage
    image = PNMImage()
    assert image.read(str(path))
    out = {}
    for name, (x0, y0, x1, y1) in regions.items():
        dark = bright = felt = n = 0
        for x in range(x0, x1, 3):
            for y in range(y0, y1, 3):
                r, g, b = image.getRed(x, y), image.getGreen(x, y), image.getBlue(x, y)
                n += 1
                dark += max(r, g, b) < PANEL_MAX and not (g > r + 0.08 and g > b + 0.08)
                bright += (r + g + b) / 3 > TEXT_MIN
                felt += is_felt(r, g, b)
        out[name] = (dark / n, bright / n, felt / n)
    return out


def _check(shot, regions=REGIONS):
    felt_in(shot)                                 # the table is still there in the middle
    for name, (dark, bright, felt) in _regions(shot, regions).items():
        assert dark > 0.5, f"{name}: the panel is not drawn ({dark:.2f} dark)"
        assert bright > 0.003, f"{name}: no text in the panel ({bright:.3f} bright)"
        # the gaps between cards show a little of what lies behind them, which depends on where the
        # camera's spring stands when the shot is taken (Tail Feathers' cards: 0.136 at rest, 0.156
        # with the machine under load); a panel not drawn shows well over half felt
        assert felt < 0.2, f"{name}: the felt shows through ({felt:.2f})"
    centre = _regions(shot, {"centre": (440, 260, 840, 460)})["centre"]
    assert centre[2] > 0.2, "the HUD covers the table's centre"


def _strips_and_tint(path):
    """The cards' team strips (blue and red/orange at the left edge) and the top bar's mean tint."""
    from panda3d.core import PNMImage
    image = PNMImage()
    image.read(str(path))
    px = [(image.getRed(3, y), image.getGreen(3, y), image.getBlue(3, y)) for y in range(60, 360, 2)]
    blue = sum(b > r + 0.3 for r, g, b in px)
    red = sum(r > b + 0.3 for r, g, b in px)
    bar = [(image.getRed(x, y), image.getBlue(x, y)) for x in range(300, 1000, 7) for y in range(5, 40, 5)]
    return blue, red, sum(r - b for r, b in bar) / len(bar)


def _lines(stdout, tag, what):
    return stdout.split(f"{tag} {what}:")[1].splitlines()[0].strip()


@needs_xvfb
def test_flickem_hud_panels_in_the_window(tmp_path, monkeypatch):
    monkeypatch.setenv("FELTBOX_HOME", str(tmp_path))
    shot = tmp_path / "hud.png"
    out = run_in_xvfb(FLICKEM, shot)
    _check(shot)
    assert _regions(shot, {"feed": FEED})["feed"][0] < 0.5, "an empty event feed is drawn"
    blue, red, warm = _strips_and_tint(shot)
    assert blue > 30 and red > 30, (blue, red)           # team A's and team B's cards
    assert warm > 0.08, warm                             # the day bar's warm tint
    assert _lines(out, "before", "line1").startswith("ROUND 1 of 6   DAY   team A to play")
    after = _lines(out, "after", "line1")
    assert "Elijah" in after and after != _lines(out, "before", "line1")
    assert "Elijah takes the turn" in _lines(out, "after", "feed")
    assert "move" in _lines(out, "after", "choices") or "end turn" in _lines(out, "after", "choices")
    assert float(out.split("after refresh_ms ")[1].split()[0]) > 0.0      # measured; its speed is feltbox bench's
    assert "flick" in out.split("sounds:")[1].splitlines()[0]
    assert out.split("rescaled ")[1].startswith("1.50 | ROUND 1 of 6")          # the settings screen's scale
    assert "hidden True" in out
    resized = out.split("resized ")[1].split()
    if resized[0] == "1000":                             # the window manager-less X server obeyed
        assert resized[3] == resized[5], resized         # the top bar spans the new width


@needs_xvfb
def test_tail_feathers_hud_panels_in_the_window(tmp_path, monkeypatch):
    """With Settings.ui_scale 1.25 (the settings file), every panel is a quarter larger."""
    from feltbox.game.window.settings import Settings, save_settings
    monkeypatch.setenv("FELTBOX_HOME", str(tmp_path))
    save_settings(Settings(ui_scale=1.25, sound=False))
    shot = tmp_path / "tf-hud.png"
    out = run_in_xvfb(TAIL_FEATHERS, shot)
    assert "scale 1.25" in out
    regions = {"top bar": (0, 0, 1280, 55), "cards": (0, 70, 290, 385), "dice": (0, 425, 290, 520),
               "choices": (840, 75, 1272, 110), "feed": (840, 520, 1272, 630)}
    _check(shot, regions)
    blue, red, _ = _strips_and_tint(shot)
    assert blue > 30 and red > 30, (blue, red)           # mouse and rat unit cards
    assert _lines(out, "before", "line1").startswith("ROUND 1   MISSION phase")
    assert "ACTIVATION phase" in _lines(out, "after", "line1") or "TILT" in _lines(out, "after", "line1")
    assert _lines(out, "after", "feed")
    dice_line = out.split("dice:")[1].splitlines()[0]          # the tray's last rolls: initiative, or
    assert "initiative" in dice_line or " attack: " in dice_line    # the rat bot's attack by then
    assert "dice" in out.split("sounds:")[1].splitlines()[0]      # played silently: sound is off
