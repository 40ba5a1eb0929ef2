"""Headless games: bots (or a script) play a whole game on the real table, with an event log
(JSON lines) and an optional replay of every physics episode. Game-neutral: the caller builds the
game's bridge and seats (feltbox.game.games.play_headless does it for any registered game).

The log is public: every line is an event's public view (game/text/public.py), so it may be read
while the game goes on; it is written as the game goes, a line per event, flushed after each
action."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from feltbox.game.players.seats import ScriptEnded, Seats
from feltbox.game.text.public import public_events
from feltbox.rules.core import Decision, GameOver, PhysicsRequest, state_hash


@dataclass
class GameResult:
    result: str
    turns: int
    episodes: int
    events: int
    state_hash: str
    log: list[str] = field(default_factory=list, repr=False)
    script: list[str] = field(default_factory=list, repr=False)    # the game as a script


class EventLog:
    """A game's public event log: JSON lines kept in memory and, given a path, written to it as
    the game goes (flushed after each action: a reader sees it live, a crash keeps it)."""

    def __init__(self, path: str | Path | None = None):
        self.lines: list[str] = []
        self.turn = 0          # turns ended so far
        self._file = Path(path).open("w", encoding="utf-8") if path is not None else None

    def add(self, entry: dict) -> None:
        line = json.dumps({"turn": self.turn + 1, **entry}, default=str)    # the turn in play, from 1
        self.lines.append(line)
        if self._file is not None:
            self._file.write(line + "\n")

    def events(self, events, state) -> None:
        """The events of one action as everyone sees them (``state``: the rules state after it)."""
        for e in public_events(events, state):
            seen = {"visible_to": e["visible_to"]} if e["visible_to"] is not None else {}
            self.add({"event": e["kind"], **e["data"], **seen})
        if self._file is not None:
            self._file.flush()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()


def play_game(bridge, seats: Seats, turn_ends: tuple[str, ...], log: str | Path | None = None,
              max_decisions: int = 2000, after_action=None) -> GameResult:
    """Play the game behind ``bridge`` to its end: the seats decide and aim, the bridge applies.
    A turn is counted each time an action named in ``turn_ends`` is played; ``after_action(bridge)``
    is called once the bridge has applied each one (the table and the rules both settled)."""
    events = EventLog(log)
    try:
        reason = _play(bridge, seats, turn_ends, max_decisions, after_action, events)
        events.add({"event": "game over" if not reason.startswith("unfinished") else "game stopped",
                    "reason": reason})
    finally:
        events.close()
    return GameResult(reason, events.turn, bridge.episodes, len(events.lines), state_hash(bridge.engine.state),
                      events.lines, seats.written)


def _play(bridge, seats: Seats, turn_ends: tuple[str, ...], max_decisions: int, after_action,
          log: EventLog) -> str:
    """The game loop; returns why it ended."""
    def record(events) -> None:
        if seats.interactive:
            seats.script.events(events, bridge.engine.state)
        log.events(events, bridge.engine.state)

    for _ in range(max_decisions):
        pending = bridge.pending()
        if isinstance(pending, GameOver):
            return pending.reason
        try:
            if isinstance(pending, Decision):
                action = seats.decide(pending)
                record(bridge.decide(action))
                log.turn += type(action).__name__ in turn_ends
            elif isinstance(pending, PhysicsRequest):
                record(bridge.physics(seats.aim(pending)))
            if after_action is not None:
                after_action(bridge)
        except ScriptEnded as end:
            return f"unfinished: {end}"
    raise RuntimeError(f"the game did not end within {max_decisions} decisions")


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
