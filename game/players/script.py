"""Game scripts for ``feltbox play GAME N --headless --script FILE`` (any game): a written list of the
players' decisions and aims, one per line (format and one example per scenario: docs/scripts/).

    # comment                      blank lines and text after '#' are ignored
    ChooseSurvivor survivor=survivor-elijah
    UseWeapon weapon=gun           # any rules action by its name, fields as key=value
    aim 12.5 0.8                   # the pending flick's aim: direction (degrees), power, [spin]
    TakeDrop take=token-food-1     # values are JSON when they parse (true, 3, null), else text
    bot                            # let the bot take this one decision (or aim)
    bots                           # let the bots play every seat from here to the end

Rushes and hordes need no line: the rules ask for them and the table runs them. Every line is
checked against the rules when its turn comes: an unknown action, a bad field or an action the
rules do not allow then stops the game with ``file:line:`` and the legal choices.
"""
from __future__ import annotations

import json
import math
import types
import typing
from dataclasses import dataclass, fields
from pathlib import Path

from feltbox.game.table.flick import Aim
from feltbox.rules.core import InputError


class GameScriptError(InputError):
    """A script line the rules or the parser refuse: the message names file and line."""


@dataclass(frozen=True)
class Line:
    source: str
    number: int
    words: tuple[str, ...]

    def where(self) -> str:
        return f"{self.source}:{self.number}"


def load_game_script(path: str | Path, actions: dict) -> list[Line]:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise GameScriptError(f"{path}: can not read the script ({exc.strerror})") from None
    return parse_game_script(text, str(path), actions)


def parse_game_script(text: str, source: str, actions: dict) -> list[Line]:
    """The script's lines, each checked for syntax against ``actions`` (a game's ACTIONS)."""
    lines = []
    for n, raw in enumerate(text.splitlines(), 1):
        words = tuple(raw.split("#", 1)[0].split())
        if words:
            line = Line(source, n, words)
            _check(line, actions)
            lines.append(line)
    return lines


def _check(line: Line, actions: dict) -> None:
    """Syntax only (legality is checked when the line's turn comes)."""
    head = line.words[0]
    if head == "aim":
        aim_of(line)
    elif head not in ("bot", "bots"):
        action_of(line, actions)


def aim_of(line: Line) -> Aim:
    values = line.words[1:]
    if not 2 <= len(values) <= 3:
        raise GameScriptError(f"{line.where()}: aim takes a direction, a power and an optional spin")
    try:
        numbers = [float(v) for v in values]
    except ValueError:
        raise GameScriptError(f"{line.where()}: aim values must be numbers, got {' '.join(values)!r}") from None
    if not all(math.isfinite(v) for v in numbers):
        raise GameScriptError(f"{line.where()}: aim values must be finite numbers, got {' '.join(values)!r}")
    try:
        return Aim(numbers[0] % 360.0, numbers[1], numbers[2] if len(numbers) == 3 else 0.0)
    except ValueError as exc:
        raise GameScriptError(f"{line.where()}: {exc}") from None


def action_of(line: Line, actions: dict):
    """The rules action a line names, from ``actions`` (a game's ACTIONS). JSON lists become
    tuples (the actions' sequence fields are tuples)."""
    name, *pairs = line.words
    kind = actions.get(name)
    if kind is None or name == "Measured":
        known = ", ".join(sorted(k for k in actions if k != "Measured"))
        raise GameScriptError(f"{line.where()}: unknown action {name!r} (known: aim, bot, bots, {known})")
    hints = typing.get_type_hints(kind)
    names = {f.name for f in fields(kind)}
    values = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or key not in names:
            raise GameScriptError(f"{line.where()}: field {key!r} is not one of {name}'s "
                                  f"({', '.join(sorted(names)) or 'none'})")
        try:
            values[key] = _typed(_json_or_text(value), hints[key])
        except ValueError as exc:
            raise GameScriptError(f"{line.where()}: {name} {key}: {exc}") from None
    try:
        return kind(**values)
    except (TypeError, ValueError) as exc:
        raise GameScriptError(f"{line.where()}: {name}: {exc}") from None


def _json_or_text(value: str):
    try:
        return json.loads(value, parse_constant=lambda c: value)     # NaN, Infinity stay text
    except (ValueError, RecursionError):
        return value


def _typed(value, hint):
    """``value`` (JSON read off the line) as the action's field ``hint`` wants it, or ValueError:
    text for a text field (``survivor=5`` is the text "5"), a whole number, a finite number,
    true or false, null where the field may be empty, a list of texts as a tuple."""
    options = typing.get_args(hint) if typing.get_origin(hint) in (typing.Union, types.UnionType) else (hint,)
    if value is None and type(None) in options:
        return None
    hint = next(o for o in options if o is not type(None))
    if hint is str:
        return value if isinstance(value, str) else json.dumps(value)
    if hint is bool and isinstance(value, bool):
        return value
    if hint is int and isinstance(value, int) and not isinstance(value, bool):
        return value
    if hint is float and isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
        return float(value)
    if typing.get_origin(hint) is tuple and isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(value)
    want = {bool: "true or false", int: "a whole number", float: "a finite number"}.get(hint, "a list of names")
    raise ValueError(f"must be {want}, got {json.dumps(value)[:60]}")


def describe(action) -> str:
    """An action written as a script line (the inverse of :func:`action_of`)."""
    parts = [type(action).__name__]
    for f in fields(action):
        value = getattr(action, f.name)
        if value is not None and value != f.default:
            parts.append(f"{f.name}={value if isinstance(value, str) else json.dumps(value, separators=(',', ':'))}")
    return " ".join(parts)
