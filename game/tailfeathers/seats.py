"""Who plays Tail Feathers' seats: the rat and mouse bot, or the script's lines, for each
alliance (feltbox.game.players.Seats with this game's bot, alliances and actions)."""
from __future__ import annotations

from feltbox.game.players.seats import Seats
from feltbox.game.tailfeathers.bot import TFBot
from feltbox.game.tailfeathers.bridge import TFBridge
from feltbox.rules.tailfeathers.flow import ACTIONS

TURN_ENDS = ("Activate", "Pass")     # a player's turn: one unit activated, or a pass
MIN_DECISIONS = 20000                # decisions and physics steps of a whole battle


def new_seats(bridge: TFBridge, bots: str = "all", script=None) -> Seats:
    """The seats of a battle: ``bots`` "all", "none" or the alliances the bot plays."""
    return Seats(bridge, bots, script, bot=TFBot(bridge), teams=bridge.setup.alliances, actions=ACTIONS,
                 noun="battle")
