"""Hidden information (Law 1.2.1, 13.2.2.I): in bot games, no seat's view (``view.seat_view``),
event (``view.events_for``) or logged action (``view.action_for``) it may see names a card in the
other hand or the kind of a face-down plot; public events name an opponent's hand card only when
that player played or showed it in that very action."""
from __future__ import annotations

import json

from feltbox.rules.core import GameOver, Measured, PhysicsRequest, Rng
from feltbox.rules.root import bots, flow, view
from feltbox.rules.root.playout import throw
from feltbox.rules.root.state import CORVIDS, DUCHY, enemy

PRIVATE = {"drew": 1, "took_card": 2, "plot_kind": 1, "codebreakers": 1, "discarded": 1}
SHOWN_RANDOMLY = {"discard_random"}     # a random card to the public discard pile


def strings(value) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings(v) for v in value.values())) if value else set()
    if isinstance(value, (list, tuple)):
        return set().union(*(strings(v) for v in value)) if value else set()
    return set()


def played_cards(action) -> set[str]:
    out = set()
    for name in ("card", "cards"):
        v = getattr(action, name, None)
        out |= set(v) if isinstance(v, tuple) else ({v} if v else set())
    return out


def check_view(state, viewer: str) -> None:
    v = view.seat_view(state, viewer)
    json.dumps(v)                                             # JSON-plain
    other = enemy(viewer)
    assert not strings(v) & set(state.data.hands[other]), "another seat's hand card in the view"
    assert v["hand_counts"][other] == len(state.data.hands[other])
    for c, shown in zip(state.data.clearings, v["clearings"]):
        if c.plot and not c.plot_up and viewer != CORVIDS:
            assert shown["plot"] == "plot"
    if viewer != CORVIDS:
        assert isinstance(v["plot_supply"], int)


def test_no_hidden_card_or_plot_reaches_the_other_seat():
    private_seen = plots_logged = 0
    for seed in (2, 7):
        state = flow.new_game(seed)
        dice = Rng(seed)
        while not isinstance(flow.pending(state), GameOver):
            p = flow.pending(state)
            if isinstance(p, PhysicsRequest):
                faces, dice = throw(dice)
                action = Measured({"faces": faces})
            else:
                action = bots.choose(state)
            actor = p.player if not isinstance(p, PhysicsRequest) else ""
            hands_before = {s: set(state.data.hands[s]) for s in (DUCHY, CORVIDS)}
            state, events = flow.apply(state, action)
            for viewer in (DUCHY, CORVIDS):
                check_view(state, viewer)
                logged = view.action_for(action, viewer)
                if logged["type"] == "Plot":
                    plots_logged += 1
                    assert (logged["data"]["kind"] == "plot") == (viewer == DUCHY)
                other_hand = hands_before[enemy(viewer)] - (played_cards(action) if actor == enemy(viewer) else set())
                assert not strings(logged) & other_hand
                shown = view.events_for(events, viewer)
                json.dumps(shown)
                for e, s in zip(events, shown):
                    assert s["data"] == ({} if e.visible_to is not None and viewer not in e.visible_to else e.data)
                other = enemy(viewer)
                for e in events:
                    seen = e.seen_by(viewer)
                    if e.kind in PRIVATE:
                        assert e.visible_to is not None and len(e.visible_to) == PRIVATE[e.kind]
                        private_seen += 1
                    if e.visible_to is None and e.kind not in SHOWN_RANDOMLY:
                        named = strings(seen.data) & hands_before[other]
                        allowed = played_cards(action) if actor == other else set()
                        assert named <= allowed, (e, named)
                    if viewer == DUCHY and "plot" in seen.data:      # a plot named: it is face up or gone now
                        here = state.data.clearings[seen.data["clearing"]]
                        assert not (here.plot and not here.plot_up), e
    assert private_seen > 20 and plots_logged > 4
