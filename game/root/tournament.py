"""``feltbox tournament root [standard] --seeds N [--workers W]``: the rules' bots play the Duchy
and the Corvids for every seed (rules/root/playout.py: a whole game, the battle dice drawn from
the state's own Rng in place of the tray, so 200 games take seconds) and one JSON report says
the wins per faction, how many games ended at 30 VP and how many at the round limit (a house
rule, rules/root/data/factions.toml), the rounds and the time per game, and every game's seed and
result. A whole game on the real table, its dice thrown in the tray, is
``feltbox play root standard --headless --bots all --seed S``."""
from __future__ import annotations

import json
import time

from feltbox.game.players.pool import run_jobs
from feltbox.rules.root import playout
from feltbox.rules.root.data import tables
from feltbox.scenes.root.named import load_root

CHUNK = 10


def play_chunk(seeds: list[int]) -> list[dict]:
    out = []
    for seed in seeds:
        r = playout.play(seed)
        out.append({"seed": seed, "winners": list(r.winners), "result": r.reason, "score": r.score,
                    "rounds": r.rounds, "steps": r.steps, "by": "30 VP" if r.by_score else "round limit",
                    "wall_s": round(r.seconds, 3)})
    return out


def run_tournament(seeds: list[int], workers: int = 1) -> dict:
    jobs = [(seeds[k:k + CHUNK],) for k in range(0, len(seeds), CHUNK)]
    start = time.perf_counter()
    chunks = run_jobs(play_chunk, jobs, workers)
    games = sorted((g for chunk in chunks for g in chunk), key=lambda g: g["seed"])
    n = max(len(games), 1)
    wins = {seat: sum(1 for g in games if g["winners"] == [seat]) for seat in ("duchy", "corvids")}
    return {"game": "root", "scene": "standard", "seeds": [seeds[0], seeds[-1]] if seeds else [],
            "workers": workers, "wall_s": round(time.perf_counter() - start, 1), "games": len(games),
            "wins": wins, "win_share": {s: round(w / n, 4) for s, w in wins.items()},
            "no_winner": len(games) - sum(wins.values()),
            "ended": {"30 VP": sum(g["by"] == "30 VP" for g in games),
                      "round limit": sum(g["by"] == "round limit" for g in games)},
            "round_limit": int(tables().game["round_limit"]),
            "rounds_mean": round(sum(g["rounds"] for g in games) / n, 2),
            "dice": "the rules' Rng (rules/root/playout.py); the window and --headless throw them in the tray",
            "results": games}


def tournament_command(args) -> int:
    load_root(args.keys or "standard")         # an unknown scene: one line, exit 2
    seeds = list(range(args.first_seed, args.first_seed + args.seeds))
    print(json.dumps(run_tournament(seeds, args.workers), indent=1 if args.pretty else None))
    return 0
