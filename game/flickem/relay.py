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

from feltbox.game.flickem.effects import follow_rules
from feltbox.game.table.city import rest_pose


def relay_table(bridge) -> None:
    data = bridge.engine.state.data
    session, city = bridge.session, bridge.city
    session.inside = {}
    for t in data.tokens:                   # tokens in buildings are laid again, one on another
        i = city.index(t.id)
        session.present[i] = t.where == "city" or t.where.startswith("front:")
    follow_rules(bridge.effects, bridge.engine.state, [])       # every figure and building token where the rules say
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
