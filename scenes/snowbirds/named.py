"""Snowbirds scenes by name: ``load_snowbirds("normal")`` (scenes/snowbirds/*.toml, read by the
one scene loader, scenes/loader.py)."""
from __future__ import annotations

from pathlib import Path

from feltbox.scenes.loader import SCENE_DIR, SceneError, load_scene

NOT_SCENES = ("stories", "table")     # scenes/snowbirds/: the start screen's texts, the table's layout


def snowbirds_path(name: str) -> Path:
    return SCENE_DIR / "snowbirds" / f"{name}.toml"


def load_snowbirds(name: str):
    """A Snowbirds scene by file stem: "normal" or "difficult"."""
    path = snowbirds_path(name)
    if not path.exists() or name in NOT_SCENES:
        known = ", ".join(sorted(p.stem for p in path.parent.glob("*.toml") if p.stem not in NOT_SCENES))
        raise SceneError(f"{path}: no such Snowbirds scene (known: {known})")
    return load_scene(path)
