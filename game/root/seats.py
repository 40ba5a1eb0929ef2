"""Who plays each Root seat (duchy, corvids): the rules' bot (rules/root/bots.py), the script's
lines, or the players at the prompt or in the window (feltbox.game.players.Seats)."""
from __future__ import annotations

from feltbox.game.players.seats import SeatPlayer, Seats
from feltbox.rules.root import bots
from feltbox.rules.root.flow import ACTIONS
from feltbox.rules.root.state import SEATS  # noqa: F401 -- the seats --bots can name

TURN_ENDS = ("EndTurn",)             # the Corvids' turn ends (the headless count); a Duchy turn ends inside a Done
MIN_DECISIONS = 20000                # decisions and rolls of a whole game (a few hundred to 2000)


class RootBot:
    """The rules' bot (rules/root/bots.choose) as a seat player."""

    reason = ""

    def decide(self, legal: list, state):
        return bots.choose(state)


def new_seats(bridge, bots_: str = "all", script=None) -> Seats:
    """The two seats: ``bots_`` "all", "none", "duchy" or "corvids" (the seats the bot plays)."""
    return Seats(bridge, bots_, script, bot=SeatPlayer(bridge, RootBot()), teams=SEATS, actions=ACTIONS, noun="game")
