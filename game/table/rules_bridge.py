"""What the bridges of the games played through rules/engine.py (Snowbirds, Tails and Tactics,
Root, Tail Feathers) do alike around their engine (``self.engine``): what comes next, the legal
actions, a decision applied, reported to ``on_action`` and followed by the table (the thrown dice
laid where the throw left them, then the game's own ``sync``), the pending roll, the physics
episodes counted and reported to ``on_episode``, and whether the game is over. Each bridge adds its
table, its dice and ``sync``."""
from __future__ import annotations

from feltbox.rules.core import Event, GameOver, Measured, PhysicsRequest


class RulesBridge:
    engine: object
    on_action: object                   # (action, events, state) after every action, or None
    on_episode: object                  # (episode) after every physics episode, or None
    episodes: int                       # physics episodes run so far

    def pending(self):
        return self.engine.game.pending(self.engine.state)

    def legal(self) -> list:
        return self.engine.game.legal_actions(self.engine.state)

    def decide(self, action) -> list[Event]:
        """A player's decision; the table follows the new state."""
        return self._apply(action)

    def over(self) -> bool:
        return isinstance(self.pending(), GameOver)

    def roll_request(self) -> PhysicsRequest:
        """The roll the rules wait for; a ValueError when they wait for something else."""
        request = self.pending()
        if not isinstance(request, PhysicsRequest) or request.kind != "roll":
            raise ValueError(f"no roll is pending (the rules wait for {request})")
        return request

    def _episode(self, episode) -> None:
        self.episodes += 1
        if self.on_episode is not None:
            self.on_episode(episode)

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
