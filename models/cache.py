"""Built models kept on disk: a fresh process loads a piece's model instead of rebuilding it.

Building the trimesh models of a city takes seconds (``feltbox replay --verify`` spent 47% of its
time on it); loading them back takes about a tenth of a second. An entry is keyed by the piece's
kind and parameters and by the models' code version: a digest of every source and data file of
``models/`` and of the rules' measuring table the Tail Feathers pieces read (and the Python, numpy
and trimesh versions that pickled it), so changing a builder or a dimension builds anew. Entries
live in the user cache folder: ``$FELTBOX_HOME/cache/models``, else
``$XDG_CACHE_HOME/feltbox/models``, else ``~/.cache/feltbox/models``.

Safe against corruption: each entry carries a SHA-256 of its bytes and its own key; an entry that
is truncated, altered, of another key or unreadable is rebuilt and written again (atomically, by
rename). ``FELTBOX_MODEL_CACHE=off`` turns the cache off (the bench measures both ways). A cache
that cannot be written (read-only home) is only a lost speed-up.
"""
from __future__ import annotations

import hashlib
import importlib.metadata
import os
import pickle
import platform
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path

import numpy as np

from feltbox.models.base import PieceModel
from feltbox.models.tailfeathers import RULES_TABLE_PATH

MODELS_DIR = Path(__file__).resolve().parent
MAGIC = b"feltbox-model-cache 2\n"


class StoredVisuals(Sequence):
    """A cached model's visual meshes, unpickled on first use. The physics needs only the
    collision parts, so a process that never draws (``replay --verify``, a headless game) never
    unpickles a trimesh mesh and never imports trimesh."""

    def __init__(self, blob: bytes):
        self._blob = blob
        self._items: list | None = None

    def _loaded(self) -> list:
        if self._items is None:
            self._items = pickle.loads(self._blob)
        return self._items

    def __getitem__(self, index):
        return self._loaded()[index]

    def __len__(self) -> int:
        return len(self._loaded())

    def __getstate__(self) -> dict:
        return {"_blob": self._blob, "_items": None}


def cache_dir() -> Path:
    if os.environ.get("FELTBOX_HOME"):
        return Path(os.environ["FELTBOX_HOME"]) / "cache" / "models"
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "feltbox" / "models"


def enabled() -> bool:
    return os.environ.get("FELTBOX_MODEL_CACHE", "on").lower() not in ("off", "0", "no", "false")


@cache
def code_version() -> str:
    """Digest of every model builder and data file, and of the libraries that pickle the models."""
    h = hashlib.sha256()
    for path in sorted(MODELS_DIR.rglob("*")):
        if path.suffix in (".py", ".toml") and "__pycache__" not in path.parts:
            h.update(str(path.relative_to(MODELS_DIR)).encode())
            h.update(path.read_bytes())
    h.update(RULES_TABLE_PATH.read_bytes())     # Tail Feathers pieces take the rules' measuring sizes
    h.update(f"{sys.version_info[:2]} {np.__version__} {importlib.metadata.version('trimesh')} {platform.machine()}".encode())
    return h.hexdigest()[:16]


def _key(kind: str, frozen: tuple) -> str:
    return f"{kind} {frozen!r} {code_version()}"


def _path(key: str, kind: str) -> Path:
    return cache_dir() / f"{kind}-{hashlib.sha256(key.encode()).hexdigest()[:24]}.pkl"


def _read(path: Path, key: str) -> PieceModel | None:
    try:
        data = path.read_bytes()
    except OSError:
        return None
    head, digest, body = data[:len(MAGIC)], data[len(MAGIC):len(MAGIC) + 32], data[len(MAGIC) + 32:]
    if head != MAGIC or hashlib.sha256(body).digest() != digest:
        return None
    try:
        stored_key, model = pickle.loads(body)
    except Exception:        # a damaged entry of any kind is only rebuilt
        return None
    return model if stored_key == key and isinstance(model, PieceModel) else None


def _write(path: Path, key: str, model: PieceModel) -> None:
    visuals = StoredVisuals(pickle.dumps(list(model.visuals), protocol=pickle.HIGHEST_PROTOCOL))
    body = pickle.dumps((key, replace(model, visuals=visuals)), protocol=pickle.HIGHEST_PROTOCOL)
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "wb") as f:
            f.write(MAGIC + hashlib.sha256(body).digest() + body)
        os.replace(tmp, path)
    except OSError:
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)


def cached_build(kind: str, frozen: tuple, build: Callable[..., PieceModel]) -> PieceModel:
    """The model ``build(**dict(frozen))`` makes, from the disk cache when a good entry exists."""
    if not enabled():
        return build(**dict(frozen))
    key = _key(kind, frozen)
    path = _path(key, kind)
    model = _read(path, key)
    if model is None:
        model = build(**dict(frozen))
        _write(path, key, model)
    return model
