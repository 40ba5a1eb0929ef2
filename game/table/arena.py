"""The fight arena: fights are "staged outside of the city limits" (rulebook S2 FIGHT, S6 THE
FIGHT), so each attack is a scratch world holding only the fighters, lined up facing each other
``gap`` cm apart (2 VS 1: side by side, ``pair_spacing`` apart), and the attacker's weapon set up
as for any flick. The city itself is not touched by an attack.
"""
from __future__ import annotations

import numpy as np

from feltbox.game.table.city import City, rest_pose
from feltbox.game.table.flick import Aim, FlickSetup, setup_flick
from feltbox.rules.flickem.fights import fight_data


def arena_layout(city: City, side: list[str], opponents: list[str], gap: float) -> tuple[np.ndarray, np.ndarray]:
    """Poses and presence of a fight: ``side`` at x = -gap/2 facing +x, ``opponents`` at +gap/2
    facing -x; everything else off the table."""
    poses = city.poses.copy()
    present = np.zeros(len(city.bodies), dtype=bool)
    spacing = fight_data()["arena"]["pair_spacing"]
    for pieces, x, heading in ((side, -gap / 2, 0.0), (opponents, gap / 2, 180.0)):
        for k, piece in enumerate(pieces):
            y = (k - (len(pieces) - 1) / 2) * spacing
            i = city.index(piece)
            poses[i] = rest_pose(city.bodies[i], x, y, heading)
            present[i] = True
    return poses, present


def arena_flick(city: City, spec: dict, aim: Aim) -> FlickSetup:
    """The flick of one fight attack (a physics request's ``spec`` from the rules)."""
    poses, present = arena_layout(city, spec["side"].split(","), spec["opponents"].split(","), float(spec["gap"]))
    return setup_flick(city, poses, present, spec["attacker"], spec["weapon"], aim, "right")


def aim_at(city: City, spec: dict, offset: float = 0.0) -> float:
    """Bearing (degrees) from the attacker's weapon in the arena to the nearest opponent."""
    probe = arena_flick(city, spec, Aim(0.0, 0.5))           # where the weapon is laid
    poses = probe.poses
    here = poses[probe.flicked, :2].astype(float)
    targets = [poses[city.index(p), :2].astype(float) for p in spec["opponents"].split(",")]
    target = min(targets, key=lambda t: float(np.linalg.norm(t - here)))
    return float(np.degrees(np.arctan2(*(target - here)[::-1]))) + offset
