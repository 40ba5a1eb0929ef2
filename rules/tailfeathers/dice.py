"""Action dice (rulebook: Determine Initiative, Check, Attack, Rolling Cheese). The rules never
roll: they ask the physics tray with PhysicsRequest("roll", {"dice": n, "why": ...}) and read the
faces back from Measured({"faces": [...]}) (contract). Face names: data/dice.toml."""
from __future__ import annotations

from dataclasses import replace

from feltbox.rules.core import IllegalAction
from feltbox.rules.tailfeathers import data as tables
from feltbox.rules.tailfeathers.state import RollCall, TFState

MAX_CHEESE = 6


def is_(face: str, what: str) -> bool:
    return bool(tables.face(face).get(what, False))


def count(faces, what: str) -> int:
    return sum(1 for f in faces if is_(f, what))


def hits(faces, kind: str) -> int:
    """Melee: sword and sword/shield faces hit; ranged: bow faces (Ranged / Melee Attack)."""
    return count(faces, "melee" if kind == "melee" else "ranged")


def marks(faces) -> int:
    return count(faces, "mark")


def total(faces) -> int:
    return sum(tables.face(f)["move"] for f in faces)


def check_faces(faces, n: int) -> tuple[str, ...]:
    faces = tuple(faces)
    if len(faces) != n:
        raise IllegalAction(f"{n} dice were rolled, {len(faces)} faces came back")
    for f in faces:
        tables.face(f) if f in tables.faces() else (_ for _ in ()).throw(IllegalAction(f"unknown face {f!r}"))
    return faces


def ask(state: TFState, why: str, player: str, dice: int, kept: tuple[str, ...] = ()) -> TFState:
    return replace(state, flow=replace(state.flow, roll=RollCall(why, player, dice, kept)))


def add_cheese(state: TFState, alliance: str, n: int) -> tuple[TFState, int]:
    """Add up to n cheese to the wheel (at most 6); returns the excess that did not fit."""
    p = state.data.player(alliance)
    room = MAX_CHEESE - p.cheese
    added = max(0, min(n, room))
    return replace(state, data=state.data.with_player(replace(p, cheese=p.cheese + added))), n - added
