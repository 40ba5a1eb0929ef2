"""A gallery of every Tail Feathers piece, for ``feltbox gallery --game tailfeathers``."""
from __future__ import annotations

import numpy as np

from feltbox.game.table.bodies import BodySpec
from feltbox.game.table.city import rest_pose
from feltbox.game.table.gallery import footprint_width

ROWS = [
    [("tf_tree", {"overlay": o}) for o in ("oak", "elm", "beech")],
    [("tf_tree", {"overlay": "ash"}), ("tf_sapling", {}), ("tf_nest", {"owner": "mouse"}),
     ("tf_nest_dial", {"life": 12, "owner": "mouse"}), ("tf_nest", {"owner": "rat"}),
     ("tf_nest_dial", {"life": 9, "owner": "rat"}), ("tf_leaf", {"side": "green"}),
     ("tf_leaf", {"side": "orange"}), ("tf_axis_marker", {})],
    [("tf_bird", {"name": "aerijin", "pilot": "zure", "ring": "blue", "tilt": "left"}),
     ("tf_bird", {"name": "sienna", "pilot": "snibble", "ring": "green"}),
     ("tf_bird", {"name": "valchirp", "pilot": "wella", "ring": "yellow", "tilt": "right"}),
     ("tf_bird", {"name": "grizzard", "pilot": "snag", "ring": "red", "tilt": "launch"}),
     ("tf_bird", {"name": "wrunk", "pilot": "chumjaw", "ring": "purple"})],
    [("tf_rodent", {"alliance": "mouse"}), ("tf_rodent", {"alliance": "mouse", "role": "pilot"}),
     ("tf_rodent", {"alliance": "rat"}), ("tf_rodent", {"alliance": "rat", "role": "hero"}),
     ("tf_template", {"size": "short"}), ("tf_template", {"size": "short", "end": True}),
     ("tf_template", {"size": "long"}), ("tf_template", {"size": "long", "end": True}),
     ("tf_death_spiral", {}), ("tf_range_finder", {})],
    [("tf_feather", {"side": "front"}), ("tf_feather", {"side": "notched"}), ("tf_cheese", {})] +
    [("tf_marker", {"marker": m}) for m in ("wound", "on_fire", "rattled", "grudge", "veteran")] +
    [("tf_action_die", {})] * 3 + [("tf_mission", {"alliance": "mouse"}), ("tf_mission", {"alliance": "rat"}),
                            ("tf_mission", {"alliance": "rat", "mission": "siege", "face": "up"})],
]
ROW_Y = [30.0, 6.0, -14.0, -28.0, -40.0]
DIE_TURNS = [(1.0, 0.0, 0.0, 0.0), (np.cos(np.pi / 4), 0.0, np.sin(np.pi / 4), 0.0),
             (np.cos(np.pi / 4), np.sin(np.pi / 4), 0.0, 0.0)]


def tf_gallery() -> tuple[list[BodySpec], np.ndarray]:
    """Bodies and poses: one of every Tail Feathers piece, big at the back, small in front."""
    bodies, rows = [], []
    dice = 0
    for row, y in zip(ROWS, ROW_Y):
        widths = [footprint_width(BodySpec("g", k, p)) for k, p in row]
        x = -sum(widths) / 2 - 2.0 * (len(row) - 1) / 2
        for (kind, params), w in zip(row, widths):
            spec = BodySpec(f"{kind}-{len(bodies)}", kind, params)
            bodies.append(spec)
            heading = -90.0 if kind in ("tf_bird", "tf_rodent") else 0.0
            pose = rest_pose(spec, x + w / 2, y, heading)
            if kind == "tf_action_die":      # show three different faces up
                q = np.array(DIE_TURNS[dice % 3])
                dice += 1
                s = spec.model.top_height
                pose = np.array([x + w / 2, y, s / 2, *q])
            elif "place" in spec.model.anchors:   # centre the piece's bounds, not its anchor
                points = np.vstack([p.points for p in spec.model.collision])
                centre = (points.max(axis=0) + points.min(axis=0)) / 2
                c, s_ = np.cos(np.radians(heading)), np.sin(np.radians(heading))
                pose[:2] = (x + w / 2 - (c * centre[0] - s_ * centre[1]), y - (s_ * centre[0] + c * centre[1]))
            rows.append(pose)
            x += w + 2.0
    return bodies, np.asarray(rows, np.float32)
