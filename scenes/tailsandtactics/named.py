"""Tails and Tactics scenes by name: ``load_tailsandtactics("standard")``
(scenes/tailsandtactics/*.toml, scenes/named.py)."""
from __future__ import annotations

from pathlib import Path

from feltbox.scenes.named import load_named, scene_path


def tailsandtactics_path(name: str) -> Path:
    return scene_path("tailsandtactics", name)


def load_tailsandtactics(name: str):
    """A Tails and Tactics scene by file stem, e.g. "standard"."""
    return load_named("tailsandtactics", "Tails and Tactics", name)
