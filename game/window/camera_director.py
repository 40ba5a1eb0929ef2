"""Where the window's camera goes on its own (a PlayApp's ``director``): it follows each moving
piece while a flick or a bot's turn plays, and once the table is still it eases to a view that
frames the active piece and what the flick acted on, inside the free middle of the window and
with no building in the way (game/window/framing.py, game/window/sight.py).

* Follow: for every frame of an animation the body that moves the most over the next
  ``LOOK_AHEAD`` frames (teleports to the bin or into a building do not count), so a bot's second
  flick is followed as its first was (``follow_track``). When the camera turns to a new moving
  piece it frames where the piece starts and where it stops, chasing that view with the rig's
  critically damped spring (no jump, no overshoot when the goal changes); if the start is out of
  the free area the animation waits until it comes into view, so every flick is seen from its
  beginning.
* Acted on: the bodies that ended at least ``MOVED_CM`` from where the animation found them, on
  the table, the ``ACTED_ON`` that travelled most (``acted_on``).
"""
from __future__ import annotations

import math

import numpy as np

from feltbox.game.render.camera import Orbit
from feltbox.game.window.framing import Lens, Rect, choose_view, project
from feltbox.game.window.hud_layout import free_area
from feltbox.game.window.sight import BLOCKERS, Sightlines
from feltbox.models.dimensions import dims

LOOK_AHEAD = 20             # frames (1/3 s at 60 Hz)
TELEPORT_CM = 5.0           # a longer step in one frame is a piece put somewhere, not moving
MOVED_CM = 1.5
ACTED_ON = 2
BAR_GAP = 0.04              # kept clear over the bar of table choices (game/window/table_choice_view.py)
LEGS = 0.8                  # a framed piece is seen when its centre and its legs (cm above its feet) are


def sight_heights(centre_z: float) -> tuple[float, float]:
    """The heights of a piece (its centre at ``centre_z``) the camera must see: centre and legs."""
    centre = max(centre_z, 0.5)
    return centre, min(centre, max(centre - 2.0, 0.0) + LEGS)


def _steps(frames: np.ndarray) -> np.ndarray:
    """(n - 1, bodies) distance each body moves frame to frame (falling counts), teleports as 0."""
    steps = np.linalg.norm(np.diff(np.asarray(frames)[:, :, :3], axis=0), axis=2)
    return np.where(steps < TELEPORT_CM, steps, 0.0)


def _jumped(frames: np.ndarray, body: int, a: int, b: int) -> bool:
    """Was ``body`` put somewhere (a teleport) between frames ``a`` and ``b`` (a < b)?"""
    if b <= a or a < 0:
        return False
    steps = np.linalg.norm(np.diff(frames[a:b + 1, body, :3], axis=0), axis=1)
    return bool(np.any(steps >= TELEPORT_CM))


def follow_track(frames: np.ndarray) -> np.ndarray:
    """The body the camera follows at each frame (-1: none moves)."""
    n = len(frames)
    track = np.full(n, -1, int)
    if n < 2:
        return track
    steps = _steps(frames)
    cumulative = np.vstack([np.zeros((1, steps.shape[1])), np.cumsum(steps, axis=0)])
    ahead = cumulative[np.minimum(np.arange(n) + LOOK_AHEAD, n - 1)] - cumulative
    best = np.argmax(ahead, axis=1)
    moving = ahead[np.arange(n), best] > 0.5
    track[moving] = best[moving]
    return track


def acted_on(frames: np.ndarray, limit: float) -> list[int]:
    """Bodies an animation moved (net ``MOVED_CM`` or more) that are still on the table (|x|, |y|
    within ``limit``), those that travelled most first, at most ``ACTED_ON``."""
    if len(frames) < 2:
        return []
    frames = np.asarray(frames)
    net = np.linalg.norm(frames[-1, :, :2] - frames[0, :, :2], axis=1)
    travel = _steps(frames).sum(axis=0)
    on_table = np.all(np.abs(frames[-1, :, :2]) <= limit, axis=1)
    moved = [int(i) for i in np.argsort(-travel) if net[i] >= MOVED_CM and on_table[i] and travel[i] > 0.0]
    return moved[:ACTED_ON]


class CameraDirector:
    def __init__(self, app):
        self.app = app
        self.last: tuple | None = None       # (pieces, orbit, clear) of the last framing
        self.following: int | None = None    # the body the camera was last turned to in an animation
        self.holding = False                 # the animation waits for the camera
        self.seen_frame = -1                 # the animation's frame shown last
        self._sight: tuple[bytes, Sightlines] | None = None

    def lens(self) -> Lens:
        """The window's perspective lens (also while the orthographic top view shows: the
        framings it computes are perspective views)."""
        top = getattr(self.app, "top", None)
        fov = (top.perspective if top is not None else self.app.base.camLens).getFov()
        return Lens(math.tan(math.radians(fov[0]) / 2), math.tan(math.radians(fov[1]) / 2))

    def free(self) -> Rect:
        """The HUD's free middle, above the bar of table choices and a guide's panel while they show."""
        scale = getattr(self.app.hud_panels, "scale", None) or self.app.settings.ui_scale
        free = free_area(self.app.base.getAspectRatio(), float(scale))
        floors = [self.app.table_choice.bar_top() if self.app.table_choice is not None else None,
                  self.app.guide.top() if self.app.guide is not None else None]
        floors = [f for f in floors if f is not None]
        return Rect(free.left, free.right, max([free.bottom] + [f + BAR_GAP for f in floors]), free.top)

    def poses(self) -> np.ndarray:
        """The table as the window shows it now."""
        out = []
        for path in self.app.scene.paths:
            p, q = path.getPos(), path.getQuat()
            out.append([p.x, p.y, p.z, q.getR(), q.getI(), q.getJ(), q.getK()])
        return np.array(out, float)

    def frame(self, pieces: list[str]) -> bool:
        """Ease to the view of ``pieces`` (ids); True when every one is in clear sight."""
        app = self.app
        where = [app.piece_xy(p) for p in dict.fromkeys(pieces)]
        orbit, clear = self.frame_points([q for q in where if q is not None])
        self.last = (list(pieces), orbit, clear)
        return clear

    def frame_points(self, centres, chase: bool = False) -> tuple[Orbit | None, bool]:
        """Ease to the view of pieces whose centres are ``centres`` (``chase``: follow with the
        rig's spring, while an animation plays): (the orbit, True when all are in clear sight);
        (None, False) without any."""
        points = [np.array([q[0], q[1], z]) for q in centres for z in sight_heights(float(q[2]))]
        if not points:
            return None, False
        app = self.app
        orbit, clear = choose_view(np.array(points), app.orbit.heading, app.orbit.pitch, self.lens(), self.free(),
                                   self.sightlines().clear)
        (app.rig.chase if chase else app.rig.go)(orbit)
        return orbit, clear

    def sightlines(self) -> Sightlines:
        """The buildings as they stand now (built again only when one moved: ~30 ms)."""
        poses = self.poses()
        blockers = [i for i, b in enumerate(self.app.bodies) if BLOCKERS in b.model.tags]
        key = np.round(poses[blockers], 2).tobytes()
        if self._sight is None or self._sight[0] != key:
            self._sight = (key, Sightlines(self.app.bodies, poses))
        return self._sight[1]

    def in_view(self, centres) -> bool:
        """Do these points project inside the free area from where the camera is now?"""
        orbit = self.app.orbit
        xy = project(np.atleast_2d(centres), orbit.eye(), orbit.heading, orbit.pitch, self.lens())
        return bool(np.all(np.isfinite(xy)) and self.free().contains(xy).all())

    def follow(self, frames: np.ndarray, track: np.ndarray, k: int) -> bool:
        """Frame ``k`` of an animation: turn to a piece that starts to move; True while the
        animation should wait for the camera to get there."""
        body, seen = int(track[k]), self.seen_frame
        self.seen_frame = k
        if body >= 0 and (body != self.following or _jumped(frames, body, seen, k)):   # a new piece, or put elsewhere
            self.following = body
            end = k
            while end + 1 < len(track) and track[end + 1] == body and not _jumped(frames, body, end, end + 1):
                end += 1
            path = frames[[k, end], body, :3].astype(float)
            self.holding = not self.in_view(path[:1])
            self.frame_points(path, chase=True)
        if self.holding and (not self.app.rig.moving or (body >= 0 and self.in_view(frames[k, body, :3][None]))):
            self.holding = False
        return self.holding

    def after_animation(self, frames: np.ndarray, active: str | None) -> None:
        """The table is still again: frame the active piece and what the animation moved."""
        limit = dims()["city"]["width"] / 2 + 8.0
        moved = [self.app.ids[i] for i in acted_on(frames, limit)]
        pieces = ([active] if active else []) + moved
        if pieces:
            self.frame(pieces)
