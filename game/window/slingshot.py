"""The left mouse button in the window: a click on a piece (a rules game opens its context menu)
or a drag back like a slingshot (a flick), with the aim line, the power meter and the aim preview
while it is drawn.

When the rules want a flick, the drag starts only on the piece they will flick (or at its feet,
where its disc or weapon is set down: game/window/flick_target.py); a press on another piece does
nothing and a press on the felt turns the camera, and the help line says why either way.

``Slingshot`` belongs to a PlayApp (game/window/app.py, which binds its ``press`` and ``release``
and calls ``update`` every frame of a drag) and works on the app's picker, camera orbit, aim view
and game. The maths is game/window/aim.py, the predicted path game/window/aim_preview.py.
"""
from __future__ import annotations

import time

import numpy as np
from panda3d.core import KeyboardButton

from feltbox.game.text.event_feed import pretty
from feltbox.game.window.active_marker import screen_point
from feltbox.game.window.aim import MIN_POWER, AimDrag
from feltbox.game.window.aim_preview import Throttle, predict
from feltbox.game.window.flick_target import height_distance, refusal, starts_drag

CLICK = 0.012          # mouse travel (window coords) below which a press-release is a click


class Slingshot:
    """One drag (or click) of the left button at a time, on ``app`` (a PlayApp)."""

    def __init__(self, app):
        self.app = app
        self.drag: AimDrag | None = None
        self.drag_from: tuple[float, float] | None = None
        self.pressed_on: str | None = None
        self.orbiting = False                   # a left drag on the felt turns the camera
        self.throttle = Throttle()
        self.preview_ms: list[float] = []     # how long each aim preview took

    @property
    def dragging(self) -> bool:
        return self.drag is not None

    def flick_piece(self) -> tuple[str | None, str]:
        """The piece a flick starts from and the component flicked (rules game: what the rules name)."""
        app = self.app
        if app.game is not None and app.game.wants_aim():
            return app.game.flick_piece()
        piece = app.selected
        if piece is None:
            return None, ""
        tags = app.bodies[app.ids.index(piece)].model.tags
        return piece, "movement_disc" if "survivor" in tags else "figure"

    def modifiers(self) -> tuple[bool, bool]:
        """(shift, ctrl) held: fine aim, power locked."""
        w = self.app.base.mouseWatcherNode
        return w.isButtonDown(KeyboardButton.shift()), w.isButtonDown(KeyboardButton.control())

    def press(self) -> None:
        app = self.app
        if app.animation is not None:
            return
        m = app.picker.mouse()
        if m is None:
            return
        if app.menu.open:
            if not app.menu.contains(m):
                app.menu.close()
            return
        piece = app.picker.piece_under_mouse()
        self.pressed_on = piece
        if app.table_choice is not None and app.table_choice.press(m, piece):
            self.pressed_on = None                 # chosen on the table: no menu, no flick
            return
        if app.game is not None:
            if app.game.wants_aim():
                target, weapon = self.flick_piece()
                if not starts_drag(piece, target, self.feet_distance(target, m)):
                    app.show_hint(refusal(piece, target, weapon))
                    if piece is None:                   # on the felt: the left drag turns the camera
                        self.orbiting = True
                        app.camera_input.start("orbit")
                    return
                app.selected = target
                app.marker.clear_hint()
            elif piece is None:
                return
            else:                                   # a click: the menu opens on release
                self.drag_from = m
                return
        elif piece is None:
            return
        else:
            app.selected = piece
        self.drag_from = m
        self.drag = AimDrag(m, app.orbit.heading, app.base.getAspectRatio())
        self.throttle.reset()

    def feet_distance(self, piece: str | None, mouse: tuple[float, float]) -> float | None:
        """How far (fractions of the window height) a press is from ``piece``'s feet on the screen."""
        pos = self.app.piece_xy(piece)
        at = screen_point(self.app.base, (pos[0], pos[1], 0.5)) if pos is not None else None
        if at is None:
            return None
        aspect = self.app.base.getAspectRatio()
        return height_distance(mouse, (at[0] / aspect, at[1]), aspect)

    def release(self) -> None:
        app = self.app
        if app.table_choice is not None and app.table_choice.release(app.picker.mouse()):
            return
        if self.orbiting:
            self.orbiting = False
            app.camera_input.stop()
        m = app.picker.mouse()
        drag, start, self.drag, self.drag_from = self.drag, self.drag_from, None, None
        app.aim_view.clear()
        if m is None or start is None:
            return
        if drag is None:                             # a click in a rules game
            if self.pressed_on and np.hypot(m[0] - start[0], m[1] - start[1]) < CLICK:
                app.open_menu(self.pressed_on, m)
            return
        direction, power = drag.update(m, *self.modifiers())
        if power < MIN_POWER:
            return
        app.flick(app.selected, direction, power)

    def update(self) -> None:
        """A frame of the drag: the aim line and meter from the piece, the preview, the status line."""
        app = self.app
        m = app.picker.mouse()
        if m is None:
            return
        direction, power = self.drag.update(m, *self.modifiers())
        start = app.piece_xy(app.selected)
        app.picker.update_tint()
        if start is not None:
            shift, ctrl = self.modifiers()
            note = ("  fine" * shift + "  power locked" * ctrl) or "   (shift: fine, ctrl: lock power)"
            app.aim_view.draw(start, direction, power, note, screen_point(app.base, start))
            self.preview(direction, power)
        app.status.setText(f"{pretty(app.selected)}: power {power:.2f}, direction {direction:.0f} deg")

    def preview(self, direction: float, power: float) -> None:
        """The flick's predicted path, when the preview is on and the aim moved enough."""
        app = self.app
        if not app.preview_on or not self.throttle.due(direction, power):
            return
        piece, weapon = self.flick_piece()
        session = app.game.flick_session() if app.game is not None else app.session
        if session is None or piece is None:
            return
        start = time.perf_counter()
        try:
            path = predict(session, piece, weapon, direction, power)
        except (ValueError, KeyError, IndexError):   # a flick kind the scratch set-up does not know
            path = None
        self.preview_ms.append((time.perf_counter() - start) * 1000.0)
        app.aim_view.draw_path(path)
