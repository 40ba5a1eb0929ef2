"""Lay the Dead of Winter table again from the rules state alone (a version 1 save, game/window/saves.py).

The rules know where each figure stands in the city (x, y; standing or fallen), which building a
survivor or zombie is in, who is dead or in the bin, where each token is, and each vehicle,
barrel and box as a footprint rectangle (x, y, heading). The table is laid from the scene's set-up
with those facts applied. What the rules do not know stays approximate: a figure keeps the
heading it started with, a fallen object stands, a token in the street stays where it was dealt,
and tokens lie on the first shelf of their building.
"""
from __future__ import annotations

import numpy as np

from feltbox.game.table.city import rest_pose
from feltbox.game.table.flick import heading_of


def relay_table(bridge) -> None:
    data = bridge.engine.state.data
    session, city = bridge.session, bridge.city
    session.inside = {}
    at = {pid: (x, y) for pid, x, y in data.positions}
    for s in data.survivors:
        i = city.index(s.id)
        session.present[i] = s.where not in ("dead", "reserve")
        if s.where in city.buildings:
            bridge._onto_shelf(s.id, s.where, slot=0)
            session.inside[s.id] = s.where
        elif s.id in at:
            session.poses[i] = rest_pose(city.bodies[i], *at[s.id], heading_of(session.poses[i]), fallen=not s.standing)
    for z in data.zombies:
        i = city.index(z.id)
        session.present[i] = z.where not in ("bin", "box")
        if z.where in city.buildings:
            bridge._onto_shelf(z.id, z.where, slot=1, fallen=not z.standing)
        elif z.id in at:
            session.poses[i] = rest_pose(city.bodies[i], *at[z.id], heading_of(session.poses[i]), fallen=not z.standing)
    for t in data.tokens:
        i = city.index(t.id)
        if t.where in city.buildings:
            bridge._token_onto_shelf(t.id, t.where)
        else:
            session.present[i] = t.where == "city" or t.where.startswith("front:")
    for oid, x, y, heading, _, _ in data.objects:      # footprint centre -> the body's origin
        i = city.index(oid)
        pts = np.vstack([p.points for p in city.bodies[i].model.collision])[:, :2]
        mid = (pts.min(axis=0) + pts.max(axis=0)) / 2
        c, s = np.cos(np.radians(heading)), np.sin(np.radians(heading))
        ox, oy = x - (c * mid[0] - s * mid[1]), y - (s * mid[0] + c * mid[1])
        session.poses[i] = rest_pose(city.bodies[i], float(ox), float(oy), heading)
    removed = {b for b, _ in bridge.setup.barricades} - {b for b, _ in data.barricades}
    for b in removed:                                   # S4: barricades out of the game
        session.present[city.index(b)] = False
