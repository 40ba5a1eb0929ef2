"""``feltbox tournament tailsandtactics [SCENE] --seeds N [--workers W] [--check-agreement]``: the
rules' bot (rules/tails_and_tactics/bot.py) plays both seats of whole games on the felt (the
first-player roll thrown in the tray) for many seeds, and the command prints one JSON report for
a designer balancing the house factions (issue 16: neither faction may win more than 60 %).

The factions swap seats on odd seeds (the scene's decks exchanged between red and blue, as the
rules' playout does), so a seat's advantage does not bias a faction. Per faction: games, wins,
win rate; per seat: wins; the seat that took the first turn and how often it won; game lengths
(turns, actions) and the wall time per game; why games ended; every game's seed and result, so a
surprising one replays alone with ``feltbox play tailsandtactics SCENE --headless --seed S``
(an odd seed: the mirror scene). A game that raises is reported with its error; the others go on.
"""
from __future__ import annotations

import json
import time
import traceback
from collections import Counter
from dataclasses import replace

from feltbox.game.players.headless import play_game
from feltbox.game.players.pool import run_jobs
from feltbox.game.players.tally import quartiles
from feltbox.game.tailsandtactics import seats
from feltbox.game.tailsandtactics.agreement import disagreements
from feltbox.game.tailsandtactics.bridge import TTBridge
from feltbox.rules.core import Measured
from feltbox.rules.tails_and_tactics.decks import load_deck
from feltbox.rules.tails_and_tactics.state import SEATS, side
from feltbox.scenes.tailsandtactics.named import load_tailsandtactics

CHUNK = 10                 # seeds a worker plays before it reports
TARGET = 0.60              # issue 16: no faction wins more than this share of the bots' games


def scene_for(key: str, seed: int):
    """The scene of seed ``seed``: as written on even seeds, its decks swapped on odd ones."""
    scene = load_tailsandtactics(key)
    return scene if seed % 2 == 0 else replace(scene, decks=tuple(zip(SEATS, reversed([d for _, d in scene.decks]))))


def play_battle(key: str, seed: int, check_agreement: bool = False) -> dict:
    """One whole game on the felt, summarised (never raises: an error is reported)."""
    start = time.perf_counter()
    scene = scene_for(key, seed)
    factions = [load_deck(scene.deck(s)).faction for s in SEATS]
    found = [0]

    def after(bridge) -> None:
        found[0] += bool(disagreements(bridge))
    try:
        bridge = TTBridge(scene, seed)
        result = play_game(bridge, seats.new_seats(bridge, "all"), seats.TURN_ENDS,
                           max_decisions=seats.MIN_DECISIONS, after_action=after if check_agreement else None)
    except Exception as exc:                 # a bug: reported, the other games go on
        return {"seed": seed, "factions": factions, "error": f"{type(exc).__name__}: {exc}",
                "traceback": traceback.format_exc(limit=6)}
    state = bridge.engine.state
    winner = state.flow.winner
    roll = next((s.action for s in bridge.engine.history if isinstance(s.action, Measured)), None)
    rolls = [s.action.outcome["faces"] for s in bridge.engine.history if isinstance(s.action, Measured)]
    first = SEATS[0] if rolls and rolls[-1][0] > rolls[-1][1] else SEATS[1]
    out = {"seed": seed, "factions": factions, "winner": winner,
           "winning_faction": factions[SEATS.index(winner)] if winner else None, "first": first if roll else None,
           "result": result.result, "turns": state.flow.turn, "actions": len(bridge.engine.history),
           "rolls": rolls, "bases": [side(state, s).base for s in SEATS], "episodes": result.episodes,
           "wall_s": round(time.perf_counter() - start, 3)}
    if check_agreement:
        out["disagreeing_actions"] = found[0]
    return out


def play_chunk(key: str, seeds: list[int], check_agreement: bool) -> list[dict]:
    return [play_battle(key, seed, check_agreement) for seed in seeds]


def summarise(key: str, games: list[dict]) -> dict:
    played = [g for g in games if "error" not in g]
    factions = sorted({f for g in games for f in g["factions"]})
    per_faction = {}
    for f in factions:
        mine = [g for g in played if f in g["factions"]]
        wins = sum(g["winning_faction"] == f for g in mine)
        per_faction[f] = {"games": len(mine), "wins": wins, "win_rate": round(wins / max(1, len(mine)), 4)}
    decided = [g for g in played if g["winner"]]
    return {"game": "tailsandtactics", "scene": key, "games": len(games), "errors": len(games) - len(played),
            "factions": per_faction,
            "balanced": bool(played) and all(v["win_rate"] <= TARGET for v in per_faction.values()),
            "seats": {s: sum(g["winner"] == s for g in played) for s in SEATS},
            "first_player_won": sum(g["winner"] == g["first"] for g in decided),
            "no_winner": len(played) - len(decided),
            "endings": dict(Counter(g["result"] for g in played).most_common()),
            "turns": quartiles([g["turns"] for g in played]),
            "actions": quartiles([g["actions"] for g in played]),
            "wall_s_per_game": quartiles([g["wall_s"] for g in played])}


def run_tournament(key: str, seeds: list[int], workers: int = 1, check_agreement: bool = False) -> dict:
    """Every seed in chunks over ``workers`` processes; the report."""
    jobs = [(key, seeds[k:k + CHUNK], check_agreement) for k in range(0, len(seeds), CHUNK)]
    start = time.perf_counter()
    chunks = run_jobs(play_chunk, jobs, workers)
    games = sorted((g for chunk in chunks for g in chunk), key=lambda g: g["seed"])
    report = summarise(key, games)
    report.update(seeds=[seeds[0], seeds[-1]] if seeds else [], workers=workers,
                  wall_s=round(time.perf_counter() - start, 1))
    if check_agreement:
        report["disagreeing_actions"] = sum(g.get("disagreeing_actions", 0) for g in games)
    report["list"] = games
    return report


def tournament_command(args) -> int:
    key = args.keys or "standard"
    load_tailsandtactics(key)                  # an unknown scene: one line, exit 2
    seeds = list(range(args.first_seed, args.first_seed + args.seeds))
    report = run_tournament(key, seeds, args.workers, args.check_agreement)
    print(json.dumps(report, indent=1 if args.pretty else None))
    return 1 if report["errors"] else 0
