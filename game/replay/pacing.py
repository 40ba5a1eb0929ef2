"""Which frames of a timeline a video shows: every frame where something moves, and no long
stretch where nothing does (no Panda3D).

A recorded game holds long still stretches: holds after each episode, label holds, the turns of
a Tail Feathers battle decided without anything moving. A video (game/replay/video.py) keeps
each still stretch's first ``IDLE_KEEP_S`` (the outcome stays readable) and cuts the rest; a
frame "moves" when any body on the table changed its pose by more than ``STILL_CM`` (or turned),
or a body came onto or left the table (a template laid, a casualty removed).
"""
from __future__ import annotations

import numpy as np

IDLE_KEEP_S = 0.4          # seconds of a still stretch a video keeps
STILL_CM = 1e-3            # cm (and quaternion units): less is no motion


def moving_frames(poses: np.ndarray, present: np.ndarray) -> np.ndarray:
    """(F,) bool: frame k differs from frame k - 1 (the first frame counts as moving)."""
    poses, present = np.asarray(poses), np.asarray(present, bool)
    out = np.ones(len(poses), bool)
    if len(poses) > 1:
        delta = np.abs(np.diff(poses, axis=0)).max(axis=2) > STILL_CM           # (F-1, N)
        on = present[1:] & present[:-1]
        out[1:] = (delta & on).any(axis=1) | (present[1:] != present[:-1]).any(axis=1)
    return out


def video_frames(poses: np.ndarray, present: np.ndarray, hz: int, first: int, last: int, fps: int,
                 keep_idle_s: float | None = IDLE_KEEP_S) -> np.ndarray:
    """Timeline frame indices (first..last inclusive) to show at ``fps``: all of them at the
    output rate with ``keep_idle_s`` None, else with each still stretch cut to ``keep_idle_s``."""
    frames = np.arange(first, last + 1)
    if keep_idle_s is not None and len(frames) > 1:
        moving = moving_frames(poses[first:last + 1], present[first:last + 1])
        moving[0] = True
        run = np.zeros(len(frames), int)             # frames since the last motion
        for k in range(1, len(frames)):
            run[k] = 0 if moving[k] else run[k - 1] + 1
        frames = frames[run <= int(round(keep_idle_s * hz))]
    step = hz / fps
    picks = np.round(np.arange(0.0, len(frames) - 0.5, step)).astype(int)
    return frames[np.minimum(picks, len(frames) - 1)]
