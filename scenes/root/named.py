"""Root scenes by name: ``load_root("standard")`` (scenes/root/*.toml, scenes/named.py)."""
from __future__ import annotations

from pathlib import Path

from feltbox.scenes.named import load_named, scene_path


def root_path(name: str) -> Path:
    return scene_path("root", name)


def load_root(name: str):
    """A Root scene by file stem ("standard")."""
    return load_named("root", "Root", name)
