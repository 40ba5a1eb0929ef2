"""The card games' scenes by name: ``scenes/<folder>/<name>.toml`` read by the one scene loader
(scenes/loader.py); the folder's other TOML files (the start screen's texts, the table's layout)
are not scenes."""
from __future__ import annotations

from pathlib import Path

from feltbox.scenes.loader import SCENE_DIR, SceneError, load_scene

NOT_SCENES = ("stories", "table")


def scene_path(folder: str, name: str) -> Path:
    return SCENE_DIR / folder / f"{name}.toml"


def scene_names(folder: str) -> list[str]:
    return sorted(p.stem for p in (SCENE_DIR / folder).glob("*.toml") if p.stem not in NOT_SCENES)


def load_named(folder: str, game: str, name: str):
    """``folder``'s scene ``name``; a SceneError naming the known ones when there is none."""
    path = scene_path(folder, name)
    if not path.exists() or name in NOT_SCENES:
        raise SceneError(f"{path}: no such {game} scene (known: {', '.join(scene_names(folder))})")
    return load_scene(path)
