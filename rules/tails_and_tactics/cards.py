"""The Tails and Tactics cards as data (rulebook: Anatomy of a Card, Card Types, Special Attacks):
``rules/tails_and_tactics/data/<faction>.toml``, one ``[[card]]`` table per card, loaded and checked
once. No public card list exists: every card is HOUSE (``house = true`` per file and per card).

Every problem is a :class:`CardDataError` naming file, line and field, e.g.
``foxes.toml:41: card[3].health: must be a whole number from 1 to 9, got 0``; nothing is half-loaded.

The effect vocabulary (``effects = [{kind = ..., ...}]``) is small and closed; effects.py
implements every kind. Instant kinds (events and traps): destroy, damage, counter, negate_attack,
no_dodge, boost (until end of turn), repair, heal_base, draw. Lasting kinds (equipment, turfs, new
rules, units, while in play): aura, hand_limit, extra_draw.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from feltbox.rules.core import InputError
from feltbox.rules.tomlfile import read_toml

DATA = Path(__file__).with_name("data")
UNIT_TYPES = ("troop", "position", "vehicle")
KINDS = ("unit", "equipment", "event", "trap", "turf", "new_rule")
INSTANT = {"destroy": ("target",), "damage": ("target", "amount"), "counter": (), "negate_attack": (),
           "no_dodge": (), "boost": ("stat", "amount"), "repair": ("amount",), "heal_base": ("amount",),
           "draw": ("amount",)}
LASTING = {"aura": ("stat", "amount", "scope"), "hand_limit": ("amount",), "extra_draw": ("amount",)}
TARGETS = ("enemy", "attacker")          # destroy / damage: any enemy card with health, or the attacker
STATS = ("attack", "defense", "attacks")
SCOPES = ("attached", "self", "troop", "position", "vehicle", "units")
KEYS = {"id", "name", "kind", "card_types", "unit_type", "health", "attacks", "direct", "on", "attack",
        "defense", "requires", "equips", "effects", "body", "flavor", "copies", "house", "number"}


class CardDataError(InputError):
    """A broken Tails and Tactics card file; the message names file, line and field."""


@dataclass(frozen=True)
class Effect:
    kind: str
    target: str = ""          # destroy/damage: "enemy" | "attacker"
    stat: str = ""            # boost/aura: attack | defense | attacks
    amount: int = 0
    scope: str = ""           # aura: attached | self | troop | position | vehicle | units

    @property
    def lasting(self) -> bool:
        return self.kind in LASTING


@dataclass(frozen=True)
class Requirement:
    """Deployment Requirements: discard ``count`` units of ``unit_type`` (None = any unit) or the
    card ``card`` from your battlefield. ``count`` 0 and no card = No Deployment Requirements."""
    count: int = 0
    unit_type: str | None = None
    card: str | None = None

    @property
    def none(self) -> bool:
        return self.count == 0 and self.card is None

    def text(self, names: dict[str, str] | None = None) -> str:
        if self.card:
            return f"Discard {(names or {}).get(self.card, self.card)} from your battlefield"
        if self.count:
            what = f"{self.unit_type.title()}" if self.unit_type else "unit"
            return f"Discard {self.count} {what}{'s' if self.count > 1 else ''} from your battlefield"
        return "No Deployment Requirements"


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    faction: str
    kind: str                                   # unit | equipment | event | trap | turf | new_rule
    card_types: tuple[str, ...]                 # printed under Card Information
    unit_type: str | None = None                # units and equipment: troop | position | vehicle
    health: int | None = None                   # units and turfs
    attacks: int = 0
    direct: bool = False                        # "Dir." next to the attacks number
    on_targets: int | None = None               # Y of "X on Y"
    attack: dict = field(default_factory=dict)  # troop/position/vehicle -> x
    defense: dict = field(default_factory=dict)
    requirements: Requirement = Requirement()
    equips: tuple[str, ...] = UNIT_TYPES        # equipment: the unit types it may attach to
    effects: tuple[Effect, ...] = ()
    body: str = ""
    flavor: str = ""
    copies: int = 3
    number: str = ""
    house: bool = True

    @property
    def explosive(self) -> bool:
        return "Explosive" in self.card_types

    @property
    def rule_changer(self) -> bool:
        return "Rule Changer" in self.card_types

    @property
    def attacks_text(self) -> str:
        text = f"{self.attacks}{' Dir.' if self.direct else ''}"
        return f"{text} on {self.on_targets}" if self.on_targets else text

    @property
    def target(self) -> str:
        """What the player picks when playing it: "enemy", "own" (boost/repair), "" (nothing)."""
        for e in self.effects:
            if e.kind in ("destroy", "damage") and e.target == "enemy":
                return "enemy"
            if e.kind in ("boost", "repair"):
                return "own"
        return ""


class _File:
    def __init__(self, path: Path):
        self.path = path
        self.data, self.lines = read_toml(path, CardDataError, "card file")

    def fail(self, index: int | None, key: str, why: str):
        line = self.lines.key("card" if index is not None else None, index, key)
        where = f"card[{index}].{key}" if index is not None else key
        raise CardDataError(f"{self.path}:{line}: {where}: {why}")

    def whole(self, row: dict, i: int, key: str, lo: int, hi: int, default=None) -> int:
        value = row.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            self.fail(i, key, f"must be a whole number from {lo} to {hi}, got {value!r}")
        return value

    def text(self, row: dict, i: int, key: str, default=None) -> str:
        value = row.get(key, default)
        if not isinstance(value, str) or (default is None and not value.strip()):
            self.fail(i, key, f"must be a non-empty text, got {value!r}")
        return value

    def one_of(self, row: dict, i: int, key: str, options, default=None):
        value = row.get(key, default)
        if value not in options:
            self.fail(i, key, f"must be one of {list(options)}, got {value!r}")
        return value

    def stats(self, row: dict, i: int, key: str) -> dict:
        value = row.get(key)
        if (not isinstance(value, list) or len(value) != 3
                or any(isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 9 for v in value)):
            self.fail(i, key, f"must be three whole numbers 0-9 (against troop, position, vehicle), got {value!r}")
        return dict(zip(UNIT_TYPES, value))


def _effect(f: _File, i: int, raw) -> Effect:
    if not isinstance(raw, dict) or raw.get("kind") not in INSTANT | LASTING:
        kind = raw.get("kind") if isinstance(raw, dict) else raw
        f.fail(i, "effects", f"unknown effect kind {kind!r} (known: {', '.join(sorted(INSTANT | LASTING))})")
    kind = raw["kind"]
    needs = (INSTANT | LASTING)[kind]
    for key in raw:
        if key != "kind" and key not in needs:
            f.fail(i, "effects", f"effect {kind!r} takes no {key!r} (it takes: {', '.join(needs) or 'nothing'})")
    for key in needs:
        if key not in raw:
            f.fail(i, "effects", f"effect {kind!r} needs {key!r}")
    options = {"target": TARGETS, "stat": STATS, "scope": SCOPES}
    for key, allowed in options.items():
        if key in raw and raw[key] not in allowed:
            f.fail(i, "effects", f"effect {kind!r}: {key} must be one of {list(allowed)}, got {raw[key]!r}")
    amount = raw.get("amount", 0)
    if "amount" in raw and (isinstance(amount, bool) or not isinstance(amount, int) or not 1 <= amount <= 9):
        f.fail(i, "effects", f"effect {kind!r}: amount must be a whole number 1-9, got {amount!r}")
    return Effect(kind, raw.get("target", ""), raw.get("stat", ""), amount, raw.get("scope", ""))


def _requirement(f: _File, i: int, raw) -> Requirement:
    if raw is None:
        return Requirement()
    if not isinstance(raw, dict) or not ({"units", "card"} & set(raw)) or set(raw) - {"units", "type", "card"}:
        f.fail(i, "requires", f'must be {{units = N, type = "troop"}} or {{card = "<card id>"}}, got {raw!r}')
    if "card" in raw:
        if not isinstance(raw["card"], str) or set(raw) != {"card"}:
            f.fail(i, "requires", f"card must be a card id alone, got {raw!r}")
        return Requirement(card=raw["card"])
    count = raw["units"]
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 3:
        f.fail(i, "requires", f"units must be a whole number 1-3, got {count!r}")
    utype = raw.get("type")
    if utype is not None and utype not in UNIT_TYPES:
        f.fail(i, "requires", f"type must be one of {list(UNIT_TYPES)}, got {utype!r}")
    return Requirement(count, utype)


def _numbers(f: _File, i: int, row: dict, kind: str) -> dict:
    """Unit type, health, attacks and the x/y rows: only what the card's kind prints."""
    out: dict = {}
    fights = kind in ("unit", "equipment")
    for key in ("attacks", "attack", "on", "direct", "unit_type"):
        if key in row and not fights:
            f.fail(i, key, f"a {kind} has no {key} (only units and equipment fight)")
    if kind in ("unit", "turf"):
        out["health"] = f.whole(row, i, "health", 1, 9)
    if fights:
        out["unit_type"] = f.one_of(row, i, "unit_type", UNIT_TYPES)
        out["attacks"] = f.whole(row, i, "attacks", 0 if kind == "equipment" else 1, 6, 0)
        out["direct"] = row.get("direct", False) is True
        out["on_targets"] = f.whole(row, i, "on", 0, 3, 0) or None
        out["attack"] = f.stats(row, i, "attack")
    if kind in ("unit", "turf") or (kind == "equipment" and "defense" in row):
        out["defense"] = f.stats(row, i, "defense")
    if kind == "equipment":
        equips = row.get("equips", list(UNIT_TYPES))
        if not isinstance(equips, list) or not equips or any(t not in UNIT_TYPES for t in equips):
            f.fail(i, "equips", f"must be a list of unit types {list(UNIT_TYPES)}, got {equips!r}")
        out["equips"] = tuple(equips)
    elif "equips" in row:
        f.fail(i, "equips", "only equipment attaches to a unit")
    return out


def _card(f: _File, faction: str, i: int, row: dict) -> Card:
    for key in row:
        if key not in KEYS:
            f.fail(i, key, f"unknown key (known: {', '.join(sorted(KEYS))})")
    if row.get("house") is not True:
        f.fail(i, "house", "must be `house = true`: no public card list exists, every card is house-made")
    kind = f.one_of(row, i, "kind", KINDS)
    types = row.get("card_types")
    if not isinstance(types, list) or not types or not all(isinstance(t, str) and t for t in types):
        f.fail(i, "card_types", f"must be a list of the words under Card Information, got {types!r}")
    effects = row.get("effects", [])
    if not isinstance(effects, list):
        f.fail(i, "effects", f"must be a list of effect tables, got {effects!r}")
    card = dict(id=f.text(row, i, "id"), name=f.text(row, i, "name"), faction=faction, kind=kind,
                card_types=tuple(types), body=f.text(row, i, "body", ""), flavor=f.text(row, i, "flavor", ""),
                copies=f.whole(row, i, "copies", 1, 4, 3), number=f.text(row, i, "number", ""),
                requirements=_requirement(f, i, row.get("requires")),
                effects=tuple(_effect(f, i, e) for e in effects))
    card.update(_numbers(f, i, row, kind))
    instant = kind in ("event", "trap")
    for n, e in enumerate(card["effects"]):
        if instant == e.lasting:
            f.fail(i, "effects", f"effect {n} {e.kind!r}: {'an event or trap' if instant else 'a ' + kind} "
                                 f"takes {'instant' if instant else 'lasting'} effects")
    if instant and not card["effects"]:
        f.fail(i, "effects", f"a {kind} needs at least one effect")
    if "Rule Changer" in card["card_types"] and (kind != "new_rule" or card["copies"] != 1):
        f.fail(i, "card_types", "a Rule Changer is a New Rule with copies = 1")
    return Card(**card)


def load_file(path: Path) -> dict[str, Card]:
    """The cards of one faction file (the file name is the faction)."""
    f = _File(Path(path))
    if f.data.get("house") is not True:
        f.fail(None, "house", "must be `house = true`: no public card list exists, every card is house-made")
    faction = f.text(f.data, None, "faction")
    if faction != Path(path).stem:
        f.fail(None, "faction", f"must match the file name {Path(path).stem!r}, got {faction!r}")
    rows = f.data.get("card")
    if not isinstance(rows, list) or not rows:
        f.fail(None, "card", "needs [[card]] tables")
    out: dict[str, Card] = {}
    for i, row in enumerate(rows):
        card = _card(f, faction, i, row)
        if card.id in out:
            f.fail(i, "id", f"duplicate card id {card.id!r}")
        out[card.id] = card
    for i, card in enumerate(out.values()):
        if card.requirements.card and card.requirements.card not in out:
            f.fail(i, "requires", f"names {card.requirements.card!r}, not a card of {faction}")
    return out


def load_folder(folder: Path = DATA) -> dict[str, Card]:
    cards: dict[str, Card] = {}
    for path in sorted(Path(folder).glob("*.toml")):
        for cid, card in load_file(path).items():
            if cid in cards:
                raise CardDataError(f"{path}:0: card id {cid!r} is also in faction {cards[cid].faction}")
            cards[cid] = card
    return cards


@cache
def load_cards() -> dict[str, Card]:
    """Every shipped card, read once: card id -> Card."""
    return load_folder(DATA)


def factions() -> tuple[str, ...]:
    return tuple(sorted({c.faction for c in load_cards().values()}))
