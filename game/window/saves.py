"""The window's saves: format "feltbox-save" version 2 (docs/saves.md), and version 1 still read.

A version 2 save is the rules engine's own save (rules/engine.py ``to_json``: scenario, seed,
action log, state hash) plus what only the window knows, every part asked of the game through
game/window/game_view.GameView (the registry, game/games.py ``GAMES``, builds a game again):

* ``table``: the physical table now (poses as base64 arrays in their own dtype, so a load is bit
  for bit; present flags; which survivor is inside which building; Tail Feathers: birds' tilts
  and the roll counter that seeds the next throw),
* ``seats``: the teams the bots play and the team that started (the hot-seat order),
* ``undo``: the table before each action that undo or take back can still go back to.

Version 3 is version 2 with a ``checksum``: the SHA-256 of the save's canonical JSON without it
(``checksum``). Loading checks the checksum (a version 2 save has none and loads as before), the
save's shape (``save_schema.py``: every key, each rules action's data against its action's
fields, the table like the game's own), replays the action log through the rules only (no
physics), checks the state hash and puts the table back from ``table``. A version 1 save (rules only) is replayed the same way and
the table is laid again from the rules state (the game's ``lay_table_from_rules``); what that
loses is said in one line (``LOST_V1``; ``V1_EXACT`` when the game lays it exactly). A version 1
save that names no scene (Tail Feathers': scenario 0) is tried on every scene of its game. Every
problem is a SaveError naming the file and what is wrong. Writes are atomic
(rules.engine.write_atomic); a write killed half-way leaves its temporary file
(``.NAME.json.XXXX.tmp``), which ``clean_leftovers`` deletes at start-up and on load. Saves live
in ``user_dir()/saves/NAME.json``, the autosave in ``user_dir()/autosave.json`` (written when a
turn ends: ``Autosaver``).
"""
from __future__ import annotations

import hashlib
import json
import time
from pathlib import Path

from feltbox.game.games import GAMES, GameKind
from feltbox.game.text.scenario_info import scenarios
from feltbox.game.window.game_view import GameView
from feltbox.game.window.save_schema import check_actions, check_save, check_table, decode_table, encode_table
from feltbox.game.window.settings import user_dir
from feltbox.rules.engine import SAVE_FORMAT, SaveError, write_atomic

VERSION = 3                 # version 2 and a checksum
READS = (1, 2, 3)
STALE_TMP_S = 60.0          # a temporary file this old is no save being written (one takes ~10 ms)
AUTOSAVE = "autosave.json"
LOST_V1 = ("old save (version 1): the table was laid again from the rules state; headings, fallen "
           "objects and tokens in the street are approximate and nothing before it can be undone")
V1_EXACT = "old save (version 1): loaded exactly (the battlefield follows the rules state)"


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


def clean_leftovers(folders: list[Path] | None = None, now: float | None = None) -> list[Path]:
    """Delete the temporary files of saves whose writing was killed (``.NAME.json.XXXX.tmp``, in
    the saves folder and beside the autosave and settings) once they are STALE_TMP_S old: a
    younger one may be another feltbox's save being written. Returns what was deleted."""
    now = time.time() if now is None else now
    gone = []
    for folder in folders or [saves_dir(), user_dir()]:
        for tmp in folder.glob(".*.json.*.tmp"):
            try:
                if now - tmp.stat().st_mtime >= STALE_TMP_S:
                    tmp.unlink()
                    gone.append(tmp)
            except OSError:             # gone already, or not ours to delete: nothing to do
                continue
    return gone


def checksum(data: dict) -> str:
    """SHA-256 of the save's canonical JSON (sorted keys, no spaces) without its ``checksum``."""
    body = {k: v for k, v in data.items() if k != "checksum"}
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def with_checksum(data: dict) -> dict:
    """``data`` sealed: its ``checksum`` set to the hash of everything else."""
    return {**{k: v for k, v in data.items() if k != "checksum"}, "checksum": checksum(data)}


# -- writing -----------------------------------------------------------------------------------
def to_json(game: GameView) -> dict:
    """A window game as a version 3 save (with its checksum)."""
    floor = game.undo_floor()
    return with_checksum({"format": SAVE_FORMAT, "version": VERSION, "game": game.name, "scene": game.scene_key(),
                          "saved_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                          "rules": game.rules_json(),
                          "seats": {"bots": game.bots(), "first": game.first},
                          "table": encode_table(game.snapshot()),
                          "undo": {str(k): encode_table(v) for k, v in sorted(game.table.before.items()) if k >= floor}})


def save_game(game: GameView, path: str | Path) -> Path:
    path = save_path(str(path))
    write_atomic(path, json.dumps(to_json(game), separators=(",", ":")))
    return path


# -- reading -----------------------------------------------------------------------------------
def read_save(path: str | Path) -> dict:
    """The save at ``path``, its checksum and shape checked (save_schema.py), or SaveError."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SaveError(f"{path}: no such save") from None
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        why = (str(exc).splitlines() or [type(exc).__name__])[0][:120]
        raise SaveError(f"{path}: not a readable save ({why})") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(f"{path}: not a feltbox save (format is not {SAVE_FORMAT!r})")
    if data.get("version") not in READS:
        raise SaveError(f"{path}: unsupported save version {data.get('version')!r} (this feltbox reads 1, 2 and 3)")
    if "checksum" in data or data["version"] >= 3:
        if data.get("checksum") != checksum(data):
            raise SaveError(f"{path}: damaged save: its checksum does not match its contents (the file was "
                            f"changed or corrupted after it was written)")
    check_save(path, data)
    return data


def load_game(path: str | Path, bots: str | None = None):
    """(game, note): the game rebuilt from a save, and one line for the player ("" when exact).
    ``bots`` overrides the saved seats (a version 1 save has none: hot-seat by default)."""
    path = Path(path)
    clean_leftovers([path.parent, saves_dir(), user_dir()])
    data = read_save(path)
    try:
        if data["version"] == 1:
            return _load_v1(path, data, bots)
        rules = data["rules"]
        seats = data["seats"]
        check_actions(path, rules["actions"], _kind(path, data["game"]).actions)
        game = _new_game(path, data["game"], data["scene"], int(rules["seed"]), bots or seats["bots"],
                         seats.get("first"))
        game.replay_log(path, rules["actions"], rules.get("state_hash"))
        check_table(path, data, game)
        game.restore(decode_table(data["table"]))
        game.table.before = {int(k): decode_table(v) for k, v in data["undo"].items()}
    except SaveError:
        raise
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise SaveError(f"{path}: damaged save ({type(exc).__name__}: {exc})") from None
    return game, ""


def _kind(path: Path, name: str) -> GameKind:
    if name not in GAMES:
        raise SaveError(f"{path}: unknown game {name!r}")
    return GAMES[name]


def _new_game(path: Path, name: str, scene, seed: int, bots: str, first=None) -> GameView:
    kind = _kind(path, name)
    return kind.window_game(kind.load_scene(str(scene)), seed, bots, first)


def _load_v1(path: Path, data: dict, bots: str | None):
    """A rules-only save: replay it, then lay the table from the rules state. A save that names
    no scene (scenario 0: Tail Feathers' engine numbers none) is tried on every scene of its game."""
    name = data.get("game", "?")
    kind = _kind(path, name)
    named = data["scenario"] or None
    check_actions(path, data["actions"], kind.actions)
    for scene in [named] if named is not None else [s.key for s in scenarios(name)]:
        game = _new_game(path, name, scene, int(data["seed"]), bots or "none")
        try:
            game.replay_log(path, data["actions"], data.get("state_hash"))
        except SaveError:
            if named is not None:
                raise
            continue
        return game, V1_EXACT if game.lay_table_from_rules() else LOST_V1
    raise SaveError(f"{path}: no {kind.title} scene replays this save's actions")


# -- autosave ----------------------------------------------------------------------------------
class Autosaver:
    """A game listener writing ``autosave.json`` when a turn ends (and ``flush`` on demand)."""

    def __init__(self, game: GameView, path: Path | None = None):
        self.game, self.path = game, path or autosave_path()
        self.key = game.turn_key()
        self.ms: list[float] = []       # how long each autosave took

    def __call__(self, events) -> None:
        """A turn ended: the turn key changed (the active team or player, the round), or the game
        says so (Dead of Winter's EndTurn: co-operative scenarios have a single team)."""
        key = self.game.turn_key()
        if key != self.key or self.game.turn_ended():
            self.key = key
            self.flush()

    def flush(self) -> None:
        t0 = time.perf_counter()
        save_game(self.game, self.path)
        self.ms.append((time.perf_counter() - t0) * 1000.0)
