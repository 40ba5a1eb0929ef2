"""Snowbirds pictures: the table of a scene as the migration starts (``feltbox render snowbirds
normal``) and one of every Snowbirds piece (``feltbox gallery --game snowbirds``)."""
from __future__ import annotations

import numpy as np

from feltbox.game.snowbirds.bridge import SBBridge
from feltbox.game.snowbirds.table import sb_table
from feltbox.game.table.bodies import BodySpec


def sb_scene_table(scene) -> tuple[list[BodySpec], np.ndarray]:
    """The table as seed 0's migration starts: mat, map row, tray, tokens, piles, route (the hand is held)."""
    bridge = SBBridge(scene, 0)
    keep = np.flatnonzero(bridge.present)
    return [bridge.bodies[i] for i in keep], bridge.poses[keep].copy()


def sb_gallery() -> tuple[list[BodySpec], np.ndarray]:
    """The Snowbirds table's pieces (mat, map row, tray, tokens, dice) and a card."""
    bodies, poses = sb_table()
    card = BodySpec("card", "card", {"size": "poker"})
    return bodies + [card], np.vstack([poses, [[0.0, -2.0, 0.015, 1.0, 0.0, 0.0, 0.0]]])
