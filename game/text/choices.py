"""A legal action as a player reads it in the HUD's choice list and the piece menus: "take token 1,
drop token 6", "thumbs up", "kill zombie 4 at short distance with the bat", not the script line
("TakeDrop take=token-1 drop=token-6") or its words strung together ("take drop token 1 token 6").

The wording is data (choices.toml): for each action, forms naming exactly the fields it has a
value in, and how coded values read. Any other action reads as its name's words and its values
("ChooseSurvivor survivor=survivor-elijah" -> "choose survivor Elijah").
"""
from __future__ import annotations

import json
import re
import tomllib
from functools import cache
from pathlib import Path

from feltbox.game.text.event_feed import pretty

PHRASES = Path(__file__).with_name("choices.toml")
FIELD = re.compile(r"\{(\w+)\}")


@cache
def phrases() -> dict:
    return tomllib.loads(PHRASES.read_text(encoding="utf-8"))


def _fields(rest: str) -> dict:
    out = {}
    for key, value in re.findall(r"(\w+)=(\S+)", rest):
        try:
            out[key] = json.loads(value)
        except ValueError:
            out[key] = value
    return out


def _coded(value) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _phrase(head: str, values: dict) -> str | None:
    """``head``'s form naming exactly the fields in ``values``, filled in; None when none does."""
    table = phrases()
    coded = table.get("values", {}).get(head, {})
    shown = {k: coded[k][_coded(v)] if _coded(v) in coded.get(k, {}) else pretty(v) for k, v in values.items()}
    for form in table["forms"].get(head, ()):
        if set(FIELD.findall(form)) == set(values):
            return FIELD.sub(lambda m: shown[m.group(1)], form)
    return None


def choice_label(text: str) -> str:
    """A legal action written as a script line as the HUD lists it; other labels pass through."""
    head, _, rest = text.partition(" ")
    if not re.fullmatch(r"[A-Z][A-Za-z]+", head) or (rest and "=" not in rest):
        return text
    values = _fields(rest)
    phrase = _phrase(head, values)
    if phrase is not None:
        return phrase
    words = re.sub(r"(?<!^)([A-Z])", r" \1", head).lower()
    parts = []
    for key, value in values.items():
        shown = pretty(value)
        named = (any(key.startswith(w) for w in words.split() if len(w) > 3)     # "accuse accused=..."
                 or key in words.split() or shown.lower().startswith(key.replace("_", " ")))
        parts.append(shown if named else f"{key.replace('_', ' ')} {shown}")
    return " ".join([words] + parts)
