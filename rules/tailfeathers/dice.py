"""Action dice (rulebook: Determine Initiative, Check, Attack, Rolling Cheese). The rules never
roll: they ask the physics tray with PhysicsRequest("roll", {"dice": n, "why": ...}) and read the
faces back from Measured({"faces": [...]}) (contract). Face names: data/dice.toml.

Rolling Cheese: "If your cheese wheel is or becomes full you may re-roll any excess cheese
results, but must keep your second roll results": an attack, defense or death spiral roll whose
cheese faces do not all fit the wheel waits for its player's ``RerollCheese(n)``, 0 up to the
excess (``excess`` / ``reroll_cheese``); the module that asked for the roll goes on from there."""
from __future__ import annotations

from dataclasses import dataclass, replace

from feltbox.rules.core import Event, IllegalAction
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


@dataclass(frozen=True)
class RerollCheese:
    """Rolling Cheese: re-roll this many of the excess cheese results (0: keep the roll)."""
    dice: int


CHEESE_ROLLS = ("attack", "defense", "spiral")    # "when attacking or defending, including special attacks"


def excess(state: TFState, faces: tuple[str, ...]) -> tuple[TFState, bool]:
    """Add the cheese of a first roll (``flow.roll``, not a re-roll) to its player's wheel; when
    some do not fit, the roll waits for the player's re-roll choice (True)."""
    roll = state.flow.roll
    state, over = add_cheese(state, roll.player, count(faces, "cheese"))
    state = replace(state, flow=replace(state.flow, roll=None))
    if over and roll.why in CHEESE_ROLLS:
        return replace(state, flow=replace(state.flow, cheese=RollCall(roll.why, roll.player, over,
                                                                       roll.kept + tuple(faces)))), True
    return state, False


def cheese_options(state: TFState) -> list:
    return [RerollCheese(n) for n in range(state.flow.cheese.dice + 1)]


def reroll_cheese(state: TFState, a: RerollCheese, events: list) -> tuple[TFState, tuple[str, ...] | None]:
    """The choice made: (state asking the re-roll, None), or with 0, (state, every face kept)."""
    call = state.flow.cheese
    state = replace(state, flow=replace(state.flow, cheese=None))
    if a.dice == 0:
        return state, call.kept
    kept = list(call.kept)
    for _ in range(a.dice):
        kept.remove("cheese")
    events.append(Event("cheese re-rolled", {"player": call.player, "dice": a.dice}))
    return ask(state, call.why + "+", call.player, a.dice, kept=tuple(kept)), None
