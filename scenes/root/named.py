"""Root scenes by name: ``load_root("standard")`` (scenes/root/*.toml, read by the one scene
loader, scenes/loader.py)."""
from __future__ import annotations

from pathlib import Path

from feltbox.scenes.loader import SCENE_DIR, SceneError, load_scene

NOT_SCENES = ("stories", "table")     # scenes/root/: the start screen's texts, the table's layout


def root_path(name: str) -> Path:
    return SCENE_DIR / "root" / f"{name}.toml"


def load_root(name: str):
    """A Root scene by file stem ("standard")."""
    path = root_path(name)
    if not path.exists() or name in NOT_SCENES:
        known = ", ".join(sorted(p.stem for p in path.parent.glob("*.toml") if p.stem not in NOT_SCENES))
        raise SceneError(f"{path}: no such Root scene (known: {known})")
    return load_scene(path)
