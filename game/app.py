"""The desktop window for ``feltbox play``: orbit camera, hover and pick, drag back to flick.

ShowBase lives only here; helpers get the window, camera and scene root passed in. A left-drag
starting on a piece pulls back like a slingshot: the flick goes the other way, with power from
the drag length (a meter and a direction line show both). The callback runs the physics headless
and returns the 60 Hz frames to animate.
"""
from __future__ import annotations

import os
from typing import Callable, Sequence

import numpy as np

from game.bodies import BodySpec
from game.camera import Orbit

MAX_DRAG = 0.6        # drag length (fraction of the window height) for full power
HELP = "left-drag back from a piece: flick  |  right-drag: orbit  |  wheel/+/-: zoom  |  1/2/3: views  |  esc: quit"


class NoDisplayError(RuntimeError):
    """There is no display to open a window on."""


class PlayApp:
    """The window's state and input handling, around a ShowBase given from outside."""

    def __init__(self, base, bodies: Sequence[BodySpec], poses: np.ndarray, title: str,
                 on_flick: Callable[[str, float, float], np.ndarray | None], game=None):
        from direct.gui.OnscreenText import OnscreenText
        from game.render import Scene3D
        self.base, self.on_flick = base, on_flick
        self.scene = Scene3D(base.render)
        self.scene.set_bodies(bodies)
        self.scene.set_poses(poses)
        self.ids = [b.id for b in bodies]
        self.orbit = Orbit(np.zeros(3), heading=0.0, pitch=48.0, distance=150.0)
        self.selected: str | None = None
        self.drag_from: tuple[float, float] | None = None
        self.animation: np.ndarray | None = None
        self.anim_time = 0.0
        self.last_power = 0.0
        self.title = OnscreenText(text=title, pos=(-1.3, 0.92), scale=0.05, align=0, fg=(1, 1, 1, 1))
        self.status = OnscreenText(text="", pos=(-1.3, -0.86), scale=0.045, align=0, fg=(1, 0.9, 0.6, 1))
        self.help = OnscreenText(text=HELP, pos=(-1.3, -0.94), scale=0.04, align=0, fg=(0.8, 0.8, 0.8, 1))
        self.game = game                  # a rules game (game/window_game.py, tf_window_game.py), or None
        self.bodies = list(bodies)
        self.hud = OnscreenText(text="", pos=(-1.3, 0.84), scale=0.04, align=0, fg=(1, 1, 1, 1),
                                shadow=(0, 0, 0, 1), bg=(0, 0, 0, 0.45) if game is not None else None,
                                mayChange=True)
        if game is not None:
            self.on_flick = lambda piece, direction, power: game.aim(direction, power)
            self.help.setText(getattr(game, "HELP", HELP))
        self.preview_node = base.render.attachNewNode("preview")   # outlines the game supplies
        self.preview_key: bytes = b""
        self._picker()
        self._aim_line()
        self._bind()
        base.disableMouse()
        self._place_camera()
        base.taskMgr.add(self._update, "feltbox-update")

    # -- picking -------------------------------------------------------------------------------
    def _picker(self) -> None:
        from panda3d.core import CollisionHandlerQueue, CollisionNode, CollisionRay, CollisionTraverser, GeomNode
        self.traverser = CollisionTraverser("picker")
        self.queue = CollisionHandlerQueue()
        node = CollisionNode("mouse-ray")
        node.setFromCollideMask(GeomNode.getDefaultCollideMask())
        self.ray = CollisionRay()
        node.addSolid(self.ray)
        self.traverser.addCollider(self.base.camera.attachNewNode(node), self.queue)

    def piece_under_mouse(self) -> str | None:
        if not self.base.mouseWatcherNode.hasMouse():
            return None
        m = self.base.mouseWatcherNode.getMouse()
        self.ray.setFromLens(self.base.camNode, m.getX(), m.getY())
        self.traverser.traverse(self.scene.pieces_root)
        if self.queue.getNumEntries() == 0:
            return None
        self.queue.sortEntries()
        tagged = self.queue.getEntry(0).getIntoNodePath().findNetTag("piece")
        return tagged.getTag("piece") if not tagged.isEmpty() else None

    # -- aiming --------------------------------------------------------------------------------
    def _aim_line(self) -> None:
        self.aim_node = self.base.render.attachNewNode("aim")

    def _draw_aim(self, start: np.ndarray, direction_deg: float, power: float) -> None:
        from panda3d.core import LineSegs
        self.aim_node.getChildren().detach()
        segs = LineSegs("aim")
        segs.setThickness(3.0)
        segs.setColor(1.0, 1.0 - power, 0.1, 1.0)
        a = np.radians(direction_deg)
        end = start + np.array([np.cos(a), np.sin(a), 0.0]) * (5.0 + 60.0 * power)
        segs.moveTo(*start)
        segs.drawTo(*end)
        self.aim_node.attachNewNode(segs.create())

    def aim_from_drag(self, x0: float, y0: float, x1: float, y1: float) -> tuple[float, float]:
        """Slingshot: flick opposite to the drag, in table directions seen from the camera."""
        dx, dy = x0 - x1, y0 - y1
        power = float(np.clip(np.hypot(dx, dy) / (2 * MAX_DRAG), 0.0, 1.0))
        # screen right/up are the camera's right/forward on the table, turned by its heading
        direction = (np.degrees(np.arctan2(dy, dx)) + self.orbit.heading) % 360.0
        return float(direction), power

    def press(self) -> None:
        if self.animation is not None:
            return
        piece = self.piece_under_mouse()
        if piece is None or not self.base.mouseWatcherNode.hasMouse():
            return
        m = self.base.mouseWatcherNode.getMouse()
        self.selected, self.drag_from = piece, (m.getX(), m.getY())

    def release(self) -> None:
        if self.drag_from is None or not self.base.mouseWatcherNode.hasMouse():
            self.drag_from = None
            return
        m = self.base.mouseWatcherNode.getMouse()
        direction, power = self.aim_from_drag(*self.drag_from, m.getX(), m.getY())
        self.drag_from = None
        self.aim_node.getChildren().detach()
        if power < 0.02:
            return
        self.flick(self.selected, direction, power)

    def flick(self, piece: str, direction: float, power: float) -> None:
        frames = self.on_flick(piece, direction, power)
        self.last_power = power
        if frames is not None and len(frames):
            self.animation, self.anim_time = frames, 0.0

    def choose(self, index: int) -> None:
        if self.animation is not None:
            return
        self._animate(self.game.choose(index))

    def _animate(self, frames: np.ndarray | None) -> None:
        """Play a rules game's frames, after rebuilding the models the game changed (a bird's tilt)."""
        if frames is None or not len(frames):
            return
        if hasattr(self.game, "bodies"):
            from game.visuals import piece_node
            for i, spec in enumerate(self.game.bodies()):
                if spec != self.bodies[i]:
                    self.scene.paths[i].removeNode()
                    self.scene.paths[i], self.bodies[i] = piece_node(spec, self.scene.pieces_root), spec
        self.animation, self.anim_time = frames, 0.0

    def game_key(self, method: str, *args) -> None:
        """Keys of a game with a highlighted choice and pages (game/tf_window_game.py)."""
        if self.animation is None:
            self._animate(getattr(self.game, method)(*args))

    def _draw_preview(self) -> None:
        """The game's preview outlines (a flight's templates) as closed lines on the table."""
        from panda3d.core import LineSegs
        outlines = self.game.preview()
        key = b"".join(np.asarray(o, np.float32).tobytes() for o in outlines)
        if key == self.preview_key:
            return
        self.preview_key = key
        self.preview_node.getChildren().detach()
        if not outlines:
            return
        segs = LineSegs("preview")
        segs.setThickness(2.5)
        segs.setColor(0.3, 0.8, 1.0, 1.0)
        for outline in outlines:
            segs.moveTo(*outline[-1])
            for point in outline:
                segs.drawTo(*point)
        self.preview_node.attachNewNode(segs.create())

    # -- camera and loop -----------------------------------------------------------------------
    def _bind(self) -> None:
        b = self.base
        b.accept("mouse1", self.press)
        b.accept("mouse1-up", self.release)
        b.accept("mouse3", self._orbit_start)
        b.accept("mouse3-up", self._orbit_stop)
        b.accept("wheel_up", self._zoom, [0.9])
        b.accept("wheel_down", self._zoom, [1.1])
        b.accept("+", self._zoom, [0.9])
        b.accept("-", self._zoom, [1.1])
        for key, dh, dp in (("arrow_left", -5, 0), ("arrow_right", 5, 0), ("arrow_up", 0, 4), ("arrow_down", 0, -4)):
            b.accept(key, self._rotate, [dh, dp])
            b.accept(key + "-repeat", self._rotate, [dh, dp])
        for key, pitch in (("1", 48.0), ("2", 89.0), ("3", 20.0)):
            b.accept(key, self._preset, [pitch])
        b.accept("escape", b.userExit)
        if self.game is not None:                     # the rules game's choices: keys a, b, c...
            from game.window_game import KEYS
            for k, key in enumerate(KEYS):
                b.accept(key, self.choose, [k])
            if hasattr(self.game, "move_highlight"):
                for key, method, arg in (("]", "move_highlight", 1), ("[", "move_highlight", -1),
                                         ("page_down", "turn_page", 1), ("page_up", "turn_page", -1)):
                    b.accept(key, self.game_key, [method, arg])
                b.accept("enter", self.game_key, ["choose_highlighted"])
        self.orbiting: tuple[float, float] | None = None

    def _orbit_start(self) -> None:
        if self.base.mouseWatcherNode.hasMouse():
            m = self.base.mouseWatcherNode.getMouse()
            self.orbiting = (m.getX(), m.getY())

    def _orbit_stop(self) -> None:
        self.orbiting = None

    def _zoom(self, factor: float) -> None:
        self.orbit.zoom(factor)
        self._place_camera()

    def _rotate(self, dh: float, dp: float) -> None:
        self.orbit.rotate(dh, dp)
        self._place_camera()

    def _preset(self, pitch: float) -> None:
        self.orbit.pitch, self.orbit.heading = pitch, 0.0
        self._place_camera()

    def _place_camera(self) -> None:
        from panda3d.core import Point3
        self.base.camera.setPos(*self.orbit.eye())
        self.base.camera.lookAt(Point3(*self.orbit.target))

    def _update(self, task):
        if self.game is not None and self.animation is None:
            text = self.game.text()
            if text != self.hud.getText():
                self.hud.setText(text)
            if hasattr(self.game, "preview"):
                self._draw_preview()
        watcher = self.base.mouseWatcherNode
        if self.orbiting and watcher.hasMouse():
            m = watcher.getMouse()
            self._rotate((m.getX() - self.orbiting[0]) * 120.0, (m.getY() - self.orbiting[1]) * 60.0)
            self.orbiting = (m.getX(), m.getY())
        if self.drag_from is not None and watcher.hasMouse() and self.selected:
            m = watcher.getMouse()
            direction, power = self.aim_from_drag(*self.drag_from, m.getX(), m.getY())
            start = np.array(self.scene.paths[self.ids.index(self.selected)].getPos())
            self._draw_aim(start, direction, power)
            self.status.setText(f"{self.selected}: power {power:.2f}, direction {direction:.0f} deg")
        elif self.animation is None:
            hover = self.piece_under_mouse()
            flicks = self.game is None or not hasattr(self.game, "preview")
            self.status.setText(f"{hover or ''}" + (f"   last flick power {self.last_power:.2f}" if flicks else ""))
        if self.animation is not None:
            from panda3d.core import ClockObject
            self.anim_time += ClockObject.getGlobalClock().getDt()
            k = min(int(self.anim_time * 60), len(self.animation) - 1)
            self.scene.set_poses(self.animation[k])
            if k == len(self.animation) - 1:
                self.animation = None
        return task.cont


def run_window(bodies: Sequence[BodySpec], poses: np.ndarray, title: str,
               on_flick: Callable[[str, float, float], np.ndarray | None], frames: int | None = None,
               screenshot: str | None = None, game=None, addons: Sequence[Callable] = ()) -> PlayApp:
    """Open the window and run it (``frames``: stop after that many, for smoke tests).
    ``addons``: callables ``addon(app)`` run once the window is up (HUD panels, menus, sounds:
    each binds its own keys and tasks on ``app.base``)."""
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        raise NoDisplayError("DISPLAY is not set")
    from panda3d.core import loadPrcFileData
    loadPrcFileData("", f"window-title {title}\nwin-size 1280 720\nload-display pandagl\n"
                        "audio-library-name null\nsync-video false\n")
    from direct.showbase.ShowBase import ShowBase
    try:
        base = ShowBase(windowType="onscreen")
    except Exception as exc:   # Panda raises a bare Exception when no window opens
        raise NoDisplayError(str(exc)) from None
    if base.win is None:
        raise NoDisplayError("no window could be opened")
    app = PlayApp(base, bodies, poses, title, on_flick, game)
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
