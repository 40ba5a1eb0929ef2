"""The close-up: the active piece and what it acts on, in one view (numpy maths; the window's
pieces are read through the app passed in).

A close-up of the active piece alone shows a figure and felt; what a player wants to see is the
piece and its target. The target (``close_target``):

* while a flick is aimed (or after one, its direction): the first piece of ``TARGET_KINDS`` in
  the lane ahead of the piece, ``LANE`` cm either side of the aim line and at most ``REACH`` cm
  away -- what the flick would hit first;
* else the nearest opponent: a zombie for a survivor (Dead of Winter), a survivor for a zombie,
  another figure for a Tail Feathers bird or rodent;
* else none: the close-up frames the piece alone.

Whoever shows it frames both points: the window through its camera director (key 5: clear of
the HUD and of buildings, game/window/camera_director.py), ``feltbox render --view closeup``
through game/window/framing.frame over the whole picture (``closeup_orbit``).
"""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from feltbox.game.render.camera import Orbit
from feltbox.game.window.camera_director import sight_heights
from feltbox.game.window.framing import Lens, Rect, frame

TARGET_KINDS = frozenset({"zombie", "survivor", "barrel", "box", "vehicle", "tf_bird", "tf_rodent", "tf_nest"})
OPPONENTS = {"survivor": ("zombie",), "zombie": ("survivor",), "tf_bird": ("tf_bird", "tf_rodent"),
             "tf_rodent": ("tf_bird", "tf_rodent")}
ACTORS = ("survivor", "tf_bird", "tf_rodent")      # who a picture's close-up is of, without rules
LANE = 4.0                # cm either side of the aim line
REACH = 90.0              # cm ahead at most
CLOSEUP_PITCH = 38.0
WHOLE = Rect(-1.0, 1.0, -1.0, 1.0)       # the whole picture (an offscreen render)


def close_target(kinds: Sequence[str], poses: np.ndarray, present: np.ndarray | None, active: int,
                 aim_deg: float | None = None) -> int | None:
    """The index of the piece the close-up of piece ``active`` shows with it (see the module)."""
    poses = np.asarray(poses, float)
    n = len(kinds)
    on = np.ones(n, bool) if present is None else np.asarray(present, bool).copy()
    on[active] = False
    here = poses[active, :2]
    offset = poses[:, :2] - here
    if aim_deg is not None:
        along = np.array([np.cos(np.radians(aim_deg)), np.sin(np.radians(aim_deg))])
        ahead, beside = offset @ along, np.abs(offset @ np.array([-along[1], along[0]]))
        lane = [i for i in range(n) if on[i] and kinds[i] in TARGET_KINDS
                and 0.0 < ahead[i] <= REACH and beside[i] <= LANE]
        if lane:
            return min(lane, key=lambda i: ahead[i])
    wanted = OPPONENTS.get(kinds[active], ())
    rivals = [i for i in range(n) if on[i] and kinds[i] in wanted]
    if not rivals:
        return None
    return min(rivals, key=lambda i: float(np.hypot(*offset[i])))


def picture_actor(kinds: Sequence[str]) -> int | None:
    """The piece a picture's close-up is of when no rules say: the first survivor (or bird...)."""
    for kind in ACTORS:
        if kind in kinds:
            return list(kinds).index(kind)
    return None


def closeup_orbit(poses: np.ndarray, pieces: Sequence[int], lens: Lens, heading: float = 0.0,
                  area: Rect = WHOLE) -> Orbit:
    """The orbit that frames ``pieces`` (indices into ``poses``) inside ``area`` of the picture."""
    points = [np.array([poses[i][0], poses[i][1], z]) for i in pieces for z in sight_heights(float(poses[i][2]))]
    return frame(np.array(points), heading, CLOSEUP_PITCH, lens, area)


def window_closeup(app, piece: str) -> list[str]:
    """The pieces key 5 frames in the window: ``piece`` and its target (the lane of its last
    flick when it was the piece flicked last, else its nearest opponent)."""
    kinds = [b.kind for b in app.bodies]
    present = np.array([not p.isHidden() for p in app.scene.paths], bool)
    aim = app.last_aim[0] if app.last_aim is not None and app.last_flicked == piece else None
    target = close_target(kinds, app.director.poses(), present, app.ids.index(piece), aim)
    return [piece] + ([app.ids[target]] if target is not None else [])
