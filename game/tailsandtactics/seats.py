"""Who plays the two seats of Tails and Tactics, red and blue: the bot, the script's lines, or the
players at the prompt or in the window (feltbox.game.players.Seats with this game's bot and
actions). ``--bots all`` lets the bot play both seats, ``--bots red`` / ``--bots blue`` one of them,
``--bots none`` the script or the players (hot-seat)."""
from __future__ import annotations

from feltbox.game.players.seats import SeatPlayer, Seats
from feltbox.rules.tails_and_tactics.bot import choose
from feltbox.rules.tails_and_tactics.flow import ACTIONS
from feltbox.rules.tails_and_tactics.state import SEATS

TURN_ENDS = ("EndTurn",)             # Your Turn: the player is done (then discards to the hand limit)
MIN_DECISIONS = 20000                # decisions and rolls of a whole game (set-up, every pass on the chain)


class RulesBot:
    """The rules' bot (rules/tails_and_tactics/bot.choose: deterministic, pure) as a seat player."""

    reason = ""

    def decide(self, legal: list, state):
        action = choose(state, legal)
        self.reason = f"bot: {type(action).__name__}"
        return action


def new_seats(bridge, bots: str = "all", script=None, player=None) -> Seats:
    """The seats of a game: ``bots`` "all", "none", "red" or "blue"; ``player`` another decider
    (``decide(legal, state)``: a random legal player) in the rules' bot's place."""
    return Seats(bridge, bots, script, bot=SeatPlayer(bridge, player or RulesBot()), teams=SEATS,
                 actions=ACTIONS, noun="battle")
