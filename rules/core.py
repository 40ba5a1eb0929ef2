"""The engine contract every rules engine implements (ARCHITECTURE.md, "The engine contract").

- ``new_game(scenario, seed) -> State``: plain frozen dataclasses, JSON round-trippable, flow data
  (round, phase, active player, actions left) kept apart from game data.
- ``pending(state)``: what comes next: a player :class:`Decision`, a :class:`ChanceRequest`, a
  :class:`PhysicsRequest` or :class:`GameOver`.
- ``legal_actions(state)``: the discrete choices; a flick's aim is continuous and travels in the
  physics request instead.
- ``apply(state, action) -> (state, events)``: raises :class:`IllegalAction` and leaves the input
  untouched. Dice, draws and physics results arrive as outcome actions (:class:`Roll`,
  :class:`Draw`, :class:`Measured`), so the seed plus the action log rebuild every state.

Randomness lives in the state (:class:`Rng`), so ``apply`` stays pure. This module imports no
Panda3D, no game/ and no models/.
"""
from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
import types
import typing
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

T = TypeVar("T")


class InputError(ValueError):
    """A file or argument a person gave feltbox is wrong (a scene, a script, a replay, a save, a
    force list...). The message is one line naming the file, the line or record, and the field;
    the command line prints it and exits 2. Programming errors are never InputErrors."""


class IllegalAction(Exception):
    """An action the rules refuse; ``reason`` says why in the players' words."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Event:
    """Something the rules did ("move failed", "zombie wounded"). ``visible_to`` None = everyone;
    otherwise the players who may see ``data`` (others see only ``kind``)."""
    kind: str
    data: dict = field(default_factory=dict)
    visible_to: tuple[str, ...] | None = None

    def seen_by(self, player: str) -> Event:
        if self.visible_to is None or player in self.visible_to:
            return self
        return Event(self.kind, {}, self.visible_to)


# -- what comes next -------------------------------------------------------------------------
@dataclass(frozen=True)
class Decision:
    player: str
    prompt: str


@dataclass(frozen=True)
class ChanceRequest:
    kind: str                 # "roll" | "draw"
    spec: dict = field(default_factory=dict)


@dataclass(frozen=True)
class PhysicsRequest:
    kind: str                 # "flick" | "rush" | "horde" | "drop"
    spec: dict = field(default_factory=dict)


@dataclass(frozen=True)
class GameOver:
    winners: tuple[str, ...]
    reason: str


Pending = Decision | ChanceRequest | PhysicsRequest | GameOver


# -- outcome actions (chance and physics results are actions too) -----------------------------
@dataclass(frozen=True)
class Roll:
    faces: tuple[int, ...]


@dataclass(frozen=True)
class Draw:
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Measured:
    outcome: dict


#: Actions that reveal information: undo never goes back past one of them.
REVEALING = (Roll, Draw, Measured)


# -- randomness kept in the state --------------------------------------------------------------
@dataclass(frozen=True)
class Rng:
    """A splitmix64 generator whose whole state is one integer, so it lives in the game state
    and a saved game resumes the same sequence. ``next`` returns (value, new Rng)."""
    state: int

    _MASK = (1 << 64) - 1

    def next(self) -> tuple[int, Rng]:
        s = (self.state + 0x9E3779B97F4A7C15) & self._MASK
        z = s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self._MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self._MASK
        return z ^ (z >> 31), Rng(s)

    def below(self, n: int) -> tuple[int, Rng]:
        """A uniform integer in [0, n) (rejection sampling: no modulo bias)."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        limit = (1 << 64) - (1 << 64) % n
        rng = self
        while True:
            value, rng = rng.next()
            if value < limit:
                return value % n, rng

    def shuffled(self, items: tuple[T, ...]) -> tuple[tuple[T, ...], Rng]:
        """Fisher-Yates shuffle of ``items``."""
        out, rng = list(items), self
        for i in range(len(out) - 1, 0, -1):
            j, rng = rng.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return tuple(out), rng


# -- JSON round trip of frozen dataclasses -----------------------------------------------------
def to_json(value: Any) -> Any:
    """Plain JSON data from (nested) dataclasses, tuples, dicts and scalars."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    return value


def from_json(cls: type[T], data: Any) -> T:
    """Rebuild ``cls`` from :func:`to_json` output, following the dataclass type hints."""
    return _decode(cls, data)


def _decode(tp: Any, data: Any) -> Any:
    origin = typing.get_origin(tp)
    if tp is Any or tp is None or tp is type(None):
        return data
    if origin in (typing.Union, types.UnionType):
        options = [a for a in typing.get_args(tp) if a is not type(None)]
        if data is None:
            return None
        return _decode(options[0], data) if len(options) == 1 else data
    if dataclasses.is_dataclass(tp):
        hints = typing.get_type_hints(tp)
        return tp(**{f.name: _decode(hints[f.name], data[f.name])
                     for f in dataclasses.fields(tp) if f.init and f.name in data})
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], v) for v in data)
        return tuple(_decode(a, v) for a, v in zip(args, data))
    if origin is list:
        return [_decode(typing.get_args(tp)[0], v) for v in data]
    if origin is dict:
        _, vt = typing.get_args(tp)
        return {k: _decode(vt, v) for k, v in data.items()}
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return tp(data)
    return data


def state_hash(state: Any) -> str:
    """A stable hash of a state (canonical JSON), for replays and consistency tests."""
    text = json.dumps(to_json(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


class Game(Protocol):
    """What a rules engine provides; :class:`rules.engine.Engine` does the bookkeeping."""

    def new_game(self, scenario: int, seed: int) -> Any: ...

    def pending(self, state: Any) -> Pending: ...

    def legal_actions(self, state: Any) -> list[Any]: ...

    def apply(self, state: Any, action: Any) -> tuple[Any, list[Event]]: ...
