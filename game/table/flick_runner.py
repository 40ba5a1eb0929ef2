"""One flick, run and measured: the recipe every flick follows, the real one and the simulated.

A set-up flick (flick.setup_flick or arena.arena_flick) runs on a fresh Table from its snapshot
at the fixed tick rate until it settles, and measure.measure_flick reads what it did in the
rulebook's terms. The real flick (session.Session), the bots' candidate flicks
(feltbox.game.flickem.bot_aim) and the window's aim preview all run through ``run_flick``, so a
simulated flick is the real one on a scratch table.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from feltbox.game.table.city import City
from feltbox.game.table.flick import FlickSetup
from feltbox.game.table.measure import FlickOutcome, measure_flick
from feltbox.game.table.table import EpisodeResult, Table


@dataclass(frozen=True)
class FlickRun:
    """A flick that ran: how it was set up, the episode, and (when measured) its outcome."""

    setup: FlickSetup
    result: EpisodeResult
    outcome: FlickOutcome | None


def run_flick(city: City, setup: FlickSetup, inside: str | None = None, cap_s: float | None = None,
              measure: bool = True) -> FlickRun:
    """Run ``setup`` on a fresh table (``cap_s``: simulated seconds at most; None: the episode
    cap) and, with ``measure``, measure it; ``inside``: the building the flicker stands in. The
    held templates and the other pellets of the same shot are not hits."""
    result = Table(city.bodies, setup.poses, setup.present, setup.awake).run(
        setup.inputs, watch=setup.watched, cap_s=cap_s)
    outcome = measure_flick(city, result, setup.flicked, setup.present, inside,
                            tuple(setup.held) + tuple(setup.awake)) if measure else None
    return FlickRun(setup, result, outcome)


def episode_world(present: np.ndarray, awake: list[int], watch: list[int] | None,
                  touch: list[int] | None = None) -> dict:
    """An episode's world record: the bodies off the table, those started awake, those watched
    and (replay v4, only when given) the only bodies whose touches the watch records."""
    world = {"absent": [int(i) for i in np.flatnonzero(~present)], "awake": [int(i) for i in awake],
             "watch": watch}
    if touch is not None:
        world["touch"] = [int(i) for i in touch]
    return world
