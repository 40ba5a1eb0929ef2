"""Run a window driver script on a fresh Xvfb display (real windows in tests; .ci/run installs
Xvfb and xdotool). ``needs_xvfb`` skips a test where they are missing."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
needs_xvfb = pytest.mark.skipif(shutil.which("Xvfb") is None or shutil.which("xdotool") is None,
                                reason="Xvfb and xdotool are not installed (.ci/run installs them)")


@contextmanager
def xvfb_display() -> Iterator[str]:
    """A fresh Xvfb display (1280x720) for the time of the block: its DISPLAY value."""
    display = free_display()
    xvfb = subprocess.Popen(["Xvfb", f":{display}", "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(50):
            if Path(f"/tmp/.X11-unix/X{display}").exists():
                break
            time.sleep(0.1)
        yield f":{display}"
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)


def run_in_xvfb(driver: str, shot: Path) -> str:
    """Run a window driver script on a fresh Xvfb display; its stdout (it saves ``shot``)."""
    with xvfb_display() as display:
        out = subprocess.run([sys.executable, "-c", driver, str(shot)], cwd=ROOT, env={**os.environ, "DISPLAY": display},
                             capture_output=True, text=True, timeout=240)
        assert out.returncode == 0, out.stderr[-2000:]
        print(out.stdout)
        return out.stdout


def is_felt(r: float, g: float, b: float) -> bool:
    """A pixel (0..1) of the table's felt: green, or Dead of Winter's snow (bluish, lit or in shade;
    game/render/moods.toml). The HUD's dark panels, white text and the wooden room are not."""
    snow = r <= g <= b + 0.02 and 0.02 < b - r < 0.22 and b > 0.35     # grey-blue, not a team's blue
    return g > r + 0.05 or snow


def felt_in(shot: Path) -> None:
    from panda3d.core import PNMImage
    image = PNMImage()
    assert image.read(str(shot)) and image.getXSize() == 1280
    felt = sum(1 for x in range(0, 1280, 40) for y in range(0, 720, 40)
               if is_felt(image.getRed(x, y), image.getGreen(x, y), image.getBlue(x, y)))
    assert felt > 40, "the felt table is not in the window's screenshot"


def free_display() -> int:
    for n in range(90, 120):
        if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
            return n
    raise RuntimeError("no free X display number")
