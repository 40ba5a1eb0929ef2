"""``feltbox tournament snowbirds [normal|difficult] --seeds N [--difficult] [--workers W]
[--plot out.png]``: the planning bot plays whole migrations on the real table (every die thrown in
the tray) for many seeds, and beside it a random legal player on the same seeds; the command
prints one JSON report for a designer tuning the house cards.

Per player: the success rate, the score distribution of the successful migrations (mean, median,
quartiles, min, max, a histogram by point, the rulebook's Final Score bands), the estimated
scores of the failed ones (Scoring: -12 per incomplete journey), why migrations failed, journeys
completed and the wall time per game. Every game's seed, result and score is listed, so a
surprising one replays alone with ``feltbox play snowbirds MODE --headless --seed S``.

Games are played in chunks of seeds, each worker process playing a chunk (``--workers``): a
Snowbirds migration takes well under a second, so a fresh interpreter per game (Dead of Winter's
tournament) would cost more than the games. ``--plot`` draws both players' score histograms with
matplotlib (``pip install 'feltbox[plot]'``).
"""
from __future__ import annotations

import importlib
import json
import statistics
import time
import traceback
from collections import Counter

from feltbox.game.players.headless import play_game
from feltbox.game.players.pool import run_jobs
from feltbox.game.players.tally import quartiles
from feltbox.game.snowbirds import seats as sb_seats
from feltbox.game.snowbirds.bridge import SBBridge
from feltbox.game.snowbirds.random_player import RandomPlayer
from feltbox.rules.core import InputError
from feltbox.rules.snowbirds import scoring
from feltbox.scenes.snowbirds.named import load_snowbirds

PLAYERS = ("bot", "random")
CHUNK = 25                 # seeds a worker plays before it reports


class SBTournamentError(InputError):
    """Arguments the Snowbirds tournament cannot play with."""


def play_migration(mode: str, seed: int, player: str = "bot") -> dict:
    """One whole migration on the table, summarised (never raises: an error is reported)."""
    start = time.perf_counter()
    try:
        bridge = SBBridge(load_snowbirds(mode), seed)
        decider = RandomPlayer(seed) if player == "random" else None
        result = play_game(bridge, sb_seats.new_seats(bridge, "all", player=decider), sb_seats.TURN_ENDS,
                           max_decisions=sb_seats.MIN_DECISIONS)
    except Exception as exc:                 # a bug: reported, the other games go on
        return {"mode": mode, "seed": seed, "player": player, "error": f"{type(exc).__name__}: {exc}",
                "traceback": traceback.format_exc(limit=6)}
    state = bridge.engine.state
    return {"mode": mode, "seed": seed, "player": player, "success": state.flow.success,
            "score": state.flow.score, "journeys": state.data.position, "flock": state.data.flock,
            "result": result.result, "episodes": result.episodes, "wall_s": round(time.perf_counter() - start, 3)}


def play_chunk(mode: str, seeds: list[int], player: str) -> list[dict]:
    return [play_migration(mode, seed, player) for seed in seeds]


def summarise_player(games: list[dict]) -> dict:
    played = [g for g in games if "error" not in g]
    won = [g for g in played if g["success"]]
    scores = [g["score"] for g in won]
    failed = [g for g in played if not g["success"]]
    n = max(len(played), 1)
    return {"games": len(played), "errors": len(games) - len(played),
            "success_rate": round(len(won) / n, 4),
            "score": quartiles(scores, 2),
            "score_histogram": dict(sorted(Counter(scores).items())),
            "bands": dict(Counter(scoring.band(s) for s in scores).most_common()),
            "failed_estimated_score": quartiles([g["score"] for g in failed], 2),
            "failure_reasons": dict(Counter(g["result"].split(":", 1)[-1].split(";")[0].strip()
                                            for g in failed).most_common()),
            "journeys": quartiles([g["journeys"] for g in played], 2),
            "wall_s_per_game": quartiles([g["wall_s"] for g in played], 2)}


def run_tournament(mode: str, seeds: list[int], workers: int = 1, players: tuple[str, ...] = PLAYERS) -> dict:
    """Every seed by every player, chunks of seeds in ``workers`` processes; the report."""
    jobs = [(mode, seeds[k:k + CHUNK], p) for p in players for k in range(0, len(seeds), CHUNK)]
    start = time.perf_counter()
    chunks = run_jobs(play_chunk, jobs, workers)
    games = [g for chunk in chunks for g in chunk]
    report = {"game": "snowbirds", "mode": mode, "seeds": [seeds[0], seeds[-1]] if seeds else [],
              "workers": workers, "wall_s": round(time.perf_counter() - start, 1)}
    report["players"] = {p: summarise_player([g for g in games if g["player"] == p]) for p in players}
    report["games"] = sorted(games, key=lambda g: (players.index(g["player"]), g["seed"]))
    return report


def plot(report: dict, path: str) -> None:
    """Both players' score histograms (successful migrations) in one PNG."""
    try:          # an optional extra: imported when a plot is asked for
        matplotlib = importlib.import_module("matplotlib")
    except ImportError:
        raise SBTournamentError("--plot needs matplotlib: pip install 'feltbox[plot]'") from None
    matplotlib.use("Agg")
    pyplot = importlib.import_module("matplotlib.pyplot")

    figure, axes = pyplot.subplots(figsize=(8, 4.5), dpi=100)
    for player, colour in zip(report["players"], ("#2f5d8a", "#c0703a")):
        scores = [g["score"] for g in report["games"] if g["player"] == player and g.get("success")]
        rate = report["players"][player]["success_rate"]
        if scores:
            lo, hi = min(scores), max(scores)
            axes.hist(scores, bins=range(lo, hi + 2), alpha=0.6, color=colour, align="left",
                      label=f"{player}: success {rate:.1%}, mean score {statistics.fmean(scores):.1f}")
    axes.set_xlabel("final score of a successful migration")
    axes.set_ylabel("migrations")
    axes.set_title(f"Snowbirds, {report['mode']} mode: {report['players'][PLAYERS[0]]['games']} seeds")
    axes.legend()
    figure.tight_layout()
    figure.savefig(path)
    pyplot.close(figure)


def tournament_command(args) -> int:
    mode = "difficult" if args.difficult else (args.keys or "normal")
    load_snowbirds(mode)                       # an unknown mode: one line, exit 2
    seeds = list(range(args.first_seed, args.first_seed + args.seeds))
    report = run_tournament(mode, seeds, args.workers)
    if args.plot:
        plot(report, args.plot)
        report["plot"] = args.plot
    print(json.dumps(report, indent=1 if args.pretty else None))
    return 1 if any("error" in g for g in report["games"]) else 0
