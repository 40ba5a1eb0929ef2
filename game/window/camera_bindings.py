"""Mouse and keys that move the window's camera (game/window/camera_rig.py does the maths).

* right-drag: orbit; middle-drag or shift + right-drag: pan; wheel, + and -: zoom;
* arrows: orbit in steps; shift + arrows: pan in steps;
* W A S D (held) pan smoothly -- only in free play, where letters are not the rules' choices;
* 1 overview, 2 top-down, 3 the active survivor's eye level, 4 the zombie tower, 5 (and F in free
  play) focus on the selected / active piece, each eased over 0.4 s;
* P (free play) or shift + P (always): aim preview on / off.

Speeds scale with ``Settings.mouse_sensitivity`` (CameraRig.sensitivity).
"""
from __future__ import annotations

from panda3d.core import KeyboardButton

ORBIT_SPEED = (120.0, 60.0)     # degrees per unit of mouse travel (window coords)
PAN_SPEED = 60.0                # cm per unit of mouse travel at distance 100
KEY_PAN = 80.0                  # cm per second at distance 100 (WASD held)


class CameraInput:
    def __init__(self, app, free_keys: bool):
        self.app = app
        self.free_keys = free_keys
        self.orbiting: tuple[float, float] | None = None
        self.panning: tuple[float, float] | None = None

    def start(self, mode: str) -> None:
        m = self.app.picker.mouse()
        if m is None:
            return
        if mode == "orbit":
            self.orbiting = m
        else:
            self.panning = m

    def stop(self) -> None:
        self.orbiting = self.panning = None

    def update(self, dt: float) -> None:
        app = self.app
        rig = app.rig
        m = app.picker.mouse()
        moved = False
        if m is not None and self.orbiting is not None:
            dx, dy = m[0] - self.orbiting[0], m[1] - self.orbiting[1]
            if dx or dy:
                rig.rotate(dx * ORBIT_SPEED[0], dy * ORBIT_SPEED[1])
                moved = True
            self.orbiting = m
        if m is not None and self.panning is not None:
            dx, dy = m[0] - self.panning[0], m[1] - self.panning[1]
            if dx or dy:
                rig.pan(-dx * PAN_SPEED, -dy * PAN_SPEED)
                moved = True
            self.panning = m
        if self.free_keys:
            w = app.base.mouseWatcherNode
            step = KEY_PAN * dt
            for key, dx, dy in (("w", 0, 1), ("s", 0, -1), ("a", -1, 0), ("d", 1, 0)):
                if w.isButtonDown(KeyboardButton.asciiKey(key)):
                    rig.pan(dx * step, dy * step)
                    moved = True
        if moved:
            app.place_camera()


def bind_camera(app, free_keys: bool) -> CameraInput:
    """Bind the camera's mouse and keys on ``app.base``; the CameraInput returned moves the camera
    each frame (``update(dt)``, the app's loop calls it)."""
    b = app.base
    ctl = CameraInput(app, free_keys)
    b.accept("mouse3", ctl.start, ["orbit"])
    b.accept("shift-mouse3", ctl.start, ["pan"])
    b.accept("mouse2", ctl.start, ["pan"])
    b.accept("shift-mouse2", ctl.start, ["pan"])
    for event in ("mouse3-up", "mouse2-up", "shift-mouse3-up", "shift-mouse2-up"):
        b.accept(event, ctl.stop)

    def zoom(f):
        app.rig.zoom(f)
        app.place_camera()

    def rotate(dh, dp):
        app.rig.rotate(dh, dp)
        app.place_camera()

    def pan(dx, dy):
        app.rig.pan(dx, dy)
        app.place_camera()
    for event, f in (("wheel_up", 0.9), ("wheel_down", 1.1), ("+", 0.9), ("=", 0.9), ("-", 1.1)):
        b.accept(event, zoom, [f])
    for key, dh, dp in (("arrow_left", -5, 0), ("arrow_right", 5, 0), ("arrow_up", 0, 4), ("arrow_down", 0, -4)):
        b.accept(key, rotate, [dh, dp])
        b.accept(key + "-repeat", rotate, [dh, dp])
        b.accept("shift-" + key, pan, [dh * 1.2, dp * 1.5])
        b.accept("shift-" + key + "-repeat", pan, [dh * 1.2, dp * 1.5])
    for key, name in (("1", "overview"), ("2", "top"), ("3", "eye"), ("4", "tower"), ("5", "focus")):
        b.accept(key, app.view, [name])
    b.accept("shift-p", app.toggle_preview)
    if free_keys:
        b.accept("f", app.view, ["focus"])
        b.accept("p", app.toggle_preview)
    return ctl
