"""One real window under Xvfb: `feltbox play` opens on scenario 1, a drag flicks a survivor's
movement disc, the animation plays, and the window's screenshot shows the city."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.render
ROOT = Path(__file__).resolve().parent.parent

DRIVER = r"""
import sys, numpy as np
from game.app import run_window
from game.city import build_city
from game.play import flick_handler
from game.session import Session
from scenes.loader import load_flickem
city = build_city(load_flickem(1))
session = Session(city)
app = run_window(city.bodies, city.poses, "smoke", flick_handler(session), frames=5)
before = session.episodes
app.flick("survivor-john", 90.0, 0.3)          # what a mouse release does after a drag
for _ in range(240):
    app.base.taskMgr.step()
    if app.animation is None:
        break
from panda3d.core import Filename
app.base.graphicsEngine.renderFrame()
app.base.win.saveScreenshot(Filename(sys.argv[1]))
print("episodes", session.episodes - before, "animating", app.animation is not None)
"""


def _free_display() -> int:
    for n in range(90, 120):
        if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
            return n
    raise RuntimeError("no free X display number")


@pytest.mark.skipif(shutil.which("Xvfb") is None, reason="Xvfb is not installed (.ci/run installs it)")
def test_play_window_opens_flicks_and_draws_under_xvfb(tmp_path):
    display = _free_display()
    xvfb = subprocess.Popen(["Xvfb", f":{display}", "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(50):
            if Path(f"/tmp/.X11-unix/X{display}").exists():
                break
            time.sleep(0.1)
        shot = tmp_path / "window.png"
        env = {**os.environ, "DISPLAY": f":{display}"}
        out = subprocess.run([sys.executable, "-c", DRIVER, str(shot)], cwd=ROOT, env=env,
                             capture_output=True, text=True, timeout=240)
        assert out.returncode == 0, out.stderr[-2000:]
        assert "episodes 1 animating False" in out.stdout
        from panda3d.core import PNMImage
        image = PNMImage()
        assert image.read(str(shot)) and image.getXSize() == 1280
        greens = sum(1 for x in range(0, 1280, 40) for y in range(0, 720, 40)
                     if image.getGreen(x, y) > image.getRed(x, y) + 0.05)
        assert greens > 40, "the felt table is not in the window's screenshot"
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)


def test_play_without_display_says_so_in_one_line():
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    out = subprocess.run([sys.executable, "-m", "game.cli", "play", "flickem", "1"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2
    lines = [line for line in out.stderr.splitlines() if line.startswith("feltbox:")]
    assert len(lines) == 1 and "no display" in lines[0] and "feltbox render flickem 1" in lines[0]
