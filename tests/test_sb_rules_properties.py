"""Snowbirds consistency (OpenSpiel-style): random legal play with random dice always ends in
GameOver within a bound, never raises; every state round-trips through JSON; the legal list is
exactly what apply accepts; no event names a card still in the draw pile (hidden order)."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from feltbox.rules.core import Decision, GameOver, IllegalAction, Measured, PhysicsRequest, from_json, to_json
from feltbox.rules.snowbirds.actions import AcceptFailure, Fly, PlayFlight, PlayForage, PlayRest, PlayTenacity, RestDay
from feltbox.rules.snowbirds.data import tables
from feltbox.rules.snowbirds.flow import apply, legal_actions, new_game, pending
from feltbox.rules.snowbirds.state import SBState, Setup

BOUND = 600          # a migration is 10 journeys of a few cards; rest days are bounded by Hunger


def _probe(state) -> list:
    """Every action of the game that could be tried now: each card in every use, every button."""
    out = [Fly(), RestDay(), AcceptFailure()]
    for c in sorted(tables().actions)[:6] + list(state.data.hand):
        out += [PlayRest(c), PlayForage(c), PlayFlight(c), PlayTenacity(c, 0), PlayTenacity(c, 1)]
    return out


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), difficult=st.booleans(), data=st.data())
def test_random_legal_play_ends_in_game_over(seed, difficult, data):
    s = new_game(Setup(difficult=difficult), seed)
    for _ in range(BOUND):
        assert from_json(SBState, to_json(s)) == s
        p = pending(s)
        if isinstance(p, GameOver):
            assert s.flow.stage == "over" and legal_actions(s) == []
            return
        if isinstance(p, PhysicsRequest):
            faces = data.draw(st.lists(st.integers(1, 6), min_size=p.spec["dice"], max_size=p.spec["dice"]))
            action = Measured({"faces": faces})
        else:
            assert isinstance(p, Decision)
            legal = legal_actions(s)
            assert legal, "a decision with no legal action"
            for a in _probe(s):                       # legal_actions lists exactly what apply accepts
                try:
                    apply(s, a)
                    assert a in legal, a
                except IllegalAction as exc:
                    assert a not in legal and exc.reason
            action = data.draw(st.sampled_from(legal))
        s, events = apply(s, action)
        titles = {tables().action(c).title for c in s.data.pile}
        for e in events:
            text = str(e.data)
            assert not any(c in text for c in s.data.pile), e
            if e.kind != "migration over":
                assert not any(f"'{t}" in text or f" {t}," in text or text.endswith(t) for t in titles), e
    raise AssertionError(f"no GameOver after {BOUND} actions")
