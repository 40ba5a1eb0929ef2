"""The Snowbirds bot (game/snowbirds/bot.py) at rules level with seeded dice
(game/snowbirds/simulate.py): never an illegal card, a line of explanation for every choice,
success far above a random legal player's, and fast."""
from __future__ import annotations

import time

import pytest

from feltbox.game.snowbirds.bot import SBBot, vigor
from feltbox.game.snowbirds.random_player import RandomPlayer
from feltbox.game.snowbirds.simulate import measure, play
from feltbox.rules.snowbirds.actions import AcceptFailure, Fly, PlayFlight, PlayForage, PlayTenacity
from tests.sb_fixtures import at, legal_actions, roll
from tests.sb_fixtures import play as play_actions

SEEDS = range(50)


def test_bot_plays_50_migrations_legally_with_a_reason_for_every_choice():
    start = time.perf_counter()
    outcomes = [play(s, SBBot(), explain=True) for s in SEEDS]     # play() raises on an illegal action
    took = (time.perf_counter() - start) / len(SEEDS)
    rate = sum(o.success for o in outcomes) / len(outcomes)
    assert rate >= 0.7, rate             # measured 0.88 over 1000 seeds; 50 seeds vary
    assert all(r and "\n" not in r for o in outcomes for r in o.reasons)
    print(f"{took:.3f} s a migration")   # rules + bot (~0.06 s); a speed target is feltbox bench's, not a test's


def test_bot_beats_a_random_legal_player_by_a_wide_margin():
    bot = measure(lambda s: SBBot(), range(100, 130))
    rnd = measure(lambda s: RandomPlayer(s), range(100, 130))
    assert bot["success_rate"] >= rnd["success_rate"] + 0.5, (bot, rnd)
    assert bot["mean_journeys"] > rnd["mean_journeys"] + 3


def test_vigor_odds_are_the_exact_2d6_odds():
    # Risk 7 with no Tenacity card: 21 of 36 sums reach 7; each failure costs 1.0
    cost, chance = vigor(7, (), 1.0)
    assert chance == pytest.approx(21 / 36) and cost == pytest.approx(15 / 36)
    # a kept 6-pip card worth 0.1 saves every failed roll (the other die >= 1: 6 + 1 = 7)
    cost, _ = vigor(7, ((6, 0.1),), 1.0)
    assert cost == pytest.approx(15 / 36 * 0.1)


def test_bot_saves_a_failed_roll_with_a_cheap_tenacity_card():
    # Risk 4 + 2 = 6, dice 1+2: Pond Weed (flight 1, tenacity 6) turns the 1 into a 6: 8 >= 6
    s = roll(play_actions(at(hand=("tailwind", "pond_weed"), exhaustion=2), PlayFlight("tailwind"), Fly()), 1, 2)
    bot = SBBot()
    choice = bot.decide(legal_actions(s), s)
    assert choice == PlayTenacity("pond_weed", 0) and "Pond Weed" in bot.reason


def test_bot_accepts_a_failure_when_no_card_can_save_it():
    s = roll(play_actions(at(hand=("tailwind", "tundra_moss")), PlayFlight("tailwind"), Fly()), 1, 1)
    # Tundra Moss's 3 on a 1: 3 + 1 = 4 meets Risk 4 - so it can; with Exhaustion 2 (Risk 6) it cannot
    s2 = roll(play_actions(at(hand=("tailwind", "tundra_moss"), exhaustion=2), PlayFlight("tailwind"), Fly()), 1, 1)
    assert SBBot().decide(legal_actions(s2), s2) == AcceptFailure()
    assert SBBot().decide(legal_actions(s), s) in legal_actions(s)


def test_bot_plans_the_whole_hand_gorging_to_fly_with_less():
    # Distance 3 at Hunger 0. Pond Weed (forage 2, flight 1) gorges to -1: Distance 2, which Grit
    # (flight 2) meets, keeping Tailwind 4, Thermal 3 and Rice Paddy for later journeys; flying
    # Thermal alone would spend 3 Flight points now.
    s = at(hand=("tailwind", "thermal", "rice_paddy", "pond_weed", "grit"))
    bot = SBBot()
    assert bot.decide(legal_actions(s), s) == PlayForage("pond_weed")
    assert "fly with Grit" in bot.reason and "keep Tailwind, Thermal, Rice Paddy" in bot.reason
    s = play_actions(s, PlayForage("pond_weed"))
    assert bot.decide(legal_actions(s), s) == PlayFlight("grit")
    s = play_actions(s, PlayFlight("grit"))
    assert bot.decide(legal_actions(s), s) == Fly()
