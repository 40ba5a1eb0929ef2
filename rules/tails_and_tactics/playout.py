"""A bot-vs-bot game of Tails and Tactics from a seed to the end (tests, balance, the tournament).

The first-player dice come from an Rng of the seed here (on the felt they come from the physics
tray). House: a game still going after ``MAX_TURNS`` turns is stopped and reported as capped (no
winner). ``python -m feltbox.rules.tails_and_tactics.playout --seeds 200`` prints the faction
balance: factions swap seats on odd seeds, so the seat that wins the first-player roll more often
does not bias a faction."""
from __future__ import annotations

import argparse
import time
from dataclasses import dataclass

from feltbox.rules.core import Measured, Rng
from feltbox.rules.tails_and_tactics import bot, flow
from feltbox.rules.tails_and_tactics.state import SEATS, Setup, side

MAX_TURNS = 200
MAX_ACTIONS = 20000


@dataclass(frozen=True)
class Result:
    seed: int
    factions: tuple[str, str]            # red's, blue's
    winner: str | None                   # a seat, None when capped
    winning_faction: str | None
    turns: int
    actions: int
    bases: tuple[int, int]
    capped: bool
    seconds: float


def setup_for(seed: int, factions: tuple[str, str] = ("foxes", "badgers")) -> Setup:
    return Setup(factions if seed % 2 == 0 else (factions[1], factions[0]))


def play(seed: int, setup: Setup | None = None, max_turns: int = MAX_TURNS) -> Result:
    start = time.perf_counter()
    setup = setup or setup_for(seed)
    state = flow.new_game(setup, seed)
    dice = Rng(seed * 7919 + 17)
    actions = 0
    while state.flow.phase != "over" and state.flow.turn <= max_turns and actions < MAX_ACTIONS:
        if state.flow.step == "roll":
            red, dice = dice.below(6)
            blue, dice = dice.below(6)
            action = Measured({"faces": [red + 1, blue + 1]})
        else:
            action = bot.choose(state)
        state, _ = flow.apply(state, action)
        actions += 1
    winner = state.flow.winner
    faction = setup.factions[SEATS.index(winner)] if winner else None
    return Result(seed, setup.factions, winner, faction, state.flow.turn, actions,
                  tuple(side(state, s).base for s in SEATS), winner is None, time.perf_counter() - start)


def tally(results: list[Result]) -> dict:
    wins: dict[str, int] = {}
    for r in results:
        if r.winning_faction:
            wins[r.winning_faction] = wins.get(r.winning_faction, 0) + 1
    return {"games": len(results), "wins": wins, "capped": sum(r.capped for r in results),
            "first_seat_wins": sum(r.winner == "red" for r in results),
            "mean_turns": sum(r.turns for r in results) / max(1, len(results)),
            "max_seconds": max((r.seconds for r in results), default=0.0),
            "mean_seconds": sum(r.seconds for r in results) / max(1, len(results))}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Tails and Tactics bot-vs-bot balance")
    parser.add_argument("--seeds", type=int, default=200)
    parser.add_argument("--first", type=int, default=0)
    args = parser.parse_args(argv)
    results = [play(s) for s in range(args.first, args.first + args.seeds)]
    t = tally(results)
    print(f"{t['games']} games: " + ", ".join(f"{k} {v} ({100 * v / t['games']:.1f}%)" for k, v in sorted(t['wins'].items()))
          + f", capped {t['capped']}; red seat won {t['first_seat_wins']}; mean {t['mean_turns']:.1f} turns; "
          f"{t['mean_seconds']:.3f} s a game (max {t['max_seconds']:.3f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
