"""TOO CLOSE! foreseen from the zombies standing up (rulebook TOO CLOSE!, ZOMBIES' REACTION!, END
OF THE ROUND).

A fallen zombie lying next to a survivor is harmless only until it stands: a QUIET reaction
stands the zombie closest to the active survivor when it is fallen, a LOUD one stands every
zombie left in the city, and every round ends with all zombies standing. The survivor next to it
then "immediately loses 1 life token" (read in transcripts: S5 seed 1, a move by Lily stood the
zombie lying beside Anita, who died; S4 seed 1, Lily's two kills stood the one beside Elijah; S1
seed 1, Thomas's kill stood the one beside John). The bot reads only public positions.
"""
from __future__ import annotations

import numpy as np

from feltbox.rules.flickem.figures import DISC_WIDTH, FIGURE_RADIUS
from feltbox.rules.flickem.flow import ShortDistanceKill

TOO_CLOSE = 2 * FIGURE_RADIUS + DISC_WIDTH      # cm between two figures' centres: NEXT TO


def _city(state):
    at = {p: np.array((x, y), dtype=float) for p, x, y in state.data.positions}
    zombies = [(z.id, at[z.id], z.standing) for z in state.data.zombies if z.where == "city" and z.id in at]
    return at, zombies


def neighbours(state, zombie: str, at: dict | None = None, active: str | None = None,
               active_at=None) -> list[str]:
    """Survivors in the city next to ``zombie`` who would stand then (standing, or the active one)."""
    at = at if at is not None else _city(state)[0]
    z = at.get(zombie)
    if z is None:
        return []
    out = []
    for s in state.data.survivors:
        if s.where != "city" or s.id not in at or not (s.standing or s.id == active):
            continue
        xy = np.asarray(active_at, dtype=float) if s.id == active and active_at is not None else at[s.id]
        if float(np.linalg.norm(xy - z)) < TOO_CLOSE:
            out.append(s.id)
    return out


def stood_up(state, sid: str, at, loud: bool = False, exclude=()) -> dict[str, list[str]]:
    """The fallen zombies the reaction to ``sid`` ending its turn at ``at`` stands up next to a
    survivor (``exclude``: zombies killed first), each with the survivors it makes TOO CLOSE!."""
    spots, zombies = _city(state)
    zombies = [z for z in zombies if z[0] not in exclude]
    if not zombies:
        return {}
    here = np.asarray(at, dtype=float)
    if loud:
        fallen = [z for z, _, standing in zombies if not standing]
    else:
        closest = min(zombies, key=lambda z: (float(np.linalg.norm(z[1] - here)), z[0]))
        fallen = [] if closest[2] else [closest[0]]
    out = {}
    for z in fallen:
        hit = neighbours(state, z, spots, sid, here)
        if hit:
            out[z] = hit
    return out


def bombs(state, team: str | None = None) -> dict[str, list[str]]:
    """Fallen zombies lying next to survivors (of ``team``): the end of the round stands them all."""
    spots, zombies = _city(state)
    out = {}
    for z, _, standing in zombies:
        if standing:
            continue
        hit = [s for s in neighbours(state, z, spots)
               if team is None or state.data.survivor(s).team == team]
        if hit:
            out[z] = hit
    return out


def defuse(legal: list, state, sid: str, pick=None):
    """A short distance kill of a fallen zombie the coming reaction (this turn's noise so far) or
    the round's end would stand next to a survivor of ``sid``'s team; ``pick(kills)`` chooses
    among the legal kills (the quietest weapon). None when there is none."""
    kills = [a for a in legal if isinstance(a, ShortDistanceKill)]
    if not kills:
        return None
    team = state.data.survivor(sid).team
    targets = set(bombs(state, team))
    if not targets:
        return None
    mine = [a for a in kills if a.zombie in targets]
    if not mine:
        return None
    choice = pick(mine) if pick is not None else mine[0]
    return choice


RUSH_REACH = 18.0       # cm: a standing zombie closer than this to the survivor ending its turn is
                        # rushed next to it (S5 seeds 1-7, 59 QUIET rushes measured: from 7-13 cm
                        # the zombie landed 1-6 cm from the survivor, from 14 cm on 6-24 cm, mostly 9+)
LIFE = 60.0             # cm of way a life is worth when a move's landing is scored (house)


def reaction_risk(state, sid: str, end, exclude=()) -> float:
    """What ending the turn at ``end`` in the street costs, in cm of way: a fallen zombie lying
    next to it stands at the round's end (TOO CLOSE!); a QUIET reaction rushes the closest zombie
    when it stands (it lands next to the survivor from within RUSH_REACH) and only stands it when
    it lies fallen (harmless unless next to it or to a teammate: S5 seed 1, Gabriel's move ended
    with the zombie lying beside Lily the closest to him; it stood, and she died). ``exclude``:
    zombies killed before the turn ends."""
    at, zombies = _city(state)
    zombies = [z for z in zombies if z[0] not in exclude]
    if not zombies:
        return 0.0
    here = np.asarray(end, dtype=float)
    spans = sorted((float(np.linalg.norm(xy - here)), z, standing) for z, xy, standing in zombies)
    risk = sum(LIFE for span, _, standing in spans if not standing and span < TOO_CLOSE + 1.0)
    span, closest, standing = spans[0]
    if standing:
        risk += LIFE * float(np.clip((RUSH_REACH - span) / 8.0, 0.0, 1.0))
    else:
        risk += LIFE * len([o for o in neighbours(state, closest, at) if o != sid])
    return risk


FIRST = 0.5             # the weight of the reaction's cost on a turn's first move (the second may not
                        # get away: S5 seed 3, Anita's first move ended 9 cm from zombie-04, and
                        # none of 103 second moves simulated escaped its rush)


def weighed_risk(state, sid: str, worth: float = 1.0, exclude=()):
    """What the zombies' reaction costs where a move lands (``reaction_risk``, ``worth`` times):
    in full for the turn's last action, at FIRST for an earlier one; ``exclude``: the zombie the
    next action kills. S5 weighs it once (bot_s5.risk_of), S4 WORTH times (bot_s4.risk_s4)."""
    weight = worth * (1.0 if state.flow.actions_left <= 1 else FIRST)
    return lambda end: weight * reaction_risk(state, sid, end, exclude)
