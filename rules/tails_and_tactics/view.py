"""What one seat may see (rulebook: Battlefield Setup - face-down deployment, Card Types - Traps;
the API in /work/helper/TT-API.md): ``seat_view(state, viewer)`` -> JSON-plain dict. ``viewer``
None is a spectator or a replay: no private information at all.

Hidden from a seat: the opponent's hand (instances only), every face-down card it does not own
(its card and its kind: ``"face_down"`` in set-up, ``"trap"`` in play where only traps lie face
down, ``"requirement"`` for a set-up requirement card), and both draw piles (counts only)."""
from __future__ import annotations

from feltbox.rules.tails_and_tactics import flow, stats
from feltbox.rules.tails_and_tactics.state import SEATS, FieldCard, TTState, card_id, owner, side
from feltbox.rules.tails_and_tactics.zones import card_of


def _card(state: TTState, iid: str, visible: bool) -> dict:
    if not visible:
        return {"iid": iid, "card": None, "name": None}
    return {"iid": iid, "card": card_id(state, iid), "name": card_of(state, iid).name}


def _field(state: TTState, fc: FieldCard, viewer: str | None) -> dict:
    visible = fc.face_up or owner(fc.iid) == viewer
    out = _card(state, fc.iid, visible)
    if fc.requirement_of is not None:
        kind = "requirement"
    elif visible:
        kind = card_of(state, fc.iid).kind
    else:
        kind = "trap" if state.flow.phase == "play" else "face_down"
    health = card_of(state, fc.iid).health if visible else None
    out.update({"face_up": fc.face_up, "damage": fc.damage, "health": health,
                "attached_to": fc.attached_to or fc.requirement_of, "kind": kind,
                "attacks_used": fc.used if visible else 0,
                "attacks": stats.attacks_allowed(state, fc.iid) if visible and fc.face_up else 0})
    return out


def _player(state: TTState, seat: str, viewer: str | None) -> dict:
    s = side(state, seat)
    return {"faction": s.faction, "base": s.base,
            "hand": [_card(state, i, seat == viewer) for i in s.hand], "hand_count": len(s.hand),
            "draw_count": len(s.draw), "discard": [_card(state, i, True) for i in s.discard],
            "field": [_field(state, fc, viewer) for fc in s.field],
            "hand_limit": stats.hand_limit(state, seat)}


def seat_view(state: TTState, viewer: str | None) -> dict:
    f = state.flow
    chain = []
    for item in f.chain:
        chain.append({"kind": item.kind, "player": item.player, "text": item.text,
                      "card": _card(state, item.card, True) if item.card else None,
                      "source": item.source, "target": item.target, "countered": item.countered,
                      "dodged": item.dodged})
    return {"turn": f.turn, "active": f.seat if f.phase == "play" else None, "phase": f.phase,
            "winner": f.winner, "prompt": flow.prompt(state), "awaiting": flow.whose(state),
            "players": {seat: _player(state, seat, viewer) for seat in SEATS}, "chain": chain}
