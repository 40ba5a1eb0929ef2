"""Snowbirds scenes by name: ``load_snowbirds("normal")`` (scenes/snowbirds/*.toml,
scenes/named.py)."""
from __future__ import annotations

from pathlib import Path

from feltbox.scenes.named import load_named, scene_path


def snowbirds_path(name: str) -> Path:
    return scene_path("snowbirds", name)


def load_snowbirds(name: str):
    """A Snowbirds scene by file stem: "normal" or "difficult"."""
    return load_named("snowbirds", "Snowbirds", name)
