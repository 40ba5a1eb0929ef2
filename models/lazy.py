"""trimesh, imported on its first use.

Every model builder uses trimesh, but a process that only loads cached models (``feltbox replay
--verify``, a headless game) never builds a mesh: importing trimesh (and the scipy it pulls in)
would cost it 0.3-0.6 s. Builders write ``from feltbox.models.lazy import trimesh``; the module is
the standard library's importlib.util.LazyLoader, which runs trimesh's own import at the first
attribute used. (A plain ``import trimesh`` of a lazy module would load it at once on Python 3.11:
the import machinery reads the module's ``__spec__``.)
"""
from __future__ import annotations

import importlib.util
import sys
from types import ModuleType


def lazy_module(name: str) -> ModuleType:
    """``name`` as a module that loads on its first attribute use (the real one if already loaded)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.find_spec(name)
    loader = importlib.util.LazyLoader(spec.loader)
    spec.loader = loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    loader.exec_module(module)
    return module


trimesh = lazy_module("trimesh")
