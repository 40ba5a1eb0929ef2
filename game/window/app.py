"""The desktop window for ``feltbox play``: camera rig, hover and pick, context menu, slingshot.

ShowBase lives only here; helpers get the window, camera and scene root passed in:
game/window/camera_rig.py (eased orbit, presets), game/window/picking.py (hover tint, mouse ray),
game/window/context_menu.py + game/window/piece_actions.py (a clicked piece's legal and greyed actions),
game/window/aim.py + game/window/aim_view.py + game/window/aim_preview.py (slingshot maths, line and meter, predicted
path), game/render/lighting.py. Key bindings: docs/window.md.

A left-drag starting on a piece pulls back like a slingshot: the flick goes the other way, with
power from the drag length. In a rules game a left click on a piece opens its context menu while
the rules wait for a decision; when they want a flick, a left-drag anywhere aims it from the piece
the rules name. The callback runs the physics headless and returns the 60 Hz frames to animate.
"""
from __future__ import annotations

from typing import Callable, Sequence

import numpy as np

from feltbox.game.window.aim import MIN_POWER, AimDrag, aim_from_vector
from feltbox.game.table.bodies import BodySpec
from feltbox.game.render.camera import Orbit
from feltbox.game.window.camera_rig import CameraRig, moving_body, preset

HELP = ("left-drag back from a piece: flick (shift: fine, ctrl: lock power)  |  right-drag: orbit  |  "
        "middle/shift+right-drag, WASD: pan  |  wheel/+/-: zoom  |  1-4: views, F: focus  |  P: aim preview  |  esc: quit")
ESC_HELP = "  |  esc: quit"         # the in-game menu (game/window/game_menu.py) makes it "esc: menu ..."
CLICK = 0.012          # mouse travel (window coords) below which a press-release is a click


class NoDisplayError(RuntimeError):
    """There is no display to open a window on."""


class PlayApp:
    """The window's state and input handling, around a ShowBase given from outside."""

    def __init__(self, base, bodies: Sequence[BodySpec], poses: np.ndarray, title: str,
                 on_flick: Callable[[str, float, float], np.ndarray | None], game=None, settings=None):
        from direct.gui.OnscreenText import OnscreenText
        from feltbox.game.window.aim_view import AimView
        from feltbox.game.window.context_menu import ContextMenu
        from feltbox.game.render.lighting import setup_lighting
        from feltbox.game.window.picking import Picker
        from feltbox.game.render.offscreen import Scene3D
        from feltbox.game.window.settings import load_settings
        self.settings = settings or load_settings()
        self.base, self.on_flick = base, on_flick
        self.session = getattr(on_flick, "session", None)      # free play: the preview's world
        self.scene = Scene3D(base.render)
        self.scene.set_bodies(bodies)
        self.scene.set_poses(poses)
        self.shadows = setup_lighting(base, self.scene, self.settings.shadows)
        self.ids = [b.id for b in bodies]
        self.orbit = Orbit(np.zeros(3), heading=0.0, pitch=48.0, distance=150.0)
        self.rig = CameraRig(self.orbit, self.settings.mouse_sensitivity)
        self.drag: AimDrag | None = None
        self.drag_from: tuple[float, float] | None = None
        self.pressed_on: str | None = None
        self.animation: np.ndarray | None = None
        self.anim_time = 0.0
        self.follow: int | None = None
        self.last_power = 0.0
        self.last_aim: tuple[float, float] | None = None
        self.preview_on = bool(self.settings.aim_preview)
        self.title = OnscreenText(text=title, pos=(-1.3, 0.92), scale=0.05, align=0, fg=(1, 1, 1, 1))
        self.status = OnscreenText(text="", pos=(-1.3, -0.86), scale=0.045, align=0, fg=(1, 0.9, 0.6, 1))
        self.help = OnscreenText(text=HELP, pos=(-1.3, -0.94), scale=0.032, align=0, fg=(0.8, 0.8, 0.8, 1))
        self.game = game                  # a rules game (game/window/game_view.GameView), or None
        self.bodies = list(bodies)
        self.hud = OnscreenText(text="", pos=(-1.3, 0.84), scale=0.04, align=0, fg=(1, 1, 1, 1),
                                shadow=(0, 0, 0, 1), bg=(0, 0, 0, 0.45) if game is not None else None,
                                mayChange=True)
        if game is not None:
            self.on_flick = lambda piece, direction, power: game.aim(direction, power)
            self.help.setText(game.HELP + ESC_HELP)
        self.preview_node = base.render.attachNewNode("preview")   # outlines the game supplies
        self.preview_key: bytes = b""
        self.picker = Picker(base, self.scene)
        self.menu = ContextMenu(base)
        self.aim_view = AimView(base)
        from feltbox.game.window.aim_preview import Throttle
        self.throttle = Throttle()
        self.preview_ms: list[float] = []
        self._active_seen = None
        self._bind()
        base.disableMouse()
        self._place_camera()
        base.taskMgr.add(self._update, "feltbox-update")

    # -- compatibility: picking and the slingshot maths ------------------------------------------
    @property
    def selected(self) -> str | None:
        return self.picker.selected

    @selected.setter
    def selected(self, piece: str | None) -> None:
        self.picker.selected = piece

    def piece_under_mouse(self) -> str | None:
        return self.picker.piece_under_mouse()

    def aim_from_drag(self, x0: float, y0: float, x1: float, y1: float) -> tuple[float, float]:
        """Slingshot: flick opposite to the drag, in table directions seen from the camera."""
        return aim_from_vector(x1 - x0, y1 - y0, self.orbit.heading)

    # -- aiming ----------------------------------------------------------------------------------
    def _flick_piece(self) -> tuple[str | None, str]:
        """The piece a flick starts from and the component flicked (rules game: what the rules name)."""
        if self.game is not None and self.game.wants_aim():
            return self.game.flick_piece()
        piece = self.selected
        if piece is None:
            return None, ""
        tags = self.bodies[self.ids.index(piece)].model.tags
        return piece, "movement_disc" if "survivor" in tags else "figure"

    def _modifiers(self) -> tuple[bool, bool]:
        from panda3d.core import KeyboardButton
        w = self.base.mouseWatcherNode
        return w.isButtonDown(KeyboardButton.shift()), w.isButtonDown(KeyboardButton.control())

    def press(self) -> None:
        if self.animation is not None:
            return
        m = self.picker.mouse()
        if m is None:
            return
        if self.menu.open:
            if not self.menu.contains(m):
                self.menu.close()
            return
        piece = self.picker.piece_under_mouse()
        self.pressed_on = piece
        if self.game is not None:
            if self.game.wants_aim():
                self.selected = self._flick_piece()[0]
            elif piece is None:
                return
            else:                                   # a click: the menu opens on release
                self.drag_from = m
                return
        elif piece is None:
            return
        else:
            self.selected = piece
        self.drag_from = m
        self.drag = AimDrag(m, self.orbit.heading)
        self.throttle.reset()

    def release(self) -> None:
        m = self.picker.mouse()
        drag, start, self.drag, self.drag_from = self.drag, self.drag_from, None, None
        self.aim_view.clear()
        if m is None or start is None:
            return
        if drag is None:                             # a click in a rules game
            if self.pressed_on and np.hypot(m[0] - start[0], m[1] - start[1]) < CLICK:
                self.open_menu(self.pressed_on, m)
            return
        direction, power = drag.update(m, *self._modifiers())
        if power < MIN_POWER:
            return
        self.flick(self.selected, direction, power)

    def flick(self, piece: str, direction: float, power: float) -> None:
        frames = self.on_flick(piece, direction, power)
        self.last_power, self.last_aim = power, (direction, power)
        if frames is not None and len(frames):
            self.follow = moving_body(frames)
            self.animation, self.anim_time = frames, 0.0

    def toggle_preview(self) -> None:
        self.preview_on = not self.preview_on
        self.throttle.reset()
        if not self.preview_on:
            self.aim_view.draw_path(None)

    def _preview(self, direction: float, power: float) -> None:
        if not self.preview_on or not self.throttle.due(direction, power):
            return
        import time
        from feltbox.game.window.aim_preview import predict
        piece, weapon = self._flick_piece()
        session = self.game.flick_session() if self.game is not None else self.session
        if session is None or piece is None:
            return
        start = time.perf_counter()
        try:
            path = predict(session, piece, weapon, direction, power)
        except (ValueError, KeyError, IndexError):   # a flick kind the scratch set-up does not know
            path = None
        self.preview_ms.append((time.perf_counter() - start) * 1000.0)
        self.aim_view.draw_path(path)

    def apply_settings(self, settings) -> None:
        """Take changed settings at once (a settings screen calls this): mouse sensitivity, the
        aim preview, shadows."""
        from feltbox.game.render.lighting import set_shadows
        self.settings = settings
        self.rig.sensitivity = settings.mouse_sensitivity
        if bool(settings.aim_preview) != self.preview_on:
            self.toggle_preview()
        self.shadows = set_shadows(self.base, self.scene, settings.shadows)

    # -- the context menu ------------------------------------------------------------------------
    def open_menu(self, piece: str, at: tuple[float, float]) -> None:
        from feltbox.game.window.piece_actions import items_for
        self.selected = piece
        self.menu.show(piece, items_for(self.game, piece), at, self.pick_item)

    def pick_item(self, item) -> None:
        from feltbox.game.window.piece_actions import choose_item
        self.menu.close()
        if self.animation is None:
            self._animate(choose_item(self.game, item))

    def choose(self, index: int) -> None:
        if self.animation is not None:
            return
        self.menu.close()
        self._animate(self.game.choose(index))

    def _animate(self, frames: np.ndarray | None) -> None:
        """Play a rules game's frames, after rebuilding the models the game changed (a bird's tilt)."""
        if frames is None or not len(frames):
            return
        if self.game is not None:
            from feltbox.game.render.visuals import piece_node
            for i, spec in enumerate(self.game.bodies()):
                if spec != self.bodies[i]:
                    self.scene.paths[i].removeNode()
                    self.scene.paths[i], self.bodies[i] = piece_node(spec, self.scene.pieces_root), spec
        self.animation, self.anim_time = frames, 0.0

    def game_key(self, act) -> None:
        """A key of the game's highlight and pages ([ ] enter, page up / down), while nothing moves."""
        if self.animation is None:
            self._animate(act())

    def _draw_preview(self) -> None:
        """The game's preview outlines (a flight's templates) as closed lines on the table."""
        from feltbox.game.window.aim_view import draw_outlines
        outlines = self.game.preview()
        key = b"".join(np.asarray(o, np.float32).tobytes() for o in outlines)
        if key != self.preview_key:
            self.preview_key = key
            draw_outlines(self.preview_node, outlines)

    # -- camera ----------------------------------------------------------------------------------
    def _bind(self) -> None:
        from feltbox.game.window.camera_bindings import bind_camera
        b = self.base
        for mods in ("", "shift-", "control-", "shift-control-"):
            b.accept(mods + "mouse1-up", self.release)
        b.accept("mouse1", self.press)
        bind_camera(self, free_keys=self.game is None)
        b.accept("escape", self._escape)
        b.accept("f3", lambda: b.setFrameRateMeter(not getattr(b, "frameRateMeter", None)))
        if self.game is not None:                     # the rules game's choices: keys a, b, c...
            from feltbox.game.flickem.window_game import KEYS
            for k, key in enumerate(KEYS):
                b.accept(key, self.choose, [k])
            from functools import partial
            game = self.game
            for key, step in (("]", 1), ("[", -1)):
                b.accept(key, self.game_key, [partial(game.move_highlight, step)])
            for key, step in (("page_down", 1), ("page_up", -1)):
                b.accept(key, self.game_key, [partial(game.turn_page, step)])
            b.accept("enter", self.game_key, [game.choose_highlighted])

    def _escape(self) -> None:
        if self.menu.open:
            self.menu.close()
        else:
            self.base.userExit()

    def piece_xy(self, piece: str | None):
        if piece is None or piece not in self.ids:
            return None
        return np.array(self.scene.paths[self.ids.index(piece)].getPos())

    def active_piece(self) -> str | None:
        """The piece being played: the rules' active survivor (or flicker), else the selection."""
        return self.rules_active() or self.selected

    def rules_active(self) -> str | None:
        return self.game.active_piece() if self.game is not None else None

    def view(self, name: str) -> None:
        """Ease to a preset: overview, top, eye (the active survivor), tower, focus."""
        piece = {"eye": self.active_piece(), "focus": self.selected or self.active_piece(),
                 "tower": next((i for i in self.ids if i.startswith("zombie_tower")), None)}.get(name)
        from feltbox.models.dimensions import dims
        self.rig.go(preset(name, self.orbit, self.piece_xy(piece), dims()["city"]["width"]))

    def _place_camera(self) -> None:
        from panda3d.core import Point3
        self.base.camera.setPos(*self.orbit.eye())
        self.base.camera.lookAt(Point3(*self.orbit.target))

    # -- the loop --------------------------------------------------------------------------------
    def _update(self, task):
        from panda3d.core import ClockObject
        dt = ClockObject.getGlobalClock().getDt()
        if self.game is not None and self.animation is None:
            text = self.game.text()
            if text != self.hud.getText():
                self.hud.setText(text)
            self._draw_preview()
            active = self.rules_active()             # not the selection: a click opening a menu stays put
            if active != self._active_seen:          # a survivor starts to play: the camera looks at it
                self._active_seen = active
                if active is not None and active in self.ids:
                    self.rig.go(preset("focus", self.orbit, self.piece_xy(active)))
        self.camera_input(dt)
        moved = self.rig.step(dt)
        if self.drag is not None:
            m = self.picker.mouse()
            if m is not None:
                direction, power = self.drag.update(m, *self._modifiers())
                start = self.piece_xy(self.selected)
                self.picker._tint()
                if start is not None:
                    shift, ctrl = self._modifiers()
                    note = "  fine" * shift + "  power locked" * ctrl
                    self.aim_view.draw(start, direction, power, note)
                    self._preview(direction, power)
                self.status.setText(f"{self.selected}: power {power:.2f}, direction {direction:.0f} deg")
        elif self.animation is None:
            hover = self.picker.update(tuple(self.orbit.eye()), enabled=not self.menu.open)
            self.status.setText(f"{hover or ''}"            # the last power: free play only (noise in a rules game)
                                + (f"   last flick power {self.last_power:.2f}" if self.game is None else "")
                                + ("   [aim preview on]" if self.preview_on else ""))
        if self.animation is not None:
            self.anim_time += dt
            k = min(int(self.anim_time * 60), len(self.animation) - 1)
            self.scene.set_poses(self.animation[k])
            if self.follow is not None:
                self.rig.follow(self.animation[k][self.follow])
                moved = True
            if k == len(self.animation) - 1:
                self.animation, self.follow = None, None
                self.picker.invalidate()
        if moved:
            self._place_camera()
        return task.cont


def run_window(bodies: Sequence[BodySpec], poses: np.ndarray, title: str,
               on_flick: Callable[[str, float, float], np.ndarray | None], frames: int | None = None,
               screenshot: str | None = None, game=None, addons: Sequence[Callable] = (),
               settings=None) -> PlayApp:
    """Open the window and run it (``frames``: stop after that many, for smoke tests).
    ``addons``: callables ``addon(app)`` run once the window is up (HUD panels, menus, sounds:
    each binds its own keys and tasks on ``app.base``). ``settings``: game/window/settings.Settings
    (default: the player's settings file)."""
    from feltbox.game.window.shell import open_base
    base = open_base(title)
    app = PlayApp(base, bodies, poses, title, on_flick, game, settings)
    for addon in addons:
        addon(app)
    if frames is None:
        base.run()
        return app
    for _ in range(frames):
        base.taskMgr.step()
    if screenshot:
        from panda3d.core import Filename
        base.win.saveScreenshot(Filename(screenshot))
    return app
