"""The window's saves: format "feltbox-save" version 2 (docs/saves.md), and version 1 still read.

A version 2 save is the rules engine's own save (rules/engine.py ``to_json``: scenario, seed,
action log, state hash) plus what only the window knows:

* ``table``: the physical table now (poses as base64 arrays in their own dtype, so a load is bit
  for bit; present flags; which survivor is inside which building; Tail Feathers: birds' tilts
  and the roll counter that seeds the next throw),
* ``seats``: the teams the bots play and the team that started (the hot-seat order),
* ``undo``: the table before each action that undo or take back can still go back to.

Loading replays the action log through the rules only (no physics), checks the state hash and
puts the table back from ``table``. A version 1 save (rules only) is replayed the same way and
the table is laid again from the rules state (``relay_table``); what that loses is said in one
line (``LOST_V1``). Every problem is a SaveError naming the file and what is wrong. Writes are
atomic (rules.engine.write_atomic). Saves live in ``user_dir()/saves/NAME.json``, the autosave
in ``user_dir()/autosave.json`` (written when a turn ends: ``Autosaver``).
"""
from __future__ import annotations

import base64
import json
import time
from pathlib import Path

import numpy as np

from feltbox.game.games import GAMES
from feltbox.game.table.undo import UndoRefused, take_back_length, undo_length
from feltbox.game.window.settings import user_dir
from feltbox.rules.core import Measured
from feltbox.rules.engine import SAVE_FORMAT, SaveError, write_atomic

VERSION = 2
AUTOSAVE = "autosave.json"
LOST_V1 = ("old save (version 1): the table was laid again from the rules state; headings, fallen "
           "objects and tokens in the street are approximate and nothing before it can be undone")


def saves_dir() -> Path:
    return user_dir() / "saves"


def autosave_path() -> Path:
    return user_dir() / AUTOSAVE


def save_path(name: str) -> Path:
    """A named save: a bare name goes to the saves folder, a path is taken as it is."""
    p = Path(name)
    if p.suffix == ".json" or len(p.parts) > 1:
        return p
    return saves_dir() / f"{name}.json"


def list_saves() -> list[Path]:
    return sorted(saves_dir().glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)


# -- encoding ----------------------------------------------------------------------------------
def _enc(value):
    if isinstance(value, np.ndarray):
        return {"array": base64.b64encode(np.ascontiguousarray(value).tobytes()).decode("ascii"),
                "dtype": value.dtype.str, "shape": list(value.shape)}
    if isinstance(value, (tuple, list)):
        return [_enc(v) for v in value]
    return value


def _dec(value):
    if isinstance(value, dict) and "array" in value:
        raw = base64.b64decode(value["array"], validate=True)
        return np.frombuffer(raw, dtype=np.dtype(value["dtype"])).reshape(value["shape"]).copy()
    if isinstance(value, list):
        return tuple(_dec(v) for v in value)
    return value


def _is_tf(game) -> bool:
    return hasattr(game.bridge, "spaces")


def _scene_key(game):
    return game.bridge.scene.name if _is_tf(game) else game.bridge.city.scene.number


def _snapshot(game):
    return game.snapshot() if _is_tf(game) else game.bridge.session.snapshot()


# -- writing -----------------------------------------------------------------------------------
def to_json(game) -> dict:
    """A WindowGame or TFWindowGame as a version 2 save."""
    engine = game.bridge.engine
    floor = len(engine.history)
    for plan in (undo_length, take_back_length):
        try:
            floor = min(floor, plan(engine, game._human))
        except UndoRefused:
            pass
    seats = game.seats
    return {"format": SAVE_FORMAT, "version": VERSION, "game": engine.name, "scene": _scene_key(game),
            "saved_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "rules": engine.to_json(),
            "seats": {"bots": "all" if seats.all_bots else (",".join(sorted(seats.bot_teams)) or "none"),
                      "first": getattr(game, "first", None)},
            "table": _enc(_snapshot(game)),
            "undo": {str(k): _enc(v) for k, v in sorted(game.table.before.items()) if k >= floor}}


def save_game(game, path: str | Path) -> Path:
    path = save_path(str(path))
    write_atomic(path, json.dumps(to_json(game), separators=(",", ":")))
    return path


# -- reading -----------------------------------------------------------------------------------
def read_save(path: str | Path) -> dict:
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SaveError(f"{path}: no such save") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SaveError(f"{path}: not a readable save ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(f"{path}: not a feltbox save (format is not {SAVE_FORMAT!r})")
    if data.get("version") not in (1, VERSION):
        raise SaveError(f"{path}: unsupported save version {data.get('version')!r} (this feltbox reads 1 and 2)")
    return data


def load_game(path: str | Path, bots: str | None = None):
    """(game, note): the game rebuilt from a save, and one line for the player ("" when exact).
    ``bots`` overrides the saved seats (a version 1 save has none: hot-seat by default)."""
    path = Path(path)
    data = read_save(path)
    try:
        if data["version"] == 1:
            return _load_v1(path, data, bots)
        rules = data["rules"]
        seats = data["seats"]
        game = _new_game(path, data["game"], data["scene"], int(rules["seed"]), bots or seats["bots"],
                         seats.get("first"))
        game.bridge.engine.replay_log(path, rules["actions"], rules.get("state_hash"))
        table = _dec(data["table"])
        if _is_tf(game):
            game.restore(table)
            game._refresh()
        else:
            game.bridge.session.restore(table)
        game.table.before = {int(k): _dec(v) for k, v in data["undo"].items()}
    except SaveError:
        raise
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise SaveError(f"{path}: damaged save ({type(exc).__name__}: {exc})") from None
    return game, ""


def _new_game(path: Path, name: str, scene, seed: int, bots: str, first=None):
    if name not in GAMES:
        raise SaveError(f"{path}: unknown game {name!r}")
    kind = GAMES[name]
    return kind.window_game(kind.load_scene(str(scene)), seed, bots, first)


def _load_v1(path: Path, data: dict, bots: str | None):
    """A rules-only save: replay it, then lay the table from the rules state."""
    bots = bots or "none"
    if data.get("game") == "tailfeathers":          # v1 does not name the scene: the one that fits
        from feltbox.game.text.scenario_info import scenarios
        for scene in (s.key for s in scenarios("tailfeathers")):
            game = _new_game(path, "tailfeathers", scene, int(data["seed"]), bots)
            try:
                game.bridge.engine.replay_log(path, data["actions"], data.get("state_hash"))
            except SaveError:
                continue
            game.bridge.rolls = sum(isinstance(s.action, Measured) for s in game.bridge.engine.history)
            game.bridge.sync()
            game._refresh()
            return game, "old save (version 1): loaded exactly (the battlefield follows the rules state)"
        raise SaveError(f"{path}: no Tail Feathers scene replays this save's actions")
    game = _new_game(path, data.get("game", "?"), data["scenario"], int(data["seed"]), bots)
    game.bridge.engine.replay_log(path, data["actions"], data.get("state_hash"))
    from feltbox.game.flickem.relay import relay_table
    relay_table(game.bridge)
    return game, LOST_V1


# -- autosave ----------------------------------------------------------------------------------
def turn_key(game) -> tuple:
    """Changes when a turn ends: the active team or player changes, or the round advances (and
    in Dead of Winter every EndTurn ends a turn: co-operative scenarios have a single team)."""
    f = game.bridge.engine.state.flow
    if _is_tf(game):
        pending = game.bridge.pending()
        return f.round, f.phase, getattr(pending, "player", None)
    return f.round_marker, f.colour, f.team_index


class Autosaver:
    """A game listener writing ``autosave.json`` when a turn ends (and ``flush`` on demand)."""

    def __init__(self, game, path: Path | None = None):
        self.game, self.path = game, path or autosave_path()
        self.key = turn_key(game)
        self.ms: list[float] = []       # how long each autosave took

    def __call__(self, events) -> None:
        key = turn_key(self.game)
        history = self.game.bridge.engine.history
        ended = bool(history) and type(history[-1].action).__name__ == "EndTurn"   # a survivor's turn
        if key != self.key or ended:
            self.key = key
            self.flush()

    def flush(self) -> None:
        t0 = time.perf_counter()
        save_game(self.game, self.path)
        self.ms.append((time.perf_counter() - t0) * 1000.0)
