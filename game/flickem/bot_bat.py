"""S1: the baseball bat flicked at a zombie, a hunter's way next to it (rulebook BASEBALL BAT).

"The baseball bat can be used to quietly knock over a zombie ... while moving": the survivor is
replaced by the bat, which is flicked by its knob; if the bat "first touches a zombie ... the
movement is successful, regardless of whether or not the touched figure falls", and the survivor
takes the bat's place (game/table/session.py ``_land``: the figure replaces the bat, at its
centre). A movement disc must land next to a zombie *without touching anything* (a band 2.4 cm
wide: ``bot_turns.NEXT_TO``); the bat must only touch the zombie first, and it stops where it
struck, 4.5 cm (half its 9 cm) behind its tip: next to the zombie, at a range of powers. Its
second action then kills the struck zombie at short distance (SHORT DISTANCE KILL: standing or
fallen). The bat is QUIET, as a move is, so the turn's noise is the same as the disc's.

Read first (S1 on main, seeds 2, 4, 8, 12, 15, 20): 3 of the 5 survivors hold a bat, and the
bots never swung it outside a fight; every kill took a disc landing in the band, and the turns
whose fan and ring found none walked up (2-3 actions a kill, a QUIET rush at the walker between).
Measured on the real table before writing this (a bat survivor 15-26 cm from a zombie, powers
0.1-0.6): most flicks that first touch the zombie leave the bat's centre 3.8-6.1 cm from it.
"""
from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np

from feltbox.game.flickem.bot_aim import CAP_S, FAIL, Plan, bearing, shaken
from feltbox.game.table.flick import Aim, setup_flick
from feltbox.game.table.flick_runner import run_flick

BAND = (3.7, 6.1)           # cm from the struck zombie's centre to the bat's: next to it (bot_turns.NEXT_TO)
NEAR = 7.2                  # cm: another standing zombie this near the landing is TOO CLOSE! once the turn ends
GOOD = 250.0                # a landing in the band, clear of other standing zombies
POWERS = (0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.75)
OFFSETS = (0.0, -2.5, 2.5, -5.0, 5.0)
SHAKE = 1.5                 # the aim kept must hold when shaken this many sigmas of a finger's noise


def _swing(session, survivor: str, aim: Aim):
    """One bat flick on a scratch table: the outcome, where the bat (the survivor) ends, and every
    piece's final pose."""
    city = session.city
    setup = setup_flick(city, session.poses, session.present, survivor, "bat", aim, "right")
    run = run_flick(city, setup, None, cap_s=CAP_S)
    return run.outcome, run.result.final[setup.flicked, :2].astype(float), run.result.final


def plan_bat(session, survivor: str, target: str, others: list[str], ok: Callable[[np.ndarray], bool],
             rng: random.Random | None = None) -> Plan:
    """A bat flick at zombie ``target`` that first touches it and leaves the survivor next to it
    (its final spot), no other standing zombie of ``others`` within ``NEAR`` of the landing, and
    ``ok(landing)`` (the kill's reaction foreseen). Scores above ``GOOD`` are such flicks that
    also hold up under a shaken aim; none: the best tried, below it."""
    city = session.city
    here = session.poses[city.index(survivor), :2].astype(float)
    goal = session.poses[city.index(target), :2].astype(float)
    heading = bearing(here, goal) + (rng.uniform(-0.5, 0.5) if rng is not None else 0.0)
    ti = city.index(target)
    idx = [city.index(z) for z in others if z != target]

    def score(aim: Aim) -> float:
        outcome, end, final = _swing(session, survivor, aim)
        if outcome.flicked in outcome.left_city or outcome.entered is not None:
            return FAIL
        first = outcome.first_contacts[0] if outcome.first_contacts else None
        if first != target:
            return FAIL if first is not None else -50.0     # a miss fails the move, or moves it nowhere near
        g = float(np.linalg.norm(end - final[ti, :2]))
        near = sum(float(np.linalg.norm(end - final[i, :2])) < NEAR for i in idx)
        value = (300.0 if BAND[0] <= g <= BAND[1] else 0.0) - abs(g - sum(BAND) / 2) - 120.0 * near
        return value if value < GOOD or ok(end) else 0.0
    best = Plan(Aim(heading % 360.0, POWERS[0]), FAIL, 0)
    count = 0
    for power in POWERS:
        for d in OFFSETS:
            aim = Aim((heading + d) % 360.0, power)
            s = score(aim)
            count += 1
            if s >= GOOD:               # it holds when a finger shakes it?
                count += 2
                if all(score(a) >= GOOD for a in shaken(aim, SHAKE)):
                    return Plan(aim, s, count)
                s = GOOD - 1.0
            if s > best.score:
                best = Plan(aim, s, count)
    best.simulated = count
    return best

