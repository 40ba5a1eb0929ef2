"""Headless games: bots (or a script) play a whole scenario on the real table, with an event log
(JSON lines) and an optional replay of every physics episode."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from feltbox.game.flickem.bot import Bot
from feltbox.game.table.flick import Aim
from feltbox.game.flickem.bridge import FlickemBridge
from feltbox.game.flickem.script import GameScriptError, Line, action_of, aim_of, describe
from feltbox.rules.core import Decision, GameOver, PhysicsRequest, state_hash
from feltbox.scenes.schema import Scene


AIMED = ("flick", "fight_flick", "eject")     # the physics requests a player aims


@dataclass
class GameResult:
    result: str
    turns: int
    episodes: int
    events: int
    state_hash: str
    log: list[str] = field(default_factory=list, repr=False)
    script: list[str] = field(default_factory=list, repr=False)    # the game as a script


class Seats:
    """Who decides for each team: the bot, or the script's next line (``bots``: "all", "none",
    or the teams the bots play, e.g. "B" or "teamB")."""

    def __init__(self, bridge: FlickemBridge, bots: str = "all", script: list[Line] | None = None,
                 bot=None, teams: tuple[str, ...] | None = None, actions: dict | None = None):
        """Another game passes its ``bot`` (``decide(legal)``), its ``teams`` and ``ACTIONS``."""
        self.bridge, self.bot = bridge, bot if bot is not None else Bot(bridge)
        self.actions = actions
        teams = teams if teams is not None else bridge.engine.state.flow.teams
        wanted = {b.removeprefix("team") for b in bots.split(",")} if bots not in ("all", "none") else set()
        unknown = wanted - set(teams)
        if unknown:
            raise GameScriptError(f"--bots: no team {', '.join(sorted(unknown))} in this {'scenario' if actions is None else 'battle'} "
                                  f"(teams: {', '.join(teams)})")
        self.teams = tuple(teams)
        self.bot_teams = set(teams) if bots == "all" else wanted
        self.script = script if getattr(script, "interactive", False) else list(script or [])
        self.all_bots = bots == "all"
        self.written: list[str] = []     # every decision and aim as a script line (--save-script)

    def team_of(self, player: str | None) -> str | None:
        """The team a decision or an aim belongs to (a player is a team or a survivor id)."""
        state = self.bridge.engine.state
        if player is None or player in self.teams:
            return player
        return next((s.team for s in state.data.survivors if s.id == player), player)

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
            if request.kind == "flick":
                return self.bot.aim_for(spec["survivor"], spec["weapon"]).aim
            aim_for = getattr(self.bot, f"{request.kind}_aim", None)    # a bot's own, or the plain one
            aim_for = aim_for or (self.bridge.fight_aim if request.kind == "fight_flick" else self.bridge.eject_aim)
            return aim_for(spec)
        if line.words[0] != "aim":
            raise GameScriptError(f"{line.where()}: the rules wait for the aim of a {request.kind}, "
                                  f"not {line.words[0]!r}")
        return aim_of(line)


class ScriptEnded(Exception):
    """The script ran out while a human seat was to play."""


def play_headless(scene: Scene, seed: int = 0, log: str | Path | None = None, on_episode=None,
                  max_decisions: int = 2000, bots: str = "all", script: list[Line] | None = None,
                  on_action=None) -> GameResult:
    """Play ``scene`` to its end: bots on their seats, the script's lines on the others.
    ``on_episode`` gets every physics episode, ``on_action`` every rules action (a Recorder)."""
    if getattr(scene, "game", "flickem") == "tailfeathers":
        from feltbox.game.tailfeathers.bot import TFBot
        from feltbox.game.tailfeathers.bridge import TFBridge
        from feltbox.rules.tailfeathers.flow import ACTIONS
        bridge = TFBridge(scene, seed, on_episode=on_episode, on_action=on_action)
        seats = Seats(bridge, bots, script, bot=TFBot(bridge), teams=bridge.setup.alliances, actions=ACTIONS)
        turn_ends = ("Activate", "Pass")             # a player's turn: one unit activated, or a pass
        max_decisions = max(max_decisions, 20000)    # decisions and physics steps of a whole battle
    else:
        bridge = FlickemBridge(scene, seed, on_episode=on_episode, on_action=on_action)
        seats = Seats(bridge, bots, script)
        turn_ends = ("EndTurn",)
    lines: list[str] = []
    turns = 0

    def record(events) -> None:
        if seats.interactive:
            seats.script.events(events)
        for e in events:           # the log is public: hidden data stays with its players
            seen = e.seen_by("")
            hidden = {"visible_to": list(e.visible_to)} if e.visible_to is not None else {}
            lines.append(json.dumps({"turn": turns, "event": e.kind, **seen.data, **hidden}, default=str))

    reason = None
    for _ in range(max_decisions):
        pending = bridge.pending()
        if isinstance(pending, GameOver):
            break
        try:
            if isinstance(pending, Decision):
                action = seats.decide(pending)
                record(bridge.decide(action))
                turns += type(action).__name__ in turn_ends
            elif isinstance(pending, PhysicsRequest):
                record(bridge.physics(seats.aim(pending)))
        except ScriptEnded as end:
            reason = f"unfinished: {end}"
            break
    else:
        raise RuntimeError(f"the game did not end within {max_decisions} decisions")
    reason = reason or bridge.pending().reason
    lines.append(json.dumps({"turn": turns, "event": "game over" if not reason.startswith("unfinished")
                             else "game stopped", "reason": reason}))
    if log is not None:
        Path(log).write_text("\n".join(lines) + "\n", encoding="utf-8")
    episodes = bridge.episodes if hasattr(bridge, "episodes") else bridge.session.episodes
    return GameResult(reason, turns, episodes, len(lines), state_hash(bridge.engine.state), lines,
                      seats.written)


def transcript(lines: list[str]) -> str:
    """The event log as text, one event a line: "turn 3 | move failed | reason=..."."""
    out = []
    for raw in lines:
        entry = json.loads(raw)
        turn, kind = entry.pop("turn"), entry.pop("event")
        fields = " ".join(f"{k}={_short(v)}" for k, v in entry.items())
        out.append(f"turn {turn:3d} | {kind}" + (f" | {fields}" if fields else ""))
    return "\n".join(out) + "\n"


def _short(value) -> str:
    if isinstance(value, float):
        return f"{value:.2f}"
    if isinstance(value, list):
        return "[" + ",".join(_short(v) for v in value) + "]"
    return str(value)
