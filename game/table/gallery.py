"""A gallery of every piece kind laid out in rows, for ``feltbox render gallery`` and visual checks."""
from __future__ import annotations

import numpy as np

from feltbox.game.table.bodies import BodySpec
from feltbox.game.table.city import rest_pose
from feltbox.models.catalog import TOKEN_NAMES

# every token kind face up (its icon), then the one back all face-down tokens share
TOKENS = [("token", {"token": t, "face": "up"}) for t in TOKEN_NAMES] + [("token", {"token": "food", "face": "down"})]

ROWS = [
    [("building", {"name": n}) for n in ("library", "grocery_store", "police_station")],
    [("building", {"name": n}) for n in ("gas_station", "hospital", "school")],
    [("building", {"name": "rv"}), ("zombie_bin", {}), ("zombie_tower", {})],
    [("vehicle", {"name": n}) for n in ("car", "ice_cream_truck", "pickup_truck")] +
    [("street_lamp", {}), ("barricade", {}), ("city_limit", {}), ("barrel", {"number": 1}), ("box", {"number": 2})],
    [("survivor", {"number": n, "backpack": "day" if n % 2 else "night"}) for n in range(1, 12)] +
    [("knife", {}), ("bat", {})],
    [("zombie", {"number": n, "design": (n - 1) % 3 + 1}) for n in (1, 2, 3, 10, 11, 12)] +
    [("movement_disc", {}), ("bullet", {}), ("pellet", {}), ("flare", {"side": "big"}),
     ("flare", {"side": "small"}), ("shotgun_template", {}), ("sniper_template", {})],
    TOKENS[:10], TOKENS[10:],
]
ROW_Y = [36.0, 16.0, -6.0, -24.0, -36.0, -45.0, -53.0, -59.0]
GAP = {5: 2.8, 6: 4.6, 7: 4.6}   # cm between pieces in a row (default 2; small pieces: room for names)
SHIFT = {7: 3.5}          # cm the second token row is moved sideways, its names between the first's


def gallery() -> tuple[list[BodySpec], np.ndarray]:
    """Bodies and poses: one of every kind, rows from big (back) to small (front)."""
    bodies, rows = [], []
    for index, (row, y) in enumerate(zip(ROWS, ROW_Y)):
        widths = [footprint_width(BodySpec("g", k, p)) for k, p in row]
        gap = GAP.get(index, 2.0)
        x = -sum(widths) / 2 - gap * (len(row) - 1) / 2 + SHIFT.get(index, 0.0)
        for (kind, params), w in zip(row, widths):
            spec = BodySpec(f"{kind}-{len(bodies)}", kind, params)
            # buildings and zombies face the camera (a zombie's number is on its chest)
            heading = -90.0 if kind in ("building", "zombie") else (180.0 if kind == "survivor" else 0.0)
            heading = 90.0 if kind == "zombie_tower" else heading
            bodies.append(spec)
            rows.append(rest_pose(spec, x + w / 2, y, heading,
                                  base_z=2.0 if kind == "building" else 0.0))
            x += w + gap
    return bodies, np.asarray(rows, np.float32)


def footprint_width(spec: BodySpec) -> float:
    """How much room a piece takes in a gallery row (a building: its depth and a margin)."""
    points = np.vstack([p.points for p in spec.model.collision])
    if spec.kind == "building":
        return float(np.ptp(points[:, 1])) + 6.0
    return float(max(np.ptp(points[:, 0]), np.ptp(points[:, 1])))
