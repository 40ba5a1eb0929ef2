"""Who plays each seat of a game: a bot, the lines of a game script, or players at a prompt.

``Seats`` answers a bridge's decisions and aims for every team: the bot for the teams it plays,
the script's next line (or the hot-seat prompt, players/hotseat.py) for the others. Game-neutral:
each game hands in its bot, its teams and its ACTIONS (flickem/seats.py, tailfeathers/seats.py).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from feltbox.game.players.script import GameScriptError, Line, action_of, aim_of, describe
from feltbox.game.table.flick import Aim
from feltbox.rules.core import Decision, PhysicsRequest

AIMED = ("flick", "fight_flick", "eject")     # the physics requests a player aims


class SeatBot(Protocol):
    """What a game's bot does for the seats it plays."""

    def decide(self, legal: list) -> object: ...

    def aim(self, request: PhysicsRequest) -> Aim | None: ...


class SeatPlayer:
    """A player that reads the rules state itself (``decide(legal, state)``: the Snowbirds and
    Tails and Tactics bots, a random player) as a bridge's SeatBot; ``reason`` is its one-line
    explanation of the last choice. Nothing to aim: those games' tables throw the dice."""

    def __init__(self, bridge, player):
        self.bridge, self.player = bridge, player

    @property
    def reason(self) -> str:
        return getattr(self.player, "reason", "")

    def decide(self, legal: list):
        return self.player.decide(legal, self.bridge.engine.state)

    def aim(self, request) -> None:
        return None


class ScriptEnded(Exception):
    """The script ran out while a human seat was to play."""


class Seats:
    """Who decides for each team: the bot, or the script's next line (``bots``: "all", "none",
    or the teams the bots play, e.g. "B" or "teamB")."""

    def __init__(self, bridge, bots: str, script, *, bot: SeatBot, teams: tuple[str, ...], actions: dict,
                 team_of: Callable[[str], str] | None = None, noun: str = "scenario"):
        """A game's ``bot``, its ``teams``, its ``ACTIONS`` (to read script lines), and
        ``team_of``: the team a player who is not a team plays for (a survivor's team)."""
        self.bridge, self.bot = bridge, bot
        self.actions = actions
        self.player_team = team_of or (lambda player: player)
        wanted = {b.removeprefix("team") for b in bots.split(",")} if bots not in ("all", "none") else set()
        unknown = wanted - set(teams)
        if unknown:
            raise GameScriptError(f"--bots: no team {', '.join(sorted(unknown))} in this {noun} "
                                  f"(teams: {', '.join(teams)})")
        self.teams = tuple(teams)
        self.bot_teams = set(teams) if bots == "all" else wanted
        self.script = script if getattr(script, "interactive", False) else list(script or [])
        self.all_bots = bots == "all"
        self.written: list[str] = []     # every decision and aim as a script line (--save-script)
        if self.interactive:             # the prompt shows a bot seat's secrets to nobody
            self.script.seated = lambda team: not self.all_bots and team not in self.bot_teams

    def team_of(self, player: str | None) -> str | None:
        """The team a decision or an aim belongs to (a player is a team or a survivor id)."""
        if player is None or player in self.teams:
            return player
        return self.player_team(player)

    def _line(self, team: str | None, what: str, choices: list[str] = ()) -> Line | None:
        """The script's (or the hot-seat prompt's) next line for a human seat, or None when the
        bot is to decide."""
        if self.all_bots or team is None or team in self.bot_teams:
            return None
        if not self.script:
            raise ScriptEnded(f"the script ended; the rules wait for team {team}: {what}")
        try:
            line = self.script.ask(team, what, list(choices)) if self.interactive else self.script.pop(0)
        except EOFError:
            raise ScriptEnded(f"the players left (end of input); the rules wait for team {team}: {what}") from None
        if line.words[0] == "bots":
            self.all_bots = True
            return None
        return None if line.words[0] == "bot" else line

    @property
    def interactive(self) -> bool:
        return getattr(self.script, "interactive", False)

    def decide(self, pending: Decision):
        action = self._retrying(self._decide, pending)
        self.written.append(describe(action))
        return action

    def _retrying(self, ask, pending):
        """A script's bad line stops the game; at the hot-seat prompt the player tries again."""
        while True:
            try:
                return ask(pending)
            except GameScriptError as exc:
                if not self.interactive:
                    raise
                self.script.refused(str(exc))

    def _decide(self, pending: Decision):
        legal = self.bridge.engine.game.legal_actions(self.bridge.engine.state)
        line = self._line(self.team_of(pending.player), pending.prompt, [describe(a) for a in legal])
        if line is None:
            return self.bot.decide(legal)
        if line.words[0] == "aim":
            raise GameScriptError(f"{line.where()}: the rules wait for a decision ({pending.prompt}), not an aim")
        action = action_of(line, self.actions)
        if action not in legal:
            choices = "; ".join(describe(a) for a in legal)
            raise GameScriptError(f"{line.where()}: {describe(action)} is not legal now (legal: {choices})")
        return action

    def aim(self, request: PhysicsRequest) -> Aim | None:
        aim = self._retrying(self._aim, request)
        if aim is not None:
            self.written.append(f"aim {aim.direction!r} {aim.power!r} {aim.spin!r}")
        return aim

    def _aim(self, request: PhysicsRequest) -> Aim | None:
        spec, state = request.spec, self.bridge.engine.state
        if request.kind not in AIMED:            # rushes, hordes, dice rolls, feather drops
            return None
        owner = spec.get("attacker") or spec.get("team") or state.flow.active
        line = self._line(self.team_of(owner), f"the aim of a {request.kind} ({spec.get('weapon', 'figure')})")
        if line is None:
            return self.bot.aim(request)
        if line.words[0] != "aim":
            raise GameScriptError(f"{line.where()}: the rules wait for the aim of a {request.kind}, "
                                  f"not {line.words[0]!r}")
        return aim_of(line)
