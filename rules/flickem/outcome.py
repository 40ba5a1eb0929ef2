"""What the table measured, typed: the rules read a physics episode through these, once.

The physics room measures an episode (game/table/measure.py, game/table/session.py) and the bridge
adds what it reads off the table afterwards (``TableFacts``); the rules get it back as a
``Measured`` action whose outcome is the JSON form (``to_json``), the form replays and saves keep.
The flow parses it once (``FlickOutcome.from_json`` / ``RushOutcome.from_json``) and every rule
reads typed fields from there. A key an older file lacks takes its default.

Rulebook terms: THE FLICK (first contacts, what fell or got up, what left the city), MOVE and
ENTERING AND EXITING A BUILDING (entered, exited, clean), USING A WEAPON (the shot's falls, the
shotgun's pellets), FLARE (where it ended, which side is up), ZOMBIE RUSH and After the Zombie
Rush (who fell, what left the city), ZOMBIES ENTERING A BUILDING (at a door), S3 (objects), S4
BARRICADES (which still block, touched, from behind), S1 (a zombie touching the RV).
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any


def _ids(value) -> tuple[str, ...]:
    return tuple(str(v) for v in (value or ()))


def _id_lists(value) -> dict[str, tuple[str, ...]]:
    return {str(k): _ids(v) for k, v in (value or {}).items()}


def _lists(value):
    """JSON form of a field: tuples as lists, dicts key by key."""
    if isinstance(value, dict):
        return {k: _lists(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [_lists(v) for v in value]
    return value


@dataclass(frozen=True, kw_only=True)
class TableFacts:
    """The table after an episode, as the bridge reads it for the rules."""

    positions: dict[str, tuple[float, float]] = field(default_factory=dict)   # every figure on the table
    standing: dict[str, bool] = field(default_factory=dict)                  # ... and whether it stands
    at_door: dict[str, str] = field(default_factory=dict)        # zombie -> building whose door it is at
    objects: dict[str, tuple[float, ...]] | None = None        # S3: vehicle/barrel/box -> x, y, heading, half sizes
    touching_rv: tuple[str, ...] = ()                           # S1: zombies touching the RV
    barricades: dict[str, tuple[str, ...]] | None = None        # S4: building -> barricades still blocking it

    def table_json(self) -> dict:
        out = {"positions": {k: list(v) for k, v in self.positions.items()}, "standing": dict(self.standing),
               "at_door": dict(self.at_door)}
        if self.objects is not None:
            out["objects"] = {k: list(v) for k, v in self.objects.items()}
        out["touching_rv"] = list(self.touching_rv)
        if self.barricades is not None:
            out["barricades"] = _lists(self.barricades)
        return out

    @staticmethod
    def table_kwargs(data: dict) -> dict:
        objects, barricades = data.get("objects"), data.get("barricades")
        return {"positions": {str(p): (float(x), float(y)) for p, (x, y) in data.get("positions", {}).items()},
                "standing": {str(k): bool(v) for k, v in data.get("standing", {}).items()},
                "at_door": {str(k): str(v) for k, v in data.get("at_door", {}).items()},
                "objects": None if objects is None else {str(k): tuple(float(x) for x in v) for k, v in objects.items()},
                "touching_rv": _ids(data.get("touching_rv")),
                "barricades": None if barricades is None else _id_lists(barricades)}


@dataclass(frozen=True, kw_only=True)
class FlickDetails:
    """The rest of a flick's measurement, and what was flicked (kept as the outcome's "extra")."""

    touched_by: dict[str, tuple[str, ...]] = field(default_factory=dict)   # each flicked piece's touches
    fell_touched: tuple[str, ...] = ()         # SHOTGUN: what fell and was touched by a pellet
    end: tuple[float, float] | None = None     # where the flicked piece ended
    flipped: bool = False                      # it turned over (a flare's side up)
    barricades: dict[str, tuple[str, ...]] | None = None   # S4, at the flick's end
    survivor: str | None = None                # the flicker, weapon, aim and side (a flick)
    weapon: str | None = None
    aim: dict | None = None
    side: str | None = None
    attacker: str | None = None                # a fight's attacker

    def to_json(self) -> dict:
        out: dict[str, Any] = {"touched_by": _lists(self.touched_by), "fell_touched": list(self.fell_touched)}
        if self.end is not None:
            out["end"] = list(self.end)
        out["flipped"] = self.flipped
        for name in ("barricades", "survivor", "weapon", "aim", "side", "attacker"):
            if getattr(self, name) is not None:
                out[name] = _lists(getattr(self, name))
        return out

    @classmethod
    def from_json(cls, data: dict | None) -> FlickDetails:
        data = data or {}
        end, barricades = data.get("end"), data.get("barricades")
        return cls(touched_by=_id_lists(data.get("touched_by")), fell_touched=_ids(data.get("fell_touched")),
                   end=None if end is None else (float(end[0]), float(end[1])), flipped=bool(data.get("flipped")),
                   barricades=None if barricades is None else _id_lists(barricades),
                   survivor=data.get("survivor"), weapon=data.get("weapon"), aim=data.get("aim"),
                   side=data.get("side"), attacker=data.get("attacker"))


FLICK_KEYS = ("flicked", "first_contacts", "first_contact_ticks", "fell", "got_up", "left_city", "disturbed",
              "entered", "exited", "started_in", "clean", "settled", "sim_seconds")


@dataclass(frozen=True, kw_only=True)
class FlickOutcome(TableFacts):
    """One flick (a move, a shot, the bat, a flare, a figure, a fight's attack or an eject)."""

    flicked: str
    first_contacts: tuple[str, ...] = ()       # what the flicked piece touched, first touch first
    first_contact_ticks: tuple[int, ...] = ()
    fell: tuple[str, ...] = ()                 # figures and objects standing before, fallen after
    got_up: tuple[str, ...] = ()               # fallen before, standing after
    left_city: tuple[str, ...] = ()            # inside the city limits before, outside after
    disturbed: tuple[str, ...] = ()            # bodies that moved (a failed move puts them back)
    entered: str | None = None                 # the building the flicked piece ended inside
    exited: str | None = None                  # the building it left wholly through its door
    started_in: str | None = None
    clean: bool = False                        # touched nothing but its own building's blocks
    settled: bool = True
    sim_seconds: float = 0.0
    extra: FlickDetails = field(default_factory=FlickDetails)
    flare_at: tuple[float, float] | None = None     # FLARE: where it ended (the bridge's copy of extra.end)
    flipped: bool | None = None                     # FLARE: it turned over
    touched_barricade: bool = False                 # S4: the flicked piece touched a barricade
    behind: tuple[str, ...] | None = None           # S4: buildings the flicker stood behind

    def episode_json(self) -> dict:
        """What the table measured in the episode alone (a replay episode's recorded outcome)."""
        return {**{name: _lists(getattr(self, name)) for name in FLICK_KEYS}, "extra": self.extra.to_json()}

    def to_json(self) -> dict:
        """The whole outcome the rules are given (a ``Measured`` action's)."""
        out = self.episode_json()
        if self.flare_at is not None:
            out["flare_at"] = list(self.flare_at)
        if self.flipped is not None:
            out["flipped"] = self.flipped
        if self.barricades is not None or self.touched_barricade:
            out["touched_barricade"] = self.touched_barricade
        if self.behind is not None:
            out["behind"] = list(self.behind)
        return {**out, **self.table_json()}

    @classmethod
    def from_json(cls, data: dict) -> FlickOutcome:
        flare_at, behind, flipped = data.get("flare_at"), data.get("behind"), data.get("flipped")
        return cls(flicked=str(data.get("flicked", "")), first_contacts=_ids(data.get("first_contacts")),
                   first_contact_ticks=tuple(int(t) for t in data.get("first_contact_ticks", ())),
                   fell=_ids(data.get("fell")), got_up=_ids(data.get("got_up")),
                   left_city=_ids(data.get("left_city")), disturbed=_ids(data.get("disturbed")),
                   entered=data.get("entered"), exited=data.get("exited"), started_in=data.get("started_in"),
                   clean=bool(data.get("clean", False)), settled=bool(data.get("settled", True)),
                   sim_seconds=float(data.get("sim_seconds", 0.0)), extra=FlickDetails.from_json(data.get("extra")),
                   flare_at=None if flare_at is None else (float(flare_at[0]), float(flare_at[1])),
                   flipped=None if flipped is None else bool(flipped),
                   touched_barricade=bool(data.get("touched_barricade", False)),
                   behind=None if behind is None else _ids(behind), **cls.table_kwargs(data))


RUSH_KEYS = ("zombies", "survivors_fell", "objects_fell", "left_city", "back_inside", "set_aside", "heading",
             "settled", "sim_seconds", "touched")


@dataclass(frozen=True, kw_only=True)
class RushOutcome(TableFacts):
    """A ZOMBIE RUSH down the tower, or a new horde dropped from it (After the Zombie Rush)."""

    zombies: tuple[str, ...] = ()
    survivors_fell: tuple[str, ...] = ()
    objects_fell: tuple[str, ...] = ()
    left_city: tuple[str, ...] = ()            # figures pushed out of the city
    back_inside: dict[str, tuple[float, float]] = field(default_factory=dict)   # ... and the spot just inside
    set_aside: tuple[str, ...] = ()            # components under the tower's footprint, put back after
    heading: float = 0.0
    settled: bool = True
    sim_seconds: float = 0.0
    touched: dict[str, tuple[str, ...]] = field(default_factory=dict)   # rushing zombie -> what it touched

    def episode_json(self) -> dict:
        """What the table measured in the episode alone (a replay episode's recorded outcome)."""
        return {name: _lists(getattr(self, name)) for name in RUSH_KEYS}

    def to_json(self) -> dict:
        """The whole outcome the rules are given (a ``Measured`` action's)."""
        return {**self.episode_json(), **self.table_json()}

    @classmethod
    def from_json(cls, data: dict) -> RushOutcome:
        return cls(zombies=_ids(data.get("zombies")), survivors_fell=_ids(data.get("survivors_fell")),
                   objects_fell=_ids(data.get("objects_fell")), left_city=_ids(data.get("left_city")),
                   back_inside={str(k): (float(v[0]), float(v[1])) for k, v in data.get("back_inside", {}).items()},
                   set_aside=_ids(data.get("set_aside")), heading=float(data.get("heading", 0.0)),
                   settled=bool(data.get("settled", True)), sim_seconds=float(data.get("sim_seconds", 0.0)),
                   touched=_id_lists(data.get("touched")), **cls.table_kwargs(data))


def with_table(outcome: FlickOutcome | RushOutcome, facts: TableFacts) -> FlickOutcome | RushOutcome:
    """``outcome`` with the table facts the bridge read after the episode."""
    return replace(outcome, **{f.name: getattr(facts, f.name) for f in fields(TableFacts)})
