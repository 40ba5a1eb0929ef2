"""Additional Rules: Tail Feathers. A wounded flying bird drops 1 feather per wound from the supply
(10 tokens): PhysicsRequest("feathers", {"bird", "count", "at"}) -> Measured({"landed": [[x, y,
heading], ...]}); feathers landing on another feather, a space, a mission card or a figure are
removed (their 3.5 x 1.2 rectangle footprint touching it). They block clear sight and are
crossed with that footprint (measure.feather_thing); a flight crossing one removes it and rattles
the pilot; at the end of each round each is flipped to its 3-notch side, or removed if already
flipped. A bird killed by its wounds drops them too."""
from __future__ import annotations

from dataclasses import replace

from feltbox.rules.core import Event, IllegalAction
from feltbox.rules.tailfeathers import measure
from feltbox.rules.tailfeathers.shapes import Shape, boxes_touch, nearest
from feltbox.rules.tailfeathers.state import FLYING, Feather, TFState
from feltbox.rules.tailfeathers.stats import mission_polygon
from feltbox.rules.tailfeathers.turn import mover

SUPPLY = 10


def collect(state: TFState, fid: str, wounds: int) -> TFState:
    """A flying bird that receives ``wounds`` collects 1 tail feather per wound from the supply, while
    it lasts; they wait in flow.feather_drops until the physics tray drops them (request / landed)."""
    left = SUPPLY - len(state.data.feathers) - sum(k for _, k in state.flow.feather_drops)
    if left <= 0:
        return state
    drops = state.flow.feather_drops + ((fid, min(wounds, left)),)
    return replace(state, flow=replace(state.flow, feather_drops=drops))


def request(state: TFState) -> dict:
    fid, n = state.flow.feather_drops[0]
    fig = state.data.figure(fid)
    return {"bird": fid, "count": n, "at": list(fig.pose)}


def landed(state: TFState, outcome: dict, events: list) -> TFState:
    spec = request(state)
    spots = outcome.get("landed")
    if not isinstance(spots, list) or len(spots) != spec["count"]:
        raise IllegalAction(f"expected {spec['count']} landed feathers")
    data = state.data
    kept, removed = [], 0
    for x, y, h in spots:
        cur = replace(state, data=data)
        if _blocked(cur, (x, y, h)):
            removed += 1
            continue
        n = data.feathers_dropped + 1
        data = replace(data, feathers=data.feathers + (Feather(f"feather-{n}", x, y, h),), feathers_dropped=n)
        kept.append([x, y])
    events.append(Event("tail feathers", {"bird": spec["bird"], "kept": kept, "removed": removed}))
    flow = replace(state.flow, feather_drops=state.flow.feather_drops[1:])
    return replace(state, data=data, flow=flow)


def _blocked(state: TFState, spot) -> bool:
    """Does a feather landed at ``spot`` = (x, y, heading) lie on another tail feather, a space,
    a mission card or a flying figure's base? Its 3.5 x 1.2 footprint overlapping or touching them."""
    me = Shape(poly=measure.feather_polygon(tuple(spot)))
    others = [measure.feather_thing(t).shape() for t in state.data.feathers]
    others += [Shape(poly=s.polygon) for s in state.setup.battlefield.spaces]
    others += [Shape(poly=mission_polygon(state, q.alliance)) for q in state.data.players if q.mission]
    others += [Shape(circle=(f.pose[0], f.pose[1], measure.BASE_RADIUS)) for f in state.data.figures if f.where == FLYING]
    return any(boxes_touch(me.box, o.box) and nearest(me, o)[0] <= 0.0 for o in others)


def cross_feather(state: TFState, fid: str, events: list) -> TFState:
    fig = mover(state)
    data = replace(state.data, feathers=tuple(t for t in state.data.feathers if t.id != fid))
    u = data.unit(fig.unit)
    if u.pilot and not u.rattled:
        data = data.with_unit(replace(u, rattled=True))
    events.append(Event("crossed a tail feather", {"figure": fig.id, "feather": fid}))
    return replace(state, data=data)


def reset_feathers(state: TFState, events: list) -> TFState:
    kept = tuple(replace(t, notched=True) for t in state.data.feathers if not t.notched)
    events.append(Event("tail feathers reset", {"removed": len(state.data.feathers) - len(kept)}))
    return replace(state, data=replace(state.data, feathers=kept))
