"""Headless games: bots (or a script) play a whole scenario on the real table, with an event log
(JSON lines) and an optional replay of every physics episode."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from game.bot import Bot
from game.flickem_bridge import FlickemBridge
from rules.core import Decision, GameOver, PhysicsRequest, state_hash
from scenes.schema import Scene


@dataclass
class GameResult:
    result: str
    turns: int
    episodes: int
    events: int
    state_hash: str


def play_headless(scene: Scene, seed: int = 0, log: str | Path | None = None, on_episode=None,
                  max_decisions: int = 2000) -> GameResult:
    """Play ``scene`` to its end with bots on every seat."""
    bridge = FlickemBridge(scene, seed, on_episode=on_episode)
    bot = Bot(bridge)
    lines: list[str] = []
    turns = 0

    def record(events) -> None:
        for e in events:
            lines.append(json.dumps({"turn": turns, "event": e.kind, **e.data}, default=str))

    for _ in range(max_decisions):
        pending = bridge.pending()
        if isinstance(pending, GameOver):
            break
        if isinstance(pending, Decision):
            action = bot.decide(bridge.engine.game.legal_actions(bridge.engine.state))
            turns += type(action).__name__ == "EndTurn"
            record(bridge.decide(action))
        elif isinstance(pending, PhysicsRequest):
            if pending.kind == "flick":
                plan = bot.aim_for(pending.spec["survivor"], pending.spec["weapon"])
                record(bridge.physics(plan.aim))
            else:
                record(bridge.physics())
    else:
        raise RuntimeError(f"the game did not end within {max_decisions} decisions")
    over = bridge.pending()
    lines.append(json.dumps({"turn": turns, "event": "game over", "reason": over.reason}))
    if log is not None:
        Path(log).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return GameResult(over.reason, turns, bridge.session.episodes, len(lines), state_hash(bridge.engine.state))
