"""RULE records of a replay (format v2, docs/replay-format.md): the rules actions of a whole game.

One record per rules action applied, in the order the engine applied them, interleaved with the
physics episodes: a record follows the episodes its action came from (a ``Measured`` action
follows the one episode it measured). Each record holds the action as the engine saves it
(type name and ``rules.core.to_json`` data), the events it produced as everyone sees them
(game/text/public.py: an event shown to some players only keeps its kind and ``visible_to``,
never its data; a face-down token's kind is never named) and the state hash after it (keyed
with the game's salt when it is sealed: game/replay/sealing.py). The actions alone rebuild the
state, since the rules keep their randomness in the state. Like game/replay/format.py this
module imports neither Panda3D nor Bullet.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import numpy as np

from feltbox.game.replay.record_schemas import check_rule
from feltbox.game.replay.schema import SchemaError, strict_json
from feltbox.rules.core import InputError


class RuleRecordError(InputError):
    """A RULE record that cannot be decoded; the message says why, in one line."""


@dataclass
class RuleRecord:
    index: int                # counts actions from 0 in file order
    type: str                 # the action's class name, a key of the game's ACTIONS
    data: Any                 # rules.core.to_json(action)
    events: list[dict]        # [{"kind", "data", "visible_to"}], the public view (game/text/public.py)
    hash: str                 # the state hash after the action (keyed in a sealed game)
    episodes: list[int]       # the episodes recorded since the previous action (its physics)


def plain(value):
    """``value`` as JSON reads it back (dict keys as text, tuples as lists, numpy scalars as
    Python numbers): what a recorded value is compared as."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, np.generic):
        return value.item()
    return value


def encode_rule(record: RuleRecord) -> bytes:
    """The payload of one RULE record: sorted-key JSON without NaN, so equal games give equal bytes."""
    return json.dumps({"index": record.index, "type": record.type, "data": plain(record.data),
                       "events": record.events, "hash": record.hash, "episodes": record.episodes},
                      sort_keys=True, allow_nan=False, separators=(",", ":")).encode()


def decode_rule(payload: bytes, index: int, since: int, episodes: int, ctx: dict | None = None,
                actions: dict | None = None) -> RuleRecord:
    """Inverse of encode_rule, checking the record against its schema (record_schemas.RULE; with
    the game's ``actions``, its data against the action's fields), that it is action ``index``
    and that it claims exactly the episodes ``since``..``episodes``-1 (those recorded after the
    previous action). ``ctx``: the file's bodies (record_schemas.file_context)."""
    record = f"rules action {index} record"
    try:
        meta = strict_json(payload)
    except ValueError as exc:
        raise RuleRecordError(f"corrupt: {record}: {exc}") from None
    try:
        check_rule(meta, index, ctx or {}, actions)
    except SchemaError as exc:
        raise RuleRecordError(f"corrupt: {record}: {exc}") from None
    rule = RuleRecord(meta["index"], meta["type"], meta["data"], meta["events"], meta["hash"], meta["episodes"])
    if rule.episodes != list(range(since, episodes)):
        raise RuleRecordError(f"corrupt: {record}: episodes: {rule.episodes}, expected "
                              f"{list(range(since, episodes))} (those recorded since the previous action)")
    return rule


def file_order(rules: list[RuleRecord], n_episodes: int) -> list[tuple[str, int]]:
    """The records in the order they were written: ("episode", i) and ("action", k)."""
    out = []
    for rule in rules:
        out += [("episode", i) for i in rule.episodes]
        out.append(("action", rule.index))
    done = max([0] + [r.episodes[-1] + 1 for r in rules if r.episodes])
    return out + [("episode", i) for i in range(done, n_episodes)]
