"""The window's frame rate on this machine's renderer: the full S1 city at 1280x720, no shadows."""
import shutil

import pytest

pytestmark = [pytest.mark.render, pytest.mark.slow]


@pytest.mark.skipif(shutil.which("Xvfb") is None, reason="Xvfb is not installed")
def test_window_holds_30_fps_on_the_s1_city(monkeypatch):
    from feltbox.game.cli.bench_window import window_fps
    monkeypatch.delenv("DISPLAY", raising=False)          # a fresh Xvfb display, the software renderer
    result = window_fps(frames=90)
    print(result)
    assert result["size"] == [1280, 720] and not result["shadows"] and result["pieces"] > 70
    assert result["window_fps_mean"] >= 30.0
