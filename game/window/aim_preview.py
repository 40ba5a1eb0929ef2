"""The aim preview: the flick simulated in a scratch world, its predicted path drawn on the table.

No Panda3D here. ``predict`` sets the flick up exactly as the real one (game/table/flick.setup_flick,
the start behind a building for a survivor inside it, as game/flickem/bot_aim.simulate does) on copies
of the session's poses and runs a fresh ``Table`` that is never recorded: the real session is not
touched. ``Throttle`` decides when the preview is worth recomputing: only when the aim changed by
more than 1 deg or 0.02 power, and at most every 0.15 s.

Off by default (``Settings.aim_preview``; key P toggles it): a preview is a strong help, so it is
a practice aid, not for competitive play.
"""
from __future__ import annotations

import time

import numpy as np

from feltbox.game.table.flick import Aim, setup_flick
from feltbox.game.table.flick_runner import run_flick

CAP_S = 2.5           # simulated seconds: a flick settles well within
MIN_DT = 0.15         # s between two previews at most
MIN_DEG, MIN_POWER = 1.0, 0.02


def predict(session, piece: str, weapon: str, direction: float, power: float) -> np.ndarray:
    """(K, 3) points of the flicked body's path, from its start to where it stops."""
    city = session.city
    inside = session.inside.get(piece)
    start_xy = tuple(session.behind_building(inside)) if inside is not None else None
    setup = setup_flick(city, session.poses, session.present, piece, weapon,
                        Aim(direction % 360.0, float(np.clip(power, 0.0, 1.0))), "right", None, start_xy)
    result = run_flick(city, setup, inside, cap_s=CAP_S, measure=False).result
    path = np.vstack([setup.poses[setup.flicked, :3][None], result.frames[:, setup.flicked, :3]])
    keep = np.r_[True, np.linalg.norm(np.diff(path[:, :2], axis=0), axis=1) > 0.3]   # drop the resting tail
    path = path[keep]
    path[:, 2] = 0.15                     # drawn just above the felt
    return path.astype(np.float32)


class Throttle:
    """Recompute the preview only for a changed aim, at most every ``MIN_DT`` seconds."""

    def __init__(self, clock=time.perf_counter):
        self.clock = clock
        self.last_aim: tuple[float, float] | None = None
        self.last_time = -1e9

    def due(self, direction: float, power: float) -> bool:
        now = self.clock()
        if now - self.last_time < MIN_DT:
            return False
        if self.last_aim is not None:
            dd = abs(((direction - self.last_aim[0] + 180.0) % 360.0) - 180.0)
            if dd <= MIN_DEG and abs(power - self.last_aim[1]) <= MIN_POWER:
                return False
        self.last_aim, self.last_time = (direction, power), now
        return True

    def reset(self) -> None:
        self.last_aim, self.last_time = None, -1e9
