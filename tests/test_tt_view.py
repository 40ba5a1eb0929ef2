"""The seat view (TT-API.md) keeps hidden information hidden (rulebook: Battlefield Setup - face
down; Card Types - Traps): no card id of the opponent's hand, of a face-down card the viewer does
not own, or of a draw pile appears in a seat's view, nor in an event it may not see."""
from __future__ import annotations

import json

from feltbox.rules.core import Measured
from feltbox.rules.tails_and_tactics import bot, flow
from feltbox.rules.tails_and_tactics.state import SEATS, card_id, side
from feltbox.rules.tails_and_tactics.view import seat_view


def _hidden_ids(state, viewer):
    """(instance, card id) pairs the viewer may not know."""
    out = set()
    for seat in SEATS:
        s = side(state, seat)
        if seat != viewer:
            out |= {(i, card_id(state, i)) for i in s.hand}
            out |= {(f.iid, card_id(state, f.iid)) for f in s.field if not f.face_up}
        out |= {(i, card_id(state, i)) for i in s.draw}
    return out


def _check(state, viewer):
    view = seat_view(state, viewer)
    json.dumps(view)
    cards = {}
    for p in view["players"].values():
        for c in p["hand"] + p["discard"] + p["field"]:
            cards[c["iid"]] = c["card"]
    for iid, cid in _hidden_ids(state, viewer):
        assert cards.get(iid) is None, (viewer, iid, cid)
    for p in view["players"].values():
        for fc in p["field"]:
            if fc["card"] is None:
                assert fc["kind"] in ("face_down", "trap", "requirement") and fc["health"] is None and fc["name"] is None
    return view


def test_seat_view_hides_hands_face_down_cards_and_draw_piles_through_a_whole_game():
    state, seen = flow.new_game(None, 5), 0
    faces = iter([[3, 5], [2, 2], [6, 1]])
    while state.flow.phase != "over" and state.flow.turn < 40:
        action = Measured({"faces": next(faces)}) if state.flow.step == "roll" else bot.choose(state)
        state, events = flow.apply(state, action)
        for viewer in (*SEATS, None):
            _check(state, viewer)
            for e in events:
                shown = e.seen_by(viewer) if viewer else (e if e.visible_to is None else e.seen_by("nobody"))
                if e.visible_to is not None and (viewer is None or viewer not in e.visible_to):
                    assert shown.data == {}
                    seen += 1
    assert seen > 20                      # private events happened and were stripped


def test_seat_view_shape_matches_the_api():
    state = flow.new_game(None, 2)
    view = seat_view(state, "red")
    assert set(view) == {"turn", "active", "phase", "winner", "prompt", "awaiting", "players", "chain"}
    assert view["phase"] == "setup" and view["awaiting"] == "red"
    p = view["players"]["red"]
    assert {"faction", "base", "hand", "hand_count", "draw_count", "discard", "field"} <= set(p)
    assert p["base"] == 30 and p["draw_count"] == 44 and p["faction"] == "foxes"
    spectator = seat_view(state, None)
    assert spectator["players"]["red"]["draw_count"] == 44
