"""What every game's window controller does alike through its bridge (the rules engine behind
it) and its seats: the read-only view of the rules, the seats the bots play, the rules' own save
and the floor undo can go back to. game/flickem/window_game.py and
game/tailfeathers/window_game.py build on it; each adds its game's own table and choices."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from feltbox.game.players.seats import Seats
from feltbox.game.table.undo import UndoRefused, take_back_length, undo_length

RECENT_STEPS = 12          # a loaded game shows the events of its last actions again


class BridgeController:
    """The members of the window's GameView protocol that read the rules through ``bridge``."""

    bridge: Any               # the game's bridge: ``engine`` (rules/engine.py) and ``pending()``
    seats: Seats

    def _human(self, state=None) -> bool:
        """A human seat is to act (now, or at a past ``state`` of the history)."""
        raise NotImplementedError

    def state(self):
        """The rules state now."""
        return self.bridge.engine.state

    def night(self) -> bool:
        """No night rounds (Dead of Winter's controller says when its round is a night)."""
        return False

    def pending(self):
        """What the rules wait for."""
        return self.bridge.pending()

    def dry_run(self, action) -> None:
        """Apply ``action`` to the state now and forget the result (frozen states: nothing
        changes); raises IllegalAction when it is not legal."""
        self.bridge.engine.game.apply(self.bridge.engine.state, action)

    def bots(self) -> str:
        """The seats the bots play, as ``--bots`` takes them."""
        seats = self.seats
        return "all" if seats.all_bots else (",".join(sorted(seats.bot_teams)) or "none")

    def rules_json(self) -> dict:
        """The rules engine's own save (scenario, seed, action log, state hash)."""
        return self.bridge.engine.to_json()

    def replay_log(self, path: Path, actions: list[dict], state_hash: str | None) -> None:
        """Re-apply a saved action log through the rules only (SaveError naming ``path``); the
        events of its last actions are shown again as the window saw them (``_log``: the feed,
        the last dice, ``recent``), so a continued game does not start with an empty feed."""
        self.bridge.engine.replay_log(path, actions, state_hash)
        history = self.bridge.engine.history
        self._log([e for step in history[-RECENT_STEPS:] for e in step.events])

    def undo_floor(self) -> int:
        """The earliest history length undo or take back can still go back to."""
        engine = self.bridge.engine
        floor = len(engine.history)
        for plan in (undo_length, take_back_length):
            try:
                floor = min(floor, plan(engine, self._human))
            except UndoRefused:
                pass
        return floor
