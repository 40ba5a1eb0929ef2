"""``feltbox tournament GAME KEYS --seeds N [--workers W]``: bots play every seat of each scene
(built-in keys or a player's own scene file) for many seeds, each game in its own process, and the command prints one JSON report.

Per scene: the games won by each team (cooperative scenes: the group, or nobody), the reasons
games ended without a winner, the games' lengths (decisions, turns, rounds begun, physics
episodes), the rules events counted per game, and the wall time. Per game: the seed, the
result, the winners and the event counts, so a surprising game can be replayed alone with
``feltbox play GAME KEY --headless --seed S``. Games run in parallel processes (``--workers``);
a game that raises is reported with its error and makes the command exit 1.
"""
from __future__ import annotations

import json
import statistics
import time
import traceback
from collections import Counter

from feltbox.game.games import game_of, play_headless, scene_file
from feltbox.game.players.pool import run_jobs
from feltbox.game.root import tournament as root_tournament
from feltbox.game.snowbirds import tournament as sb_tournament
from feltbox.game.tailfeathers import tournament as tf_tournament
from feltbox.game.tailsandtactics import tournament as tt_tournament
from feltbox.game.text.scenario_info import ScenarioInfo, scenarios
from feltbox.rules.core import GameOver, InputError, Measured

NOBODY = "none"             # a game nobody won: the group lost (co-op), or every team lost


class TournamentError(InputError):
    """A scene key or seed count the tournament cannot play."""


def scene_keys(game: str, text: str) -> list[str]:
    """The scenes a KEYS argument names: ``all``, one key, a list ``1,3,7``, a range ``1-5``, or
    a player's own scene file (a .toml path), checked here by the same loader as everywhere."""
    known = [info.key for info in scenarios(game)]
    if text == "all":
        return known
    keys: list[str] = []
    for part in text.split(","):
        low, dash, high = part.partition("-")
        if dash and low.isdigit() and high.isdigit():
            keys += [str(n) for n in range(int(low), int(high) + 1)]
        else:
            keys.append(part)
    keys = list(dict.fromkeys(keys))            # "1,1" or "1-3,2" names each scene once
    for key in keys:
        if scene_file(key):
            game_of(game).load_scene(key)       # a bad file: its one-line SceneError, exit 2
    unknown = [k for k in keys if k not in known and not scene_file(k)]
    if unknown:
        raise TournamentError(f"tournament: no scene {', '.join(unknown)} in {game} (known: {', '.join(known)})")
    return keys


def play_one(game: str, key: str, seed: int, check_agreement: bool = False) -> dict:
    """One bot game, summarised (runs in a worker process; never raises)."""
    start = time.perf_counter()
    kind = game_of(game)
    seen: dict = {"disagreements": 0}

    def after(bridge) -> None:
        seen["bridge"] = bridge
        if check_agreement and kind.agreement is not None:
            seen["disagreements"] += bool(kind.agreement(bridge))
    try:
        result = play_headless(kind.load_scene(key), seed, after_action=after)
    except Exception as exc:                 # a bug: reported, the other games go on
        return {"key": key, "seed": seed, "error": f"{type(exc).__name__}: {exc}",
                "traceback": traceback.format_exc(limit=6), "wall_s": round(time.perf_counter() - start, 2)}
    bridge = seen["bridge"]
    over = bridge.pending()
    events = Counter(json.loads(line)["event"] for line in result.log)
    history = bridge.engine.history
    game_over = over if isinstance(over, GameOver) else GameOver((), result.result)
    out = {"key": key, "seed": seed, "result": result.result, "winners": _winning_teams(game_over, result.log),
           "decisions": sum(not isinstance(step.action, Measured) for step in history),
           "turns": result.turns, "rounds": _rounds(bridge.engine.state), "episodes": result.episodes,
           "events": dict(sorted(events.items())), "wall_s": round(time.perf_counter() - start, 2)}
    if check_agreement:
        out["disagreeing_actions"] = seen["disagreements"]
    return out


def _winning_teams(over: GameOver, log: list[str]) -> list[str]:
    """The teams that won: secret-objective games name individual winners at the end, so their
    teams come from the last "secret objectives" event."""
    for line in reversed(log):
        entry = json.loads(line)
        if entry["event"] == "secret objectives":
            return sorted(entry["teams"])
    return sorted(over.winners)


def _rounds(state) -> int | None:
    """Rounds begun, read off a round marker counting down to the skull (None for a game without one)."""
    start = getattr(getattr(state, "setup", None), "round_start", None)
    marker = getattr(getattr(state, "flow", None), "round_marker", None)
    if start is None or marker is None:
        return None
    return min(start, start - marker + 1)


def _spread(values: list) -> dict:
    values = [v for v in values if v is not None]
    if not values:
        return {}
    return {"mean": round(statistics.fmean(values), 1), "min": min(values), "max": max(values)}


def _own_info(game: str, key: str) -> ScenarioInfo:
    """What the report says of a player's own scene file: its title, and co-op with one team."""
    scene = game_of(game).load_scene(key)
    teams = tuple(sorted(getattr(scene, "teams", None) or ("mouse", "rat")))
    mode = "cooperative" if game == "flickem" and len(teams) == 1 else "competitive"
    return ScenarioInfo(game, key, f"{key}: {scene.title}", "", "", mode, teams)


def summarise(game: str, keys: list[str], games: list[dict]) -> dict:
    """The report: per scene, wins per team, reasons of the games nobody won, lengths, events."""
    modes = {info.key: info for info in scenarios(game)}
    modes.update({key: _own_info(game, key) for key in keys if key not in modes and scene_file(key)})
    scenes = {}
    for key in keys:
        played = [g for g in games if g["key"] == key and "error" not in g]
        wins = Counter(team for g in played for team in g["winners"] or [NOBODY])
        totals: Counter = Counter()
        for g in played:
            totals.update(g["events"])
        scenes[key] = {
            "title": modes[key].label, "mode": modes[key].mode, "games": len(played),
            "errors": sum(g["key"] == key and "error" in g for g in games),
            "wins": dict(sorted(wins.items())),
            "no_winner_reasons": dict(Counter(g["result"] for g in played if not g["winners"]).most_common()),
            "decisions": _spread([g["decisions"] for g in played]), "turns": _spread([g["turns"] for g in played]),
            "rounds": _spread([g["rounds"] for g in played]), "episodes": _spread([g["episodes"] for g in played]),
            "events_per_game": {k: round(v / max(len(played), 1), 2) for k, v in sorted(totals.items())},
            "wall_s": _spread([g["wall_s"] for g in played])}
    coop = [g for g in games if modes[g["key"]].mode == "cooperative" and "error" not in g]
    return {"game": game, "scenes": scenes,
            "cooperative": {"games": len(coop), "won": sum(bool(g["winners"]) for g in coop)},
            "games": sorted(games, key=lambda g: (keys.index(g["key"]), g["seed"]))}


def run_tournament(game: str, keys: list[str], seeds: list[int], workers: int = 1,
                   check_agreement: bool = False) -> dict:
    """Play every (scene, seed) in its own process, ``workers`` at a time; the report as a dict."""
    jobs = [(game, key, seed, check_agreement) for key in keys for seed in seeds]
    start = time.perf_counter()
    games = run_jobs(play_one, jobs, workers, fresh=True)
    report = summarise(game, keys, games)
    report.update(seeds=seeds, workers=workers, wall_s=round(time.perf_counter() - start, 1))
    return report


def tournament_command(args) -> int:
    if args.seeds < 1 or args.workers < 1:     # every game's tournament
        raise TournamentError(f"tournament: --seeds and --workers must be at least 1 "
                              f"(got {args.seeds} and {args.workers})")
    if args.game == "tailfeathers":         # its own battle loop and rule-use report
        return tf_tournament.tournament_command(args)
    if args.game == "snowbirds":            # success rate and score distribution, the random player beside
        return sb_tournament.tournament_command(args)
    if args.game == "root":                 # wins per faction, games ended at 30 VP or the round limit
        return root_tournament.tournament_command(args)
    if args.game == "tailsandtactics":      # wins per faction, the factions swapping seats on odd seeds
        return tt_tournament.tournament_command(args)
    if args.keys is None:
        raise TournamentError(f"tournament {args.game}: name the scenes (a key, a list 1,3,7, a range 1-5, all)")
    keys = scene_keys(args.game, args.keys)
    seeds = list(range(args.first_seed, args.first_seed + args.seeds))
    report = run_tournament(args.game, keys, seeds, args.workers, args.check_agreement)
    print(json.dumps(report, indent=1 if args.pretty else None))
    return 1 if any("error" in g for g in report["games"]) else 0
