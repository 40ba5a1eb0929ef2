"""Tails and Tactics test tables: a state in the middle of play built from real card data, so a
rule can be tried on exactly the cards it is about (tests/test_tt_*.py)."""
from __future__ import annotations

from feltbox.rules.core import Rng
from feltbox.rules.tails_and_tactics import flow
from feltbox.rules.tails_and_tactics.state import SEATS, FieldCard, Flow, Setup, Side, TTState, side


def table(red: dict | None = None, blue: dict | None = None, active: str = "red", seed: int = 1) -> TTState:
    """A play-phase state. Each side: ``field`` (card ids, or (card id, FieldCard keywords) e.g.
    ``("fox-snare", {"face_up": False})`` or ``("fox-bayonet", {"attached_to": 0})`` naming the
    field index of the unit), ``hand``, ``draw``, ``discard`` (card ids), ``base``. Instances are
    numbered field, hand, draw, discard in that order: ``red-01`` is red's first field card."""
    sides = []
    for seat, spec in zip(SEATS, (red or {}, blue or {})):
        field = [f if isinstance(f, tuple) else (f, {}) for f in spec.get("field", [])]
        hand, draw, discard = spec.get("hand", []), spec.get("draw", []), spec.get("discard", [])
        cards = [c for c, _ in field] + hand + draw + discard
        iids = [f"{seat}-{k + 1:02d}" for k in range(len(cards))]
        fcs = []
        for k, (_, kw) in enumerate(field):
            kw = dict(kw)
            if isinstance(kw.get("attached_to"), int):
                kw["attached_to"] = iids[kw["attached_to"]]
            if isinstance(kw.get("requirement_of"), int):
                kw["requirement_of"] = iids[kw["requirement_of"]]
            fcs.append(FieldCard(iids[k], **kw))
        n = len(field)
        faction = "foxes" if seat == "red" else "badgers"
        sides.append(Side(faction, tuple(cards), draw=tuple(sorted(iids[n + len(hand):n + len(hand) + len(draw)])),
                          hand=tuple(iids[n:n + len(hand)]), discard=tuple(iids[n + len(hand) + len(draw):]),
                          field=tuple(fcs), base=spec.get("base", 30)))
    return TTState(Setup(), tuple(sides), Flow(phase="play", step="main", seat=active, turn=1, priority=active), Rng(seed))


def run(state: TTState, *actions) -> tuple[TTState, list]:
    """Apply ``actions`` in order; the state after and every event."""
    events = []
    for a in actions:
        state, ev = flow.apply(state, a)
        events += ev
    return state, events


def zone_of(state: TTState, iid: str) -> str:
    s = side(state, iid.rsplit("-", 1)[0])
    for name in ("draw", "hand", "discard"):
        if iid in getattr(s, name):
            return name
    if any(f.iid == iid for f in s.field):
        return "field"
    if any(iid in (i.card,) for i in state.flow.chain):
        return "chain"
    return "nowhere"


def texts(events) -> list[str]:
    return [e.data.get("text", "") for e in events]
