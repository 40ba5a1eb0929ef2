"""ARCHITECTURE.md: rules decide, physics measures, Panda3D shows. rules/, scenes/ and models/
never import panda3d or direct; rules/ never imports game/, models/ or trimesh."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {
    "rules": {"panda3d", "direct", "game", "models", "trimesh"},
    "scenes": {"panda3d", "direct", "game"},
    "models": {"panda3d", "direct", "game"},
}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_package_does_not_import_forbidden_rooms(package):
    files = sorted((ROOT / package).rglob("*.py"))
    if package != "rules":
        assert files, f"{package}/ has no Python files"
    bad = {str(f.relative_to(ROOT)): sorted(_imports(f) & FORBIDDEN[package]) for f in files}
    bad = {f: names for f, names in bad.items() if names}
    assert not bad, f"forbidden imports: {bad}"


def test_no_source_file_is_over_400_lines():
    long = {str(p.relative_to(ROOT)): n for pkg in ("game", "models", "scenes", "rules")
            for p in (ROOT / pkg).rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 400}
    assert not long, f"split these by concept: {long}"
