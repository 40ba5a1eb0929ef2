"""Longer moves (issue 11, S2 "They're Everywhere!": the survivors walked too slowly).

``plan_move`` (bot_aim.py) goes as far along the way's path as a straight lane reaches; the
shortest way hugs the blocks, so that lane ends at the path's first corner and most moves were
hops of 12-15 cm (S2 on main, seeds 1-40: median 12.5 cm, power 0.15, 4 % failed). Here a move is also
tried to the landings anywhere on the map that leave the least way to go and that a straight,
roomy lane reaches (``Field.far``), and each is judged by the way it gains on average over a
few flicks with a finger's noise (a failed move gains nothing: the figure goes back, the action
is lost), not by its one noiseless landing. The longer move is taken when that expected gain
beats the sure short one; before the survivor's last turn it must also land clean in most of
the noisy flicks (``SURE``).
"""
from __future__ import annotations

from collections.abc import Callable

import numpy as np

from feltbox.game.table.flick import Aim

SHAKES = ((0.0, 0.0), (1.5, 0.0), (-1.5, 0.0), (0.0, 1.5), (0.0, -1.5), (1.0, 1.0), (-1.0, -1.0))
SURE = 0.7                  # careful: the share of the shaken flicks that must land clean
GAIN = 6.0                  # cm of expected way a long move must win by over the sure short one


def shaken(aim: Aim, d: float, p: float, sigma: tuple[float, float]) -> Aim:
    """``aim`` off by ``d`` direction sigmas and ``p`` power sigmas (``sigma``: a finger's
    direction error in degrees and relative power error, bot_aim.AIM_NOISE)."""
    return Aim((aim.direction + d * sigma[0]) % 360.0,
               float(np.clip(aim.power * (1.0 + p * sigma[1]), 0.01, 1.0)), aim.spin)


Trial = Callable[[Aim], tuple[float | None, float]]   # a simulated flick: (way gained or None: failed, cm slid)


def expected_gain(trial: Trial, aim: Aim, first: float, sigma: tuple[float, float]) -> tuple[float, float]:
    """The way ``aim`` gains on average over the shaken flicks (``first``: the unshaken one's
    gain), and the share of them that land clean (a failed move gains 0)."""
    gains: list[float | None] = [first]
    for d, p in SHAKES[1:]:
        g, _ = trial(shaken(aim, d, p, sigma))
        gains.append(g)
        if sum(x is None for x in gains) >= 3:
            break                           # three failed: not worth more simulations
    clean = [max(g, 0.0) for g in gains if g is not None]
    return float(sum(clean) / len(gains)), len(clean) / len(gains)


def longer_move(trial: Trial, here: np.ndarray, spots: list[tuple[np.ndarray, float]],
                togo: float, jitter: float, careful: bool, sure_gain: float,
                sigma: tuple[float, float]) -> tuple[Aim, float, float] | None:
    """The flick toward one of ``spots`` (landing, way left there) whose expected gain beats
    ``sure_gain`` (the short move's) by GAIN; (aim, its unshaken gain, expected gain) or None.
    Each spot is flicked at straight, its power corrected once by the distance it slid."""
    best = None
    for spot, left in spots:
        if togo - left < sure_gain + GAIN or (best is not None and togo - left < best[2] + GAIN):
            continue
        span = float(np.linalg.norm(spot - here))
        direction = float(np.degrees(np.arctan2(spot[1] - here[1], spot[0] - here[0]))) + jitter
        aim = Aim(direction % 360.0, float(np.clip(span / 100.0, 0.03, 1.0)))
        first, slid = trial(aim)
        if first is not None and first < togo - left - 8.0 and slid > 2.0:   # short or long of it: once more
            aim = Aim(aim.direction, float(np.clip(aim.power * span / slid, 0.03, 1.0)))
            first, slid = trial(aim)
        if first is None:
            continue
        mean, share = expected_gain(trial, aim, first, sigma)
        if careful and share < SURE:
            continue
        if mean >= sure_gain + GAIN and (best is None or mean > best[2]):
            best = (aim, first, mean)
    return best
