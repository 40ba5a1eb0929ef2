"""The Snowbirds card and mat data (rules/snowbirds/data/*.toml: house values, rulebook:
Components, Maps & Journeys, Flock & Health, Special Locations), loaded and checked once.

Every problem is a :class:`CardDataError` naming file, line and field, e.g.
``actions.toml:17: card[1].flight: must be a whole number from 1 to 4, got 7``; nothing is
half-loaded. ``load(folder)`` reads another folder of the same three files (tests, designers).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from feltbox.rules.core import InputError
from feltbox.rules.tomlfile import read_toml

DATA = Path(__file__).with_name("data")
ACTION_COUNT, MAP_COUNT = 30, 15
SPECIALS = ("", "plentiful", "limited", "storms")
NORTH, SOUTH = "north", "south"
REROLL = "R"
LIMITS = {"flight": (1, 4), "forage": (1, 3), "distance": (1, 4), "risk": (1, 6), "hunger": (0, 3)}


class CardDataError(InputError):
    """A broken Snowbirds data file; the message names file, line and field."""


@dataclass(frozen=True)
class ActionCard:
    id: str
    title: str
    flight: int
    forage: int
    tenacity: int | str          # the pips 1-6, or "R": re-roll one die


@dataclass(frozen=True)
class MapCard:
    id: str
    title: str
    distance: int
    risk: int
    hunger: int
    special: str = ""            # "" | plentiful | limited | storms


@dataclass(frozen=True)
class Mat:
    hunger_min: int
    hunger_max: int
    hunger_distance: dict[int, int]     # Hunger -> Distance modifier
    exhaustion_max: int
    exhaustion_risk: dict[int, int]     # Exhaustion -> Risk modifier
    flock_start: int
    flock_max: int


@dataclass(frozen=True)
class Tables:
    actions: dict[str, ActionCard]
    maps: dict[str, MapCard]
    mat: Mat
    rest: int = 1

    def action(self, cid: str) -> ActionCard:
        return self.actions[cid]

    def map(self, mid: str) -> MapCard:
        return self.maps[mid]


class _File:
    def __init__(self, path: Path):
        self.path = path
        self.data, self.lines = read_toml(path, CardDataError)

    def fail(self, table: str | None, index: int | None, key: str, why: str):
        line = self.lines.key(table, index, key)
        where = f"{table}[{index}].{key}" if index is not None else (f"{table}.{key}" if table else key)
        raise CardDataError(f"{self.path}:{line}: {where}: {why}")

    def house(self):
        if self.data.get("house") is not True:
            self.fail(None, None, "house", "must be `house = true`: these values are not the rulebook's")

    def whole(self, row: dict, index: int, key: str, lo: int, hi: int, table: str = "card") -> int:
        value = row.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            self.fail(table, index, key, f"must be a whole number from {lo} to {hi}, got {value!r}")
        return value

    def cards(self, count: int, keys: set[str]) -> list[dict]:
        rows = self.data.get("card")
        if not isinstance(rows, list) or len(rows) != count:
            n = len(rows) if isinstance(rows, list) else 0
            self.fail(None, None, "card", f"needs exactly {count} [[card]] tables, found {n}")
        seen: set[str] = set()
        for i, row in enumerate(rows):
            for key in row:
                if key not in keys:
                    self.fail("card", i, key, f"unknown key (known: {', '.join(sorted(keys))})")
            for key in ("id", "title"):
                if not isinstance(row.get(key), str) or not row[key].strip():
                    self.fail("card", i, key, f"must be a non-empty text, got {row.get(key)!r}")
            if row["id"] in seen:
                self.fail("card", i, "id", f"duplicate card id {row['id']!r}")
            seen.add(row["id"])
        return rows


def _actions(path: Path) -> tuple[dict[str, ActionCard], int]:
    f = _File(path)
    f.house()
    rest = f.data.get("rest")
    if rest != 1:
        f.fail(None, None, "rest", f"every Action card is worth 1 Rest (rulebook: REST), got {rest!r}")
    out = {}
    for i, row in enumerate(f.cards(ACTION_COUNT, {"id", "title", "flight", "forage", "tenacity"})):
        ten = row.get("tenacity")
        if ten != REROLL and (isinstance(ten, bool) or not isinstance(ten, int) or not 1 <= ten <= 6):
            f.fail("card", i, "tenacity", f'must be the pips of a die 1-6 or "R" (re-roll), got {ten!r}')
        out[row["id"]] = ActionCard(row["id"], row["title"], f.whole(row, i, "flight", *LIMITS["flight"]),
                                    f.whole(row, i, "forage", *LIMITS["forage"]), ten)
    return out, rest


def _maps(path: Path) -> dict[str, MapCard]:
    f = _File(path)
    f.house()
    out = {}
    for i, row in enumerate(f.cards(MAP_COUNT, {"id", "title", "distance", "risk", "hunger", "special"})):
        special = row.get("special", "")
        if special not in SPECIALS:
            f.fail("card", i, "special", f"must be one of {list(SPECIALS)}, got {special!r}")
        if row["id"] in (NORTH, SOUTH) and special:
            f.fail("card", i, "special", f"{row['id']} is the route's end, not a special location")
        out[row["id"]] = MapCard(row["id"], row["title"], *(f.whole(row, i, k, *LIMITS[k])
                                                            for k in ("distance", "risk", "hunger")), special)
    for end in (NORTH, SOUTH):
        if end not in out:
            f.fail(None, None, "card", f"no card with id {end!r} (the route runs from North to South)")
    for special in SPECIALS[1:]:
        if not any(m.special == special for m in out.values()):
            f.fail(None, None, "card", f"no {special} location (rulebook: Special Locations has three)")
    return out


def _track(f: _File, name: str, lo: int, hi: int, field: str) -> dict[int, int]:
    raw = f.data[name].get(field)
    if not isinstance(raw, dict):
        f.fail(name, None, field, f"must be a table of the modifier for each value {lo}..{hi}")
    out = {}
    for value in range(lo, hi + 1):
        mod = raw.get(str(value))
        if isinstance(mod, bool) or not isinstance(mod, int) or not -3 <= mod <= 6:
            f.fail(name, None, field, f"value {value} needs a whole modifier from -3 to 6, got {mod!r}")
        out[value] = mod
    extra = set(raw) - {str(v) for v in range(lo, hi + 1)}
    if extra:
        f.fail(name, None, field, f"values outside the track {lo}..{hi}: {sorted(extra)}")
    return out


def _mat(path: Path) -> Mat:
    f = _File(path)
    f.house()
    for name in ("hunger", "exhaustion", "flock"):
        if not isinstance(f.data.get(name), dict):
            f.fail(None, None, name, f"needs a [{name}] table")
    h, e, fl = f.data["hunger"], f.data["exhaustion"], f.data["flock"]
    if h.get("min") != -1:
        f.fail("hunger", None, "min", f"the flock may gorge to -1 Hunger (rulebook), got {h.get('min')!r}")
    if h.get("max") != 4:
        f.fail("hunger", None, "max", f"Hunger stays at 4 at most (rulebook), got {h.get('max')!r}")
    if e.get("min") != 0 or e.get("max") != 2:
        f.fail("exhaustion", None, "max", "the Exhaustion track runs 0..2 (rulebook: RISK & DICE)")
    if fl.get("start") != 5:
        f.fail("flock", None, "start", f"the flock starts with 5 birds (rulebook: Setup), got {fl.get('start')!r}")
    if fl.get("max") != 5:
        f.fail("flock", None, "max", f"birds lost may not be regained: 5 at most, got {fl.get('max')!r}")
    return Mat(-1, 4, _track(f, "hunger", -1, 4, "distance"), 2, _track(f, "exhaustion", 0, 2, "risk"), 5, 5)


def load(folder: Path = DATA) -> Tables:
    """Read and check the three files of ``folder``: actions.toml, maps.toml, mat.toml."""
    folder = Path(folder)
    actions, rest = _actions(folder / "actions.toml")
    return Tables(actions, _maps(folder / "maps.toml"), _mat(folder / "mat.toml"), rest)


@cache
def tables() -> Tables:
    """The shipped house tables, read once."""
    return load(DATA)
