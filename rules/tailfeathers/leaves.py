"""Additional Rules: Leaves (rulebook p. 15). A leaf holds 3 small figures and no large one
(stats.can_enter). A ground figure on an attached leaf may, instead of its normal attack, cut it
loose toward a destination tree: its front end is pointed at the tree (HOUSE: turned about its
stem-end hole toward the centre of the tree's trunk), then it makes (die number + figures on it)
spins: "place the tip of the range finder in the hole at the end pointing towards the destination
tree and spin the leaf around so that the other end is now pointing toward the destination"
(geometry.spin_leaf; HOUSE: the shorter way round, counter-clockwise at exactly 180 degrees, the
other way round when that way meets something sooner). What it meets: a tail feather is removed
(the spin goes on); a flying bird: swung as far as it goes; a mission card stops it (an
opponent's is revealed); another drifting leaf stops it, the two adjacent; a tree (a space of any
tree, or a trunk): figures to the closest tree space (excess to the casualty pile) and the leaf
back on its branch. Drifting leaves move again in each final phase;
an empty drifting leaf returns to its branch at once; a drifting leaf blocks clear sight. After a
drift the step reports step.LEAF_DRIFTED: in the Final Phase the flow moves the next leaf."""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

from feltbox.rules.core import Event
from feltbox.rules.tailfeathers import data as tables
from feltbox.rules.tailfeathers import dice, geometry, measure
from feltbox.rules.tailfeathers.shapes import rotate
from feltbox.rules.tailfeathers.state import CASUALTY, FLYING, Leaf, TFState
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
    here = _static(state, fig.where)
    stem = measure.centroid([p for s in state.setup.battlefield.spaces if s.id in here.adjacent for p in s.polygon]
                            or here.polygon)
    leaf = Leaf(fig.where, point_at(here.polygon, stem, goal(state, a.tree)), a.tree)
    events.append(Event("leaf cut", {"leaf": leaf.id, "destination": a.tree, "by": fig.id}))
    data = replace(state.data, leaves=state.data.leaves + (leaf,))
    flow = replace(state.flow, done=state.flow.done + (fig.id,), leaf=leaf.id)
    return dice.ask(replace(state, data=data, flow=flow), "leaf", fig.alliance, 1)


def leaf_faces(state: TFState, faces, events: list) -> Step:
    """Moving a Drifting Leaf: spins = the die's number + the figures on the leaf."""
    sid = state.flow.leaf
    spins = tables.face(faces[0])["move"] + len(state.data.on_space(sid))
    state = replace(state, flow=replace(state.flow, roll=None, leaf=""))
    return Step(drift(state, sid, spins, events), LEAF_DRIFTED)


def goal(state: TFState, tree: str) -> tuple[float, float]:
    """Where a drifting leaf points (HOUSE: the centre of the destination tree's trunk)."""
    trunk = state.setup.battlefield.trunk_of(tree)
    pts = trunk.polygon if trunk else [p for s in state.setup.battlefield.spaces_of(tree) for p in s.polygon]
    return measure.centroid(pts)


def point_at(polygon, stem: tuple[float, float], target: tuple[float, float]):
    """The leaf turned about its hole nearer ``stem`` (the branch it hung from) until its other
    hole points at ``target`` ("point the front end of the leaf towards any part of it")."""
    h0, h1 = geometry.leaf_holes(polygon)
    back, front = (h0, h1) if math.dist(h0, stem) <= math.dist(h1, stem) else (h1, h0)
    turn = math.degrees(math.atan2(target[1] - back[1], target[0] - back[0])
                        - math.atan2(front[1] - back[1], front[0] - back[0]))
    return tuple(rotate(p, back, turn) for p in polygon)


def _obstacles(state: TFState, leaf: Leaf) -> dict:
    """What a spinning leaf can meet, by id: (kind, Thing)."""
    bf = state.setup.battlefield
    out = {s.id: ("tree", measure.Thing("space", s.id, polygon=s.polygon)) for s in bf.spaces if s.kind != "leaf"}
    out.update({t.id: ("tree", measure.Thing("trunk", t.id, polygon=t.polygon)) for t in bf.trunks})
    out.update({t.id: ("feather", measure.feather_thing(t)) for t in state.data.feathers})
    out.update({f.id: ("flying", measure.Thing("flying", f.id, circle=(f.pose[0], f.pose[1], measure.BASE_RADIUS)))
                for f in state.data.figures if f.where == FLYING})
    for p in state.data.players:
        if p.mission:
            out[f"mission:{p.alliance}"] = ("mission", measure.Thing("mission", f"mission:{p.alliance}",
                                                                     polygon=mission_polygon(state, p.alliance)))
    out.update({o.id: ("leaf", measure.Thing("leaf", o.id, polygon=o.polygon)) for o in state.data.leaves if o.id != leaf.id})
    return out


def _spin(poly, target, things: dict):
    """One spin toward ``target``: the shorter way round (counter-clockwise at 180); if that way
    meets something, the other way unless it meets something sooner. (polygon, id met or "")."""
    h0, h1 = geometry.leaf_holes(poly)
    pivot, far = (h0, h1) if math.dist(h0, target) <= math.dist(h1, target) else (h1, h0)
    a = math.degrees(math.atan2(target[1] - pivot[1], target[0] - pivot[0])
                     - math.atan2(far[1] - pivot[1], far[0] - pivot[0]))
    a = (a + 180.0) % 360.0 - 180.0
    a = 180.0 if abs(a + 180.0) < 1e-9 else a
    obstacles = [t for _, t in things.values()]
    first = geometry.spin_leaf(poly, target, a, obstacles)
    if not first[3] or abs(a) < 1e-9:
        return first[0], first[3]
    other = geometry.spin_leaf(poly, target, a - math.copysign(360.0, a), obstacles)
    best = other if not other[3] or abs(other[2]) > abs(first[2]) else first
    return best[0], best[3]


def drift(state: TFState, sid: str, spins: int, events: list) -> TFState:
    leaf = next(lf for lf in state.data.leaves if lf.id == sid)
    target = goal(state, leaf.dest)
    poly, done = leaf.polygon, 0
    while done < spins:
        things = _obstacles(state, leaf)
        poly, who = _spin(poly, target, things)
        kind = things[who][0] if who else ""
        if kind == "feather":                     # remove that feather, the spin goes on
            state = replace(state, data=replace(state.data, feathers=tuple(t for t in state.data.feathers if t.id != who)))
            events.append(Event("leaf swept tail feathers", {"removed": 1}))
            continue
        done += 1
        if kind == "tree":
            return _land(state, leaf, poly, events)
        if kind == "mission":
            who = who.split(":")[1]
            p = state.data.player(who)
            events.append(Event("leaf stopped by a mission", {"leaf": sid, "player": who, "mission": p.mission}))
            if who not in {f.alliance for f in state.data.on_space(sid)}:     # an opponent's is revealed
                state = replace(state, data=state.data.with_player(replace(p, mission_revealed=True)))
            break
        if kind == "leaf":
            events.append(Event("leaves touching", {"leaves": [sid, who]}))
            break
    events.append(Event("leaf drifted", {"leaf": sid, "spins": done, "at": list(measure.centroid(poly))}))
    leaves = tuple(replace(lf, polygon=poly) if lf.id == sid else lf for lf in state.data.leaves)
    return replace(state, data=replace(state.data, leaves=leaves))


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
