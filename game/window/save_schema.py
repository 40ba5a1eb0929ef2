"""The shape of a save (docs/saves.md), checked before any of it is used.

A save is JSON a person can edit: its checksum (saves.py) catches a damaged file, not one edited
and resealed. So a save is checked like a replay record (game/replay/schema.py): every key of
the save and of its rules log (``check_save``), each action's data against that action's own
fields (``check_actions``, the game's actions known once its game is built), and the table and
its undo snapshots like the table the game itself keeps (``check_table``: the same arrays, dtypes
and shapes, finite poses). Anything else is a SaveError naming the file and the field. Also the
table's encoding: arrays as base64 in their own dtype, so a load is bit for bit.
"""
from __future__ import annotations

import base64
import binascii
import math
from pathlib import Path
from typing import Any

import numpy as np

from feltbox.game.replay.record_schemas import ACTION_NAME, MEASURED, NAME
from feltbox.game.replay.schema import (
    I64,
    NULL,
    Const,
    Either,
    Int,
    Json,
    List,
    Map,
    Obj,
    SchemaError,
    Str,
    dataclass_spec,
    hex_digits,
)
from feltbox.rules.core import Measured
from feltbox.rules.engine import SAVE_FORMAT, SaveError

ACTION = Obj({"type": ACTION_NAME, "data": Map(Json())}, what="action {type, data}")
RULES = Obj({"format": Const(SAVE_FORMAT), "version": Const(1), "game": NAME, "scenario": Int(0, 10),
             "seed": Int(*I64), "state_hash": hex_digits(16), "actions": List(ACTION)}, what="rules log")
V1 = RULES
V2 = Obj({"format": Const(SAVE_FORMAT), "version": Int(2, 3), "game": NAME,
          "scene": Either(Int(0, 10), Str(max_len=4096, what="a scene name, or the path of a scene file")),
          "saved_at": Str(max_len=40), "rules": RULES,
          "seats": Obj({"bots": Str(max_len=400), "first": Either(NULL, Str())}, what="seats {bots, first}"),
          "table": Json(), "undo": Map(Json())}, {"checksum": hex_digits(64)}, what="save")


def _fail(path: Path, exc: SchemaError) -> SaveError:
    return SaveError(f"{path}: damaged save: {exc}")


def check_save(path: Path, data: dict) -> None:
    """Every key of a save (version 1: the rules log alone; 2 and 3: the window's save)."""
    try:
        (V1 if data.get("version") == 1 else V2).check(data, "", {})
        if data.get("version", 1) >= 2 and data["rules"]["game"] != data["game"]:
            raise SchemaError("rules.game", f"{data['rules']['game']!r} is not the save's game {data['game']!r}")
    except SchemaError as exc:
        raise _fail(path, exc) from None


def check_actions(path: Path, actions: list, types: dict) -> None:
    """Each saved action is one of the game's (``types``: its actions by name), its data that
    action's fields (a Measured outcome as a replay's: game/replay/record_schemas.py)."""
    for n, entry in enumerate(actions):
        kind = types.get(entry["type"])
        if kind is None:
            raise SaveError(f"{path}: action {n}: unknown action type {entry['type']!r}")
        try:
            dataclass_spec(kind, {Measured: MEASURED}).check(entry["data"], f"rules.actions[{n}].data", {})
        except SchemaError as exc:
            raise _fail(path, exc) from None


# -- the table -----------------------------------------------------------------------------------
def encode_table(value):
    """A table snapshot as JSON: arrays as {array (base64), dtype, shape}, tuples as lists."""
    if isinstance(value, np.ndarray):
        return {"array": base64.b64encode(np.ascontiguousarray(value).tobytes()).decode("ascii"),
                "dtype": value.dtype.str, "shape": list(value.shape)}
    if isinstance(value, (tuple, list)):
        return [encode_table(v) for v in value]
    return value


def decode_table(value):
    """Inverse of encode_table (lists back as tuples, arrays bit for bit)."""
    if isinstance(value, dict) and "array" in value:
        raw = base64.b64decode(value["array"], validate=True)
        return np.frombuffer(raw, dtype=np.dtype(value["dtype"])).reshape(value["shape"]).copy()
    if isinstance(value, list):
        return tuple(decode_table(v) for v in value)
    return value


def check_table(path: Path, data: dict, game) -> None:
    """The saved table and undo snapshots are like the game's own table now (encode_table of
    ``game.snapshot()``): the same nesting, arrays of the same dtype and shape, finite poses."""
    fresh = encode_table(game.snapshot())
    history = len(game.rules_json()["actions"])
    try:
        _like(data["table"], fresh, "table")
        for key, snapshot in data["undo"].items():
            if not key.isdigit() or int(key) > history:
                raise SchemaError(f"undo.{key}", f"must be an action number 0..{history}")
            _like(snapshot, fresh, f"undo.{key}")
    except SchemaError as exc:
        raise _fail(path, exc) from None


def _like(saved: Any, fresh: Any, path: str) -> None:
    if isinstance(fresh, dict) and "array" in fresh:
        _array(saved, fresh, path)
    elif isinstance(fresh, list):
        if not isinstance(saved, list) or len(saved) != len(fresh):
            raise SchemaError(path, f"must be a list of {len(fresh)}, got {str(saved)[:60]}")
        for i, (s, f) in enumerate(zip(saved, fresh)):
            _like(s, f, f"{path}[{i}]")
    elif isinstance(fresh, dict):
        Map(Either(NULL, Str(min_len=0), Int(*I64), Json())).check(saved, path, {})
        for key, item in saved.items():
            if isinstance(item, (dict, list)):
                raise SchemaError(f"{path}.{key}", "must be a name or a number")
    elif type(saved) is not type(fresh) and not (isinstance(fresh, float) and type(saved) is int):
        raise SchemaError(path, f"must be {type(fresh).__name__} like the game's, got {saved!r}"[:120])
    elif isinstance(saved, float) and not math.isfinite(saved):
        raise SchemaError(path, f"must be finite, got {saved!r}")


def _array(saved: Any, fresh: dict, path: str) -> None:
    Obj({"array": Str(min_len=0, max_len=10**8), "dtype": Const(fresh["dtype"]), "shape": List(Int())},
        what="array").check(saved, path, {})
    if saved["shape"] != fresh["shape"]:
        raise SchemaError(f"{path}.shape", f"{saved['shape']}, the game's table is {fresh['shape']}")
    try:
        raw = base64.b64decode(saved["array"], validate=True)
    except (binascii.Error, ValueError):
        raise SchemaError(f"{path}.array", "is not base64") from None
    dtype = np.dtype(fresh["dtype"])
    if len(raw) != dtype.itemsize * math.prod(fresh["shape"]):
        raise SchemaError(f"{path}.array", f"holds {len(raw)} bytes, {fresh['shape']} {dtype} needs "
                                           f"{dtype.itemsize * math.prod(fresh['shape'])}")
    if dtype.kind == "f" and not np.isfinite(np.frombuffer(raw, dtype)).all():
        raise SchemaError(f"{path}.array", "holds a value that is not finite")
