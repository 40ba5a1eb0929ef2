"""Value checks shared by every reader of a person's file (scenes, scripts, replays, saves).

Each answers None when the value is good, else the reason in a few words (the caller names the
file, the line and the field): a number that is NaN, infinite or out of its range, a whole number
written as 2.5 or ``true``, a name holding a control or bidi character that makes it print as
another name. Imports nothing of ours.
"""
from __future__ import annotations

import math
import re
import unicodedata
from typing import Any

# A piece id: what scripts, replays and other pieces name a piece by (ASCII, no spaces: a game
# script splits its lines on spaces, and a bidi override would make one id print as another).
ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.\-]{0,63}")


def unprintable(text: str) -> str | None:
    """The first control or format character of ``text`` (a bidi override, a NUL, a newline...)
    as ``U+XXXX``, or None: such characters make a name print as another one."""
    for ch in text:
        if unicodedata.category(ch)[0] == "C":
            return f"U+{ord(ch):04X}"
    return None


def number_problem(value: Any, lo: float, hi: float) -> str | None:
    """Why ``value`` is not a finite number in ``lo..hi`` (an integer is one), or None."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return f"must be a number, got {value!r}"
    if not math.isfinite(value):
        return f"must be a finite number, got {value!r}"
    if not lo <= value <= hi:
        return f"must be {lo:g}..{hi:g}, got {value!r}"
    return None


def whole_problem(value: Any, lo: int, hi: int) -> str | None:
    """Why ``value`` is not a whole number in ``lo..hi`` (not 2.0, not true), or None."""
    if isinstance(value, bool) or not isinstance(value, int):
        return f"must be a whole number, got {value!r}"
    if not lo <= value <= hi:
        return f"must be {lo}..{hi}, got {value!r}"
    return None


def id_problem(value: Any) -> str | None:
    """Why ``value`` is not a piece id (ASCII letters, digits, ``-``, ``_``, ``.``; at most 64), or None."""
    if not isinstance(value, str) or not value:
        return f"must be a non-empty string, got {value!r}"
    bad = unprintable(value)
    if bad:
        return f"{value!r} holds the control character {bad}"
    if not ID.fullmatch(value):
        return f"{value!r} must be ASCII letters, digits, '-', '_' or '.' (at most 64, no spaces)"
    return None
