"""Random legal games (hypothesis): every listed legal action applies, an action not listed is
refused without touching the state, and no piece or card is made or lost (supplies + map = the
totals; pile + discard + hands + revealed + play areas = the 50 cards of a two-player game)."""
from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from feltbox.rules.core import GameOver, IllegalAction, Measured, PhysicsRequest, state_hash
from feltbox.rules.root import actions as A
from feltbox.rules.root import flow
from feltbox.rules.root.data import RANKS, tables
from feltbox.rules.root.state import CORVIDS, DUCHY

FACES = tables().game["die_faces"]


def conserved(state) -> None:
    d = state.data
    cs = d.clearings
    assert d.supply["duchy_warriors"] + sum(c.duchy for c in cs) == 20
    assert d.supply["corvid_warriors"] + sum(c.corvids for c in cs) == 15
    assert d.supply["tunnels"] + sum(c.tunnel for c in cs) == 3
    assert d.supply["citadels"] + sum(c.citadels for c in cs) == 3
    assert d.supply["markets"] + sum(c.markets for c in cs) == 3
    assert min(d.supply.values()) >= 0 and all(min(c.duchy, c.corvids) >= 0 for c in cs)
    plots = Counter(d.plot_supply) + Counter(c.plot for c in cs if c.plot)
    assert plots == {"bomb": 2, "snare": 2, "extortion": 2, "raid": 2}
    cards = d.pile + d.discard + d.hands[DUCHY] + d.hands[CORVIDS] + d.revealed + d.crafted[DUCHY] + d.crafted[CORVIDS]
    if state.flow.battle is not None and state.flow.battle.ambush:
        cards.append(state.flow.battle.ambush)                 # an ambush on the table, awaiting a foil
    assert len(cards) == 50 and len(set(cards)) == 50
    for item, n in tables().items.items():
        assert d.items[item] + (d.items_crafted[DUCHY] + d.items_crafted[CORVIDS]).count(item) == n
    for rank in RANKS:
        on_cards = sum(1 for m in d.swayed if tables().ministers[m].rank == rank)
        assert d.crowns[rank] + on_cards + d.crowns_lost[rank] == 3
    for i, c in enumerate(cs):
        assert not (i == 0 and (c.corvids or c.plot or c.citadels or c.markets or c.tunnel))
    assert d.pile == sorted(d.pile)


# no shrinking: a failing game is reported with its seed at once (shrinking whole games takes minutes)
@settings(max_examples=6, deadline=None, phases=[Phase.explicit, Phase.generate],
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), rnd=st.randoms(use_true_random=False))
def test_random_legal_games_keep_every_piece_and_card(seed, rnd):
    random_game(seed, rnd, 300)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, phases=[Phase.explicit, Phase.generate],
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), rnd=st.randoms(use_true_random=False))
def test_many_random_legal_games_keep_every_piece_and_card(seed, rnd):
    random_game(seed, rnd, 2000)


def random_game(seed, rnd, steps: int) -> None:
    state = flow.new_game(seed)
    for _ in range(steps):
        p = flow.pending(state)
        if isinstance(p, GameOver):
            break
        if isinstance(p, PhysicsRequest):
            action = Measured({"faces": [rnd.choice(FACES), rnd.choice(FACES)]})
        else:
            options = flow.legal_actions(state)
            assert options, p
            for other in rnd.sample(options, min(3, len(options))):     # any listed action applies
                flow.apply(state, other)
            action = rnd.choice(options)
            before = state_hash(state)
            stranger = A.Move(1, 3, 1)                                   # 1 and 3 are not adjacent
            try:
                flow.apply(state, stranger)
                raise AssertionError("a move between clearings 1 and 3 was allowed")
            except IllegalAction as refused:
                assert refused.reason
            assert state_hash(state) == before
        state, _ = flow.apply(state, action)
        conserved(state)
