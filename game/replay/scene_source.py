"""The scene a replay's header names (``scene.source``, written portable by the recorder): loaded
again with the scene loader, for the games whose header holds nothing more (Snowbirds, Tails and
Tactics, Root; a Tail Feathers header may add its forces: tailfeathers_check.py)."""
from __future__ import annotations

from feltbox.scenes.loader import load_scene, source_path


def scene_for_replay(header: dict):
    return load_scene(source_path(header["scene"]["source"]))
