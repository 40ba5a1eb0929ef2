"""The house's walls (docs/architecture.md), read from the source with ``ast``: nothing is imported.

* rules decide, physics measures, Panda3D shows: only ``feltbox.game`` imports Panda3D;
  ``feltbox.rules`` imports nothing of ours outside itself (numpy allowed, no trimesh);
* no import circles anywhere in the package (lazy imports inside functions count too);
* the rooms of ``feltbox.game`` import one way only: cli -> window -> games (the registry) ->
  replay -> flickem / tailfeathers -> players / render -> table / text (the two games never
  import each other);
* private names stay private: nothing imports a ``_name`` from another module;
* no module over ~400 lines.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = {"feltbox": "feltbox", "game": "feltbox.game", "rules": "feltbox.rules",
           "models": "feltbox.models", "scenes": "feltbox.scenes"}
# A room may import its own modules and those of rooms with a lower level, never a higher one.
ROOM_LEVEL = {"table": 0, "text": 0, "players": 1, "render": 1, "cards": 2,
              "flickem": 3, "tailfeathers": 3, "snowbirds": 3, "tailsandtactics": 3, "root": 3,
              "replay": 4, "games": 5, "window": 6, "cli": 7}
PANDA = {"panda3d", "direct"}


def _modules() -> dict[str, Path]:
    mods = {}
    for folder, package in FOLDERS.items():
        for path in sorted((ROOT / folder).rglob("*.py")):
            parts = path.relative_to(ROOT / folder).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            mods[".".join((package, *parts))] = path
    return mods


MODULES = _modules()


def _imports(name: str, path: Path) -> list[tuple[str, list[str], int]]:
    """(imported module, names taken from it, line) for every import statement in the file."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found += [(alias.name, [], node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            found.append((base, [alias.name for alias in node.names], node.lineno))
    return found


def _own(target: str) -> str | None:
    """The project module an import names (the longest known prefix), or None."""
    while target:
        if target in MODULES:
            return target
        target = target.rpartition(".")[0]
    return None


def _edges() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {m: set() for m in MODULES}
    for name, path in MODULES.items():
        for module, names, _ in _imports(name, path):
            for target in [module] + [f"{module}.{n}" for n in names]:
                own = _own(target)
                if own and own != name and not own.startswith(name + "."):
                    graph[name].add(own)
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_walk_sees_the_whole_package():
    assert len(MODULES) > 100
    assert "feltbox.game.table.flick" in MODULES and "feltbox.rules.flickem.flow" in MODULES
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_circles():
    assert _cycles(_edges()) == []


def test_only_game_imports_panda3d():
    bad = [f"{path.relative_to(ROOT)}:{line}: {module}" for name, path in MODULES.items()
           if not name.startswith("feltbox.game")
           for module, _, line in _imports(name, path) if module.split(".")[0] in PANDA]
    assert not bad, "Panda3D outside game/: " + "; ".join(bad)


@pytest.mark.parametrize("package, allowed", [
    ("feltbox.rules", ("feltbox.rules",)),
    ("feltbox.scenes", ("feltbox.scenes", "feltbox.models", "feltbox.rules")),
    ("feltbox.models", ("feltbox.models",)),
])
def test_lower_packages_import_only_what_they_may(package, allowed):
    bad = []
    for name, path in MODULES.items():
        if not name.startswith(package):
            continue
        for module, _, line in _imports(name, path):
            ours = module.split(".")[0] in ("feltbox", "game", "rules", "models", "scenes")
            if (ours and not module.startswith(allowed)) or (package == "feltbox.rules" and module == "trimesh"):
                bad.append(f"{path.relative_to(ROOT)}:{line}: {module}")
    assert not bad, f"{package} imports: " + "; ".join(bad)


def _room(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[:2] == ["feltbox", "game"] else None


def test_game_rooms_import_one_way():
    bad = []
    for name, targets in _edges().items():
        room = _room(name)
        if room is None:
            continue
        for target in targets:
            other = _room(target)
            if other is None or other == room:
                continue
            if ROOM_LEVEL[other] >= ROOM_LEVEL[room]:
                bad.append(f"{name} -> {target}")
    assert not bad, "imports against the rooms' direction: " + "; ".join(sorted(bad))


def test_every_game_folder_is_a_room():
    folders = {p.name for p in (ROOT / "game").iterdir() if (p / "__init__.py").exists()}
    modules = {p.stem for p in (ROOT / "game").glob("*.py")} - {"__init__"}
    assert folders | modules == set(ROOM_LEVEL)
    for room in folders:
        doc = ast.get_docstring(ast.parse((ROOT / "game" / room / "__init__.py").read_text()))
        assert doc and "import" in doc, f"game/{room}/__init__.py must say what lives there and what it may import"


def test_no_private_names_imported_across_modules():
    bad = [f"{path.relative_to(ROOT)}:{line}: {module}.{n}" for name, path in MODULES.items()
           for module, names, line in _imports(name, path)
           for n in names if n.startswith("_") and not n.startswith("__") and _own(module)]
    assert not bad, "private names imported: " + "; ".join(bad)


def test_no_module_of_ours_is_imported_under_a_private_alias():
    bad = []
    for path in MODULES.values():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                base = node.module or "" if isinstance(node, ast.ImportFrom) else ""
                for alias in node.names:
                    target = f"{base}.{alias.name}" if base else alias.name
                    if alias.asname and alias.asname.startswith("_") and _own(target):
                        bad.append(f"{path.relative_to(ROOT)}:{node.lineno}: {target} as {alias.asname}")
    assert not bad, "say what a module is, not hide it: " + "; ".join(bad)


def test_no_source_file_is_over_400_lines():
    long = {str(p.relative_to(ROOT)): n for p in MODULES.values()
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 400}
    assert not long, f"split these by concept: {long}"
