"""Re-applying a recorded game's rules actions (``feltbox replay FILE --verify``), for any game.

A ``RulesCheck`` holds a fresh Engine built as the game's bridge builds it and applies every
recorded action in order. After each one the state hash and the public events must be the
recorded ones; a ``Measured`` action's outcome is checked by the game's own check against the
episodes it measured (verify_flickem.py, tailfeathers_check.py). Each check answers None or a
one-line mismatch.

The header's ``rules`` entry says what can be rebuilt: with its ``seed`` (a sealed game's once
``verify`` has opened it: game/replay/sealing.py; then ``salt`` keys the hashes) everything is;
a sealed game that did not end has no seed, so there is no engine and only what is public is
checked: every action is one of the game's and rebuilds from its data, and every ``Measured``
outcome agrees with its episodes.
"""
from __future__ import annotations

from feltbox.game.replay.format import Episode
from feltbox.game.replay.rules_records import RuleRecord, plain
from feltbox.game.replay.sealing import keyed_hash
from feltbox.game.table.table import EpisodeResult
from feltbox.game.text.public import public_events
from feltbox.rules.core import IllegalAction, Measured, from_json, state_hash
from feltbox.rules.engine import Engine


class RulesCheck:
    """Applies recorded actions one by one; a game's check adds ``episode`` and ``measured``.
    ``engine`` None: the rules state is sealed, only ``actions`` (the game's, by name) and the
    measured outcomes are checked."""

    def __init__(self, engine: Engine | None, header: dict, episodes: list[Episode], actions: dict | None = None):
        rules = header["rules"]
        self.engine, self.episodes, self.facts = engine, episodes, {}
        self.action_types = engine.action_types if engine is not None else dict(actions or {})
        salt = rules.get("salt")
        self.hash_of = (lambda state: keyed_hash(salt, state_hash(state))) if salt else state_hash
        self.start_error = None
        if engine is not None and "start_hash" in rules and self.hash_of(engine.state) != rules["start_hash"]:
            self.start_error = (f"before action 0: the rebuilt starting state hashes {self.hash_of(engine.state)}, "
                                f"recorded {rules['start_hash']}")

    @property
    def sealed(self) -> bool:
        """True when only the public records can be checked (no engine)."""
        return self.engine is None

    def episode(self, episode: Episode, result: EpisodeResult) -> None:
        """Remember what the re-simulated ``episode`` shows, for the ``Measured`` action after it."""
        raise NotImplementedError

    def measured(self, name: str, rec: RuleRecord, outcome: dict) -> str | None:
        """None when a ``Measured`` action's outcome agrees with its episodes, else the mismatch."""
        raise NotImplementedError

    def action(self, rec: RuleRecord) -> str | None:
        name = f"action {rec.index} ({rec.type})"
        kind = self.action_types.get(rec.type)
        if kind is None:
            game = self.engine.name if self.engine is not None else "this game"
            return f"{name}: not an action of {game}"
        try:
            action = from_json(kind, rec.data)
        except (KeyError, TypeError, ValueError) as exc:
            return f"{name}: cannot be rebuilt from its data ({exc!r})"
        if isinstance(action, Measured):
            problem = self.measured(name, rec, action.outcome)
            if problem:
                return problem
        if self.engine is None:
            return None
        try:
            events = self.engine.apply(action)
        except IllegalAction as exc:
            return f"{name} is refused by the rules: {exc.reason}"
        if self.hash_of(self.engine.state) != rec.hash:
            return f"{name}: the state hash after it is {self.hash_of(self.engine.state)}, recorded {rec.hash}"
        if plain(public_events(events, self.engine.state)) != plain(rec.events):
            return f"{name}: its events differ from the recorded ones"
        return None
