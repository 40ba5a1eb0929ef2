"""The scene a replay's header names (``scene``): written by every game's recorder with
``scene_entry`` (the file's path, portable, and the first 16 hex digits of its sha256), loaded
again with the scene loader, for the games whose header holds nothing more (Snowbirds, Tails and
Tactics, Root; a Tail Feathers header may add its forces: tailfeathers_check.py).

A replay rebuilds its game's starting state from that file. When the file has changed since the
recording (a scenario's set-up re-read, a piece moved), the rebuilt start no longer matches the
recorded one; ``scene_change`` says so, so that ``verify`` names the cause beside the hashes. A
change that leaves the start as it was (a comment) is not an error: the digest only explains."""
from __future__ import annotations

import hashlib
from pathlib import Path

from feltbox.scenes.loader import load_scene, portable_source, source_path


def scene_for_replay(header: dict):
    return load_scene(source_path(header["scene"]["source"]))


def scene_digest(path: str | Path) -> str | None:
    """The first 16 hex digits of the file's sha256, or None when it cannot be read."""
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:16]
    except OSError:
        return None


def scene_entry(game: str, number: int, source: str | Path, **more) -> dict:
    """A header's ``scene``: the game, scenario number, ``more`` (name, forces), the file and its digest."""
    entry = {"game": game, "number": number, **more, "source": portable_source(source)}
    digest = scene_digest(source)
    return {**entry, "digest": digest} if digest is not None else entry


def scene_change(header: dict) -> str:
    """'' unless the scene file the header names is gone or has changed since the recording
    (headers written before the digest say nothing); else a clause to add to a mismatch."""
    scene = header.get("scene", {})
    recorded, source = scene.get("digest"), scene.get("source")
    if not recorded or not source:
        return ""
    now = scene_digest(source_path(source))
    if now is None:
        return f"; the scene file {source} cannot be read"
    if now == recorded:
        return ""
    return f"; the scene file {source} has changed since the recording (sha256 {now}, recorded {recorded})"
