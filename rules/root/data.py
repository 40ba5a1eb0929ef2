"""The Root data (rules/root/data/*.toml): the Autumn map, the shared 54-card deck, the two
factions' pieces and ministers, and the house values of a two-player game, loaded and checked once.

Every problem is a :class:`RootDataError` naming file, line and field, e.g.
``cards.toml:40: card[6].cost: unknown suit 'frog'``; nothing is half-loaded. ``load(folder)``
reads another folder of the same three files (tests, designers).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from feltbox.rules.core import InputError
from feltbox.rules.tomlfile import read_toml

DATA = Path(__file__).with_name("data")
SUITS = ("fox", "rabbit", "mouse")          # clearing suits (Law 2.2.2)
CARD_SUITS = ("bird", *SUITS)               # card suits (Law 2.1)
KINDS = ("item", "favor", "persistent", "ambush", "dominance")
RANKS = ("squire", "noble", "lord")         # lowest first (Law 12.2.3 returns the highest)
PLOT_KINDS = ("bomb", "snare", "extortion", "raid")
DECK_SIZE = 54


class RootDataError(InputError):
    """A broken Root data file; the message names file, line and field."""


@dataclass(frozen=True)
class ClearingInfo:
    id: int
    name: str
    suit: str
    slots: int
    ruin: bool
    paths: tuple[int, ...]


@dataclass(frozen=True)
class Card:
    id: str            # one physical card: "tax-collector-2"
    name: str
    suit: str
    kind: str
    cost: tuple[str, ...]
    item: str = ""
    vp: int = 0
    effect: str = ""


@dataclass(frozen=True)
class Minister:
    name: str
    rank: str
    cost: int


@dataclass(frozen=True)
class Tables:
    clearings: dict[int, ClearingInfo]
    corners: tuple[int, ...]
    opposite: dict[int, int]
    cards: dict[str, Card]
    items: dict[str, int]
    modelled: tuple[str, ...]
    ministers: dict[str, Minister]
    game: dict
    duchy: dict
    corvids: dict

    def card(self, cid: str) -> Card:
        return self.cards[cid]

    def suit(self, clearing: int) -> str:
        """The clearing's suit; the Burrow (0) is unsuited (Law 12.2.2)."""
        return self.clearings[clearing].suit if clearing else ""


class _File:
    def __init__(self, path: Path):
        self.path = path
        self.data, self.lines = read_toml(path, RootDataError, "Root data")

    def fail(self, table: str | None, index: int | None, key: str, why: str):
        line = self.lines.key(table, index, key) if table or key else 0
        where = f"{table}[{index}].{key}" if index is not None else (f"{table}.{key}" if table else key)
        raise RootDataError(f"{self.path}:{line}: {where}: {why}")

    def house(self):
        if self.data.get("house") is not True:
            self.fail(None, None, "house", "must be `house = true`: some values here are ours, not the Law's")

    def rows(self, name: str, keys: set[str]) -> list[dict]:
        rows = self.data.get(name)
        if not isinstance(rows, list) or not rows:
            self.fail(None, None, name, f"needs [[{name}]] tables")
        for i, row in enumerate(rows):
            for key in row:
                if key not in keys:
                    self.fail(name, i, key, f"unknown key (known: {', '.join(sorted(keys))})")
        return rows

    def whole(self, table: str | None, index: int | None, row: dict, key: str, lo: int, hi: int) -> int:
        value = row.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            self.fail(table, index, key, f"must be a whole number from {lo} to {hi}, got {value!r}")
        return value

    def choice(self, table: str | None, index: int | None, row: dict, key: str, options) -> str:
        value = row.get(key)
        if value not in options:
            self.fail(table, index, key, f"must be one of {list(options)}, got {value!r}")
        return value

    def text(self, table: str, index: int, row: dict, key: str) -> str:
        value = row.get(key)
        if not isinstance(value, str) or not value.strip():
            self.fail(table, index, key, f"must be a non-empty text, got {value!r}")
        return value


def _map(path: Path) -> tuple[dict[int, ClearingInfo], tuple[int, ...], dict[int, int]]:
    f = _File(path)
    out: dict[int, ClearingInfo] = {}
    for i, row in enumerate(f.rows("clearing", {"id", "name", "suit", "slots", "ruin", "paths"})):
        cid = f.whole("clearing", i, row, "id", 1, 12)
        if cid in out:
            f.fail("clearing", i, "id", f"duplicate clearing {cid}")
        ruin = row.get("ruin")
        if not isinstance(ruin, bool):
            f.fail("clearing", i, "ruin", f"must be true or false, got {ruin!r}")
        paths = row.get("paths")
        if not isinstance(paths, list) or not all(isinstance(p, int) and 1 <= p <= 12 and p != cid for p in paths):
            f.fail("clearing", i, "paths", f"must list other clearings 1-12, got {paths!r}")
        out[cid] = ClearingInfo(cid, f.text("clearing", i, row, "name"), f.choice("clearing", i, row, "suit", SUITS),
                                f.whole("clearing", i, row, "slots", 1, 3), ruin, tuple(paths))
    if sorted(out) != list(range(1, 13)):
        f.fail(None, None, "clearing", f"the Autumn map has clearings 1-12, got {sorted(out)}")
    for i, c in enumerate(out.values()):
        for p in c.paths:
            if c.id not in out[p].paths:
                f.fail("clearing", i, "paths", f"path {c.id}-{p} is listed at {c.id} but not at {p}")
    m = f.data.get("map", {})
    corners = tuple(m.get("corners", ()))
    if sorted(corners) != [1, 2, 3, 4]:
        f.fail("map", None, "corners", f"the corners are clearings 1-4, got {list(corners)!r}")
    opposite: dict[int, int] = {}
    for pair in m.get("opposite", ()):
        a, b = pair
        opposite[a], opposite[b] = b, a
    if sorted(opposite) != sorted(corners):
        f.fail("map", None, "opposite", "every corner needs its diagonally opposite corner")
    return out, corners, opposite


def _cards(path: Path) -> tuple[dict[str, Card], dict[str, int], tuple[str, ...]]:
    f = _File(path)
    f.house()
    keys = {"id", "name", "suit", "kind", "cost", "item", "vp", "effect", "copies"}
    items = f.data.get("items")
    if not isinstance(items, dict) or not all(isinstance(v, int) and v > 0 for v in items.values()):
        f.fail(None, None, "items", "needs an [items] table of item -> how many in the supply")
    out: dict[str, Card] = {}
    for i, row in enumerate(f.rows("card", keys)):
        kind = f.choice("card", i, row, "kind", KINDS)
        cost = row.get("cost")
        if not isinstance(cost, list) or any(c not in (*SUITS, "any") for c in cost):
            f.fail("card", i, "cost", f"must list suits among {[*SUITS, 'any']}, got {cost!r}")
        if kind in ("item", "favor", "persistent") and not cost:
            f.fail("card", i, "cost", f"a {kind} card has a crafting cost")
        item = row.get("item", "")
        if kind == "item" and item not in items:
            f.fail("card", i, "item", f"must be an item of the supply {sorted(items)}, got {item!r}")
        vp = f.whole("card", i, {"vp": row.get("vp", 0)}, "vp", 0, 5)
        copies = f.whole("card", i, {"copies": row.get("copies", 1)}, "copies", 1, 3)
        base = f.text("card", i, row, "id")
        for k in range(copies):
            cid = base if copies == 1 else f"{base}-{k + 1}"
            if cid in out:
                f.fail("card", i, "id", f"duplicate card id {cid!r}")
            out[cid] = Card(cid, f.text("card", i, row, "name"), f.choice("card", i, row, "suit", CARD_SUITS), kind,
                            tuple(cost), item, vp, row.get("effect", ""))
    if len(out) != DECK_SIZE:
        f.fail(None, None, "card", f"the shared deck has {DECK_SIZE} cards, these rows make {len(out)}")
    modelled = f.data.get("modelled", [])
    if not isinstance(modelled, list):
        f.fail(None, None, "modelled", f"must list effect names, got {modelled!r}")
    return out, dict(items), tuple(modelled)


def _factions(path: Path) -> tuple[dict[str, Minister], dict, dict, dict]:
    f = _File(path)
    f.house()
    for name in ("game", "duchy", "corvids"):
        if not isinstance(f.data.get(name), dict):
            f.fail(None, None, name, f"needs a [{name}] table")
    game, duchy, corvids = f.data["game"], f.data["duchy"], f.data["corvids"]
    f.whole("game", None, game, "win_score", 1, 100)
    f.whole("game", None, game, "hand_limit", 1, 20)
    f.whole("game", None, game, "starting_hand", 0, 10)
    f.whole("game", None, game, "round_limit", 1, 500)
    faces = game.get("die_faces")
    if not isinstance(faces, list) or len(faces) != 12 or not all(isinstance(x, int) and 0 <= x <= 3 for x in faces):
        f.fail("game", None, "die_faces", f"a twelve-sided die needs 12 faces of 0-3, got {faces!r}")
    for key, n in (("warriors", 20), ("tunnels", 3), ("citadels", 3), ("markets", 3)):
        f.whole("duchy", None, duchy, key, n, n)
    for key in ("birdsong_warriors", "evening_draw"):
        v = duchy.get(key)
        if not isinstance(v, list) or len(v) != 4 or not all(isinstance(x, int) and 0 <= x <= 10 for x in v):
            f.fail("duchy", None, key, f"needs 4 whole numbers (0..3 buildings on the map), got {v!r}")
    for key in ("crown_vp", "crowns"):
        v = duchy.get(key)
        if not isinstance(v, dict) or sorted(v) != sorted(RANKS):
            f.fail("duchy", None, key, f"needs a value for each rank {list(RANKS)}, got {v!r}")
    ministers = {}
    for i, row in enumerate(f.rows("minister", {"name", "rank", "cost"})):
        m = Minister(f.text("minister", i, row, "name"), f.choice("minister", i, row, "rank", RANKS),
                     f.whole("minister", i, row, "cost", 1, 6))
        ministers[m.name] = m
    if len(ministers) != 9:
        f.fail(None, None, "minister", f"the Duchy has nine ministers (Law 12.3.5), got {len(ministers)}")
    f.whole("corvids", None, corvids, "warriors", 15, 15)
    plots = corvids.get("plots")
    if not isinstance(plots, dict) or sorted(plots) != sorted(PLOT_KINDS) or any(v != 2 for v in plots.values()):
        f.fail("corvids", None, "plots", "eight plot tokens, two of each type (Law 13.2.2)")
    return ministers, game, duchy, corvids


def load(folder: Path = DATA) -> Tables:
    """Read and check map.toml, cards.toml and factions.toml of ``folder``."""
    folder = Path(folder)
    clearings, corners, opposite = _map(folder / "map.toml")
    cards, items, modelled = _cards(folder / "cards.toml")
    ministers, game, duchy, corvids = _factions(folder / "factions.toml")
    return Tables(clearings, corners, opposite, cards, items, modelled, ministers, game, duchy, corvids)


@cache
def tables() -> Tables:
    """The shipped tables, read once."""
    return load(DATA)
