"""The Root bots: pure and deterministic, legal, playing to score; the bot-against-bot tally
(slow: 200 seeds, neither faction above 65%)."""
from __future__ import annotations

import pytest

from feltbox.rules.core import Measured
from feltbox.rules.root import actions as A
from feltbox.rules.root import bots, flow, playout
from feltbox.rules.root.state import CORVIDS, DUCHY
from tests.root_fixtures import position


def test_bots_are_deterministic_and_games_end():
    a, b = playout.play(21), playout.play(21)
    assert (a.winners, a.score, a.steps) == (b.winners, b.score, b.steps)
    assert a.winners in ((DUCHY,), (CORVIDS,)) and max(a.score.values()) >= 30


def test_bot_choices_are_legal_and_do_not_change_the_state():
    s = flow.new_game(3)
    for _ in range(60):
        if not flow.legal_actions(s):
            s, _ = flow.apply(s, Measured({"faces": [2, 1]}))
            continue
        before = flow.legal_actions(s)
        choice = bots.choose(s)
        assert choice in before and flow.legal_actions(s) == before
        s, _ = flow.apply(s, choice)


def test_duchy_bot_digs_builds_and_sways():
    s = position("duchy_assembly", pieces={1: {"duchy": 2}, 8: {"duchy": 1}, 0: {"duchy": 4}},
                 hands={DUCHY: ["anvil", "fox-root-tea", "fox-travel-gear"]})
    first = bots.choose(s)
    assert type(first).__name__ in ("Build", "Dig")
    sway = position("duchy_sway", pieces={1: {"duchy": 1}, 8: {"duchy": 1}, 5: {"duchy": 1}},
                    hands={DUCHY: ["anvil", "foxfolk-steel", "bake-sale"]})
    assert type(bots.choose(sway)).__name__ == "Sway" and bots.choose(sway).minister in ("brigadier", "banker", "mayor")


def test_corvid_bot_flips_a_bomb_under_the_duchy_and_plots():
    s = position("corvids_birdsong", pieces={7: {"corvids": 1, "duchy": 2, "citadels": 1, "plot": "bomb"},
                                             2: {"corvids": 1, "plot": "snare"}})
    assert bots.choose(s) == A.Flip(7)
    day = position("corvids_daylight", pieces={9: {"corvids": 3}})
    assert type(bots.choose(day)).__name__ == "Plot"


@pytest.mark.slow
def test_tournament_200_seeds_neither_faction_above_65_percent():
    results = [playout.play(seed) for seed in range(200)]
    tally = playout.tally(results)
    assert max(tally["wins"].values()) <= 130, tally
    assert tally["by_30"] + tally["by_limit"] == 200
    assert tally["seconds_max"] < 20
