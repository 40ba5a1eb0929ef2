"""Read and check a Snowbirds scene (``game = "snowbirds"``), called by
:func:`scenes.loader.load_scene`. Errors name file, line and field like every scene:
``scenes/snowbirds/normal.toml:3: mode: 'hard' is not one of ['normal', 'difficult']``.

File layout: ``game = "snowbirds"``, ``title``, ``mode`` ("normal" or "difficult", rulebook:
Game Difficulty) and optional ``notes``.
"""
from __future__ import annotations

from pathlib import Path

from feltbox.scenes.snowbirds.schema import MODES, SBScene

KEYS = {"game", "title", "mode", "notes"}


def build_sb(b) -> SBScene:
    """``b`` is the generic scene builder (path, data, lines, fail, top)."""
    b.known(KEYS)
    title = b.title()
    mode = b.top("mode", str)
    if mode not in MODES:
        b.fail((None, 0, "mode"), f"{mode!r} is not one of {list(MODES)}")
    notes = b.top("notes", str, "")
    return SBScene("snowbirds", Path(b.path).stem, title, mode, str(b.path), notes)
