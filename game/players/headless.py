"""Headless games: bots (or a script) play a whole game on the real table, with an event log
(JSON lines) and an optional replay of every physics episode. Game-neutral: the caller builds the
game's bridge and seats (feltbox.game.games.play_headless does it for any registered game)."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from feltbox.game.players.seats import ScriptEnded, Seats
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


def play_game(bridge, seats: Seats, turn_ends: tuple[str, ...], log: str | Path | None = None,
              max_decisions: int = 2000, after_action=None) -> GameResult:
    """Play the game behind ``bridge`` to its end: the seats decide and aim, the bridge applies.
    A turn is counted each time an action named in ``turn_ends`` is played; ``after_action(bridge)``
    is called once the bridge has applied each one (the table and the rules both settled)."""
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
            if after_action is not None:
                after_action(bridge)
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
    return GameResult(reason, turns, bridge.episodes, len(lines), state_hash(bridge.engine.state), lines,
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
