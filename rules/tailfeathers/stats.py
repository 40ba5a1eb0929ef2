"""Unit values and battlefield queries (rulebook: Unit Card Anatomy, Important Definitions,
Attacking and Defending with a Bird, Tree Movement capacity, Range / Clear Sight)."""
from __future__ import annotations

from dataclasses import replace

from feltbox.rules.tailfeathers import data as tables
from feltbox.rules.tailfeathers import measure
from feltbox.rules.tailfeathers.battlefield import Space
from feltbox.rules.tailfeathers.state import FLYING, OFF_FIELD, Figure, TFState


def space(state: TFState, sid: str) -> Space:
    for s in state.setup.battlefield.spaces:
        if s.id == sid:
            if s.kind == "leaf":
                for leaf in state.data.leaves:          # a drifting leaf has moved
                    if leaf.id == sid:
                        return replace(s, polygon=leaf.polygon, adjacent=leaf.adjacent)
            return s
    raise KeyError(f"no space {sid!r}")


def is_space(state: TFState, where: str) -> bool:
    return any(s.id == where for s in state.setup.battlefield.spaces)


def stat(state: TFState, uid: str, name: str) -> int:
    """A unit's value. Bird units: attack values from the pilot, defense/move/battle from the bird,
    life = bird life + pilot bonus life; a rattled pilot has pilot value 1, a pilotless bird 0."""
    u = state.data.unit(uid)
    if u.kind == "bird":
        b = tables.bird(u.card)
        p = tables.pilot(u.pilot) if u.pilot else {}
        if name == "life":
            return b["life"] + p.get("bonus_life", 0)
        if name == "pilot":
            return 0 if not u.pilot else (1 if u.rattled else p.get("pilot", 0))
        if name in ("melee", "ranged", "bonus_life"):
            return p.get(name, 0)
        return b.get(name, 0)
    card = tables.card_of(u.kind, u.card)
    if name == "life":
        return 1 if u.kind == "squad" else card.get("life", 1)
    return card.get(name, 0)


def fig_value(state: TFState, fig: Figure, name: str) -> int:
    """A figure's attack or defense value (a veteran squad figure: +1 to all three: Glossary)."""
    return stat(state, fig.unit, name) + (1 if fig.veteran and name in ("melee", "ranged", "defense") else 0)


def available(fig: Figure) -> bool:
    return fig.where not in OFF_FIELD


def unit_available(state: TFState, uid: str) -> bool:
    return any(available(f) for f in state.data.figures_of(uid))


def on_ground(state: TFState, fig: Figure) -> bool:
    return fig.where not in OFF_FIELD and fig.where != FLYING


def opponents(state: TFState, alliance: str) -> list[str]:
    return [p.alliance for p in state.data.players if p.alliance != alliance and not p.out]


def home_tree(state: TFState, alliance: str) -> str:
    return dict(state.setup.battlefield.home_trees)[alliance]


def home_nest(state: TFState, alliance: str) -> str:
    for s in state.setup.battlefield.spaces:
        if s.kind == "nest" and s.owner == alliance:
            return s.id
    raise KeyError(f"{alliance} has no nest")


def nest_owner(state: TFState, sid: str) -> str:
    s = space(state, sid)
    return s.owner if s.kind == "nest" else ""


def nest_in_play(state: TFState, alliance: str) -> bool:
    p = state.data.player(alliance)
    return not p.out and p.nest_life > 0


def can_enter(state: TFState, fig: Figure, sid: str, ignore: str = "") -> bool:
    """Each space holds up to 4 small figures or 1 large (a leaf 3 small, never a large one);
    a nest holds any number (Tree Movement, Leaves)."""
    s = space(state, sid)
    if s.kind == "nest":
        return True
    here = [f for f in state.data.on_space(sid) if f.id not in (fig.id, ignore)]
    if fig.size == "L":
        return s.kind != "leaf" and not here
    return not any(f.size == "L" for f in here) and len(here) < s.capacity


def enemies_on(state: TFState, sid: str, alliance: str) -> list[Figure]:
    return [f for f in state.data.on_space(sid) if f.alliance != alliance]


def in_spiral(state: TFState, uid: str) -> bool:
    return any(uid in pair for pair in state.data.spirals)


# -- geometry things ---------------------------------------------------------------------------
def mission_polygon(state: TFState, alliance: str):
    card = tables.mission_card()
    ax, ay = state.setup.battlefield.axis_marker
    k = list(state.setup.alliances).index(alliance)
    cx = ax + (card["offset"] + card["width"] / 2) * (1 if k % 2 == 0 else -1)
    w, h = card["width"] / 2, card["height"] / 2
    return ((cx - w, ay - h), (cx + w, ay - h), (cx + w, ay + h), (cx - w, ay + h))


def figure_thing(state: TFState, fig: Figure):
    if fig.where == FLYING:
        return measure.Thing("flying", fig.id, circle=(fig.pose[0], fig.pose[1], measure.BASE_RADIUS))
    return measure.Thing("space", fig.id, polygon=space(state, fig.where).polygon)


def nest_thing(state: TFState, alliance: str):
    return measure.Thing("nest", f"nest:{alliance}", polygon=space(state, home_nest(state, alliance)).polygon)


def blockers(state: TFState):
    """What blocks clear sight: flying figures, tree trunks, tail feathers (Ranged Attack)."""
    out = [measure.Thing("trunk", t.id, polygon=t.polygon) for t in state.setup.battlefield.trunks]
    out += [figure_thing(state, f) for f in state.data.figures if f.where == FLYING]
    out += [measure.feather_thing(t) for t in state.data.feathers]
    out += [measure.Thing("leaf", t.id, polygon=t.polygon) for t in state.data.leaves]   # drifting leaves
    return out


def flight_things(state: TFState, mover: str):
    """Everything a flight path can cross, for geometry.crossings."""
    bf = state.setup.battlefield
    out = [measure.Thing("space", s.id, polygon=space(state, s.id).polygon) for s in bf.spaces]
    out += [measure.Thing("trunk", t.id, polygon=t.polygon) for t in bf.trunks]
    out += [figure_thing(state, f) for f in state.data.figures if f.where == FLYING and f.id != mover]
    if "tail_feathers" in state.setup.rules:
        out += [measure.feather_thing(t) for t in state.data.feathers]
    out += [measure.Thing("mission", f"mission:{p.alliance}", polygon=mission_polygon(state, p.alliance))
            for p in state.data.players if p.mission]
    return out


def within_bounds(state: TFState, pose) -> bool:
    x0, x1, y0, y1 = state.setup.battlefield.bounds
    return x0 <= pose[0] <= x1 and y0 <= pose[1] <= y1
