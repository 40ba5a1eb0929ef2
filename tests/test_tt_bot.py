"""The Tails and Tactics bot and bot-vs-bot playouts (issue 16): legal, purposeful, deterministic,
fast (a game <= 5 s, apply <= 1 ms median)."""
from __future__ import annotations

import pytest

from feltbox.rules.core import Measured
from feltbox.rules.tails_and_tactics import bot, flow, playout
from feltbox.rules.tails_and_tactics.actions import Attack, Deploy, Dodge, Pass, PlayEvent, SpringTrap
from feltbox.rules.tails_and_tactics.state import side
from tests.tt_fixtures import run, table


def test_bot_game_plays_to_the_end_deterministically():
    a, b = playout.play(11), playout.play(11)
    assert not a.capped and a.winner in ("red", "blue") and 0 in a.bases
    assert (a.winner, a.turns, a.actions, a.bases) == (b.winner, b.turns, b.actions, b.bases)
    # its speed (<= 5 s a game, apply <= 1 ms median) is measured by `feltbox bench` (bench_tailsandtactics.py)


def test_bot_attacks_the_base_when_allowed():
    s = table({"field": ["fox-rifle-kit"]}, {"field": ["bdg-sett"]})
    assert bot.choose(s) == Attack("red-01", "base")


def test_bot_attacks_what_it_can_damage_and_not_what_it_cannot():
    s = table({"field": ["fox-rifle-kit"]}, {"field": ["bdg-tractor", "bdg-digger"]})
    assert bot.choose(s) == Attack("red-01", "blue-02")


def test_bot_deploys_paying_requirements_with_cheaper_units():
    s = table({"field": ["fox-kit-scout", "fox-kit-scout"], "hand": ["fox-captain-rusty"]}, {"field": ["bdg-bunker"]})
    assert bot.choose(s) == Deploy("red-03", ("red-01", "red-02"))


def test_bot_springs_a_trap_in_response_and_counters():
    s, _ = run(table({"field": ["fox-rifle-kit"], "hand": ["fox-cunning-plan"]},
                     {"field": ["bdg-digger", ("bdg-landmine", {"face_up": False})]}), Attack("red-01", "blue-01"))
    assert bot.choose(s) == SpringTrap("blue-02")
    s, _ = run(s, SpringTrap("blue-02"))
    assert bot.choose(s) == PlayEvent("red-02")


@pytest.mark.parametrize("base, expected", [(20, Dodge(0)), (5, Pass())])
def test_bot_dodges_when_the_base_can_afford_it(base, expected):
    s, _ = run(table({"field": ["fox-rifle-kit"]}, {"field": [("bdg-brawler", {"damage": 2})], "base": base}),
               Attack("red-01", "blue-01"))
    assert bot.choose(s) == expected


def test_bot_takes_a_hit_its_unit_survives_rather_than_pay_base_health():
    s, _ = run(table({"field": ["fox-rifle-kit"]}, {"field": ["bdg-brawler"]}), Attack("red-01", "blue-01"))
    assert Dodge(0) in flow.legal_actions(s) and bot.choose(s) == Pass()


def test_bot_passes_when_a_response_would_waste_a_card():
    """A Forage (draw 2) is not worth the False Tunnel that could counter it."""
    s, _ = run(table({"field": ["fox-rifle-kit"], "hand": ["fox-forage"]},
                     {"field": ["bdg-tractor", ("bdg-false-tunnel", {"face_up": False})]}), PlayEvent("red-02"))
    assert SpringTrap("blue-02") in flow.legal_actions(s)
    assert bot.choose(s) == Pass()


@pytest.mark.slow
def test_tournament_neither_faction_wins_more_than_60_percent_over_200_seeds():
    t = playout.tally([playout.play(s) for s in range(200)])
    assert t["capped"] == 0
    assert max(t["wins"].values()) <= 0.6 * t["games"], t


def test_engine_save_and_load_replays_a_bot_game(tmp_path):
    """rules.engine.Engine around TTGame: the action log of a bot game saves and replays to the same
    state (scenario 1 swaps the factions)."""
    from feltbox.rules.engine import Engine
    from feltbox.rules.tails_and_tactics.flow import ACTIONS, TTGame
    engine = Engine(TTGame(), "tailsandtactics", 1, 4, ACTIONS)
    assert side(engine.state, "red").faction == "badgers"
    while engine.state.flow.phase != "over" and len(engine.history) < 400:
        s = engine.state
        engine.apply(Measured({"faces": [2, 3]}) if s.flow.step == "roll" else bot.choose(s))
    engine.save(tmp_path / "tt.json")
    again = Engine.load(tmp_path / "tt.json", TTGame(), "tailsandtactics", ACTIONS)
    assert again.hash() == engine.hash() and len(again.history) == len(engine.history)


def test_bot_springs_a_defense_trap_only_when_it_turns_the_hit_away():
    s, _ = run(table({"field": ["fox-rifle-kit", "fox-sapper"]},
                     {"field": ["bdg-digger", ("bdg-dig-in", {"face_up": False})], "base": 5}), Attack("red-01", "blue-01"))
    assert bot.choose(s) == SpringTrap("blue-02", "blue-01")      # 3 >= 2 now, 3 < 4 after Dig In
