"""Random legal games of Tails and Tactics (hypothesis): every action legal_actions offers applies;
every card instance is in exactly one zone (draw, hand, discard, battlefield, chain) at every step;
the state round-trips through JSON; an illegal action leaves the state untouched."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from feltbox.rules.core import IllegalAction, Measured, from_json, state_hash, to_json
from feltbox.rules.tails_and_tactics import flow
from feltbox.rules.tails_and_tactics.actions import Attack, Discard, Pass
from feltbox.rules.tails_and_tactics.state import SEATS, TTState, side


def _zones(state: TTState) -> dict[str, int]:
    count: dict[str, int] = {}
    for seat in SEATS:
        s = side(state, seat)
        for iid in (*s.draw, *s.hand, *s.discard, *(f.iid for f in s.field)):
            count[iid] = count.get(iid, 0) + 1
    for item in state.flow.chain:
        if item.card and item.kind != "set_trap":
            count[item.card] = count.get(item.card, 0) + 1
    return count


def _conserved(state: TTState) -> None:
    count = _zones(state)
    for seat in SEATS:
        n = len(side(state, seat).cards)
        assert {i for i in count if i.startswith(seat + "-")} == {f"{seat}-{j + 1:02d}" for j in range(n)}
    assert set(count.values()) == {1}, {i: c for i, c in count.items() if c != 1}


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), picks=st.lists(st.integers(0, 10_000), min_size=300, max_size=300))
def test_random_legal_games_apply_and_conserve_every_card(seed, picks):
    state = flow.new_game(None, seed)
    _conserved(state)
    for k, pick in enumerate(picks):
        if state.flow.phase == "over":
            break
        if state.flow.step == "roll":
            action = Measured({"faces": [pick % 6 + 1, (pick // 6) % 6 + 1]})
        else:
            legal = flow.legal_actions(state)
            assert legal
            action = legal[pick % len(legal)]
        state, events = flow.apply(state, action)
        assert all("text" in e.data for e in events)
        _conserved(state)
        if k % 50 == 0:
            assert from_json(TTState, to_json(state)) == state
    assert state_hash(from_json(TTState, to_json(state))) == state_hash(state)


def test_illegal_actions_are_refused_and_leave_the_state_untouched():
    state = flow.new_game(None, 9)
    for bad in (Pass(), Attack("red-01", "base"), Discard("blue-01"), Measured({"faces": [1, 2]})):
        before = state_hash(state)
        try:
            flow.apply(state, bad)
        except IllegalAction as exc:
            assert exc.reason
        else:
            raise AssertionError(f"{bad} was accepted in set-up")
        assert state_hash(state) == before


def test_malformed_actions_are_refused_with_a_reason():
    from feltbox.rules.tails_and_tactics.actions import Deploy, Dodge, PlayEvent, SetTrap, SpringTrap
    from tests.tt_fixtures import table
    state = table({"field": ["fox-rifle-kit"], "hand": ["fox-forage"]}, {"field": ["bdg-digger"]})
    before = state_hash(state)
    for bad in (Attack("zzz", "base"), Attack(5, "base"), Attack("red-01", 7), Attack("red-01", "blue-99"),
                Deploy("nobody"), Deploy("red-02", ("red-01",)), Dodge(-1), Dodge(3), Dodge("0"), PlayEvent("red-02", "blue-01"),
                SetTrap("red-02"), SpringTrap("blue-01"), Discard("red-02"), "not an action"):
        try:
            flow.apply(state, bad)
        except IllegalAction as exc:
            assert exc.reason
        else:
            raise AssertionError(f"{bad!r} was accepted")
        assert state_hash(state) == before
