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
    names = {f.name for f in fields(kind)}
    values = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or key not in names:
            raise GameScriptError(f"{line.where()}: field {key!r} is not one of {name}'s "
                                  f"({', '.join(sorted(names)) or 'none'})")
        try:
            values[key] = json.loads(value)
        except json.JSONDecodeError:
            values[key] = value
        if isinstance(values[key], list):
            values[key] = tuple(values[key])
    try:
        return kind(**values)
    except (TypeError, ValueError) as exc:
        raise GameScriptError(f"{line.where()}: {name}: {exc}") from None


def describe(action) -> str:
    """An action written as a script line (the inverse of :func:`action_of`)."""
    parts = [type(action).__name__]
    for f in fields(action):
        value = getattr(action, f.name)
        if value is not None and value != f.default:
            parts.append(f"{f.name}={value if isinstance(value, str) else json.dumps(value, separators=(',', ':'))}")
    return " ".join(parts)
