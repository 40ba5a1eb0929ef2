"""Custom forces built with build points (house rules: rules/tailfeathers/data/forces.toml).

A force file is TOML::

    alliance = "mouse"
    budget = 60                 # optional: the house default budget

    [[unit]]
    card = "aerijin"            # a bird, squad or hero card of data/units.toml
    pilot = "zure"              # birds only: the pilot riding it
    rank = "standard"           # rookie | standard | ace (or 1, 2, 3 acorns); default standard

    [[unit]]
    card = "oakguard"

Its cost is the sum of the cards' ``points`` (a bird plus its pilot card). Every error is a
:class:`ForceError` naming file, line and field, e.g.
``mice.toml:9: unit[1].rank: pilot snibble has no ace card (ranks: rookie, standard)``.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import asdict, dataclass
from pathlib import Path

from feltbox.rules.core import InputError
from feltbox.rules.tailfeathers import data as tables

ALLIANCES = ("mouse", "rat")
TOP_KEYS = {"alliance", "budget", "name", "unit"}
UNIT_KEYS = {"card", "pilot", "rank"}


class ForceError(InputError):
    """A broken force file; the message names file, line and field."""


@dataclass(frozen=True)
class ForceUnit:
    card: str
    kind: str                  # bird | squad | hero
    pilot: str = ""            # birds: the pilot's name
    rank: str = ""             # birds: rookie | standard | ace
    points: int = 0            # the unit's build points (bird + pilot)
    line: int = 0

    @property
    def pilot_card(self) -> str:
        return f"{self.pilot}.{self.rank}" if self.pilot else ""


@dataclass(frozen=True)
class Force:
    alliance: str
    budget: int
    units: tuple[ForceUnit, ...]
    source: str = ""
    name: str = ""

    @property
    def points(self) -> int:
        return sum(u.points for u in self.units)

    def to_json(self) -> dict:
        return {"alliance": self.alliance, "budget": self.budget, "source": self.source, "name": self.name,
                "units": [asdict(u) for u in self.units]}

    @staticmethod
    def from_json(d: dict) -> Force:
        return Force(d["alliance"], int(d["budget"]), tuple(ForceUnit(**u) for u in d["units"]),
                     d.get("source", ""), d.get("name", ""))


def house() -> dict:
    return tables.table("forces")


def _lines(text: str) -> tuple[list[str], list[int]]:
    lines = text.splitlines()
    heads = [n for n, line in enumerate(lines, 1) if re.match(r"\s*\[\[\s*unit\s*\]\]", line)]
    return lines, heads


class _Check:
    def __init__(self, source: str, text: str):
        self.source = source
        self.lines, self.heads = _lines(text)

    def line(self, index: int | None, key: str) -> int:
        start = self.heads[index] if index is not None and index < len(self.heads) else 1
        for n in range(start, len(self.lines) + 1):
            if n > start and re.match(r"\s*\[", self.lines[n - 1]):
                break
            if re.match(rf"\s*{re.escape(key)}\s*=", self.lines[n - 1]):
                return n
        return start

    def fail(self, index: int | None, key: str, why: str):
        where = f"unit[{index}].{key}" if index is not None else key
        raise ForceError(f"{self.source}:{self.line(index, key)}: {where}: {why}")


def load_force(path: str | Path, alliance: str | None = None) -> Force:
    """Read and check one force file (``alliance``: the alliance it must be for)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ForceError(f"{path}: cannot read force file: {exc.strerror}") from None
    return parse_force(text, str(path), alliance)


def parse_force(text: str, source: str = "<force>", alliance: str | None = None) -> Force:
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+)", str(exc))
        raise ForceError(f"{source}:{m.group(1) if m else 0}: TOML syntax: {exc}") from None
    return check_force(raw, _Check(source, text), alliance)


def check_force(raw: dict, c: _Check, wanted: str | None = None) -> Force:
    rules, units_table = house(), tables.table("units")
    for key in raw:
        if key not in TOP_KEYS:
            c.fail(None, key, f"unknown key (known: {', '.join(sorted(TOP_KEYS))})")
    alliance = raw.get("alliance")
    if alliance not in ALLIANCES:
        c.fail(None, "alliance", f"must be one of {list(ALLIANCES)}, got {alliance!r}")
    if wanted and alliance != wanted:
        c.fail(None, "alliance", f"a {alliance} force where the {wanted} force is wanted")
    budget = raw.get("budget", rules["budget"])
    if isinstance(budget, bool) or not isinstance(budget, int) \
            or not rules["min_budget"] <= budget <= rules["max_budget"]:
        c.fail(None, "budget", f"must be a whole number of build points from {rules['min_budget']} to "
                               f"{rules['max_budget']} (house), got {budget!r}")
    rows = raw.get("unit", [])
    if not isinstance(rows, list) or not rows:
        c.fail(None, "unit", "a force needs at least one [[unit]] table")
    units, cards, pilots = [], set(), set()
    for i, row in enumerate(rows):
        for key in row:
            if key not in UNIT_KEYS:
                c.fail(i, key, f"unknown key (known: {', '.join(sorted(UNIT_KEYS))})")
        card = row.get("card")
        kind = next((k for k in rules["kinds"] if isinstance(card, str) and card in units_table.get(k, {})), None)
        if kind is None:
            known = sorted(n for k in rules["kinds"] for n, v in units_table.get(k, {}).items()
                           if v.get("alliance") == alliance)
            c.fail(i, "card", f"no {alliance} bird, squad or hero card {card!r} (cards: {', '.join(known)})")
        info = units_table[kind][card]
        if info.get("alliance") != alliance:
            c.fail(i, "card", f"{card} is a {info.get('alliance')} card, this is a {alliance} force")
        if rules["once"] and card in cards:
            c.fail(i, "card", f"{card} is already in this force (one of each card)")
        cards.add(card)
        points, pilot, rank = int(info["points"]), "", ""
        if kind == "bird":
            pilot, rank = _pilot(c, i, row, alliance, rules, units_table["pilot"])
            if rules["once"] and pilot in pilots:
                c.fail(i, "pilot", f"{pilot} already rides another bird of this force")
            pilots.add(pilot)
            points += int(units_table["pilot"][pilot][rank]["points"])
        else:
            for key in ("pilot", "rank"):
                if key in row:
                    c.fail(i, key, f"only a bird takes a {key} ({card} is a {kind} card)")
        units.append(ForceUnit(card, kind, pilot, rank, points, c.line(i, "card")))
    force = Force(alliance, budget, tuple(units), c.source, str(raw.get("name", "")))
    if force.points > budget:
        costs = ", ".join(f"{u.card}{'+' + u.pilot_card if u.pilot else ''} {u.points}" for u in units)
        c.fail(None, "budget", f"the force costs {force.points} build points, over its budget of {budget} ({costs})")
    return force


def _pilot(c: _Check, i: int, row: dict, alliance: str, rules: dict, pilots: dict) -> tuple[str, str]:
    pilot = row.get("pilot")
    if not isinstance(pilot, str) or pilot not in pilots or _alliance(pilots[pilot]) != alliance:
        known = sorted(p for p, ranks in pilots.items() if _alliance(ranks) == alliance)
        c.fail(i, "pilot", f"a bird needs one of the {alliance} pilots ({', '.join(known)}), got {pilot!r}")
    rank = row.get("rank", "standard")
    if isinstance(rank, int) and not isinstance(rank, bool) and 1 <= rank <= len(rules["ranks"]):
        rank = rules["ranks"][rank - 1]                 # acorns: 1 rookie, 2 standard, 3 ace
    if rank not in rules["ranks"]:
        c.fail(i, "rank", f"must be one of {rules['ranks']} or 1-3 acorns, got {rank!r}")
    if rank not in pilots[pilot]:
        c.fail(i, "rank", f"pilot {pilot} has no {rank} card (ranks: {', '.join(pilots[pilot])})")
    return pilot, rank


def _alliance(ranks: dict) -> str:
    return next(iter(ranks.values())).get("alliance", "")
