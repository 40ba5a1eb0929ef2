"""Load and check scene files (format: docs/scene-format.md).

Every error is a :class:`SceneError` whose message names the file, the line and the field, e.g.
``scenes/flickem/s03.toml:42: piece[7].kind: unknown piece kind 'zombi'``. tomllib reports no
line numbers for values, so the loader maps each ``[[piece]]`` / ``[[survivor]]`` table and each
key to its line by scanning the raw text.
"""
from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from feltbox.models.catalog import KINDS, check_params
from feltbox.rules.core import InputError
from feltbox.scenes.schema import Placement, Scene, SurvivorSetup
from feltbox.scenes.tailfeathers.loader import build_tf

SCENE_DIR = Path(__file__).resolve().parent
# Scene paths in replays are relative to the folder that holds scenes/ (the checkout, or the
# installed feltbox package), so a replay opens on another machine.
SOURCE_ROOT = SCENE_DIR.parent
PLACEMENT_KEYS = {"id", "kind", "x", "y", "heading", "on", "slot", "fallen", "under", "reserve"}
SIDES = {"north", "south", "east", "west"}
CORNERS = (("limit-sw", -1, -1, 0.0), ("limit-se", 1, -1, 90.0),
           ("limit-ne", 1, 1, 180.0), ("limit-nw", -1, 1, 270.0))


def portable_source(source: str | Path) -> str:
    """A scene file's path as a replay stores it: relative to SOURCE_ROOT when it lies below it."""
    path = Path(source).resolve()
    try:
        return str(path.relative_to(SOURCE_ROOT))
    except ValueError:
        return str(path)


def source_path(source: str | Path) -> Path:
    """The file a replay's stored scene path names (the inverse of ``portable_source``)."""
    path = Path(source)
    return path if path.is_absolute() else SOURCE_ROOT / path


class SceneError(InputError):
    """A broken scene file; the message names file, line and field."""


class _Lines:
    """Line numbers of array-of-table headers and of keys inside them."""

    def __init__(self, text: str):
        self.lines = text.splitlines()
        self.headers: dict[str, list[int]] = {}
        for n, line in enumerate(self.lines, start=1):
            m = re.match(r"\s*\[\[\s*([A-Za-z_]+)\s*\]\]", line)
            if m:
                self.headers.setdefault(m.group(1), []).append(n)

    def table(self, name: str, index: int) -> int:
        rows = self.headers.get(name, [])
        return rows[index] if index < len(rows) else 0

    def key(self, name: str | None, index: int, key: str) -> int:
        """Line of ``key = ...`` in table ``name[index]`` (or at top level if name is None)."""
        start = self.table(name, index) if name else 1
        for n in range(start, len(self.lines) + 1):
            line = self.lines[n - 1]
            if n > start and re.match(r"\s*\[", line):
                break
            if re.match(rf"\s*{re.escape(key)}\s*=", line):
                return n
        return start


def _number(value: Any, where: str, fail) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        fail(where, f"must be a number, got {value!r}")
    return float(value)


def load_scene(path: str | Path) -> Scene:   # a TFScene for game = "tailfeathers"
    """Read, check and return one scene file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise SceneError(f"{path}: cannot read scene file: {exc.strerror}") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+)", str(exc))
        raise SceneError(f"{path}:{m.group(1) if m else 0}: TOML syntax: {exc}") from None
    return _Builder(path, data, _Lines(text)).scene()


class _Builder:
    def __init__(self, path: Path, data: dict, lines: _Lines):
        self.path, self.data, self.lines = path, data, lines

    def fail(self, where: tuple[str | None, int, str], why: str):
        table, index, key = where
        line = self.lines.key(table, index, key)
        field = f"{table}[{index}].{key}" if table else key
        raise SceneError(f"{self.path}:{line}: {field}: {why}")

    def top(self, key: str, typ, default=None):
        if key not in self.data:
            if default is None:
                self.fail((None, 0, key), "required key is missing")
            return default
        value = self.data[key]
        if typ is float:
            return _number(value, (None, 0, key), self.fail)
        if not isinstance(value, typ) or isinstance(value, bool) and typ is int:
            self.fail((None, 0, key), f"must be {typ.__name__}, got {value!r}")
        return value

    def scene(self) -> Scene:
        game = self.top("game", str)
        if game == "tailfeathers":
            return build_tf(self)
        if game != "flickem":
            self.fail((None, 0, "game"), f"unknown game {game!r} (known: flickem, tailfeathers)")
        number = self.top("scenario", int)
        city = (self.top("city_width", float, 90.0), self.top("city_depth", float, 90.0))
        teams = self.top("teams", dict)
        for team, side in teams.items():
            if side not in SIDES:
                self.fail((None, 0, "teams"), f"team {team!r} side {side!r} is not one of {sorted(SIDES)}")
        invasion = self.top("invasion", dict)
        home = self.top("tower_home", dict)
        colour = self.top("first_round", str, "day")
        if colour not in ("day", "night"):
            self.fail((None, 0, "first_round"), f"must be 'day' or 'night', got {colour!r}")
        survivors, placements = self.survivors(teams)
        placements = self.corners(city) + self.pieces() + placements + self.zombies()
        self.check_ids(placements)
        in_city = sum(p.kind == "zombie" and not p.reserve for p in placements)
        in_bin = self.top("zombies_in_bin", int)
        if in_city + in_bin != 18:
            self.fail((None, 0, "zombies_in_bin"), f"{in_city} zombies in the city + {in_bin} in the bin != 18")
        return Scene(game=game, number=number, title=self.top("title", str), source=str(self.path),
                     house_layout=self.top("house_layout", bool), city=city,
                     round_start=self.top("round_start", int), rounds_colour_start=colour,
                     zombies_in_bin=in_bin,
                     invasion_day=int(_number(invasion.get("day"), (None, 0, "invasion"), self.fail)),
                     invasion_night=int(_number(invasion.get("night"), (None, 0, "invasion"), self.fail)),
                     tower_home=tuple(_number(home.get(k), (None, 0, "tower_home"), self.fail)
                                      for k in ("x", "y", "heading")),
                     teams=dict(teams), survivors=tuple(survivors), placements=tuple(placements),
                     notes=str(self.data.get("notes", "")))

    def corners(self, city: tuple[float, float]) -> list[Placement]:
        """The 4 city limits, each with its inner corner on a corner of the city."""
        w, d = city[0] / 2, city[1] / 2
        return [Placement(pid, "city_limit", sx * w, sy * d, heading) for pid, sx, sy, heading in CORNERS]

    def survivors(self, teams: dict) -> tuple[list[SurvivorSetup], list[Placement]]:
        numbers = _survivor_numbers()
        setups, placements = [], []
        for i, entry in enumerate(self.data.get("survivor", [])):
            name = entry.get("name")
            if name not in numbers:
                self.fail(("survivor", i, "name"), f"unknown survivor {name!r} (known: {', '.join(numbers)})")
            life = entry.get("life")
            if not isinstance(life, int) or isinstance(life, bool) or not 1 <= life <= 5:
                self.fail(("survivor", i, "life"), f"must be 1..5 life tokens, got {life!r}")
            team = entry.get("team", "A")
            if team not in teams:
                self.fail(("survivor", i, "team"), f"team {team!r} is not in teams {sorted(teams)}")
            backpack = entry.get("backpack", "day")
            placement = self.placement("survivor", i, {**entry, "id": f"survivor-{name.lower()}",
                                                        "kind": "survivor"},
                                       {"number": numbers[name], "name": name, "backpack": backpack})
            setups.append(SurvivorSetup(placement.id, name, numbers[name], life, team))
            placements.append(placement)
        if not setups:
            self.fail((None, 0, "survivor"), "a scene needs at least one [[survivor]]")
        return setups, placements

    def zombies(self) -> list[Placement]:
        out = []
        for i, xy in enumerate(self.data.get("zombies", [])):
            if not (isinstance(xy, list) and len(xy) in (2, 3)):
                self.fail((None, 0, "zombies"), f"entry {i} must be [x, y] or [x, y, heading], got {xy!r}")
            x, y = (_number(v, (None, 0, "zombies"), self.fail) for v in xy[:2])
            heading = _number(xy[2], (None, 0, "zombies"), self.fail) if len(xy) == 3 else 0.0
            self.inside(x, y, (None, 0, "zombies"))
            out.append(Placement(f"zombie-{i + 1:02d}", "zombie", x, y, heading,
                                 {"number": i + 1, "design": i % 3 + 1}, line=self.lines.key(None, 0, "zombies")))
        if len(out) > 18:
            self.fail((None, 0, "zombies"), f"{len(out)} zombies, the box has 18")
        return out

    def pieces(self) -> list[Placement]:
        out = []
        for i, entry in enumerate(self.data.get("piece", [])):
            if "kind" not in entry:
                self.fail(("piece", i, "kind"), "required key is missing")
            params = {k: v for k, v in entry.items() if k not in PLACEMENT_KEYS}
            out.append(self.placement("piece", i, entry, params))
        return out

    def placement(self, table: str, i: int, entry: dict, params: dict) -> Placement:
        kind = entry.get("kind")
        if kind not in KINDS:
            self.fail((table, i, "kind"), f"unknown piece kind {kind!r}")
        try:
            params = check_params(kind, params)
        except ValueError as exc:
            bad = re.search(r"parameter '(\w+)'", str(exc))
            self.fail((table, i, bad.group(1) if bad else "kind"), str(exc))
        pid = entry.get("id")
        if not isinstance(pid, str) or not pid:
            self.fail((table, i, "id"), f"must be a non-empty string, got {pid!r}")
        reserve = bool(entry.get("reserve", False))
        placed_on = entry.get("on")
        needs_xy = not reserve and placed_on is None and entry.get("under") is None
        x = _number(entry.get("x", 0.0 if not needs_xy else None), (table, i, "x"), self.fail)
        y = _number(entry.get("y", 0.0 if not needs_xy else None), (table, i, "y"), self.fail)
        if needs_xy:
            self.inside(x, y, (table, i, "x"))
        slot = entry.get("slot", 0)
        if slot not in (0, 1):
            self.fail((table, i, "slot"), f"must be 0 or 1, got {slot!r}")
        return Placement(pid, kind, x, y, _number(entry.get("heading", 0.0), (table, i, "heading"), self.fail),
                         params, on=placed_on, slot=slot, fallen=bool(entry.get("fallen", False)),
                         under=entry.get("under"), reserve=reserve, line=self.lines.table(table, i))

    def inside(self, x: float, y: float, where) -> None:
        w, d = self.top("city_width", float, 90.0) / 2, self.top("city_depth", float, 90.0) / 2
        if abs(x) > w or abs(y) > d:
            self.fail(where, f"({x}, {y}) is outside the {2 * w:g} x {2 * d:g} cm city")

    def check_ids(self, placements: list[Placement]) -> None:
        seen: dict[str, Placement] = {}
        for p in placements:
            if p.id in seen:
                raise SceneError(f"{self.path}:{p.line}: id: duplicate piece id {p.id!r}")
            seen[p.id] = p
        for p in placements:
            for ref, field in ((p.on, "on"), (p.under, "under")):
                if ref is None:
                    continue
                if ref not in seen:
                    raise SceneError(f"{self.path}:{p.line}: {field}: no piece with id {ref!r}")
                if list(seen).index(ref) > list(seen).index(p.id):
                    raise SceneError(f"{self.path}:{p.line}: {field}: {ref!r} must be listed before {p.id!r}")


def _survivor_numbers() -> dict[str, int]:
    with (SCENE_DIR / "flickem" / "survivors.toml").open("rb") as f:
        return dict(tomllib.load(f)["numbers"])


def flickem_path(number: int) -> Path:
    return SCENE_DIR / "flickem" / f"s{number:02d}.toml"


def load_flickem(number: int) -> Scene:
    """Scenario ``number`` (1-10) of Flick'em Up! Dead of Winter."""
    path = flickem_path(number)
    if not path.exists():
        raise SceneError(f"{path}: no such scenario (Flick'em Up! Dead of Winter has S1 to S10)")
    return load_scene(path)


def list_scenes() -> list[tuple[str, int, str, str]]:
    out = []
    for path in sorted((SCENE_DIR / "flickem").glob("s[0-9][0-9].toml")):
        scene = load_scene(path)
        out.append((scene.game, scene.number, scene.title, str(path.relative_to(SCENE_DIR.parent))))
    return out


def tailfeathers_path(name: str) -> Path:
    return SCENE_DIR / "tailfeathers" / f"{name}.toml"


def load_tailfeathers(name: str):
    """A Tail Feathers scene by file stem, e.g. "show_of_force"."""
    path = tailfeathers_path(name)
    if not path.exists() or name == "stories":         # stories.toml holds the start screen's texts
        known = ", ".join(sorted(p.stem for p in path.parent.glob("*.toml") if p.stem != "stories"))
        raise SceneError(f"{path}: no such Tail Feathers scene (known: {known})")
    return load_scene(path)
