"""pyproject.toml installs exactly the tree: one top-level package, ``feltbox``, every sub-package
and every data file (scenes, tables, sounds) of the mapped folders. .ci/run also builds a real
wheel, installs it into a fresh venv and plays a game from it."""
from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]


def _folder(package: str) -> Path:
    """The folder a package name installs from, through the package-dir mapping."""
    mapping = CONFIG["package-dir"]
    parts = package.split(".")
    for n in range(len(parts), 0, -1):
        head = ".".join(parts[:n])
        if head in mapping:
            return ROOT / mapping[head] / Path(*parts[n:])
    raise AssertionError(f"{package} is not under a mapped folder")


def _glob(pattern: str, rel: str) -> bool:
    """setuptools' package-data glob: ``*`` stays within one folder."""
    return re.fullmatch(re.escape(pattern).replace(r"\*", "[^/]*"), rel) is not None


def test_one_top_level_package():
    assert {p.split(".")[0] for p in CONFIG["packages"]} == {"feltbox"}
    assert set(CONFIG["package-dir"]) == {"feltbox", "feltbox.game", "feltbox.rules", "feltbox.models",
                                          "feltbox.scenes"}


def test_every_package_folder_is_listed():
    found = set()
    for package, folder in CONFIG["package-dir"].items():
        for init in (ROOT / folder).rglob("__init__.py"):
            rel = init.parent.relative_to(ROOT / folder)
            found.add(".".join((package, *rel.parts)))
    assert found == set(CONFIG["packages"])
    for package in CONFIG["packages"]:
        assert (_folder(package) / "__init__.py").exists(), package


def test_every_data_file_is_package_data():
    """Each tracked file that is not Python, below a mapped folder, matches a package-data pattern
    of the package that holds it (a wheel without it would fail at run time)."""
    tracked = subprocess.run(["git", "ls-files", *CONFIG["package-dir"].values()], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout.split()
    patterns = CONFIG["package-data"]
    missing = []
    for name in tracked:
        if name.endswith(".py"):
            continue
        path = ROOT / name
        holders = [p for p in CONFIG["packages"] if path.is_relative_to(_folder(p))]
        holder = max(holders, key=lambda p: len(_folder(p).parts))
        rel = path.relative_to(_folder(holder)).as_posix()
        if not any(_glob(pattern, rel) for pattern in patterns.get(holder, [])):
            missing.append(f"{name} (package {holder})")
    assert not missing, "not installed by pyproject package-data: " + ", ".join(missing)


def test_python_m_feltbox_is_the_command():
    out = subprocess.run([sys.executable, "-m", "feltbox", "--help"], capture_output=True, text=True, cwd="/")
    assert out.returncode == 0 and "usage: feltbox" in out.stdout
