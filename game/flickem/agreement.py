"""Do the rules and the table tell the same story? The agreement check of ARCHITECTURE.md's "One
truth", for Dead of Winter's figures and tokens.

For each figure the rules track, where it is (in the city and at which spot, in which building,
in the zombie bin or the game box, dead) and whether it stands, against the table: whether its
body is on the table, which building's block holds it, where it lies, and whether its body leans
past the fallen threshold (game/table/measure.py ``fallen_mask``: THE FLICK's "fallen"); for
each token, whether the rules keep it on the table (in a building, in the street) or off it
(carried, in the supply, removed) as the table does. The check only reads; the bridge's table
effects (effects.py) are what make the two agree. A disagreement names the piece, the rules' view
and the table's view. Headless games run it after every action with ``--check-agreement``.
"""
from __future__ import annotations

import numpy as np

from feltbox.game.flickem.bridge import FlickemBridge
from feltbox.game.flickem.effects import MOVE_TOLERANCE, OFF_TABLE, TOKEN_OFF
from feltbox.game.table.city import City
from feltbox.game.table.disagreement import Disagreement
from feltbox.game.table.measure import fallen_mask
from feltbox.rules.flickem.state import FlickemState
from feltbox.rules.flickem.too_close import on_the_tower


def _rules_view(where: str, standing: bool) -> str:
    if where in OFF_TABLE:
        return f"off the table ({where})"
    return f"{'standing' if standing else 'fallen'} in {where}"


def _table_view(present: bool, inside: str | None, fallen: bool) -> str:
    if not present:
        return "off the table"
    return f"{'fallen' if fallen else 'standing'} in {inside or 'city'}"


def disagreements(bridge: FlickemBridge) -> list[Disagreement]:
    """Every piece the rules and the bridge's table see differently (see :func:`compare`)."""
    session = bridge.session
    return compare(bridge.engine.state, bridge.city, session.poses, session.present, session.inside)


def compare(state: FlickemState, city: City, poses: np.ndarray, present: np.ndarray, inside: dict | None,
            skip: frozenset[str] = frozenset()) -> list[Disagreement]:
    """Every figure whose place or stance differs between the rules ``state`` and a table
    (``poses``, ``present``, and which building holds each piece, ``inside``; None when only
    the poses are known, as at a replay episode's start: then a figure in a building need only be
    on the table), a figure in the city also by more than ``MOVE_TOLERANCE`` from its rules
    place; and every token the rules put on or off the table that the table shows the other way.
    Pieces in ``skip`` (a flick's own kit, set aside for a rush) are not compared."""
    data = state.data
    skip = skip | on_the_tower(state)                  # a pending rush's zombies: the tower's
    figures = [(s.id, s.where, s.standing) for s in data.survivors if s.id not in skip]
    figures += [(z.id, z.where, z.standing) for z in data.zombies if z.id not in skip]
    rows = [city.index(p) for p, *_ in figures]
    down = fallen_mask(poses[rows]) if rows else np.zeros(0, bool)
    places = {p: (x, y) for p, x, y in data.positions}
    out = []
    for (piece, where, standing), i, fallen in zip(figures, rows, down):
        held = (inside or {}).get(piece) if inside is not None else (where if where not in ("city", *OFF_TABLE)
                                                                      else None)
        rules, table = _rules_view(where, standing), _table_view(bool(present[i]), held, bool(fallen))
        same = table == "off the table" if where in OFF_TABLE else rules == table
        if same and where == "city" and piece in places:
            gap = float(np.hypot(poses[i, 0] - places[piece][0], poses[i, 1] - places[piece][1]))
            if gap > MOVE_TOLERANCE:
                rules += f" at ({places[piece][0]:.1f}, {places[piece][1]:.1f})"
                table += f" at ({poses[i, 0]:.1f}, {poses[i, 1]:.1f}), {gap:.1f} cm away"
                same = False
        if not same:
            out.append(Disagreement(piece, rules, table))
    carried = {s.id for s in data.survivors}
    for token in data.tokens:
        off = token.where in TOKEN_OFF or token.where in carried
        if token.id not in skip and off == bool(present[city.index(token.id)]):
            out.append(Disagreement(token.id, f"{'off' if off else 'on'} the table ({token.where})",
                                    "on the table" if off else "off the table"))
    return out
