"""Opening the window: the one ShowBase of a process, on the display there is.

``open_base`` loads the window's prc lines (title, size, display and audio library) and starts
ShowBase; ``NoDisplayError`` says there is no display to open it on (the command line turns it
into a one-line message and exit 2). Used by the play window (app.run_window) and the shell
(shell.py) alike.
"""
from __future__ import annotations

import os

from direct.showbase.ShowBase import ShowBase
from panda3d.core import loadPrcFileData

from feltbox.game.window.sounds import audio_prc

WINDOW_TITLE = "feltbox"


class NoDisplayError(RuntimeError):
    """There is no display to open a window on."""


def has_display() -> bool:
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def open_base(title: str = WINDOW_TITLE):
    """The window's ShowBase; NoDisplayError when there is no display. The prc lines are
    loaded first: ShowBase reads them when it starts."""
    if not has_display():
        raise NoDisplayError("DISPLAY is not set")
    loadPrcFileData("", f"window-title {title}\nwin-size 1280 720\nload-display pandagl\n"
                        f"{audio_prc()}\nsync-video false\n")
    try:
        base = ShowBase(windowType="onscreen")
    except Exception as exc:   # Panda raises a bare Exception when no window opens
        raise NoDisplayError(str(exc)) from None
    if base.win is None:
        raise NoDisplayError("no window could be opened")
    base.disableMouse()
    return base
