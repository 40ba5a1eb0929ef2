"""Do the Snowbirds rules and the table tell the same story? The agreement check of
ARCHITECTURE.md's "One truth" (Tail Feathers' twin: game/tailfeathers/agreement.py).

Everything is read back from the table's poses, never from the bridge's own bookkeeping:

* each track token stands on a printed spot of its track, and the spot's value is the rules'
  Exhaustion, Hunger or Flock (within the printed track);
* the migration token stands on the map slot of the flock's location;
* every Action card lies in the zone the rules put it in, read from where its body is and which
  way up it lies: the pile (face down, as many as the rules' pile), held by the player (the
  hand: off the felt, and no other card is), the play row or the gone-forever pile (played face
  up or sideways: in the rules' ``gone``), the play row or the Rest pile face down (in the
  rules' ``rested``);
* map card i of the route lies face up on map slot i; the map deck holds face down as many cards
  as journeys are still to be placed, and no other map card is on the table;
* while the rules hold Vigor dice (rolled, amended by Tenacity), the two dice show them on top.

A disagreement names the piece, the rules' view and the table's. Headless games run it after every
action with ``--check-agreement`` (strictly in the test suite), ``feltbox replay --verify`` after
every recorded action.
"""
from __future__ import annotations

import numpy as np

from feltbox.game.cards.layout import lies_face_up
from feltbox.game.snowbirds import table
from feltbox.game.snowbirds.bridge import TRACK_VALUES, action_body, map_body, track_value
from feltbox.game.table.disagreement import Disagreement
from feltbox.models.d6 import top_face
from feltbox.models.snowbirds import layout
from feltbox.rules.snowbirds.data import tables
from feltbox.rules.snowbirds.state import JOURNEYS

SPOT_TOLERANCE = 0.05        # cm: a token this far from its spot's centre still stands on it
HELD = "held"                # a card off the felt, in the player's hand
PILES = {"action_draw": "the Action pile", "rest": "the Rest pile", "discard": "the gone-forever pile",
         "map_deck": "the map deck"}


def _sideways(pose: np.ndarray) -> bool:
    """The card's long side (its body y) lies across the table (along x)."""
    w, x, y, z = pose[3:7]
    along_x = 2.0 * (x * y - w * z)              # the body y axis's table x component
    return abs(along_x) > 0.7


def _inside(slot: table.Slot, x: float, y: float) -> bool:
    x0, y0, x1, y1 = slot.footprint()
    return x0 - 0.5 <= x <= x1 + 0.5 and y0 - 0.5 <= y <= y1 + 0.5


def zone_at(x: float, y: float) -> str:
    """Which place of the table holds the point: a pile's name, "map-<k>", "row" or "felt"."""
    for name in PILES:
        if _inside(table.pile(name), x, y):
            return name
    for k in range(JOURNEYS + 1):
        if _inside(table.map_slot(k), x, y):
            return f"map-{k}"
    for k in range(5):
        if _inside(table.play_slot(k, True), x, y):
            return "row"
    return "felt"


def _tokens(bridge) -> list[Disagreement]:
    d = bridge.engine.state.data
    out = []
    for name, value in zip(TRACK_VALUES, (d.exhaustion, d.hunger, d.flock)):
        want = track_value(name, value)
        pose = bridge.poses[bridge.index[f"token-{name}"]]
        spots = {v: table.token_pose(name, v)[:2] for v in layout.values(name)}
        seen, gap = min(((v, float(np.hypot(*(pose[:2] - p)))) for v, p in spots.items()), key=lambda vg: vg[1])
        if gap > SPOT_TOLERANCE:
            out.append(Disagreement(f"token-{name}", f"{name} {want}", f"the token off every spot ({gap:.2f} cm away)"))
        elif seen != want:
            out.append(Disagreement(f"token-{name}", f"{name} {want}", f"the token on {seen}"))
    pose = bridge.poses[bridge.index["migration-token"]]
    where = zone_at(float(pose[0]), float(pose[1]))
    if where != f"map-{d.position}":
        out.append(Disagreement("migration-token", f"the flock at map slot {d.position}", f"the token on {where}"))
    return out


def _card(bridge, body: str, want_zones: tuple[str, ...], face_up: bool | None, rules: str) -> Disagreement | None:
    i = bridge.index[body]
    pose = bridge.poses[i]
    where = zone_at(float(pose[0]), float(pose[1])) if bridge.present[i] else HELD
    if where not in want_zones:
        return Disagreement(body, rules, "it held off the table" if where == HELD else f"it on {where}")
    up = lies_face_up(pose)
    if where != HELD and face_up is not None and up != face_up:
        return Disagreement(body, rules, f"it face {'up' if up else 'down'} on {where}")
    return None


def disagreements(bridge) -> list[Disagreement]:
    """Every token, card and die the rules and an SBBridge's table see differently."""
    state = bridge.engine.state
    d = state.data
    out = _tokens(bridge)
    checks = [(c, ("action_draw",), False, "in the Action pile") for c in d.pile]
    checks += [(c, (HELD,), None, "in the hand, held by the player") for c in d.hand]
    checks += [(c, ("row", "discard"), True, "played face up or sideways: gone forever") for c in d.gone]
    checks += [(c, ("row", "rest"), False, "played face down for Rest") for c in d.rested]
    for card, zones, face_up, rules in checks:
        found = _card(bridge, action_body(card), zones, face_up, rules)
        if found:
            out.append(found)
    for k, card in enumerate(d.route):
        found = _card(bridge, map_body(card), (f"map-{k}",), True, f"on the route, map slot {k}")
        if found:
            out.append(found)
    deck = [m for m in tables().maps if m not in d.route and bridge.present[bridge.index[map_body(m)]]]
    for m in deck:
        found = _card(bridge, map_body(m), ("map_deck",), False, "still to come (the map deck) or in the box")
        if found:
            out.append(found)
    if len(deck) != JOURNEYS + 1 - len(d.route):
        out.append(Disagreement("map deck", f"{JOURNEYS + 1 - len(d.route)} map cards to come",
                                f"{len(deck)} off the route on the table"))
    if state.flow.dice:
        faces = [int(top_face(bridge.poses[i, 3:])[0]) for i in bridge.dice]
        if tuple(faces) != tuple(state.flow.dice):
            out.append(Disagreement("dice", f"Vigor dice {list(state.flow.dice)}", f"the dice showing {faces}"))
    return out
