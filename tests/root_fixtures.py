"""Hand-built Root positions for the rules tests: ``position(...)`` lays out the pieces, hands
and the stage wanted, with the supplies adjusted so that supply + map = the totals."""
from __future__ import annotations

from dataclasses import replace

from feltbox.rules.core import Decision, Measured, PhysicsRequest
from feltbox.rules.root import flow
from feltbox.rules.root.data import tables
from feltbox.rules.root.state import CORVIDS, DUCHY, Clearing, RootState, clone


def position(stage: str, turn: str = "", pieces: dict | None = None, hands: dict | None = None, seed: int = 1,
             **flow_fields) -> RootState:
    """A game at ``stage`` with exactly ``pieces`` on the map ({clearing: {field: value}}),
    ``hands`` ({seat: [card ids]}; the other cards stay in the pile) and ``flow_fields``."""
    base = flow.new_game(seed)
    d, f = clone(base)
    d.clearings = [Clearing() for _ in range(13)]
    for i, fields in (pieces or {}).items():
        d.clearings[i] = Clearing(**fields)
    hands = hands or {}
    d.hands = {DUCHY: list(hands.get(DUCHY, [])), CORVIDS: list(hands.get(CORVIDS, []))}
    held = set(d.hands[DUCHY]) | set(d.hands[CORVIDS])
    d.pile = sorted(c for c, card in tables().cards.items() if card.kind != "dominance" and c not in held)
    cs = d.clearings
    d.supply = {"duchy_warriors": 20 - sum(c.duchy for c in cs), "corvid_warriors": 15 - sum(c.corvids for c in cs),
                "tunnels": 3 - sum(1 for c in cs if c.tunnel), "citadels": 3 - sum(c.citadels for c in cs),
                "markets": 3 - sum(c.markets for c in cs)}
    on_map = [c.plot for c in cs if c.plot]
    supply = sorted(k for k, n in tables().corvids["plots"].items() for _ in range(n))
    for k in on_map:
        supply.remove(k)
    d.plot_supply = supply
    f.stage = stage
    f.turn = turn or (DUCHY if stage.startswith("duchy") else CORVIDS)
    f.first = f.turn
    f.setup_left = []
    f.actions = {"duchy_assembly": 2, "corvids_daylight": 3}.get(stage, 0)
    for k, v in flow_fields.items():
        setattr(f, k, v)
    return RootState(d, f, base.rng)


def with_data(state: RootState, **changes) -> RootState:
    d, f = clone(state)
    for k, v in changes.items():
        setattr(d, k, v)
    return RootState(d, f, state.rng)


def play(state: RootState, *actions) -> tuple[RootState, list]:
    """Apply ``actions`` in turn; returns the last state and all events."""
    events: list = []
    for a in actions:
        state, ev = flow.apply(state, a)
        events += ev
    return state, events


def roll(state: RootState, a: int, b: int) -> tuple[RootState, list]:
    assert isinstance(flow.pending(state), PhysicsRequest), flow.pending(state)
    return flow.apply(state, Measured({"faces": [a, b]}))


def decide(state: RootState) -> str:
    p = flow.pending(state)
    assert isinstance(p, Decision), p
    return p.player


def texts(events) -> str:
    return "\n".join(e.data.get("text", "") for e in events)


def card_of(suit: str, kind: str = "", exclude: tuple = ()) -> str:
    """A card id of ``suit`` (and ``kind``), not in ``exclude``."""
    for cid, c in sorted(tables().cards.items()):
        if c.suit == suit and (not kind or c.kind == kind) and cid not in exclude and c.kind != "dominance":
            return cid
    raise LookupError(suit)


def cards_of(suit: str, n: int, kind: str = "") -> list[str]:
    out: list[str] = []
    for _ in range(n):
        out.append(card_of(suit, kind, tuple(out)))
    return out


__all__ = ["card_of", "cards_of", "decide", "play", "position", "replace", "roll", "texts", "with_data"]
