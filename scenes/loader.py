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
from feltbox.rules.tomlfile import TomlLines, read_toml
from feltbox.scenes.checks import id_problem, number_problem, unprintable, whole_problem
from feltbox.scenes.footprints import first_overlap
from feltbox.scenes.root.loader import build_root
from feltbox.scenes.schema import Placement, Scene, SurvivorSetup
from feltbox.scenes.snowbirds.loader import build_sb
from feltbox.scenes.tailfeathers.loader import build_tf
from feltbox.scenes.tailsandtactics.loader import build_tt

SCENE_DIR = Path(__file__).resolve().parent
# Scene paths in replays are relative to the folder that holds scenes/ (the checkout, or the
# installed feltbox package), so a replay opens on another machine.
SOURCE_ROOT = SCENE_DIR.parent
PLACEMENT_KEYS = {"id", "kind", "x", "y", "heading", "on", "slot", "fallen", "under", "reserve", "overlaps"}
SURVIVOR_KEYS = {"name", "life", "team", "x", "y", "heading", "on", "slot", "fallen", "reserve", "backpack"}
TOP_KEYS = {"game", "scenario", "title", "house_layout", "round_start", "first_round", "zombies_in_bin", "invasion",
            "zombies_in_box", "tower_home", "zombies", "notes", "city_width", "city_depth", "teams", "piece", "survivor"}
SIDES = {"north", "south", "east", "west"}
SCENARIOS = (1, 10)          # Dead of Winter's scenarios: a scene plays one of their rules
ROUND_SPACES = (1, 7)        # the RV awning's round track: 7 spaces before the skull (0)
CITY_SIZE = (30.0, 300.0)    # cm, each side
REACH = 1000.0               # cm: no coordinate of a table is farther from its centre
HEADING = 3600.0             # degrees either way
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


def _number(value: Any, where, fail, lo: float = -REACH, hi: float = REACH) -> float:
    problem = number_problem(value, lo, hi)
    if problem:
        fail(where, problem)
    return float(value)


def load_scene(path: str | Path) -> Scene:   # TFScene / SBScene / TTScene for the card and battle games
    """Read, check and return one scene file."""
    path = Path(path)
    data, lines = read_toml(path, SceneError, "scene file")
    return _Builder(path, data, lines).scene()


class _Builder:
    def __init__(self, path: Path, data: dict, lines: TomlLines):
        self.path, self.data, self.lines = path, data, lines
        self.where: dict[str, tuple[str | None, int, str]] = {}     # piece id -> the field that placed it

    def fail(self, where: tuple[str | None, int, str], why: str):
        table, index, key = where
        line = self.lines.key(table, index, key)
        field = (f"{table}.{key}" if index is None else f"{table}[{index}].{key}") if table else key
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

    def whole(self, key: str, lo: int, hi: int) -> int:
        value = self.top(key, int)
        problem = whole_problem(value, lo, hi)
        if problem:
            self.fail((None, 0, key), problem)
        return value

    def known(self, keys: set[str]) -> None:
        """An unknown top-level key is an error naming the keys the game knows."""
        unknown = sorted(set(self.data) - keys)
        if unknown:
            self.fail((None, 0, unknown[0]), f"unknown key (known: {', '.join(sorted(keys))})")

    def title(self) -> str:
        """The scene's title: printable text, not blank."""
        title = self.top("title", str)
        if not title.strip() or unprintable(title):
            self.fail((None, 0, "title"), "must be printable text")
        return title

    def rows(self, name: str) -> list[dict]:
        """The ``[[name]]`` tables (a key that is no array of tables is an error)."""
        rows = self.data.get(name, [])
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            self.fail((None, 0, name), f"must be [[{name}]] tables, got {rows!r}"[:200])
        return rows

    def scene(self) -> Scene:
        game = self.top("game", str)
        if game == "tailfeathers":
            return build_tf(self)
        if game == "snowbirds":
            return build_sb(self)
        if game == "tailsandtactics":
            return build_tt(self)
        if game == "root":
            return build_root(self)
        if game != "flickem":
            self.fail((None, 0, "game"), f"unknown game {game!r} (known: flickem, tailfeathers, snowbirds, tailsandtactics, "
                      "root)")
        number = self.whole("scenario", *SCENARIOS)
        city = (self.size("city_width"), self.size("city_depth"))
        teams = self.teams()
        colour = self.top("first_round", str, "day")
        if colour not in ("day", "night"):
            self.fail((None, 0, "first_round"), f"must be 'day' or 'night', got {colour!r}")
        survivors, placements = self.survivors(teams)
        placements = self.corners(city) + self.pieces() + placements + self.zombies()
        self.check_ids(placements)
        in_city = sum(p.kind == "zombie" and not p.reserve for p in placements)
        in_bin = self.whole("zombies_in_bin", 0, 18)
        # the figures neither on the map nor in the bin stay in the game box (CROSSROADS: NEW zombies)
        in_box = self.whole("zombies_in_box", 0, 18) if "zombies_in_box" in self.data else 0
        if in_city + in_bin + in_box != 18:
            self.fail((None, 0, "zombies_in_bin"),
                      f"{in_city} zombies in the city + {in_bin} in the bin + {in_box} in the box != 18")
        title = self.top("title", str)
        if unprintable(title):
            self.fail((None, 0, "title"), f"holds the control character {unprintable(title)}")
        day, night = self.invasion()
        scene = Scene(game=game, number=number, title=title, source=str(self.path),
                      house_layout=self.top("house_layout", bool), city=city,
                      round_start=self.whole("round_start", *ROUND_SPACES), rounds_colour_start=colour,
                      zombies_in_bin=in_bin, zombies_in_box=in_box, invasion_day=day, invasion_night=night,
                      tower_home=self.tower_home(),
                      teams=dict(teams), survivors=tuple(survivors), placements=tuple(placements),
                      notes=str(self.top("notes", str, "")))
        self.check_overlaps(placements)
        self.known(TOP_KEYS)
        return scene

    def size(self, key: str) -> float:
        return _number(self.data.get(key, 90.0), (None, 0, key), self.fail, *CITY_SIZE)

    def teams(self) -> dict:
        teams = self.top("teams", dict)
        if not teams:
            self.fail((None, 0, "teams"), "a scene needs at least one team")
        for team, side in teams.items():
            if id_problem(team):
                self.fail((None, 0, "teams"), f"team name: {id_problem(team)}")
            if not isinstance(side, str) or side not in SIDES:
                self.fail((None, 0, "teams"), f"team {team!r} side {side!r} is not one of {sorted(SIDES)}")
        return teams

    def invasion(self) -> tuple[int, int]:
        invasion = self.top("invasion", dict)
        for key in ("day", "night"):
            problem = whole_problem(invasion.get(key), 0, 18)
            if problem:
                self.fail((None, 0, "invasion"), f"{key}: {problem}")
        if set(invasion) - {"day", "night"}:
            self.fail((None, 0, "invasion"), f"unknown key {sorted(set(invasion) - {'day', 'night'})[0]!r} (day, night)")
        return invasion["day"], invasion["night"]

    def tower_home(self) -> tuple[float, float, float]:
        home = self.top("tower_home", dict)
        if set(home) != {"x", "y", "heading"}:
            self.fail((None, 0, "tower_home"), f"must be {{ x, y, heading }}, got keys {sorted(home)}")
        return tuple(_number(home[k], (None, 0, "tower_home"), self.fail, *((-HEADING, HEADING) if k == "heading"
                                                                               else (-REACH, REACH)))
                     for k in ("x", "y", "heading"))

    def corners(self, city: tuple[float, float]) -> list[Placement]:
        """The 4 city limits, each with its inner corner on a corner of the city."""
        w, d = city[0] / 2, city[1] / 2
        for pid, *_ in CORNERS:
            self.where[pid] = (None, 0, "city_width")
        return [Placement(pid, "city_limit", sx * w, sy * d, heading) for pid, sx, sy, heading in CORNERS]

    def survivors(self, teams: dict) -> tuple[list[SurvivorSetup], list[Placement]]:
        numbers = _survivor_numbers()
        setups, placements = [], []
        for i, entry in enumerate(self.rows("survivor")):
            unknown = sorted(set(entry) - SURVIVOR_KEYS)
            if unknown:
                self.fail(("survivor", i, unknown[0]), f"unknown key (known: {', '.join(sorted(SURVIVOR_KEYS))})")
            name = entry.get("name")
            if not isinstance(name, str) or name not in numbers:
                self.fail(("survivor", i, "name"), f"unknown survivor {name!r} (known: {', '.join(numbers)})")
            life = entry.get("life")
            if not isinstance(life, int) or isinstance(life, bool) or not 1 <= life <= 5:
                self.fail(("survivor", i, "life"), f"must be 1..5 life tokens, got {life!r}")
            team = entry.get("team", "A")
            if not isinstance(team, str) or team not in teams:
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
        rows = self.data.get("zombies", [])
        if not isinstance(rows, list):
            self.fail((None, 0, "zombies"), f"must be a list of [x, y, heading], got {rows!r}")
        for i, xyh in enumerate(rows):
            if not (isinstance(xyh, list) and len(xyh) == 3):
                self.fail((None, 0, "zombies"), f"zombie {i + 1} must be [x, y, heading], got {xyh!r}")
            x, y = (_number(v, (None, 0, "zombies"), self.fail) for v in xyh[:2])
            heading = _number(xyh[2], (None, 0, "zombies"), self.fail, -HEADING, HEADING)
            self.inside(x, y, (None, 0, "zombies"))
            out.append(Placement(f"zombie-{i + 1:02d}", "zombie", x, y, heading,
                                 {"number": i + 1, "design": i % 3 + 1}, line=self.lines.key(None, 0, "zombies")))
            self.where[out[-1].id] = (None, 0, "zombies")
        if len(out) > 18:
            self.fail((None, 0, "zombies"), f"{len(out)} zombies, the box has 18")
        return out

    def pieces(self) -> list[Placement]:
        out = []
        for i, entry in enumerate(self.rows("piece")):
            if "kind" not in entry:
                self.fail(("piece", i, "kind"), "required key is missing")
            params = {k: v for k, v in entry.items() if k not in PLACEMENT_KEYS}
            out.append(self.placement("piece", i, entry, params))
        return out

    def placement(self, table: str, i: int, entry: dict, params: dict) -> Placement:
        kind = entry.get("kind")
        if not isinstance(kind, str) or kind not in KINDS:
            self.fail((table, i, "kind"), f"unknown piece kind {kind!r}")
        try:
            params = check_params(kind, params)
        except ValueError as exc:
            bad = re.search(r"parameter '(\w+)'", str(exc))
            self.fail((table, i, bad.group(1) if bad else "kind"), str(exc))
        pid = entry.get("id")
        if id_problem(pid):
            self.fail((table, i, "id"), id_problem(pid))
        self.where.setdefault(pid, (table, i, "x"))
        flags = {}
        for key in ("reserve", "fallen"):
            flags[key] = entry.get(key, False)
            if not isinstance(flags[key], bool):
                self.fail((table, i, key), f"must be true or false, got {flags[key]!r}")
        refs = {}
        for key in ("on", "under"):
            refs[key] = entry.get(key)
            if refs[key] is not None and id_problem(refs[key]):
                self.fail((table, i, key), id_problem(refs[key]))
        needs_xy = not flags["reserve"] and refs["on"] is None and refs["under"] is None
        x = _number(entry.get("x", 0.0 if not needs_xy else None), (table, i, "x"), self.fail)
        y = _number(entry.get("y", 0.0 if not needs_xy else None), (table, i, "y"), self.fail)
        if needs_xy:
            self.inside(x, y, (table, i, "x"))
        slot = entry.get("slot", 0)
        if whole_problem(slot, 0, 1):
            self.fail((table, i, "slot"), f"must be 0 or 1, got {slot!r}")
        heading = _number(entry.get("heading", 0.0), (table, i, "heading"), self.fail, -HEADING, HEADING)
        overlaps = entry.get("overlaps", [])
        if not isinstance(overlaps, list) or any(id_problem(o) for o in overlaps):
            self.fail((table, i, "overlaps"), f"must be a list of piece ids, got {overlaps!r}")
        return Placement(pid, kind, x, y, heading, params, on=refs["on"], slot=slot, fallen=flags["fallen"],
                         under=refs["under"], reserve=flags["reserve"], line=self.lines.table(table, i),
                         overlaps=tuple(overlaps))

    def inside(self, x: float, y: float, where) -> None:
        w, d = self.size("city_width") / 2, self.size("city_depth") / 2
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
            for ref in p.overlaps:
                if ref not in seen:
                    raise SceneError(f"{self.path}:{p.line}: overlaps: no piece with id {ref!r}")

    def check_overlaps(self, placements: list[Placement]) -> None:
        """No two pieces standing on the table overlap (scenes/footprints.py), unless one of them
        says so in its ``overlaps`` list; the error names both, each where the file places it."""
        x, y, heading = self.tower_home()
        bin_params = {"day": self.data["invasion"]["day"], "night": self.data["invasion"]["night"]}
        home = [Placement("zombie_bin", "zombie_bin", x, y, heading, bin_params, overlaps=("zombie_tower",)),
                Placement("zombie_tower", "zombie_tower", x, y, heading)]
        self.where.update({"zombie_bin": (None, 0, "tower_home"), "zombie_tower": (None, 0, "tower_home")})
        found = first_overlap(placements + home)
        if found is None:
            return
        a, b, depth = found
        where_a = self.where.get(a.id, (None, 0, "piece"))
        line_a = self.lines.key(*where_a) if where_a[0] else self.lines.key(None, 0, where_a[2])
        self.fail(self.where.get(b.id, (None, 0, "piece")),
                  f"{b.kind} {b.id!r} overlaps {a.kind} {a.id!r} (line {line_a}) by {depth:.1f} cm")


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
