"""Reading a TOML data file with errors that name file, line and field.

tomllib reports no line numbers for values, so :class:`TomlLines` maps each ``[[table]]`` header
and each ``key = ...`` inside it to its line by scanning the raw text (scenes/loader.py reads
scene files with it too). :func:`read_toml` turns a syntax error into one line ``file:line: TOML syntax: ...``.
"""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

from feltbox.rules.core import InputError


class TomlLines:
    """Line numbers of array-of-table headers and of keys inside them."""

    def __init__(self, text: str):
        self.lines = text.splitlines()
        self.headers: dict[str, list[int]] = {}
        self.sections: dict[str, int] = {}
        for n, line in enumerate(self.lines, start=1):
            m = re.match(r"\s*\[\[\s*([A-Za-z_.]+)\s*\]\]", line)
            if m:
                self.headers.setdefault(m.group(1), []).append(n)
                continue
            m = re.match(r"\s*\[\s*([A-Za-z_.]+)\s*\]", line)
            if m:
                self.sections[m.group(1)] = n

    def table(self, name: str, index: int | None = None) -> int:
        """Line of ``[[name]]`` number ``index`` (or of the plain table ``[name]``); 0 if absent."""
        if index is None:
            return self.sections.get(name, 0)
        rows = self.headers.get(name, [])
        return rows[index] if index < len(rows) else 0

    def key(self, name: str | None, index: int | None, key: str) -> int:
        """Line of ``key = ...`` in table ``name[index]`` (top level if name is None); the
        table's header line when the key is missing."""
        start = max(1, self.table(name, index)) if name else 1
        for n in range(start, len(self.lines) + 1):
            line = self.lines[n - 1]
            if n > start and re.match(r"\s*\[", line):
                break
            if re.match(rf"\s*{re.escape(key)}\s*=", line):
                return n
        return start


def read_toml(path: Path, error: type[InputError], what: str = "") -> tuple[dict, TomlLines]:
    """The parsed file and its line map; ``error`` (an InputError subclass) in one line if the
    file cannot be read (``what`` names the kind of file in that line) or is not TOML."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise error(f"{path}: cannot read{' ' + what if what else ''}: {exc.strerror}") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+)", str(exc))
        raise error(f"{path}:{m.group(1) if m else 0}: TOML syntax: {exc}") from None
    return data, TomlLines(text)
