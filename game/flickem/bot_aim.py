"""Bot moves by simulation (rulebook MOVE, ENTERING AND EXITING A BUILDING, S4 BARRICADES).

Every candidate is a scratch world (the real table, not recorded) measured like the real flick;
the best-scoring one is kept. A move toward a building tries, in order of cost:
- straight in through the door from wherever the door can be seen at a workable angle (one
  action instead of two: the disc is aimed at points across the door, at a few reaches);
- a staging point 12 cm in front of the door, in hops of 15 / 30 / 45 cm or the whole way;
- from inside a building the disc starts behind it and must leave through the door; candidates
  also aim straight into the target building (out of one building and into the next at once).
``plan_near`` lands the disc within a band of distances of a point (next to a zombie for a short
distance kill, within reach of a vehicle for S3's take in the city).

Seeds: each plan takes the bot's ``random.Random``; it jitters the candidate bearings by under a
degree, so different seeds explore different candidates (and so play different games) while the
same seed always plans the same flick. Risk: with ``careful`` the best candidates are flicked
again with the aim noise a player's finger adds (``AIM_NOISE``); one that fails then loses to a
slightly worse but robust one. Bots plan carefully unless time is short.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from feltbox.game.flickem.bot_far import longer_move
from feltbox.game.flickem.bot_paths import (
    Clearance,
    Field,
    door_centre,
    door_way,
    in_front,
    inside_point,
    sees_door,
    stage_point,
)
from feltbox.game.table.flick import Aim, setup_flick
from feltbox.game.table.flick_runner import run_flick
from feltbox.models.dimensions import dims

HOPS = (15.0, 30.0, 45.0)   # cm: hops tried toward a far goal (a blocked long flick is lost)
FAIL = -1000.0
ENTERED = 500.0       # score of a candidate entering the target building
CAP_S = 2.0           # simulated seconds a candidate may run: a move settles well within it; one
                      # that sets the street wobbling past it has touched something anyway
AIM_NOISE = (0.6, 0.025)    # a finger's error: direction sigma (degrees), relative power sigma
FROM_BEHIND = ("movement_disc", "bat", "bullet", "knife")   # pieces that leave a building through its door

__all__ = ["FAIL", "ENTERED", "RISKY", "Plan", "Search", "plan_move", "plan_near", "simulate", "noisy", "shaken", "start_of",
           "bearing", "door_centre", "in_front", "inside_point", "sees_door", "stage_point"]


@dataclass
class Plan:
    aim: Aim
    score: float
    simulated: int
    progress: float = 0.0       # a move: how much shorter the way left became (inf: it got there)
    hemmed: bool = False        # a move: the figure stands where the map of the street has no spot
    risk: float = 0.0           # a move: what the landing's coming reaction costs (plan_move's ``risk``)


def bearing(frm: np.ndarray, to: np.ndarray) -> float:
    return float(np.degrees(np.arctan2(to[1] - frm[1], to[0] - frm[0])))


def start_of(session, survivor: str, weapon: str = "movement_disc") -> tuple[np.ndarray, tuple | None, str | None]:
    """Where the flicked piece starts (behind the building for a survivor inside it), and the building."""
    inside = session.inside.get(survivor)
    if inside is None or weapon not in FROM_BEHIND:
        return session.poses[session.city.index(survivor), :2].astype(float), None, inside
    xy = session.behind_building(inside)
    return np.asarray(xy, dtype=float), xy, inside


def simulate(session, survivor: str, weapon: str, aim: Aim):
    """One candidate flick in a scratch world, set up and measured as Session.flick does."""
    city = session.city
    _, start_xy, inside = start_of(session, survivor, weapon)
    setup = setup_flick(city, session.poses, session.present, survivor, weapon, aim, "right", None, start_xy)
    run = run_flick(city, setup, inside, cap_s=CAP_S)
    return run.outcome, run.result.final[setup.flicked, :2].astype(float)


def noisy(aim: Aim, rng: random.Random, scale: float = 1.0) -> Aim:
    """``aim`` as a finger flicks it: a little off in direction and power (AIM_NOISE)."""
    direction = aim.direction + rng.gauss(0.0, AIM_NOISE[0] * scale)
    power = aim.power * (1.0 + rng.gauss(0.0, AIM_NOISE[1] * scale))
    return Aim(direction % 360.0, float(np.clip(power, 0.01, 1.0)), aim.spin)


def shaken(aim: Aim, sigmas: float = 1.5) -> tuple[Aim, Aim]:
    """``aim`` shaken ``sigmas`` of a finger's noise (AIM_NOISE) each way, in direction and power
    together: a plan that still works with both holds up when flicked."""
    d, p = AIM_NOISE[0] * sigmas, AIM_NOISE[1] * sigmas
    return (Aim((aim.direction + d) % 360.0, min(1.0, aim.power * (1 + p))),
            Aim((aim.direction - d) % 360.0, aim.power * (1 - p)))


def _jitter(rng: random.Random | None) -> float:
    return rng.uniform(-0.8, 0.8) if rng is not None else 0.0


def _aim(direction: float, reach: float) -> Aim:
    return Aim(direction % 360.0, float(np.clip(reach / 100.0, 0.03, 1.0)))


class Search:
    """Candidates simulated and scored; keeps the best, optionally checked against aim noise."""

    def __init__(self, session, survivor: str, weapon: str, score: Callable, careful: bool = False):
        self.session, self.survivor, self.weapon, self.score = session, survivor, weapon, score
        self.careful = careful
        self.tried: list[tuple[float, Aim]] = []

    def run(self, aims, good_enough: float | None = None) -> bool:
        """Simulate ``aims``; True once one scores ``good_enough`` (and, careful, holds up to noise)."""
        for aim in aims:
            outcome, end = simulate(self.session, self.survivor, self.weapon, aim)
            s = self.score(outcome, end)
            self.tried.append((s, aim))
            if good_enough is not None and s >= good_enough and self._robust(aim, s):
                return True
        return False

    def _robust(self, aim: Aim, s: float) -> bool:
        if not self.careful:
            return True
        for aside in shaken(aim):
            outcome, end = simulate(self.session, self.survivor, self.weapon, aside)
            if self.score(outcome, end) < s - 150.0:
                self.tried[-1] = (s - 150.0, aim)          # works, but only just: keep looking
                return False
        return True

    def best(self) -> Plan:
        if not self.tried:
            return Plan(Aim(0.0, 0.05), FAIL, 0)
        score, aim = max(self.tried, key=lambda t: t[0])
        return Plan(aim, score, len(self.tried))


def plan_move(session, survivor: str, target_xy: np.ndarray, enter: str | None = None,
              zombies: list[np.ndarray] = (), barricades: int = 0, rng: random.Random | None = None,
              careful: bool = False, weapon: str = "movement_disc", company: tuple[str, ...] = (),
              risk: Callable[[np.ndarray], float] | None = None, stride: float = 0.0,
              far_door: bool = False) -> Plan:
    """The best flick of the movement disc (or Mike's ``figure``) toward ``target_xy``, or into
    building ``enter``, knocking its ``barricades`` out of the entrance (S4); ``company``: figures
    that move with the survivor (S3's rescued Anita), left out of the map of the street (the
    simulated flicks still must not touch her); ``risk(end)``: what ending the turn at a landing
    in the street costs (cm of way; the turn's last action), charged to the landing and, as the
    cost of staying, to the spot it starts from; ``stride``: a clear lane's end that gains less
    way is not taken before the fan of hops is tried too (S5); ``far_door``: bot_paths.door_field.

    Straight in when the door is in sight down a clear lane; otherwise the landing that leaves
    the shortest way to go along the street (bot_paths.Field) to a spot in front of the door
    from which the entry is a clear straight flick (or to ``target_xy``)."""
    city = session.city
    here, _, inside = start_of(session, survivor, weapon)
    point = np.asarray(target_xy, dtype=float)
    going_in = enter is not None and inside != enter
    blocking = _barricades(session, enter) if going_in and barricades else []
    clear = Clearance(session, ignore={survivor, *blocking, *company})   # a lane through barricades is a way in
    entry = inside_point(city, enter) if going_in else None
    goals, field = door_way(city, enter, clear, far_door) if going_in else ([point], Field(clear, [point]))

    def score(outcome, end):
        value = score_move(outcome, end, entry if entry is not None else point, enter, inside, zombies, barricades)
        if FAIL + 100.0 < value < ENTERED - 100.0 and outcome.entered is None:
            togo = field.cost(end)                              # the way left along the street
            if not np.isfinite(togo):                           # landed beside a piece: from the open spots around
                togo = field.cost_near(end, reach=4)
            value += float(np.linalg.norm(end - (entry if entry is not None else point))) - \
                (togo if np.isfinite(togo) else 150.0 + float(np.linalg.norm(end - goals[0])))
            if risk is not None:
                danger = risk(end)
                value -= danger
                if value > seen[0]:
                    seen[:] = [value, danger]
        return value
    seen = [-np.inf, 0.0]           # the best landing in the street so far, and its risk
    search = Search(session, survivor, weapon, score, careful)
    jitter = _jitter(rng)
    if inside is not None:
        plan = _plan_exit(search, city, inside, here, entry if entry is not None else point, jitter)
        plan.risk = seen[1] if plan.score < ENTERED - 100.0 else 0.0
        return plan
    if going_in and sees_door(city, enter, here) and float(np.linalg.norm(entry - here)) < 80.0:
        targets = [inside_point(city, enter, a) for a in ((0.0, -2.5, 2.5, -4.5, 4.5) if company else (0.0, -2.5, 2.5))]
        aims = [_aim(bearing(here, t) + jitter, float(np.linalg.norm(t - here)) + r)
                for r in (0.0, 2.5, -2.0) for t in targets]
        for b in blocking:                  # hit the barricades hard enough to clear the door
            xy = session.poses[city.index(b), :2].astype(float)
            aims += [_aim(bearing(here, xy) + d, float(np.linalg.norm(xy - here)) + r)
                     for d in (0.0, -2.0, 2.0) for r in (12.0, 25.0, 40.0)]
        if search.run(aims, good_enough=ENTERED - 10.0):
            return _progress(search.best(), np.inf)
    # the way left from here (from the open spots right around the figure); none when it stands
    # hemmed in (beside a vehicle's block, a barrel): then any landing on the map is progress
    togo = field.cost_near(here) + (risk(here) if risk is not None else 0.0)
    ends: dict = {}

    def trial(aim):                         # a flick toward a far landing: (way gained or None, cm slid)
        outcome, end = simulate(session, survivor, weapon, aim)
        value, ends[aim] = score(outcome, end), end
        gain = None if value <= FAIL + 100.0 else togo + (10.0 if value >= ENTERED - 100.0 else value)
        return gain, float(np.linalg.norm(end - here))

    def farther(plan: Plan) -> Plan:        # a longer move when its expected gain is worth more (bot_far.py)
        if weapon != "movement_disc" or not np.isfinite(togo) or plan.progress == np.inf:
            return plan
        pick = longer_move(trial, here, field.far(here, clear), togo, jitter, careful, max(plan.progress, 0.0),
                           AIM_NOISE)
        if pick is None:
            return plan
        end = ends[pick[0]]
        return Plan(pick[0], pick[1] - togo, plan.simulated + len(ends), pick[1], plan.hemmed,
                    risk(end) if risk is not None else 0.0)
    for via in field.along(here, clear)[:2]:     # as far along the way as a clear lane goes
        span = float(np.linalg.norm(via - here))
        aims = [_aim(bearing(here, via) + jitter + d, span + r) for d in (0.0, -1.2, 1.2) for r in (0.0, -1.5, 1.5)]
        if search.run(aims, good_enough=-field.cost(via) - 2.0) and _progress(search.best(), togo).progress >= stride:
            return farther(_escape(search, here, jitter, seen, togo))
    if _progress(search.best(), togo).progress > max(8.0, stride):    # near enough a lane's end: no wider fan
        return farther(_escape(search, here, jitter, seen, togo))
    point = goals[0] if going_in else point
    span = float(np.linalg.norm(point - here))
    heading = bearing(here, point) + jitter
    reaches = sorted({min(d, span) for d in (*HOPS, span) if d > 3.0}) or [max(span, 2.0)]
    search.run(_aim(heading + d, r) for d in (0.0, -10.0, 10.0, -25.0, 25.0, -45.0, 45.0) for r in reaches)
    if _progress(search.best(), togo).progress <= 2.0:  # hemmed in, or the way starts sideways: hops all around
        search.run(_aim(heading + d, r) for d in range(-150, 181, 30) if d for r in (10.0, 20.0, 32.0))
    plan = _escape(search, here, jitter, seen, togo)
    plan.hemmed = not np.isfinite(field.cost(here))
    return farther(plan)


RISKY = 20.0        # cm of way: a best landing whose coming reaction costs more looks for a safer one


def _escape(search: Search, here: np.ndarray, jitter: float, seen: list, togo: float) -> Plan:
    """The best move, after hops all around (and farther) when every landing tried so far ends
    the turn where the zombies' reaction costs a life (``risk`` of plan_move): a step aside or
    back may be worth more than the way it gives up."""
    if seen[1] > RISKY and search.best().score < ENTERED - 100.0:
        search.run(_aim(jitter + d, r) for d in range(0, 360, 30) for r in (10.0, 20.0, 32.0, 45.0))
    plan = _progress(search.best(), togo)
    plan.risk = seen[1] if plan.score < ENTERED - 100.0 else 0.0
    return plan


def plan_breach(session, survivor: str, building: str, rng: random.Random | None = None) -> Plan:
    """S4 BARRICADES: a flick of the movement disc at the barricades in front of ``building``
    that knocks at least one of them out of the entrance (the last one out lets the survivor in);
    each barricade is aimed at straight and a little aside, hard first. Scores 250 a barricade
    removed (+ENTERED if it got in), FAIL when none moves out."""
    city = session.city
    here, _, inside = start_of(session, survivor)
    blocking = _barricades(session, building)
    if inside is not None or not blocking:
        return Plan(Aim(0.0, 0.05), FAIL, 0)

    def score(outcome, end):
        # a disc that goes on under the building and out of the city fails the move, as touching
        # the barricade already does: the barricades it knocked out are removed all the same, and
        # the last one out lets the survivor in (BARRICADES); hard flicks often end so
        measured = outcome.extra.barricades      # {} once no building has one left: all out
        left = tuple(blocking) if measured is None else measured.get(building, ())
        removed = len(blocking) - len(left)
        if removed <= 0:
            return FAIL
        return 250.0 * removed + (ENTERED if outcome.entered == building else 0.0)
    search = Search(session, survivor, "movement_disc", score)
    jitter = _jitter(rng)
    for b in blocking:
        xy = session.poses[city.index(b), :2].astype(float)
        span = float(np.linalg.norm(xy - here))
        if span > 60.0:
            continue
        # a plank lying between the blocks leaves only through under the building and out past
        # their backs: hard and straight at it works best (house model, measured: no flick under
        # power 0.3 clears one, two in three from 0.6 up, glancing ones less often)
        if search.run((_aim(bearing(here, xy) + jitter + d, span + r) for r in (45.0, 70.0, 30.0)
                       for d in (0.0, -2.0, 2.0, -4.0, 4.0)), good_enough=250.0):
            break
    return search.best()


def breach_spots(city, building: str) -> list[np.ndarray]:
    """Spots ahead of the door from which a disc pushes the barricades out of the entrance (house:
    found by trying 49 aims at each barricade from a grid of spots; straight ahead of the door and of
    each half of it cleared one most often, farther aside less)."""
    g = city.buildings[building]
    return [g.to_world(np.array([g.door_x + ahead, side]))[0] for ahead, side in
            ((10.5, 0.0), (14.5, -3.5), (14.5, 3.5), (16.5, -6.0), (16.5, 6.0), (10.5, -6.0), (10.5, 6.0),
             (20.0, 0.0), (10.5, -12.0), (10.5, 12.0), (13.0, -18.0), (13.0, 18.0))]


def _barricades(session, building: str) -> list[str]:
    """S4 BARRICADES: the barricade pieces lying in front of ``building``'s door."""
    city = session.city
    door = door_centre(city, building)
    return [b.id for i, b in enumerate(city.bodies) if "barricade" in b.model.tags and session.present[i]
            and float(np.linalg.norm(session.poses[i, :2] - door)) < 15.0]


def _progress(plan: Plan, togo: float) -> Plan:
    """A move's progress: the way left before it, less the way left after (its score, when it
    did not get in); a move from nowhere on the map counts as progress if it lands anywhere on it."""
    if plan.score >= ENTERED - 100.0:
        plan.progress = np.inf
    elif plan.score > FAIL + 100.0:
        plan.progress = (togo + plan.score) if np.isfinite(togo) else (np.inf if plan.score > -150.0 else 0.0)
    return plan


def _plan_exit(search: Search, city, inside: str, here: np.ndarray, point: np.ndarray, jitter: float) -> Plan:
    """Out of ``inside`` through its door (the disc starts behind the building), toward ``point``;
    straight on into the next building when the line allows."""
    door = city.buildings[inside].heading
    heading = bearing(here, point) + jitter
    span = float(np.linalg.norm(point - here))
    turn = ((heading - door + 180.0) % 360.0) - 180.0
    if abs(turn) < 45.0:
        search.run(_aim(heading + d, span + r) for d in (0.0, -2.0, 2.0) for r in (0.0, 2.5, -2.0))
        if search.best().score > ENTERED - 10.0:
            return search.best()
    bearings = [door + jitter + d for d in sorted({0.0, -12.0, 12.0, -25.0, 25.0, float(np.clip(turn, -30, 30))})]
    reaches = sorted({18.0, 26.0, 35.0, float(np.clip(span, 18.0, 50.0))})
    search.run(_aim(b, r) for b in bearings for r in reaches)
    return search.best()


def score_move(outcome, end: np.ndarray, point: np.ndarray, enter: str | None, inside: str | None,
               zombies, barricades: int = 0) -> float:
    if barricades and enter is not None and outcome.extra.barricades is not None:
        removed = barricades - len((outcome.extra.barricades or {}).get(enter, ()))
        if removed > 0:                     # out of the city or not (plan_breach)
            return 250.0 * removed - float(np.linalg.norm(end - point)) + (ENTERED if outcome.entered == enter else 0)
    if not outcome.clean or outcome.flicked in outcome.left_city or outcome.flicked in outcome.fell:
        return FAIL                         # touched something, left the city, or (Mike) fell
    if inside is not None and outcome.exited != inside:
        return FAIL + 100.0                 # still inside: no progress
    score = -float(np.linalg.norm(end - point))
    if outcome.entered is not None:
        score += ENTERED if outcome.entered == enter else -300.0
    reach = dims()["figure"]["base_diameter"] + dims()["movement_disc"]["diameter"]
    # ending next to a standing zombie: TOO CLOSE! (a life lost, fallen) once the turn ends
    score -= sum(60.0 for z in zombies if float(np.linalg.norm(end - z)) < reach + 1.0)
    return score


def plan_near(session, survivor: str, target_xy: np.ndarray, gap: Callable[[np.ndarray], float],
              band: tuple[float, float], zombies: list[np.ndarray] = (), rng: random.Random | None = None,
              careful: bool = False, ring: int = 0, risk: Callable[[np.ndarray], float] | None = None) -> Plan:
    """A move that ends with ``gap(end)`` within ``band`` (e.g. next to a zombie, within reach of a
    vehicle) without touching anything; scores above 0 land in the band. ``ring``: when the fan
    straight at the point fails, that many spots in the band all around it are tried too; ``risk(end)``:
    what the turn's end there costs (S5), taken off a landing in the band."""
    here, _, inside = start_of(session, survivor)
    point = np.asarray(target_xy, dtype=float)
    low, high = band
    middle = (low + high) / 2

    def score(outcome, end):
        if not outcome.clean or outcome.flicked in outcome.left_city or outcome.entered is not None:
            return FAIL
        if inside is not None and outcome.exited != inside:
            return FAIL + 100.0
        g = gap(end)
        # another standing zombie next to the landing: TOO CLOSE! once the turn ends
        near = [z for z in zombies if float(np.linalg.norm(end - z)) < 7.2 and float(np.linalg.norm(z - point)) > 1.0]
        value = (300.0 if low <= g <= high else 0.0) - abs(g - middle) - 120.0 * len(near)
        return value - (risk(end) if risk is not None and value > 100.0 else 0.0)
    search = Search(session, survivor, "movement_disc", score, careful)
    span, jitter = float(np.linalg.norm(point - here)), _jitter(rng)
    heading = bearing(here, point) + jitter
    if inside is not None:
        door = session.city.buildings[inside].heading
        turn = float(np.clip(((heading - door + 180.0) % 360.0) - 180.0, -35.0, 35.0))
        search.run(_aim(door + turn + d, r) for d in (0.0, -10.0, 10.0) for r in (20.0, 30.0, span - middle))
        return search.best()
    reach = max(gap(here) - middle, 2.0)
    offsets = (0.0, -3.0, 3.0, -7.0, 7.0, -14.0, 14.0)
    good = 300.0 - (high - low) / 2
    for stretch in (0.0, -1.5, 1.5, -3.0):
        if search.run((_aim(heading + d, reach + stretch) for d in offsets), good_enough=good):
            return search.best()
    # the straight line is blocked (a figure, a lamp, a second zombie beside the target): spots
    # in the band all around the target, each flicked at straight (a way round the obstacle)
    if ring and search.best().score < good:
        start = rng.uniform(0.0, 45.0) if rng is not None else 0.0
        spots = [point + middle * np.array([np.cos(a), np.sin(a)])
                 for a in np.radians(np.arange(start, start + 360.0, 360.0 / ring))]
        spots.sort(key=lambda p: float(np.linalg.norm(p - here)))
        search.run((_aim(bearing(here, p), float(np.linalg.norm(p - here))) for p in spots
                    if float(np.linalg.norm(p - here)) > 2.0), good_enough=good)
    return search.best()
