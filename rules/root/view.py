"""What one seat may see (Law 1.2, 13.2.2.I), as plain JSON data: ``seat_view(state, viewer)``.

Public: every piece on the map, face-up plots, the discard pile, scores, tracks (buildings,
crowns, ministers), crafted items and effects, the Duchy's revealed cards, hand counts, the draw
pile's size, whose turn and the prompt. Private: a hand (its owner only), the kind of a
face-down plot and the Corvids' supply of plot kinds (the Corvids only). ``viewer`` may be a seat or
"" (a spectator: sees only what is public). ``events_for`` filters events the same way and
``action_for`` an action of the log: of all Root actions only a plot's kind is secret (every card
an action names is revealed, spent, crafted, played or discarded in the open)."""
from __future__ import annotations

from feltbox.rules.core import Decision, Event, GameOver, to_json
from feltbox.rules.root import board, flow
from feltbox.rules.root.actions import Plot
from feltbox.rules.root.data import tables
from feltbox.rules.root.state import BURROW, CORVIDS, DUCHY, SEATS, RootState


def _clearing(state: RootState, index: int, viewer: str) -> dict:
    c = state.data.clearings[index]
    out = {"index": index, "name": "Burrow" if index == BURROW else tables().clearings[index].name,
           "suit": tables().suit(index), "duchy_warriors": c.duchy, "corvid_warriors": c.corvids,
           "citadels": c.citadels, "markets": c.markets, "tunnel": c.tunnel,
           "ruler": next((s for s in SEATS if board.rules(state.data, s, index)), "")}
    if c.plot:
        out["plot"] = c.plot if (c.plot_up or viewer == CORVIDS) else "plot"
        out["plot_face_up"] = c.plot_up
    return out


def seat_view(state: RootState, viewer: str) -> dict:
    d, f = state.data, state.flow
    p = flow.pending(state)
    return {
        "viewer": viewer,
        "clearings": [_clearing(state, i, viewer) for i in range(13)],
        "score": dict(d.score),
        "hand": sorted(d.hands[viewer]) if viewer in SEATS else [],
        "hand_counts": {s: len(d.hands[s]) for s in SEATS},
        "pile": len(d.pile),
        "discard": list(d.discard),
        "revealed": list(d.revealed),
        "items_supply": dict(d.items),
        "items_crafted": {s: list(d.items_crafted[s]) for s in SEATS},
        "crafted": {s: list(d.crafted[s]) for s in SEATS},
        "supply": dict(d.supply),
        "plot_supply": list(d.plot_supply) if viewer == CORVIDS else len(d.plot_supply),
        "duchy": {"swayed": sorted(d.swayed), "crowns": dict(d.crowns), "crowns_lost": dict(d.crowns_lost),
                  "unswayed": sorted(m for m in tables().ministers if m not in d.swayed)},
        "round": f.round, "round_limit": tables().game["round_limit"], "turn": f.turn, "stage": f.stage,
        "waiting_for": p.player if isinstance(p, Decision) else "",
        "prompt": p.prompt if isinstance(p, Decision) and p.player == viewer else "",
        "battle": None if f.battle is None else {"attacker": f.battle.attacker, "defender": f.battle.defender,
                                                  "clearing": f.battle.clearing, "step": f.battle.step,
                                                  "ambush": f.battle.ambush, "faces": list(f.battle.faces)},
        "over": p.reason if isinstance(p, GameOver) else "",
        "winners": list(p.winners) if isinstance(p, GameOver) else [],
        "you": viewer, "seats": [DUCHY, CORVIDS],
    }


def events_for(events: list[Event], viewer: str) -> list[dict]:
    """Events as ``viewer`` may see them: kind only for an event not shown to them."""
    out = []
    for e in events:
        seen = e.seen_by(viewer)
        out.append({"kind": seen.kind, "data": dict(seen.data)})
    return out


def action_for(action, viewer: str) -> dict:
    """An action of the log as ``viewer`` may see it: ``{"type": ..., "data": ...}``, a face-down
    plot's kind replaced by "plot" for anyone but the Corvids."""
    data = to_json(action)
    if isinstance(action, Plot) and viewer != CORVIDS:
        data["kind"] = "plot"
    return {"type": type(action).__name__, "data": data}
