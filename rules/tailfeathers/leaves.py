"""Additional Rules: Leaves (rulebook p. 15). A leaf holds 3 small figures and no large one
(stats.can_enter). A ground figure on an attached leaf may, instead of its normal attack, cut it
loose toward a destination tree; the leaf then makes (die number + figures on it) spins, each a
HOUSE model of the range-finder pivot: its centre moves one leaf length straight toward the
nearest point of the destination tree. What it meets: a tail feather is removed; a flying bird is
swung around (the leaf carries on); a mission card stops it (an opponent's is revealed); another
drifting leaf stops it, the two adjacent; a tree: figures to the closest tree space (excess to the
casualty pile) and the leaf back on its branch. Drifting leaves move again in each final phase;
an empty drifting leaf returns to its branch at once; a drifting leaf blocks clear sight. After a
drift the step reports step.LEAF_DRIFTED: in the Final Phase the flow moves the next leaf."""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

from feltbox.rules.core import Event
from feltbox.rules.tailfeathers import data as tables
from feltbox.rules.tailfeathers import dice, measure
from feltbox.rules.tailfeathers.state import CASUALTY, Leaf, TFState
from feltbox.rules.tailfeathers.stats import can_enter, mission_polygon
from feltbox.rules.tailfeathers.step import LEAF_DRIFTED, Step


@dataclass(frozen=True)
class CutLeaf:
    figure: str
    tree: str                   # the destination tree


def _static(state: TFState, sid: str):
    return next(s for s in state.setup.battlefield.spaces if s.id == sid)


def drifting(state: TFState, sid: str) -> bool:
    return any(lf.id == sid for lf in state.data.leaves)


def cut_options(state: TFState, fig) -> list:
    if "leaves" not in state.setup.rules or fig.where in ("flying",) or not _is_leaf(state, fig.where) \
            or drifting(state, fig.where):
        return []
    here = _static(state, fig.where).tree
    trees = sorted({s.tree for s in state.setup.battlefield.spaces if s.kind != "leaf"} - {here})
    return [CutLeaf(fig.id, t) for t in trees]


def _is_leaf(state: TFState, where: str) -> bool:
    return any(s.id == where and s.kind == "leaf" for s in state.setup.battlefield.spaces)


def cut(state: TFState, a: CutLeaf, events: list) -> TFState:
    fig = state.data.figure(a.figure)
    leaf = Leaf(fig.where, _static(state, fig.where).polygon, a.tree)
    events.append(Event("leaf cut", {"leaf": leaf.id, "destination": a.tree, "by": fig.id}))
    data = replace(state.data, leaves=state.data.leaves + (leaf,))
    flow = replace(state.flow, done=state.flow.done + (fig.id,), leaf=leaf.id)
    return dice.ask(replace(state, data=data, flow=flow), "leaf", fig.alliance, 1)


def _overlap(a, b) -> bool:
    return any(measure.inside(p, b) for p in a) or any(measure.inside(p, a) for p in b)


def _length(poly) -> float:
    return max(math.dist(p, q) for p in poly for q in poly)


def leaf_faces(state: TFState, faces, events: list) -> Step:
    """Moving a Drifting Leaf: spins = the die's number + the figures on the leaf."""
    sid = state.flow.leaf
    spins = tables.face(faces[0])["move"] + len(state.data.on_space(sid))
    state = replace(state, flow=replace(state.flow, roll=None, leaf=""))
    return Step(drift(state, sid, spins, events), LEAF_DRIFTED)


def drift(state: TFState, sid: str, spins: int, events: list) -> TFState:
    leaf = next(lf for lf in state.data.leaves if lf.id == sid)
    bf = state.setup.battlefield
    targets = [s for s in bf.spaces if s.tree == leaf.dest and s.kind != "leaf"]
    step = _length(leaf.polygon)
    poly = leaf.polygon
    for _ in range(spins):
        c = measure.centroid(poly)
        goal = min((p for s in targets for p in s.polygon), key=lambda p: math.dist(p, c))
        d = math.dist(goal, c)
        k = min(step, d) / d if d else 0.0
        dx, dy = (goal[0] - c[0]) * k, (goal[1] - c[1]) * k
        poly = tuple((x + dx, y + dy) for x, y in poly)
        hit = _meet(state, leaf, poly, events)
        if hit == "tree":
            return _land(state, leaf, poly, events)
        if hit.startswith("stop"):
            riders = {f.alliance for f in state.data.on_space(sid)}
            who = hit[5:]
            if who and who not in riders:               # an opponent's mission is revealed
                p = state.data.player(who)
                state = replace(state, data=state.data.with_player(replace(p, mission_revealed=True)))
            break
        state = _drop_feathers(state, poly, events)
    events.append(Event("leaf drifted", {"leaf": sid, "spins": spins, "at": list(measure.centroid(poly))}))
    leaves = tuple(replace(lf, polygon=poly) if lf.id == sid else lf for lf in state.data.leaves)
    return replace(state, data=replace(state.data, leaves=leaves))


def _meet(state: TFState, leaf: Leaf, poly, events: list) -> str:
    for s in state.setup.battlefield.spaces:
        if s.kind != "leaf" and _overlap(poly, s.polygon):
            return "tree"
    for p in state.data.players:
        if p.mission and _overlap(poly, mission_polygon(state, p.alliance)):
            events.append(Event("leaf stopped by a mission", {"leaf": leaf.id, "player": p.alliance,
                                                               "mission": p.mission}))
            return "stop:" + p.alliance
    for other in state.data.leaves:
        if other.id != leaf.id and _overlap(poly, other.polygon):
            events.append(Event("leaves touching", {"leaves": [leaf.id, other.id]}))
            return "stop"
    return ""


def _drop_feathers(state: TFState, poly, events: list) -> TFState:
    kept = tuple(t for t in state.data.feathers if not measure.inside((t.x, t.y), poly))
    if len(kept) != len(state.data.feathers):
        events.append(Event("leaf swept tail feathers", {"removed": len(state.data.feathers) - len(kept)}))
    return replace(state, data=replace(state.data, feathers=kept))


def _land(state: TFState, leaf: Leaf, poly, events: list) -> TFState:
    c = measure.centroid(poly)
    spaces = sorted((s for s in state.setup.battlefield.spaces if s.kind != "leaf"),
                    key=lambda s: (math.dist(measure.centroid(s.polygon), c), s.id))
    closest = spaces[0].id
    data = replace(state.data, leaves=tuple(lf for lf in state.data.leaves if lf.id != leaf.id))
    for fig in state.data.on_space(leaf.id):
        cur = replace(state, data=data)
        to = closest if can_enter(cur, fig, closest) else CASUALTY
        data = data.with_figure(replace(data.figure(fig.id), where=to))
    events.append(Event("leaf landed", {"leaf": leaf.id, "space": closest}))
    return replace(state, data=data)


def reattach_empty(state: TFState, events: list) -> TFState:
    empty = [lf.id for lf in state.data.leaves if not state.data.on_space(lf.id)]
    if not empty:
        return state
    events.append(Event("leaf returned", {"leaves": empty}))
    return replace(state, data=replace(state.data, leaves=tuple(lf for lf in state.data.leaves if lf.id not in empty)))
