"""Built models kept on disk (models/cache.py): keyed by kind, parameters and the models' code
version, in $FELTBOX_HOME's cache folder, and rebuilt when an entry is damaged."""
from __future__ import annotations

import numpy as np
import pytest

from feltbox.models import cache
from feltbox.models.discs import pellet

FROZEN = ()


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("FELTBOX_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("FELTBOX_MODEL_CACHE", raising=False)
    return tmp_path / "home"


class Counting:
    def __init__(self):
        self.calls = 0

    def __call__(self, **params):
        self.calls += 1
        return pellet(**params)


def entries(home):
    return sorted((home / "cache" / "models").glob("*.pkl"))


def test_a_model_is_built_once_then_loaded_from_the_users_cache_folder_bit_for_bit(home):
    builder = Counting()
    first = cache.cached_build("pellet", FROZEN, builder)
    second = cache.cached_build("pellet", FROZEN, builder)
    assert builder.calls == 1 and len(entries(home)) == 1
    assert second is not first and second.inertia == first.inertia and second.mass == first.mass
    assert all(np.array_equal(a.points, b.points) for a, b in zip(first.collision, second.collision))


@pytest.mark.parametrize("damage", [lambda b: b[:-10], lambda b: b[:40] + bytes([b[40] ^ 1]) + b[41:],
                                    lambda b: b"", lambda b: b"not a cache entry at all"],
                         ids=["truncated", "one bit flipped", "empty", "garbage"])
def test_a_damaged_entry_is_rebuilt_and_written_again(home, damage):
    builder = Counting()
    cache.cached_build("pellet", FROZEN, builder)
    path = entries(home)[0]
    path.write_bytes(damage(path.read_bytes()))
    model = cache.cached_build("pellet", FROZEN, builder)
    assert builder.calls == 2 and model.mass > 0
    cache.cached_build("pellet", FROZEN, builder)
    assert builder.calls == 2                      # the rewritten entry is good again


def test_another_code_version_or_parameters_is_another_entry(home, monkeypatch):
    builder = Counting()
    cache.cached_build("pellet", FROZEN, builder)
    monkeypatch.setattr(cache, "code_version", lambda: "a-changed-builder")
    cache.cached_build("pellet", FROZEN, builder)
    assert builder.calls == 2 and len(entries(home)) == 2


def test_the_cache_can_be_turned_off(home, monkeypatch):
    monkeypatch.setenv("FELTBOX_MODEL_CACHE", "off")
    builder = Counting()
    cache.cached_build("pellet", FROZEN, builder)
    cache.cached_build("pellet", FROZEN, builder)
    assert builder.calls == 2 and not (home / "cache").exists()


def test_the_code_version_covers_the_models_sources_and_data():
    files = [p.name for p in cache.MODELS_DIR.rglob("*") if p.suffix in (".py", ".toml")]
    assert {"discs.py", "dimensions.toml", "cache.py"} <= set(files) and len(cache.code_version()) == 16


PROBE = """
import sys
from feltbox.models import cache
from feltbox.models.discs import pellet
model = cache.cached_build("pellet", (), pellet)
print("trimesh" in sys.modules, "scipy" in sys.modules, len(model.collision) > 0)
vertices = model.visuals[0][0].vertices          # drawing it loads the meshes (and trimesh)
print("trimesh" in sys.modules, len(vertices) > 0)
"""


def test_a_cached_model_loads_without_importing_trimesh_until_it_is_drawn(home):
    """replay --verify and headless games need only the collision parts: with a warm cache, trimesh
    (and the scipy it imports) stay unloaded until a visual mesh is used."""
    import os  # noqa: PLC0415
    import subprocess  # noqa: PLC0415
    import sys  # noqa: PLC0415
    env = dict(os.environ, FELTBOX_HOME=str(home))
    run = [sys.executable, "-c", PROBE]
    first = subprocess.run(run, env=env, capture_output=True, text=True, check=True).stdout.split("\n")
    assert first[0].split()[0] == "True"                  # a cold cache builds with trimesh
    warm = subprocess.run(run, env=env, capture_output=True, text=True, check=True).stdout.split("\n")
    assert warm[0] == "False False True"                  # loaded from disk: no trimesh, no scipy
    assert warm[1] == "True True"                         # the visuals load trimesh on first use
