"""trimesh, imported on its first use.

Every model builder uses trimesh, but a process that only loads cached models (``feltbox replay
--verify``, a headless game) never builds a mesh: importing trimesh (and the scipy it pulls in)
would cost it 0.3-0.6 s. Builders write ``from feltbox.models.lazy import trimesh`` and use it as
the module; the first attribute read imports the real one. A plain proxy, not importlib's
LazyLoader: on Python 3.11 that loader may run a package twice when two threads touch it (two
``Trimesh`` classes, and pickling fails), while ``import`` inside ``__getattr__`` goes through the
import system's own per-module lock.
"""
from __future__ import annotations

import importlib
from types import ModuleType


class LazyModule:
    """Stands for module ``name`` until an attribute is read, then hands out the real module's."""

    def __init__(self, name: str):
        self._name = name

    def __getattr__(self, attr: str):
        module: ModuleType = importlib.import_module(self._name)
        return getattr(module, attr)


trimesh = LazyModule("trimesh")
