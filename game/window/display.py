"""Opening the window: the one ShowBase of a process, on the display there is.

``open_base`` loads the window's prc lines (title, size, display and audio library, and
``QUIET``: Panda3D's start-up chatter silenced) and starts ShowBase; ``NoDisplayError`` says there
is no display to open it on (the command line turns it into a one-line message and exit 2). Used
by the play window (app.run_window) and the shell (shell.py) alike.

Start-up noise, read off the window's stderr under Xvfb, and what silences it:
- ``:device(error): Error adding inotify watch on /dev/input`` (no input devices to watch: a
  container, a remote display): notify category ``device``, errors only shown when fatal
  (feltbox reads no gamepads);
- ``Known pipe types: glxGraphicsPipe (1 aux display modules not yet loaded.)``: ShowBase prints
  it unless ``print-pipe-types`` is off;
- ``Xlib: extension "XFree86-DGA" missing on display``: Panda3D asks for the DGA extension
  (relative mouse mode, unused here) when its X pipe starts; libXext prints that line itself,
  not through Panda3D's notify, so ``quiet_missing_x_extensions`` gives libXext a handler that
  says nothing for a missing extension.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import os

from direct.showbase.ShowBase import ShowBase
from panda3d.core import loadPrcFileData

from feltbox.game.window.sounds import audio_prc

WINDOW_TITLE = "feltbox"
QUIET = "notify-level-device fatal\nprint-pipe-types false\n"
_HANDLER = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p)
_quiet_handler = None          # kept alive: libXext calls it for the life of the process


class NoDisplayError(RuntimeError):
    """There is no display to open a window on."""


def has_display() -> bool:
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def quiet_missing_x_extensions() -> bool:
    """Give libXext a handler that prints nothing when an X extension is missing (the DGA line);
    False where there is no libXext (then there is no X pipe to print it either)."""
    global _quiet_handler
    path = ctypes.util.find_library("Xext")
    if not path:
        return False
    try:
        lib = ctypes.CDLL(path)
    except OSError:
        return False
    if _quiet_handler is None:
        _quiet_handler = _HANDLER(lambda display, extension, reason: 0)
    lib.XSetExtensionErrorHandler.argtypes = [_HANDLER]
    lib.XSetExtensionErrorHandler.restype = ctypes.c_void_p
    lib.XSetExtensionErrorHandler(_quiet_handler)
    return True


def open_base(title: str = WINDOW_TITLE):
    """The window's ShowBase; NoDisplayError when there is no display. The prc lines are
    loaded first: ShowBase reads them when it starts."""
    if not has_display():
        raise NoDisplayError("DISPLAY is not set")
    loadPrcFileData("", f"window-title {title}\nwin-size 1280 720\nload-display pandagl\n"
                        f"{audio_prc()}\nsync-video false\n{QUIET}")
    quiet_missing_x_extensions()
    try:
        base = ShowBase(windowType="onscreen")
    except Exception as exc:   # Panda raises a bare Exception when no window opens
        raise NoDisplayError(str(exc)) from None
    if base.win is None:
        raise NoDisplayError("no window could be opened")
    base.disableMouse()
    return base
