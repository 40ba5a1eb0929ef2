"""Who plays Dead of Winter's seats: the bot, or the script's lines, for each team
(feltbox.game.players.Seats with this game's bot, teams and actions)."""
from __future__ import annotations

from feltbox.game.flickem.bot import Bot
from feltbox.game.flickem.bridge import FlickemBridge
from feltbox.game.players.seats import Seats
from feltbox.rules.flickem.flow import ACTIONS

TURN_ENDS = ("EndTurn",)         # a turn of the headless count: a survivor's turn ended
MIN_DECISIONS = 0                # the caller's decision limit stands as given


def new_seats(bridge: FlickemBridge, bots: str = "all", script=None) -> Seats:
    """The seats of a Dead of Winter game: ``bots`` "all", "none" or the teams the bot plays."""
    def team_of(player: str) -> str:             # a survivor plays for its team
        survivors = bridge.engine.state.data.survivors
        return next((s.team for s in survivors if s.id == player), player)
    return Seats(bridge, bots, script, bot=Bot(bridge), teams=bridge.engine.state.flow.teams,
                 actions=ACTIONS, team_of=team_of, noun="scenario")
