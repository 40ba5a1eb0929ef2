"""The Engine: history, undo and save/load around any :class:`rules.core.Game`.

A saved game is its scenario, seed and action log (OpenSpiel / boardgame.io style): loading
replays the log, so the file is small and a state can never be saved inconsistently. Undo goes
back one action at a time but never past an action that revealed information (a roll, a draw, a
physics outcome). Saves are written atomically.
"""
from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from feltbox.rules.core import (
    REVEALING,
    Event,
    Game,
    IllegalAction,
    InputError,
    from_json,
    state_hash,
    to_json,
)

SAVE_FORMAT = "feltbox-save"
SAVE_VERSION = 1


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder, fsynced and renamed:
    a crash leaves the old file or the new one, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


class SaveError(InputError):
    """A save file that cannot be loaded; the message names the file and what is wrong."""


@dataclass(frozen=True)
class Step:
    action: Any
    events: tuple[Event, ...]
    before: Any                # the state the action was applied to


class Engine:
    """Plays one game: ``apply`` checks and records, ``undo`` steps back, ``save``/``load``."""

    def __init__(self, game: Game, name: str, scenario: int, seed: int,
                 action_types: dict[str, type]):
        self.game, self.name, self.scenario, self.seed = game, name, scenario, seed
        self.action_types = dict(action_types)
        self.state = game.new_game(scenario, seed)
        self.history: list[Step] = []

    def apply(self, action: Any) -> list[Event]:
        if type(action).__name__ not in self.action_types:
            raise IllegalAction(f"{type(action).__name__} is not an action of {self.name}")
        state, events = self.game.apply(self.state, action)
        self.history.append(Step(action, tuple(events), self.state))
        self.state = state
        return list(events)

    def _last_revealed(self) -> bool:
        """The last action revealed information: a revealing action type, one that drew from the
        state's Rng (a card drawn, a board picked at random: Dead of Winter's CROSSROADS), or one
        whose events showed something to someone (a face-down token looked at, a secret card
        shown: events with ``visible_to``, or named "... shown" / "... revealed")."""
        return self.revealed_at(len(self.history) - 1)

    def can_undo(self) -> bool:
        return bool(self.history) and not self._last_revealed()

    def undo(self) -> Any:
        """Take back the last action; refuse when it revealed information."""
        if not self.history:
            raise IllegalAction("nothing to undo")
        if self._last_revealed():
            raise IllegalAction("the last action revealed new information and cannot be undone")
        step = self.history.pop()
        self.state = step.before
        return step.action

    def rewind(self, length: int) -> list[Any]:
        """Go back to the state before action ``length`` even across revealed information: only
        for what every player agreed to ("take back my flick", game/table/undo.py). Returns the
        actions taken back, oldest first."""
        if not 0 <= length <= len(self.history):
            raise IllegalAction(f"cannot rewind to action {length} of {len(self.history)}")
        if length == len(self.history):
            return []
        gone, self.history = self.history[length:], self.history[:length]
        self.state = gone[0].before
        return [s.action for s in gone]

    def revealed_at(self, k: int) -> bool:
        """Action ``k`` of the history revealed information (see ``_last_revealed``)."""
        step = self.history[k]
        after = self.history[k + 1].before if k + 1 < len(self.history) else self.state
        drew = getattr(step.before, "rng", None) != getattr(after, "rng", None)
        shown = any(e.visible_to is not None or e.kind.endswith((" shown", " revealed")) for e in step.events)
        return isinstance(step.action, REVEALING) or drew or shown

    def hash(self) -> str:
        return state_hash(self.state)

    # -- saving --------------------------------------------------------------------------------
    def to_json(self) -> dict:
        return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": self.name,
                "scenario": self.scenario, "seed": self.seed, "state_hash": self.hash(),
                "actions": [{"type": type(s.action).__name__, "data": to_json(s.action)}
                            for s in self.history]}

    def save(self, path: str | Path) -> None:
        """Write the save atomically: temp file in the same folder, fsync, rename."""
        write_atomic(Path(path), json.dumps(self.to_json(), indent=1, sort_keys=True))

    def replay_log(self, path: Path, actions: list[dict], state_hash: str | None) -> None:
        """Apply a saved action log (``to_json``'s "actions") and check it reaches ``state_hash``;
        SaveError naming ``path`` and the action otherwise."""
        for n, entry in enumerate(actions):
            kind = self.action_types.get(entry.get("type"))
            if kind is None:
                raise SaveError(f"{path}: action {n}: unknown action type {entry.get('type')!r}")
            try:
                self.apply(from_json(kind, entry["data"]))
            except IllegalAction as exc:
                raise SaveError(f"{path}: action {n} ({entry['type']}) is refused: {exc.reason}") from None
        if self.hash() != state_hash:
            raise SaveError(f"{path}: replaying the actions does not reach the saved state")

    @classmethod
    def load(cls, path: str | Path, game: Game, name: str, action_types: dict[str, type]) -> Engine:
        """Rebuild a game by replaying its saved action log; check it reaches the saved state."""
        path = Path(path)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise SaveError(f"{path}: cannot read save: {exc}") from None
        if data.get("format") != SAVE_FORMAT or data.get("game") != name:
            raise SaveError(f"{path}: not a {name} save")
        if data.get("version") != SAVE_VERSION:
            raise SaveError(f"{path}: unsupported save version {data.get('version')}")
        engine = cls(game, name, data["scenario"], data["seed"], action_types)
        engine.replay_log(path, data["actions"], data.get("state_hash"))
        return engine
