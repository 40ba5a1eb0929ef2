"""Who plays Snowbirds' one seat, the flock: the planning bot (game/snowbirds/bot.py), the
script's lines, or the player (feltbox.game.players.Seats with this game's bot and actions).
Solitaire: ``--bots all`` (or ``flock``) lets the bot play, ``--bots none`` the script or the
player at the prompt or in the window."""
from __future__ import annotations

from feltbox.game.players.seats import SeatPlayer, Seats
from feltbox.game.snowbirds.bot import SBBot
from feltbox.rules.snowbirds.flow import ACTIONS
from feltbox.rules.snowbirds.state import PLAYER

TURN_ENDS = ("Fly", "RestDay")       # a day's end: the flock takes off, or rests a day
MIN_DECISIONS = 2000                 # decisions and rolls of a whole migration (about 40-80)
SEATS = (PLAYER,)                    # the one seat --bots can name: "flock"


def new_seats(bridge, bots: str = "all", script=None, player=None) -> Seats:
    """The seat of a migration: ``bots`` "all" / "flock" (the bot), or "none" (the script's
    lines); ``player`` another decider in the bot's place (the random player of a tournament)."""
    return Seats(bridge, bots, script, bot=SeatPlayer(bridge, player or SBBot()), teams=SEATS,
                 actions=ACTIONS, noun="migration")
