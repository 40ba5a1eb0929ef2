"""Game Setup (rulebook: Game Setup 1-5, Nest Dial, Deploy Forces): the units' figures, nest
dials, hands of action cards, and every figure deployed on its home tree (capacity 4 small or 1
large per space, a nest any number; birds perched at center tilt)."""
from __future__ import annotations

import math
from dataclasses import replace

from feltbox.rules.core import Rng
from feltbox.rules.tailfeathers import data as tables
from feltbox.rules.tailfeathers import measure
from feltbox.rules.tailfeathers.state import Data, Figure, Flow, Player, Setup, TFState, Unit
from feltbox.rules.tailfeathers.stats import can_enter, home_tree, space


def figure_ids(spec) -> list[str]:
    return [spec.id] if spec.figures <= 1 and spec.kind != "squad" else \
        [f"{spec.id}-{k + 1}" for k in range(spec.figures)]


def _size(spec) -> str:
    return "L" if spec.kind == "bird" else tables.card_of(spec.kind, spec.card).get("size", "S")


def new_game(setup: Setup, seed: int) -> TFState:
    units, figures = [], []
    for spec in setup.units:
        if spec.kind == "structure":
            continue                                # structures are built (Build Ballista)
        units.append(Unit(spec.id, spec.alliance, spec.kind, spec.card, spec.pilot,
                          grudge=spec.id in setup.grudges and spec.kind == "bird"))
        figures += [Figure(fid, spec.id, spec.alliance, _size(spec), "") for fid in figure_ids(spec)]
    hands = dict(setup.hands)
    for who, hand in hands.items():             # Action Cards: 7 unique cards of their choosing
        if len(hand) > 7 or len(set(hand)) != len(hand) or not set(hand) <= set(tables.action_cards()):
            raise ValueError(f"{who}'s hand must be up to 7 unique action cards: {hand}")
    players = tuple(Player(a, nest_life=setup.nest_life,
                           hand=tuple(hands.get(a, ())) if "action_cards" in setup.rules else ())
                    for a in setup.alliances)
    k = setup.alliances.index(setup.first)
    order = setup.alliances[k:] + setup.alliances[:k]
    state = TFState(setup, Data(tuple(units), tuple(figures), players),
                    Flow(order, queue=order), Rng(seed))
    return deploy(state)


def deploy(state: TFState) -> TFState:
    """Deploy Forces: all figures on the home tree; explicit placements are checked, the rest
    placed large first on empty branch spaces, then small ones filling spaces, then the nest."""
    bf = state.setup.battlefield
    centre = ((bf.bounds[0] + bf.bounds[1]) / 2, (bf.bounds[2] + bf.bounds[3]) / 2)
    placed = dict(state.setup.placements)
    data = state.data
    figs = sorted(data.figures, key=lambda f: (f.size != "L", f.id))
    for fig in figs:
        tree = home_tree(state, fig.alliance)
        spaces = [s for s in bf.spaces if s.tree == tree and s.kind != "leaf"]
        spaces.sort(key=lambda s: (s.kind == "nest", s.id))
        options = [placed[fig.id]] if fig.id in placed else [s.id for s in spaces]
        cur = replace(state, data=data)
        target = next((sid for sid in options if space(cur, sid).tree == tree and can_enter(cur, fig, sid)), None)
        if target is None and fig.id in placed and space(cur, placed[fig.id]).tree != tree:
            raise ValueError(f"{fig.id} is placed on {placed[fig.id]}, not on the {fig.alliance} home tree "
                             f"{tree} (Deploy Forces: all figures start on their home tree)")
        if target is None:
            raise ValueError(f"no room for {fig.id} on the {fig.alliance} home tree {tree}")
        cx, cy = measure.centroid(space(cur, target).polygon)
        heading = math.degrees(math.atan2(centre[1] - cy, centre[0] - cx)) % 360.0
        data = data.with_figure(replace(fig, where=target, pose=(cx, cy, round(heading, 3)), tilt="center"))
    return replace(state, data=data)
