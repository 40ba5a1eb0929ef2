"""Tails and Tactics scenes by name: ``load_tailsandtactics("standard")`` (scenes/tailsandtactics/
*.toml, read by the one scene loader, scenes/loader.py)."""
from __future__ import annotations

from pathlib import Path

from feltbox.scenes.loader import SCENE_DIR, SceneError, load_scene

NOT_SCENES = ("stories", "table")     # the start screen's texts, the felt's layout


def tailsandtactics_path(name: str) -> Path:
    return SCENE_DIR / "tailsandtactics" / f"{name}.toml"


def scene_names() -> list[str]:
    return sorted(p.stem for p in (SCENE_DIR / "tailsandtactics").glob("*.toml") if p.stem not in NOT_SCENES)


def load_tailsandtactics(name: str):
    """A Tails and Tactics scene by file stem, e.g. "standard"."""
    path = tailsandtactics_path(name)
    if not path.exists() or name in NOT_SCENES:
        raise SceneError(f"{path}: no such Tails and Tactics scene (known: {', '.join(scene_names())})")
    return load_scene(path)
