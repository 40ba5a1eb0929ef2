"""The replay theatre: a recorded game in the window, with play/pause, speed, timeline and camera.

It is an add-on of the play window (``open_theatre`` composes it: game/window/app.py
``run_window``, the Theatre in the app's ``theatre`` place): the window gives the orbit camera
(right-drag, wheel) and the scene; the theatre adds DirectGUI controls along the bottom and a
task that poses the scene from the timeline (game/replay/timeline.py).

Controls: play/pause button and space; speed buttons 0.25x..8x and +/-; the timeline slider
(drag the thumb, or click or drag anywhere on the bar to jump there), with ticks for turns
(gold) and events (red); left/right seek 5 s; n/p next/previous marker; f follow camera on/off;
esc quits. Attract mode (``feltbox demo``) plays at once with the follow camera and starts over
at the end, on a new game when ``next_timeline`` has one ready.
"""
from __future__ import annotations

from collections.abc import Callable

import numpy as np
from direct.gui.DirectGui import DGG, DirectButton, DirectFrame, DirectSlider
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import ClockObject, LineSegs, MouseButton

from feltbox.game.render.camera import Orbit
from feltbox.game.render.top_view import table_extent
from feltbox.game.replay.timeline import Timeline
from feltbox.game.replay.video import FOLLOW_PITCH, apply_present
from feltbox.game.tailsandtactics.pictures import PictureBodies, dress_cards
from feltbox.game.window.app import PlayApp, run_window
from feltbox.game.window.display import has_display
from feltbox.game.window.framing import Lens, Rect, frame
from feltbox.game.window.snowbirds_view import dress_recorded_cards

__all__ = ["Theatre", "has_display", "open_theatre"]     # has_display: the command line asks here

SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
HELP = ("space: play/pause  |  left/right: 5 s  |  n/p: next/previous event  |  +/-: speed  |  "
        "f: follow camera  |  right-drag: orbit  |  esc: quit")
BAR_Y, BAR_HALF, BAR_H = -0.80, 1.55, 0.035
THUMB = 0.018
TURN_COLOR, EVENT_COLOR = (1.0, 0.8, 0.25, 1), (0.95, 0.3, 0.25, 1)
PANEL_TOP = -0.56           # the control panel's top edge (aspect2d y = normalised device y)
ABOVE_PANEL = Rect(-1.0, 1.0, PANEL_TOP + 0.03, 0.88)   # the picture the table is framed in: under the title
TABLE_PITCH = 50.0


class Theatre:
    """Playback state and controls around a PlayApp (``app``) showing ``timeline``."""

    def __init__(self, app: PlayApp, timeline: Timeline, attract: bool = False,
                 next_timeline: Callable[[], Timeline | None] | None = None):
        self.app, self.base = app, app.base
        self.attract, self.next_timeline = attract, next_timeline
        self.playing, self.speed, self.follow = False, 1.0, False
        self.t, self.shown_frame, self.shown_present = 0.0, -1, None
        self.loops = 0
        self._syncing = False
        app.status.hide()
        app.help.setText(HELP)
        app.help.setPos(-1.72, -0.965)
        app.title.setPos(-1.72, 0.92)
        self._build_gui()
        self.set_timeline(timeline)
        self.frame_table()                           # the whole table above the control panel
        self._bind()
        if attract:                                  # plays at once, following the action
            self.toggle_follow()
            self.toggle_play()
        self.base.taskMgr.add(self._tick, "theatre-tick", sort=-10)

    def frame_table(self) -> None:
        """The camera on the whole table (its felt, rim and every piece on it) above the panel."""
        tl = getattr(self, "timeline", None)
        box = table_extent(*((tl.poses[0], tl.present[0]) if tl is not None else ()))
        orbit = table_orbit(box, self.app.director.lens())
        app = self.app
        app.orbit.target, app.orbit.heading = orbit.target, orbit.heading
        app.orbit.pitch, app.orbit.distance = orbit.pitch, orbit.distance
        app.place_camera()

    # -- widgets -------------------------------------------------------------------------------
    def _build_gui(self) -> None:
        a2d = self.base.aspect2d
        self.panel = DirectFrame(parent=a2d, frameColor=(0, 0, 0, 0.55), frameSize=(-1.78, 1.78, -1.0, PANEL_TOP))
        self.slider = DirectSlider(parent=a2d, range=(0, 1), value=0, pageSize=1.0, pos=(0, 0, BAR_Y),
                                   frameSize=(-BAR_HALF, BAR_HALF, -BAR_H, BAR_H), frameColor=(0.5, 0.5, 0.5, 1),
                                   thumb_frameSize=(-THUMB, THUMB, -0.055, 0.055),
                                   thumb_relief=DGG.FLAT, thumb_frameColor=(0.95, 0.95, 0.95, 1),
                                   command=self._slider_moved)
        # The mouse on the bar is ours (_tick: press or drag anywhere on it, the thumb included,
        # and the time goes there); the slider's own paging toward a press raced it and overshot.
        for item in (self.slider, self.slider.thumb):
            item.guiItem.setActive(False)
        self.ticks = a2d.attachNewNode("theatre-ticks")
        played = LineSegs("played")                  # the part already played, up to the thumb
        played.setThickness(5.0)
        played.setColor(0.45, 0.8, 0.5, 1)
        played.moveTo(0, 0, 0)
        played.drawTo(1, 0, 0)
        self.played = a2d.attachNewNode(played.create())
        self.played.setPos(-BAR_HALF, 0, BAR_Y)
        button = dict(parent=a2d, scale=0.045, frameColor=(0.25, 0.25, 0.25, 1), text_fg=(1, 1, 1, 1),
                      relief=DGG.FLAT, pad=(0.4, 0.25))
        self.play_button = DirectButton(text="play", pos=(-1.62, 0, -0.67), command=self.toggle_play,
                                        **button)
        self.speed_buttons = []
        for i, s in enumerate(SPEEDS):
            label = f"{s:g}x"
            self.speed_buttons.append(DirectButton(text=label, pos=(-1.36 + 0.15 * i, 0, -0.67),
                                                   command=self.set_speed, extraArgs=[s], **button))
        self.camera_button = DirectButton(text="camera: free", pos=(-0.28, 0, -0.67),
                                          command=self.toggle_follow, **button)
        self.next_button = DirectButton(text="next event >", pos=(0.18, 0, -0.67),
                                        command=self.jump, extraArgs=[1], **button)
        self.time_text = OnscreenText(text="", pos=(1.72, -0.685), scale=0.045, align=1,
                                      fg=(1, 1, 1, 1), mayChange=True, parent=a2d)
        self.event_text = OnscreenText(text="", pos=(0, -0.89), scale=0.042, fg=(1, 0.9, 0.6, 1),
                                       shadow=(0, 0, 0, 1), mayChange=True, parent=a2d)
        self._show_speed()

    def set_timeline(self, timeline: Timeline) -> None:
        """Show ``timeline`` from its start (a new game in attract mode)."""
        self.timeline = timeline
        self.t, self.shown_frame, self.shown_present = 0.0, -1, None
        self._syncing = True
        self.slider["range"] = (0, max(timeline.duration, 1e-3))
        self.slider["pageSize"] = max(timeline.duration / 20, 0.1)
        self.slider["value"] = 0
        self._syncing = False
        self._draw_ticks()
        self._show(force=True)

    def _draw_ticks(self) -> None:
        self.ticks.getChildren().detach()
        segs = LineSegs("ticks")
        segs.setThickness(2.0)
        for m in self.timeline.markers:
            x = self.x_of(m.frame / self.timeline.hz)
            top = BAR_Y + (0.075 if m.kind == "turn" else 0.055)
            segs.setColor(*(TURN_COLOR if m.kind == "turn" else EVENT_COLOR))
            segs.moveTo(x, 0, BAR_Y + BAR_H)
            segs.drawTo(x, 0, top)
        self.ticks.attachNewNode(segs.create())

    # -- mapping between time and the bar --------------------------------------------------------
    def x_of(self, t: float) -> float:
        """aspect2d x of the thumb's center at ``t`` seconds."""
        left, right = -BAR_HALF + THUMB, BAR_HALF - THUMB
        return left + (right - left) * (t / max(self.timeline.duration, 1e-3))

    def t_of(self, x: float) -> float:
        left, right = -BAR_HALF + THUMB, BAR_HALF - THUMB
        return float(np.clip((x - left) / (right - left), 0, 1)) * self.timeline.duration

    def _mouse_on_bar(self) -> float | None:
        watcher = self.base.mouseWatcherNode
        if not watcher.hasMouse():
            return None
        m = watcher.getMouse()
        x, y = m.getX() * self.base.getAspectRatio(), m.getY()
        if abs(x) <= BAR_HALF and abs(y - BAR_Y) <= BAR_H + 0.03:
            return x
        return None

    # -- actions -------------------------------------------------------------------------------
    def seek(self, t: float) -> None:
        self.t = float(np.clip(t, 0.0, self.timeline.duration))
        self._show()

    def toggle_play(self) -> None:
        if not self.playing and self.t >= self.timeline.duration:
            self.t = 0.0                                 # play again from the start
        self.playing = not self.playing
        self.play_button["text"] = "pause" if self.playing else "play"

    def set_speed(self, speed: float) -> None:
        self.speed = speed
        self._show_speed()

    def step_speed(self, direction: int) -> None:
        i = min(range(len(SPEEDS)), key=lambda k: abs(SPEEDS[k] - self.speed))
        self.set_speed(SPEEDS[int(np.clip(i + direction, 0, len(SPEEDS) - 1))])

    def toggle_follow(self) -> None:
        self.follow = not self.follow
        self.camera_button["text"] = "camera: follow" if self.follow else "camera: free"
        if self.follow:
            self.app.orbit.pitch, self.app.orbit.distance = FOLLOW_PITCH, self.timeline.follow_distance

    def jump(self, direction: int) -> None:
        """To the next (1) or previous (-1) marker; a second press skips markers on the same frame."""
        tl = self.timeline
        marker = tl.next_event(self.t) if direction > 0 else tl.prev_event(self.t)
        if marker is not None:
            self.seek(marker.frame / tl.hz)

    def _show_speed(self) -> None:
        for s, b in zip(SPEEDS, self.speed_buttons):
            b["frameColor"] = (0.2, 0.45, 0.25, 1) if s == self.speed else (0.25, 0.25, 0.25, 1)

    def _bind(self) -> None:
        b = self.base
        b.accept("space", self.toggle_play)
        for key, dt in (("arrow_left", -5.0), ("arrow_right", 5.0)):
            b.accept(key, lambda dt=dt: self.seek(self.t + dt))
            b.accept(key + "-repeat", lambda dt=dt: self.seek(self.t + dt))
        b.accept("n", self.jump, [1])
        b.accept("p", self.jump, [-1])
        for key, d in (("+", 1), ("=", 1), ("-", -1), ("shift-=", 1)):
            b.accept(key, self.step_speed, [d])
        b.accept("f", self.toggle_follow)

    # -- the loop -------------------------------------------------------------------------------
    def _slider_moved(self) -> None:
        if not self._syncing:
            self.seek(float(self.slider["value"]))

    def _tick(self, task):
        watcher = self.base.mouseWatcherNode
        if watcher.hasMouse() and watcher.isButtonDown(MouseButton.one()):
            x = self._mouse_on_bar()
            if x is not None:                    # click or drag anywhere on the bar: scrub there
                self.seek(self.t_of(x))
        if self.playing:
            dt = min(ClockObject.getGlobalClock().getDt(), 0.1)
            self.t += dt * self.speed
            if self.t >= self.timeline.duration:
                self._at_end()
        self._show()
        return task.cont

    def _at_end(self) -> None:
        if not self.attract:
            self.t, self.playing = self.timeline.duration, False
            self.play_button["text"] = "play"
            return
        self.loops += 1
        fresh = self.next_timeline() if self.next_timeline else None
        if fresh is not None:                    # (timeline, bodies): a new game
            timeline, bodies = fresh if isinstance(fresh, tuple) else (fresh, None)
            if bodies is not None:
                self.app.scene.set_bodies(bodies)
            self.set_timeline(timeline)
        self.t = 0.0

    def _show(self, force: bool = False) -> None:
        tl = self.timeline
        k = tl.frame_at(self.t)
        if k != self.shown_frame or force:
            self.app.scene.set_poses(tl.poses[k])
            self.shown_present = apply_present(self.app.scene, tl.present[k], self.shown_present)
            self.shown_frame = k
            self._syncing = True
            self.slider["value"] = self.t
            self._syncing = False
            self.event_text.setText(tl.label_at(self.t))
            self.played.setSx(max(self.x_of(self.t) - THUMB + BAR_HALF, 1e-4))
        self.time_text.setText(f"{_clock(self.t)} / {_clock(tl.duration)}   {self.speed:g}x")
        if self.follow:
            self.app.orbit.target = tl.target[k].astype(float)
            self.app.place_camera()


def table_orbit(box, lens: Lens, pitch: float = TABLE_PITCH) -> Orbit:
    """The orbit (from the table's near side, at ``pitch``) that shows the table ``box`` (x0, y0,
    x1, y1) whole in the picture above the control panel (``ABOVE_PANEL``, less framing's margin)."""
    x0, y0, x1, y1 = box
    corners = np.array([[x, y, z] for x in (x0, x1) for y in (y0, y1) for z in (0.0, 3.0)])
    return frame(corners, 0.0, pitch, lens, ABOVE_PANEL, ground=0.0)


def _clock(t: float) -> str:
    return f"{int(t // 60)}:{t % 60:04.1f}"


def open_theatre(timeline: Timeline, bodies, title: str, attract: bool = False,
                 next_timeline=None, frames: int | None = None, screenshot: str | None = None, mood=None):
    """Open the window on ``timeline``; returns the PlayApp (its ``theatre`` attribute is the
    Theatre). Raises feltbox.game.window.app.NoDisplayError without a display."""
    def addon(app: PlayApp) -> None:
        dress_recorded_cards(app)            # a Snowbirds migration's cards show their faces
        if isinstance(bodies, PictureBodies):    # a card game's bodies that carry their faces (Tails and Tactics)
            dress_cards(app.scene.paths, app.bodies, bodies.faces, bodies.backs)
        app.scene.set_mood(mood)             # the game's look (game/render/mood.py)
        app.theatre = Theatre(app, timeline, attract=attract, next_timeline=next_timeline)

    return run_window(bodies, timeline.poses[0], title, lambda *a: None, frames=frames,
                      screenshot=screenshot, addons=[addon])
