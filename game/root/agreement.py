"""One truth for Root (ARCHITECTURE.md): after every action the table must show what the rules
say, read back from the bodies' poses alone -- in each clearing (and the Burrow) the number of
warriors of each faction, citadels, markets, the tunnel, the plot and whether it lies face up
(turned over), and each score marker on its faction's score. A disagreement names the clearing,
the piece, the rules' count and the table's."""
from __future__ import annotations

import numpy as np

from feltbox.game.cards.layout import lies_face_up
from feltbox.game.root import table
from feltbox.models.root import root_dims
from feltbox.models.root.printing import score_box_x
from feltbox.rules.root.view import seat_view

REACH = 6.0          # cm: a piece further than this from every clearing is in no clearing


def _clearing_of(xy: np.ndarray) -> int | None:
    """The clearing (0 the Burrow, 1-12) a piece at ``xy`` stands in, by the nearest centre."""
    centres = np.array([table.clearing_centre(i) for i in range(13)])
    d = np.linalg.norm(centres - xy[None, :2], axis=1)
    i = int(np.argmin(d))
    return i if d[i] <= REACH else None


def table_counts(bridge) -> dict[int, dict[str, int]]:
    """What the table shows in each clearing, from the poses of the present bodies."""
    felt = bridge.felt
    out = {i: {"duchy_warriors": 0, "corvid_warriors": 0, "citadels": 0, "markets": 0, "tunnel": 0,
               "plot": 0, "plot_face_up": 0} for i in range(13)}
    for k, spec in enumerate(felt.bodies):
        if not felt.present[k]:
            continue
        field = {"root_citadel": "citadels", "root_market": "markets", "root_tunnel": "tunnel",
                 "root_plot": "plot"}.get(spec.kind)
        if spec.kind == "root_warrior":
            field = "duchy_warriors" if spec.params["faction"] == "duchy" else "corvid_warriors"
        if field is None:
            continue
        where = _clearing_of(felt.poses[k, :2])
        if where is None:
            continue
        out[where][field] += 1
        if field == "plot" and not lies_face_up(felt.poses[k]):
            out[where]["plot_face_up"] += 1
    return out


def disagreements(bridge) -> list[str]:
    view = seat_view(bridge.engine.state, "")
    shown = table_counts(bridge)
    found = []
    for c in view["clearings"]:
        i = c["index"]
        rules = {"duchy_warriors": c["duchy_warriors"], "corvid_warriors": c["corvid_warriors"],
                 "citadels": c["citadels"], "markets": c["markets"], "tunnel": int(c["tunnel"]),
                 "plot": int("plot" in c), "plot_face_up": int(bool(c.get("plot_face_up")))}
        for field, value in rules.items():
            if shown[i][field] != value:
                found.append(f"{c['name']} ({i}): {field.replace('_', ' ')}: rules {value}, table {shown[i][field]}")
    tx, _ = table.at("score_track")
    length = float(root_dims()["score_track"]["length"])
    for seat in ("duchy", "corvids"):
        x = float(bridge.felt.poses[bridge.index[f"score-{seat}"], 0])
        box = int(np.clip(np.floor((x - tx + length / 2) / (length / 31)), 0, 30))
        if box != min(30, view["score"][seat]) or abs(x - tx - score_box_x(box)) > 1.0:
            found.append(f"score track: {seat}: rules {view['score'][seat]}, marker on {box}")
    return found
