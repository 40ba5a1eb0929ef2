"""Mission Phase, Tilt Phase and Determine Initiative (rulebook pages 7-8).

Mission cards are chosen face down (events visible to their owner only), then figures are
assigned to the mission box in turn order from the left of the first player (4 small or 1 large).
Tilt: one step left/right, or launch a perched bird (beak up, pivoted, moved within its space,
center tilt). Initiative:
2 dice + up to 3 bought at 1 cheese each, bids hidden then revealed, ties re-rolled; once the
first player is known the step reports step.FIRST_PLAYER and the flow starts the activations."""
from __future__ import annotations

from dataclasses import dataclass, replace

from feltbox.rules.core import Event
from feltbox.rules.tailfeathers import data as tables
from feltbox.rules.tailfeathers import dice, measure
from feltbox.rules.tailfeathers.state import FLYING, MISSION, TFState
from feltbox.rules.tailfeathers.stats import home_tree, in_spiral, on_ground, space, unit_available
from feltbox.rules.tailfeathers.step import FIRST_PLAYER, Step

TILTS = ("left", "center", "right")
LAUNCH_HEADINGS = tuple(float(h) for h in range(0, 360, 15))   # "pivot ... in any direction": 24 offered


@dataclass(frozen=True)
class ChooseMission:
    mission: str          # a mission type, or "" for none


@dataclass(frozen=True)
class AssignFigure:
    figure: str


@dataclass(frozen=True)
class DoneAssigning:
    pass


@dataclass(frozen=True)
class Tilt:
    bird: str
    tilt: str             # left | center | right for a flying bird; "stay" keeps a perched bird perched


@dataclass(frozen=True)
class Launch:
    """Launch Position: "pivot the launching figure in any direction and move it anywhere within
    its space": a heading (15 degree steps offered) and a spot (x, y) in the space (None: its
    centre, as older scripts wrote it)."""
    bird: str
    heading: float
    x: float | None = None
    y: float | None = None


@dataclass(frozen=True)
class Bid:
    extra: int            # extra initiative dice, 0..3, 1 cheese each


def left_of_first(state: TFState) -> tuple[str, ...]:
    o = tuple(a for a in state.flow.order if not state.data.player(a).out)
    return o[1:] + o[:1]


# -- Mission Phase ------------------------------------------------------------------------------
def mission_options(state: TFState) -> list:
    """Mission Cards: "each player who selected a mission then assigns one or more ground figures
    she controls to her mission": a player with no ground figure on her home tree to assign can
    only choose none."""
    if not _eligible(state, state.flow.queue[0]):
        return [ChooseMission("")]
    return [ChooseMission("")] + [ChooseMission(m) for m in tables.mission_order()]


def choose_mission(state: TFState, a: ChooseMission, events: list) -> TFState:
    who = state.flow.queue[0]
    data = state.data.with_player(replace(state.data.player(who), mission=a.mission, mission_revealed=False))
    events.append(Event("mission chosen", {"player": who, "mission": a.mission}, visible_to=(who,)))
    queue = state.flow.queue[1:]
    state = replace(state, data=data, flow=replace(state.flow, queue=queue))
    if queue:
        return state
    events.append(Event("missions placed", {"players": [p.alliance for p in data.players if p.mission]}))
    queue = tuple(x for x in left_of_first(state) if data.player(x).mission)
    return _next_assign(replace(state, flow=replace(state.flow, waiting="mission_assign", queue=queue)), events)


def _eligible(state: TFState, who: str) -> list[str]:
    """Ground figures on the home tree; perched birds (large ground units) cannot go on missions."""
    tree = home_tree(state, who)
    box = [f for f in state.data.figures if f.alliance == who and f.where == MISSION]
    out = []
    for f in state.data.figures:
        if f.alliance != who or not on_ground(state, f) or space(state, f.where).tree != tree:
            continue
        if state.data.unit(f.unit).kind in ("bird", "structure"):
            continue
        if (f.size == "L" and box) or any(b.size == "L" for b in box) or len(box) >= 4:
            continue
        out.append(f.id)
    return out


def _next_assign(state: TFState, events: list) -> TFState:
    if state.flow.queue:
        return state
    return start_tilt(state, events)


def assign_options(state: TFState) -> list:
    who = state.flow.queue[0]
    box = [f for f in state.data.figures if f.alliance == who and f.where == MISSION]
    eligible = _eligible(state, who)
    out = [AssignFigure(f) for f in eligible]
    if box or not eligible:
        out.append(DoneAssigning())
    return out


def assign(state: TFState, a, events: list) -> TFState:
    who = state.flow.queue[0]
    if isinstance(a, AssignFigure):
        fig = state.data.figure(a.figure)
        events.append(Event("assigned to mission", {"player": who, "figure": fig.id}))
        return replace(state, data=state.data.with_figure(replace(fig, where=MISSION)))
    return _next_assign(replace(state, flow=replace(state.flow, queue=state.flow.queue[1:])), events)


# -- Tilt Phase ---------------------------------------------------------------------------------
def start_tilt(state: TFState, events: list) -> TFState:
    flow = replace(state.flow, phase="tilt", waiting="tilt", queue=left_of_first(state), done=())
    events.append(Event("tilt phase", {}))
    return _next_tilt(replace(state, flow=flow), events)


def _birds_to_set(state: TFState, who: str) -> list:
    return [f for f in state.data.figures if f.alliance == who and state.data.unit(f.unit).kind == "bird"
            and unit_available(state, f.unit) and f.id not in state.flow.done and not in_spiral(state, f.unit)]


def _next_tilt(state: TFState, events: list) -> TFState:
    while state.flow.queue and not _birds_to_set(state, state.flow.queue[0]):
        state = replace(state, flow=replace(state.flow, queue=state.flow.queue[1:]))
    if state.flow.queue:
        return state
    return start_initiative(replace(state, flow=replace(state.flow, done=())), events)


def tilt_options(state: TFState) -> list:
    bird = _birds_to_set(state, state.flow.queue[0])[0]
    if bird.where == FLYING:
        k = TILTS.index(bird.tilt)
        return [Tilt(bird.id, t) for i, t in enumerate(TILTS) if abs(i - k) <= 1]
    return [Tilt(bird.id, "stay")] + [Launch(bird.id, h, x, y) for x, y in launch_spots(state, bird.where)
                                       for h in LAUNCH_HEADINGS]


def launch_spots(state: TFState, sid: str) -> list[tuple[float, float]]:
    """Where a launching bird may stand in its space ("move it anywhere within its space"), a
    finite choice: the space's centre, then half way from the centre to each corner (inside the
    space, a convex polygon), rounded to 0.01 cm."""
    poly = space(state, sid).polygon
    cx, cy = measure.centroid(poly)
    out = [(round(cx, 2), round(cy, 2))]
    for vx, vy in poly:
        p = (round((cx + vx) / 2, 2), round((cy + vy) / 2, 2))
        if p not in out and measure.inside(p, poly):
            out.append(p)
    return out


def tilt(state: TFState, a, events: list) -> TFState:
    fig = state.data.figure(a.bird)
    if isinstance(a, Launch):
        # Launch Position: beak up, pivoted, moved within its space (to the spot chosen)
        x, y = (a.x, a.y) if a.x is not None and a.y is not None else launch_spots(state, fig.where)[0]
        fig = replace(fig, launching=True, tilt="center", pose=(x, y, a.heading % 360.0))
        events.append(Event("launch", {"bird": fig.id, "heading": fig.pose[2]}))
    elif a.tilt != "stay":
        fig = replace(fig, tilt=a.tilt)
        events.append(Event("tilt", {"bird": fig.id, "tilt": a.tilt}))
    state = replace(state, data=state.data.with_figure(fig), flow=replace(state.flow, done=state.flow.done + (fig.id,)))
    return _next_tilt(state, events)


# -- Determine Initiative -------------------------------------------------------------------------
def start_initiative(state: TFState, events: list) -> TFState:
    order = tuple(a for a in state.flow.order if not state.data.player(a).out)
    events.append(Event("initiative", {}))
    return replace(state, flow=replace(state.flow, phase="initiative", waiting="bid", queue=order, totals=()))


def bid_options(state: TFState) -> list:
    p = state.data.player(state.flow.queue[0])
    return [Bid(n) for n in range(0, min(3, p.cheese) + 1)]


def bid(state: TFState, a: Bid, events: list) -> TFState:
    who = state.flow.queue[0]
    data = state.data.with_player(replace(state.data.player(who), bid=a.extra))
    events.append(Event("dice chosen", {"player": who, "extra": a.extra}, visible_to=(who,)))
    queue = state.flow.queue[1:]
    state = replace(state, data=data, flow=replace(state.flow, queue=queue))
    if queue:
        return state
    for p in state.data.players:                        # revealed together, then paid
        if p.bid >= 0:
            state = replace(state, data=state.data.with_player(replace(p, cheese=p.cheese - p.bid)))
    events.append(Event("initiative dice revealed", {p.alliance: 2 + p.bid for p in state.data.players if p.bid >= 0}))
    rollers = tuple(a for a in state.flow.order if state.data.player(a).bid >= 0)
    return _roll_next(replace(state, flow=replace(state.flow, queue=rollers)))


def _roll_next(state: TFState) -> TFState:
    who = state.flow.queue[0]
    return dice.ask(state, "initiative", who, 2 + state.data.player(who).bid)


def initiative_faces(state: TFState, faces: tuple[str, ...], events: list) -> Step:
    who = state.flow.queue[0]
    n = dice.total(faces)
    events.append(Event("rolled", {"player": who, "why": "initiative", "faces": list(faces), "total": n}))
    totals = tuple((a, t) for a, t in state.flow.totals if a != who) + ((who, n),)
    queue = state.flow.queue[1:]
    state = replace(state, flow=replace(state.flow, roll=None, totals=totals, queue=queue))
    if queue:
        return Step(_roll_next(state))
    best = max(t for _, t in totals)
    tied = tuple(a for a in state.flow.order if dict(totals).get(a) == best)
    if len(tied) > 1:                                   # tied players re-roll all their dice
        events.append(Event("initiative tie", {"players": list(tied), "total": best}))
        return Step(_roll_next(replace(state, flow=replace(state.flow, queue=tied,
                                                           totals=tuple(x for x in totals if x[0] not in tied)))))
    first = tied[0]
    order = state.flow.order
    k = order.index(first)
    players = tuple(replace(p, bid=-1) for p in state.data.players)
    events.append(Event("first player", {"player": first}))
    flow = replace(state.flow, order=order[k:] + order[:k], phase="activation", waiting="activate", turn=0,
                   queue=(), totals=())
    return Step(replace(state, data=replace(state.data, players=players), flow=flow), FIRST_PLAYER)

