"""Do the rules and the table tell the same story? The agreement check of ARCHITECTURE.md's "One
truth", for Dead of Winter's figures (survivors and zombies).

For each figure the rules track, where it is (in the city, in a building, in the zombie bin or
the game box, dead) and whether it stands, against the table: whether its body is on the table,
which building the table holds it in, and whether its body leans past the fallen threshold
(game/table/measure.py ``fallen_mask``: THE FLICK's "fallen"). The check only reads; a
disagreement names the piece, the rules' view and the table's view. It is the measuring stick of
the one-truth work (the bridge turning every rules decision into a table effect); headless games
report it with ``feltbox play flickem N --headless --check-agreement``.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from feltbox.game.flickem.bridge import FlickemBridge
from feltbox.game.table.measure import fallen_mask

OFF_TABLE = ("bin", "box", "dead", "reserve")     # rules places whose figures are not on the table


@dataclass(frozen=True)
class Disagreement:
    """One figure the rules and the table see differently."""

    piece: str
    rules: str
    table: str

    def __str__(self) -> str:
        return f"{self.piece}: the rules say {self.rules}, the table shows {self.table}"


def _rules_view(where: str, standing: bool) -> str:
    if where in OFF_TABLE:
        return f"off the table ({where})"
    return f"{'standing' if standing else 'fallen'} in {where}"


def _table_view(bridge: FlickemBridge, piece: str, fallen: bool) -> str:
    i = bridge.city.index(piece)
    if not bridge.session.present[i]:
        return "off the table"
    return f"{'fallen' if fallen else 'standing'} in {bridge.session.inside.get(piece, 'city')}"


def disagreements(bridge: FlickemBridge) -> list[Disagreement]:
    """Every figure whose place or stance differs between the rules state and the table. A
    zombie in a building is only checked for being on the table (the table does not say which
    building a zombie on a support block belongs to)."""
    data = bridge.engine.state.data
    figures = [(s.id, s.where, s.standing, True) for s in data.survivors]
    figures += [(z.id, z.where, z.standing, False) for z in data.zombies]
    ids = [piece for piece, *_ in figures]
    down = fallen_mask(bridge.session.poses[[bridge.city.index(p) for p in ids]]) if ids else np.zeros(0, bool)
    out = []
    for (piece, where, standing, survivor), fallen in zip(figures, down):
        rules, table = _rules_view(where, standing), _table_view(bridge, piece, bool(fallen))
        if where in OFF_TABLE:
            same = table == "off the table"
        elif survivor or where == "city":
            same = rules == table
        else:
            same = table != "off the table"
        if not same:
            out.append(Disagreement(piece, rules, table))
    return out
