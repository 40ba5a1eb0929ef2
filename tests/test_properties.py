"""Property tests (hypothesis): whatever a person hands feltbox, it loads or is refused in one line.

For the scene loader, the game-script parser, the replay reader and the save loader: any
generated input (a real file with some of its values changed to anything JSON or TOML can say,
resealed so that checksums do not catch it first, or with its bytes damaged) either loads, or
raises the reader's InputError whose message is one line naming the file; never another
exception, never a half-loaded result (what loads is then used: a scene builds its city, a save
lists its choices). The default run keeps each property to a few dozen examples; the ``slow``
marker runs them with hundreds (``pytest -m slow tests/test_properties.py``).
"""
from __future__ import annotations

import copy
import functools
import json
import math
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from feltbox.game.flickem.window_game import WindowGame
from feltbox.game.games import read_game_replay
from feltbox.game.players.script import GameScriptError, parse_game_script
from feltbox.game.replay.format import ReplayWriter
from feltbox.game.replay.reader import ReplayError
from feltbox.game.table.city import build_city
from feltbox.game.window import saves
from feltbox.rules.core import InputError
from feltbox.rules.engine import SaveError
from feltbox.rules.flickem.flow import ACTIONS
from feltbox.scenes.loader import SceneError, flickem_path, load_flickem, load_scene
from tests.replay_edit import edited, split
from tests.test_replay import HEADER, INPUTS, turn_record

FEW = settings(max_examples=25, deadline=None, database=None,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
MANY = settings(FEW, max_examples=400)

# Values anything may become: JSON and TOML scalars (NaN, infinities, huge integers, control and
# bidi characters included), and names the files use, nested a little.
NAMES = st.sampled_from(["survivor-anita", "zombie-01", "library", "car", "token", "building", "flick", "world",
                         "impulse", "Measured", "EndTurn", "a\u202eb", "", "x" * 300, "0" * 16])
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(), st.text(max_size=10), NAMES)
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                        st.dictionaries(st.one_of(NAMES, st.text(max_size=6)), inner,
                                                                        max_size=4)), max_leaves=10)


def _one_line(exc: InputError, where: str) -> None:
    event("refused")
    assert "\n" not in str(exc) and where in str(exc), str(exc)


def _strings(doc) -> list[str]:
    if isinstance(doc, dict):
        return [s for k, v in doc.items() for s in [k, *_strings(v)]]
    if isinstance(doc, list):
        return [s for v in doc for s in _strings(v)]
    return [doc] if isinstance(doc, str) and len(doc) < 40 else []


def _nudged(draw, value, pool: list[str]):
    """A value of the same kind as ``value``, close to it: what a careful edit would write."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + draw(st.sampled_from([-1, 1, -value - 1, 10**6, 2**31]))
    if isinstance(value, float):
        return draw(st.sampled_from([value + 1.0, -value, value * 1e6, 0.0, 1e-300]))
    if isinstance(value, str) and pool:
        return draw(st.sampled_from(pool))
    if isinstance(value, list) and value:
        i = draw(st.integers(0, len(value) - 1))
        return draw(st.sampled_from([value[:i] + value[i + 1:], value + [value[i]], value[::-1]]))
    return value


def _mutated(draw, doc, times: int = 3):
    """``doc`` (nested dicts and lists) with 1..``times`` values replaced (by anything, or by a
    value of the same kind from the file), deleted or added."""
    pool = sorted(set(_strings(doc)))
    doc = copy.deepcopy(doc)
    for _ in range(draw(st.integers(1, times))):
        parent = doc
        key = None
        while True:
            keys = list(parent) if isinstance(parent, dict) else list(range(len(parent))) if isinstance(parent, list) else []
            if not keys:
                break
            key = draw(st.sampled_from(keys))
            if not isinstance(parent[key], (dict, list)) or not parent[key] or draw(st.integers(0, 2)) == 0:
                break
            parent = parent[key]
        if key is None or not isinstance(parent, (dict, list)):
            continue
        what = draw(st.sampled_from(["set", "nudge", "nudge", "nudge", "delete", "add"]))
        if what == "nudge":
            parent[key] = _nudged(draw, parent[key], pool)
        elif what == "delete":
            del parent[key]
        elif what == "add" and isinstance(parent, dict):
            parent[draw(st.one_of(NAMES, st.text(max_size=6)))] = draw(VALUES)
        elif what == "add":
            parent.append(draw(VALUES))
        else:
            parent[key] = draw(VALUES)
    return doc


def _both(body):
    """The property run twice: a few examples in the default suite, hundreds under ``slow``."""
    fast = FEW(given(data=st.data())(body))
    slow = pytest.mark.slow(MANY(given(data=st.data())(body)))
    return fast, slow


# -- scenes --------------------------------------------------------------------------------------
def _toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf") if math.isinf(value) else repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value if v is not None) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{json.dumps(k)} = {_toml_value(v)}" for k, v in value.items() if v is not None) + " }"
    return '""'


def to_toml(doc: dict) -> str:
    """A scene written back as TOML: top-level keys, then each [[piece]] / [[survivor]] table."""
    tables = {k: v for k, v in doc.items() if isinstance(v, list) and v and all(isinstance(t, dict) for t in v)}
    lines = [f"{json.dumps(k)} = {_toml_value(v)}" for k, v in doc.items() if k not in tables and v is not None]
    for name, rows in tables.items():
        for row in rows:
            lines.append(f"[[{json.dumps(name)}]]")
            lines += [f"{json.dumps(k)} = {_toml_value(v)}" for k, v in row.items() if v is not None]
    return "\n".join(lines) + "\n"


@functools.cache
def _scene_doc() -> dict:
    import tomllib
    return tomllib.loads(flickem_path(2).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("properties")


def _scene_property(folder, data):
    path = folder / "scene.toml"
    if data.draw(st.booleans()):
        path.write_text(to_toml(_mutated(data.draw, _scene_doc())), encoding="utf-8")
    else:                                           # the text itself damaged: characters changed
        text = list(flickem_path(2).read_text(encoding="utf-8"))
        for _ in range(data.draw(st.integers(1, 4))):
            at = data.draw(st.integers(0, len(text) - 1))
            text[at] = data.draw(st.sampled_from(["", "=", "[", '"', "\n", "x", "9", "-", "\u202e", "nan"]))
        path.write_text("".join(text), encoding="utf-8")
    try:
        scene = load_scene(path)
    except SceneError as exc:
        _one_line(exc, f"{path}:")
        return
    event("loaded")
    build_city(scene)                               # what loads is whole: its city builds


test_any_scene_loads_or_is_one_line, test_any_scene_loads_or_is_one_line_many = _both(_scene_property)


# -- game scripts --------------------------------------------------------------------------------
WORDS = st.one_of(st.sampled_from(sorted(ACTIONS) + ["aim", "bot", "bots", "#", "nan", "inf", "1e999"]),
                  st.text(max_size=8))
FIELDS = st.sampled_from(sorted({f for kind in ACTIONS.values() for f in kind.__dataclass_fields__} | {"x", ""}))
PAIRS = st.builds(lambda k, v: f"{k}={v}", FIELDS, st.one_of(VALUES.map(lambda v: json.dumps(v).replace(" ", "")),
                                                             st.text(max_size=8)))
LINES = st.lists(st.lists(st.one_of(WORDS, PAIRS), max_size=4).map(" ".join), max_size=6).map("\n".join)


def _script_property(folder, data):
    text = data.draw(LINES)
    try:
        lines = parse_game_script(text, "s.txt", ACTIONS)
    except GameScriptError as exc:
        _one_line(exc, "s.txt:")
        return
    event("parsed")
    assert all(line.words for line in lines)


test_any_game_script_parses_or_is_one_line, test_any_game_script_parses_or_is_one_line_many = _both(_script_property)


# -- replays -------------------------------------------------------------------------------------
@functools.cache
def _replays(folder: Path) -> tuple[bytes, bytes]:
    """A synthetic replay (episodes, a rules action, a REVL record) and a recorded S1 opening."""
    start, frames = turn_record(0.5, 2, 1)
    with ReplayWriter(folder / "synthetic.fbr", HEADER) as w:
        w.add_episode("flick", start, INPUTS, frames, {"first_contacts": ["piece-004"], "settled": True})
        w.add_rule("EndTurn", {}, [{"kind": "turn ended", "data": {}, "visible_to": None}], "0" * 16)
        w.add_reveal({"seed": 4, "salt": "ab" * 16})
    from tests.test_replay_rules import record_opening
    record_opening(folder / "opening.fbr", actions=6)
    return (folder / "synthetic.fbr").read_bytes(), (folder / "opening.fbr").read_bytes()


def _replay_property(folder, data):
    base = data.draw(st.sampled_from(_replays(folder)))
    _, header, records = split(base)
    how = data.draw(st.sampled_from(["header", "episode", "rule", "trailer", "bytes"]))
    if how == "header":
        damaged = edited(base, header=lambda h: _mutated(data.draw, h))
    elif how == "episode":
        damaged = edited(base, episode=(0, lambda m: _mutated(data.draw, m)))
    elif how == "rule":
        count = sum(tag == b"RULE" for tag, _ in records)
        damaged = edited(base, rule=(data.draw(st.integers(0, count - 1)), lambda r: _mutated(data.draw, r)))
    elif how == "trailer":
        damaged = edited(base, trailer=lambda t: _mutated(data.draw, t))
    else:                                           # bytes flipped, nothing resealed
        raw = bytearray(base)
        for _ in range(data.draw(st.integers(1, 3))):
            raw[data.draw(st.integers(0, len(raw) - 1))] ^= 1 << data.draw(st.integers(0, 7))
        damaged = bytes(raw)
    path = folder / "replay.fbr"
    path.write_bytes(damaged)
    try:
        replay = read_game_replay(path)
    except ReplayError as exc:
        _one_line(exc, "")
        return
    event("read")
    assert all(ep.frames.shape == (ep.expected, len(replay.header["bodies"]), 7) for ep in replay.episodes)


test_any_replay_reads_or_is_one_line, test_any_replay_reads_or_is_one_line_many = _both(_replay_property)


# -- saves ---------------------------------------------------------------------------------------
@functools.cache
def _save() -> dict:
    g = WindowGame(load_flickem(1), 0, "none")
    g.run_bots()
    g.choose(0)
    g.choose(g.choices().index("Move"))
    g.aim(0.0, 0.3)
    return json.loads(json.dumps(saves.to_json(g)))


def _save_property(folder, data):
    path = folder / "save.json"
    doc = _save()
    changed = _mutated(data.draw, doc)
    resealed = data.draw(st.booleans())
    path.write_text(json.dumps(saves.with_checksum(changed) if resealed else changed), encoding="utf-8")
    try:
        game, _ = saves.load_game(path)
    except SaveError as exc:
        _one_line(exc, f"{path}: ")
        return
    event("loaded")
    assert resealed or saves.checksum(changed) == doc["checksum"], "a changed save loaded without a new checksum"
    assert game.choices() is not None and np.isfinite(game.poses()).all()


test_any_save_loads_or_is_one_line, test_any_save_loads_or_is_one_line_many = _both(_save_property)


@pytest.fixture(autouse=True)
def _home(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("FELTBOX_HOME", str(tmp_path_factory.mktemp("home")))
