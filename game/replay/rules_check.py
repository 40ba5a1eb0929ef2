"""Re-applying a recorded game's rules actions (``feltbox replay FILE --verify``), for any game.

A ``RulesCheck`` holds a fresh Engine built as the game's bridge builds it and applies every
recorded action in order. After each one the state hash and the public events must be the
recorded ones; a ``Measured`` action's outcome is checked by the game's own check against the
episodes it measured (verify_flickem.py, tailfeathers_check.py). Each check answers None or a
one-line mismatch.
"""
from __future__ import annotations

from feltbox.game.replay.format import Episode
from feltbox.game.replay.rules_records import RuleRecord, plain, public_events
from feltbox.game.table.table import EpisodeResult
from feltbox.rules.core import IllegalAction, Measured, from_json, state_hash
from feltbox.rules.engine import Engine


class RulesCheck:
    """Applies recorded actions one by one; a game's check adds ``episode`` and ``measured``."""

    def __init__(self, engine: Engine, header: dict, episodes: list[Episode]):
        rules = header["rules"]
        self.engine, self.episodes, self.facts = engine, episodes, {}
        self.start_error = None
        if "start_hash" in rules and self.engine.hash() != rules["start_hash"]:
            self.start_error = (f"before action 0: the rebuilt starting state hashes {self.engine.hash()}, "
                                f"recorded {rules['start_hash']}")

    def episode(self, episode: Episode, result: EpisodeResult) -> None:
        """Remember what the re-simulated ``episode`` shows, for the ``Measured`` action after it."""
        raise NotImplementedError

    def measured(self, name: str, rec: RuleRecord, outcome: dict) -> str | None:
        """None when a ``Measured`` action's outcome agrees with its episodes, else the mismatch."""
        raise NotImplementedError

    def action(self, rec: RuleRecord) -> str | None:
        name = f"action {rec.index} ({rec.type})"
        kind = self.engine.action_types.get(rec.type)
        if kind is None:
            return f"{name}: not an action of {self.engine.name}"
        try:
            action = from_json(kind, rec.data)
        except (KeyError, TypeError, ValueError) as exc:
            return f"{name}: cannot be rebuilt from its data ({exc!r})"
        if isinstance(action, Measured):
            problem = self.measured(name, rec, action.outcome)
            if problem:
                return problem
        try:
            events = self.engine.apply(action)
        except IllegalAction as exc:
            return f"{name} is refused by the rules: {exc.reason}"
        if state_hash(self.engine.state) != rec.hash:
            return f"{name}: the state hash after it is {self.engine.hash()}, recorded {rec.hash}"
        if plain(public_events(events)) != plain(rec.events):
            return f"{name}: its events differ from the recorded ones"
        return None
