"""A small typed schema for JSON records: what each key must be, checked before anything is used.

A replay's header and records (game/replay/record_schemas.py) and a save's parts are JSON that a
person can edit and reseal: a CRC says the bytes are the ones written, not that they make sense.
Every record is checked against its schema first (types, ranges, enums, required keys, unknown
keys), so a wrong value is one line naming the field (``bodies[3].kind: 'disc' is not one of
...``) and never a traceback further on. ``describe()`` gives each spec's one-line description:
docs/replay-format.md's schema tables are written from them (tests/test_replay_schema.py keeps
the two alike).

Some limits depend on the file (the number of bodies, the body ids): ``check`` passes a context
dict (``ctx``) down, and a spec that needs one of its entries names it (``Index("bodies")``).
Imports nothing of Panda3D, Bullet or numpy.
"""
from __future__ import annotations

import dataclasses
import enum
import json
import math
import re
import types
import typing
from collections.abc import Callable
from typing import Any

from feltbox.scenes.checks import unprintable

U32 = 2**32 - 1
I64 = (-2**63, 2**64 - 1)
MAX_DEPTH = 32                      # nesting of free-form JSON (outcomes, action data)


class SchemaError(ValueError):
    """A value that does not meet its spec: ``path`` names the field, ``reason`` says why."""

    def __init__(self, path: str, reason: str):
        super().__init__(f"{path or 'the record'}: {reason}")
        self.path, self.reason = path, reason


def strict_json(raw: bytes | str) -> Any:
    """``json.loads`` as the writers write it: no NaN or Infinity; a file that is not JSON (bad
    UTF-8, a syntax error, a 5000-digit number, 10000 nested lists) is a ValueError whose
    message is one short line."""
    def no_constant(name: str):
        raise ValueError(f"{name} is not JSON (the writer never writes it)")
    try:
        return json.loads(raw, parse_constant=no_constant)
    except (ValueError, RecursionError) as exc:
        raise ValueError(f"not JSON ({(str(exc).splitlines() or [type(exc).__name__])[0][:120]})") from None


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _got(value: Any) -> str:
    """A value as an error message names it: ``null``, ``true``, ``a list [1, 2]``."""
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    return f"{_kind(value)} {_show(value)}"


def _kind(value: Any) -> str:
    return {bool: "a boolean", int: "an integer", float: "a number", str: "a string", list: "a list",
            dict: "an object", type(None): "null"}.get(type(value), type(value).__name__)


class Spec:
    """What one JSON value must be."""

    def check(self, value: Any, path: str, ctx: dict) -> None:
        raise NotImplementedError

    def describe(self) -> str:
        raise NotImplementedError


class Int(Spec):
    """An integer (not a boolean, not 3.0) in ``lo..hi``."""

    def __init__(self, lo: int = 0, hi: int = U32, what: str = ""):
        self.lo, self.hi, self.what = lo, hi, what

    def check(self, value, path, ctx):
        if isinstance(value, bool) or not isinstance(value, int):
            raise SchemaError(path, f"must be an integer, got {_got(value)}")
        if not self.lo <= value <= self.hi:
            raise SchemaError(path, f"{_show(value)} is out of range {self.lo}..{self.hi}")

    def describe(self):
        hi = "2^32-1" if self.hi == U32 else "2^64-1" if self.hi == I64[1] else str(self.hi)
        lo = "-2^63" if self.lo == I64[0] else str(self.lo)
        return f"int {lo}..{hi}" + (f" ({self.what})" if self.what else "")


class Index(Spec):
    """An index into a table of the file: ``0 <= value < ctx[table]`` (``item``: what one is)."""

    def __init__(self, table: str, item: str):
        self.table, self.item = table, item

    def check(self, value, path, ctx):
        Int(0, U32).check(value, path, ctx)
        if value >= ctx[self.table]:
            raise SchemaError(path, f"{value} is not a {self.item} index (the file has {ctx[self.table]} {self.table})")

    def describe(self):
        return f"{self.item} index 0..{self.table}-1"


class Num(Spec):
    """A finite number (an integer is one too) in ``lo..hi``."""

    def __init__(self, lo: float = -1e9, hi: float = 1e9, what: str = ""):
        self.lo, self.hi, self.what = lo, hi, what

    def check(self, value, path, ctx):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise SchemaError(path, f"must be a number, got {_got(value)}")
        if not math.isfinite(value) or not self.lo <= value <= self.hi:
            raise SchemaError(path, f"{_show(value)} is out of range {self.lo:g}..{self.hi:g}")

    def describe(self):
        return f"number {self.lo:g}..{self.hi:g}" + (f" ({self.what})" if self.what else "")


class Str(Spec):
    """A string of printable characters: one of ``enum``, or matching ``pattern``, at most
    ``max_len`` long."""

    def __init__(self, enum: tuple[str, ...] | None = None, pattern: str | None = None, max_len: int = 200,
                 what: str = "", min_len: int = 1):
        self.enum, self.min_len, self.max_len, self.what = enum, min_len, max_len, what
        self.pattern = re.compile(pattern) if pattern else None

    def check(self, value, path, ctx):
        if not isinstance(value, str):
            raise SchemaError(path, f"must be a string, got {_got(value)}")
        if self.enum is not None:
            if value not in self.enum:
                known = ", ".join(map(repr, self.enum[:8])) + (f" ... ({len(self.enum)} in all)" if self.enum[8:] else "")
                raise SchemaError(path, f"{_show(value)} is not one of {known}")
            return
        if not self.min_len <= len(value) <= self.max_len:
            raise SchemaError(path, f"must be {self.min_len}..{self.max_len} characters, got {len(value)}")
        bad = unprintable(value)
        if bad:
            raise SchemaError(path, f"{_show(value)} holds the control character {bad}")
        if self.pattern is not None and not self.pattern.fullmatch(value):
            raise SchemaError(path, f"{_show(value)} is not {self.what or self.pattern.pattern}")

    def describe(self):
        if self.enum is not None and not self.what:
            return " \\| ".join(f'`"{e}"`' for e in self.enum)
        return f"string{f' ({self.what})' if self.what else ''}"


def hex_digits(n: int, what: str = "") -> Str:
    return Str(pattern=f"[0-9a-f]{{{n}}}", what=what or f"{n} lower-case hex digits")


class Bool(Spec):
    def check(self, value, path, ctx):
        if not isinstance(value, bool):
            raise SchemaError(path, f"must be true or false, got {_got(value)}")

    def describe(self):
        return "bool"


class Const(Spec):
    """Exactly ``value`` (a JSON scalar), or ``ctx[key]`` when ``key`` is given."""

    def __init__(self, value: Any = None, key: str | None = None):
        self.value, self.key = value, key

    def check(self, value, path, ctx):
        want = ctx[self.key] if self.key else self.value
        if type(value) is not type(want) or value != want:
            raise SchemaError(path, f"must be {_show(want)}, got {_show(value)}")

    def describe(self):
        return f"the file's {self.key}" if self.key else ("null" if self.value is None else f"`{json.dumps(self.value)}`")


NULL = Const(None)


class Either(Spec):
    """One of several specs (told apart by the first that accepts the value)."""

    def __init__(self, *options: Spec):
        self.options = options

    def check(self, value, path, ctx):
        failures = []
        for option in self.options:
            try:
                option.check(value, path, ctx)
                return
            except SchemaError as exc:
                failures.append(exc)
        deepest = max(failures, key=lambda exc: len(exc.path))
        if deepest.path != path:            # the value has an option's shape, a part of it is wrong
            raise deepest
        if len(failures) == 1:
            raise deepest
        raise SchemaError(path, f"must be {self.describe()}, got {_got(value)}")

    def describe(self):
        return " or ".join(o.describe() for o in self.options)


class List(Spec):
    def __init__(self, item: Spec, min_len: int = 0, max_len: int = 100_000, unique: bool = False):
        self.item, self.min_len, self.max_len, self.unique = item, min_len, max_len, unique

    def check(self, value, path, ctx):
        if not isinstance(value, list):
            raise SchemaError(path, f"must be a list, got {_got(value)}")
        if not self.min_len <= len(value) <= self.max_len:
            raise SchemaError(path, f"must hold {self.min_len}..{self.max_len} items, got {len(value)}")
        for i, item in enumerate(value):
            self.item.check(item, f"{path}[{i}]", ctx)
        if self.unique and len({repr(v) for v in value}) != len(value):
            raise SchemaError(path, "holds an item twice")

    def describe(self):
        size = "" if not self.min_len and self.max_len == 100_000 else \
            f"{self.min_len} " if self.min_len == self.max_len else f"{self.min_len}..{self.max_len} "
        return f"list of {size}{'distinct ' if self.unique else ''}({self.item.describe()})"


class Map(Spec):
    """An object with any keys (each a printable string) and values of one spec."""

    def __init__(self, value: Spec, max_len: int = 100_000):
        self.value, self.max_len = value, max_len

    def check(self, value, path, ctx):
        if not isinstance(value, dict):
            raise SchemaError(path, f"must be an object, got {_got(value)}")
        if len(value) > self.max_len:
            raise SchemaError(path, f"holds {len(value)} keys, at most {self.max_len}")
        for key, item in value.items():
            Str().check(key, f"{path} key", ctx)
            self.value.check(item, f"{path}.{key}", ctx)

    def describe(self):
        return f"object of ({self.value.describe()})"


class Obj(Spec):
    """An object with ``required`` and ``optional`` keys; any other key is refused, unless
    ``extra`` says what the others must be."""

    def __init__(self, required: dict[str, Spec], optional: dict[str, Spec] | None = None,
                 extra: Spec | None = None, what: str = "object"):
        self.required, self.optional, self.extra, self.what = required, optional or {}, extra, what

    def check(self, value, path, ctx):
        if not isinstance(value, dict):
            raise SchemaError(path, f"must be an object, got {_got(value)}")
        for key in self.required:
            if key not in value:
                raise SchemaError(_join(path, key), "required key is missing")
        # the named keys in the spec's order (a later key's check may read an earlier one's value)
        for key, spec in (*self.required.items(), *self.optional.items()):
            if key in value:
                spec.check(value[key], _join(path, key), ctx)
        for key, item in value.items():
            if key in self.required or key in self.optional:
                continue
            Str().check(key, f"{path} key", ctx)
            if self.extra is None:
                raise SchemaError(_join(path, key), "unknown key")
            self.extra.check(item, _join(path, key), ctx)

    def describe(self):
        return self.what

    def fields(self) -> list[tuple[str, bool, Spec]]:
        """(key, required, spec) of every named key, for the docs."""
        return [(k, True, s) for k, s in self.required.items()] + [(k, False, s) for k, s in self.optional.items()]


class Json(Spec):
    """Any JSON value nested at most MAX_DEPTH deep (free-form data: a game's own details)."""

    def check(self, value, path, ctx, depth: int = 0):
        if depth > MAX_DEPTH:
            raise SchemaError(path, f"nested more than {MAX_DEPTH} deep")
        if isinstance(value, dict):
            for key, item in value.items():
                self.check(item, f"{path}.{key}", ctx, depth + 1)
        elif isinstance(value, list):
            for i, item in enumerate(value):
                self.check(item, f"{path}[{i}]", ctx, depth + 1)
        elif isinstance(value, float) and not math.isfinite(value):
            raise SchemaError(path, f"{value!r} is not a finite number")

    def describe(self):
        return "any JSON"


class Where(Spec):
    """``spec``, then ``test(value, ctx)``: None when it holds, else the reason it does not
    (a cross-check: a body id that names a body of the file, a seed that matches...)."""

    def __init__(self, spec: Spec, test: Callable[[Any, dict], str | None], what: str):
        self.spec, self.test, self.what = spec, test, what

    def check(self, value, path, ctx):
        self.spec.check(value, path, ctx)
        reason = self.test(value, ctx)
        if reason:
            raise SchemaError(path, reason)

    def describe(self):
        return f"{self.spec.describe()}, {self.what}"


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def dataclass_spec(cls: type, overrides: dict[type, Spec] | None = None) -> Spec:
    """The spec of ``rules.core.to_json(an instance of cls)``, read off the dataclass's type
    hints: its fields (those without a default required, no others), each typed (a ``str``
    a string, ``tuple[str, ...]`` a list of strings, ``X | None`` X or null, an Enum one of
    its values...). ``overrides`` gives a class's spec outright (a Measured outcome)."""
    overrides = overrides or {}
    if cls in overrides:
        return overrides[cls]
    hints = typing.get_type_hints(cls)
    required, optional = {}, {}
    for f in dataclasses.fields(cls):
        if not f.init:
            continue
        has_default = f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
        (optional if has_default else required)[f.name] = _hint_spec(hints[f.name], overrides)
    return Obj(required, optional, what=cls.__name__)


def _hint_spec(tp: Any, overrides: dict) -> Spec:
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if tp is Any:
        return Json()
    if origin in (typing.Union, types.UnionType):
        options = [_hint_spec(a, overrides) for a in args if a is not type(None)]
        return Either(*([NULL] if type(None) in args else []), *options)
    if dataclasses.is_dataclass(tp):
        return dataclass_spec(tp, overrides)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return List(_hint_spec(args[0], overrides))
        return Fixed(*(_hint_spec(a, overrides) for a in args))
    if origin is list:
        return List(_hint_spec(args[0], overrides))
    if origin is dict or tp is dict:
        return Map(_hint_spec(args[1], overrides) if args else Json())
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return Either(*(Const(member.value) for member in tp))
    scalars = {bool: Bool(), int: Int(*I64), float: Num(-1e12, 1e12), str: Str(min_len=0, max_len=10_000)}
    if tp in scalars:
        return scalars[tp]
    raise TypeError(f"no JSON spec for the type {tp!r}")          # a new kind of field: teach it here


class Fixed(Spec):
    """A list of exactly one value per spec, in order (a ``tuple[float, float]``)."""

    def __init__(self, *items: Spec):
        self.items = items

    def check(self, value, path, ctx):
        List(Json(), len(self.items), len(self.items)).check(value, path, ctx)
        for i, (spec, item) in enumerate(zip(self.items, value)):
            spec.check(item, f"{path}[{i}]", ctx)

    def describe(self):
        return "[" + ", ".join(s.describe() for s in self.items) + "]"
