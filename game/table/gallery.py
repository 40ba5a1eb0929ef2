"""A gallery of every piece kind laid out in rows, for ``feltbox render gallery`` and visual checks."""
from __future__ import annotations

import numpy as np

from feltbox.game.table.bodies import BodySpec
from feltbox.game.table.city import rest_pose

ROWS = [
    [("building", {"name": n}) for n in ("library", "grocery_store", "police_station")],
    [("building", {"name": n}) for n in ("gas_station", "hospital", "school")],
    [("building", {"name": "rv"}), ("zombie_bin", {}), ("zombie_tower", {})],
    [("vehicle", {"name": n}) for n in ("car", "ice_cream_truck", "pickup_truck")] +
    [("street_lamp", {}), ("barricade", {}), ("city_limit", {})],
    [("survivor", {"number": n, "backpack": "day" if n % 2 else "night"}) for n in range(1, 12)],
    [("zombie", {"number": n, "design": (n - 1) % 3 + 1}) for n in (1, 2, 3, 10, 11, 12)] +
    [("barrel", {"number": 1}), ("box", {"number": 2}), ("knife", {}), ("bat", {})],
    [("movement_disc", {}), ("bullet", {}), ("pellet", {}), ("flare", {"side": "big"}),
     ("flare", {"side": "small"}), ("shotgun_template", {}), ("sniper_template", {}),
     ("token", {"token": "food", "face": "up"}), ("token", {"token": "fuel", "face": "up"}),
     ("token", {"token": "x", "face": "up"}), ("token", {"token": "food", "face": "down"})],
]
ROW_Y = [36.0, 16.0, -6.0, -24.0, -36.0, -44.0, -52.0]


def gallery() -> tuple[list[BodySpec], np.ndarray]:
    """Bodies and poses: one of every kind, rows from big (back) to small (front)."""
    bodies, rows = [], []
    for row, y in zip(ROWS, ROW_Y):
        widths = [footprint_width(BodySpec("g", k, p)) for k, p in row]
        x = -sum(widths) / 2 - 2.0 * (len(row) - 1) / 2
        for (kind, params), w in zip(row, widths):
            spec = BodySpec(f"{kind}-{len(bodies)}", kind, params)
            heading = -90.0 if kind == "building" else (180.0 if kind in ("survivor", "zombie") else 0.0)
            heading = 90.0 if kind == "zombie_tower" else heading
            bodies.append(spec)
            rows.append(rest_pose(spec, x + w / 2, y, heading,
                                  base_z=2.0 if kind == "building" else 0.0))
            x += w + 2.0
    return bodies, np.asarray(rows, np.float32)


def footprint_width(spec: BodySpec) -> float:
    """How much room a piece takes in a gallery row (a building: its depth and a margin)."""
    points = np.vstack([p.points for p in spec.model.collision])
    if spec.kind == "building":
        return float(np.ptp(points[:, 1])) + 6.0
    return float(max(np.ptp(points[:, 0]), np.ptp(points[:, 1])))
