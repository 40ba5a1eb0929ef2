"""What the card games' bridges (Snowbirds, Tails and Tactics, Root) do alike around their rules
engine (``self.engine``, rules/engine.py): what comes next, the legal actions, and a decision
applied, reported to ``on_action`` and followed by the table (the thrown dice laid where the throw
left them, then the game's own ``sync``). Each bridge adds its table, its dice and ``sync``."""
from __future__ import annotations

from feltbox.rules.core import Event, Measured


class RulesBridge:
    engine: object
    on_action: object                   # (action, events, state) after every action, or None

    def pending(self):
        return self.engine.game.pending(self.engine.state)

    def legal(self) -> list:
        return self.engine.game.legal_actions(self.engine.state)

    def decide(self, action) -> list[Event]:
        """A player's decision; the table follows the new state."""
        return self._apply(action)

    def _apply(self, action, throws=()) -> list[Event]:
        events = self.engine.apply(action)
        if self.on_action is not None:
            self.on_action(action, events, self.engine.state)
        self.follow(action, throws)
        return events

    def follow(self, action, throws=()) -> None:
        """The table after ``action``: the thrown dice where ``throws`` (the roll's episodes) left
        them, then ``sync``."""
        if isinstance(action, Measured) and throws:
            self.lay_thrown(throws)
        self.sync()
