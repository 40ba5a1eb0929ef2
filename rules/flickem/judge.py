"""Judging measured flicks (rulebook: MOVE, ENTERING AND EXITING A BUILDING, GUN, BASEBALL BAT,
KNIFE, SHOTGUN, FLARE, ZOMBIE RUSH "After the Zombie Rush").

Each function takes the physics room's measured outcome (outcome.py: ``FlickOutcome``,
``RushOutcome``) and returns the rules' verdict. Ids say what a
piece is: "survivor-...", "zombie-...", "<building>-support-<n>".
"""
from __future__ import annotations

from dataclasses import dataclass

from feltbox.rules.flickem.outcome import FlickOutcome, RushOutcome


def is_zombie(piece: str) -> bool:
    return piece.startswith("zombie-")


def is_survivor(piece: str) -> bool:
    return piece.startswith("survivor-")


def is_figure(piece: str) -> bool:
    return is_zombie(piece) or is_survivor(piece)


@dataclass(frozen=True)
class MoveVerdict:
    success: bool
    entered: str | None = None
    exited: str | None = None
    restore: tuple[str, ...] = ()        # disturbed pieces go back where they were
    reason: str = ""


def judge_move(outcome: FlickOutcome) -> MoveVerdict:
    """MOVE: success if the disc touched nothing (its own building's support blocks allowed when
    entering or exiting) and stayed in the city; either way disturbed pieces are put back."""
    restore = outcome.disturbed
    if outcome.flicked in outcome.left_city:
        return MoveVerdict(False, restore=restore, reason="the disc left the city")
    if not outcome.clean:
        first = outcome.first_contacts[0] if outcome.first_contacts else "something"
        return MoveVerdict(False, restore=restore, reason=f"the disc touched {first}")
    return MoveVerdict(True, outcome.entered, outcome.exited, restore)


@dataclass(frozen=True)
class ShotVerdict:
    """GUN / KNIFE / SHOTGUN: who is wounded, and which fallen components are stood back up."""
    wounded: tuple[str, ...] = ()
    stand_up: tuple[str, ...] = ()
    hit_nothing: bool = False
    first: str | None = None


def judge_shot(outcome: FlickOutcome, shotgun: bool = False) -> ShotVerdict:
    """GUN A/B/C (and KNIFE, the same rules; SHOTGUN: anything a pellet fells is wounded)."""
    fell = list(outcome.fell)
    if shotgun:
        wounded = tuple(f for f in outcome.extra.fell_touched if is_figure(f))
        return ShotVerdict(wounded, tuple(f for f in fell if f not in wounded), not wounded and not fell)
    contacts = list(outcome.first_contacts)
    if not contacts:
        return ShotVerdict(hit_nothing=True)                        # C: the action is lost
    first = contacts[0]
    if is_figure(first) and first in fell:                          # B: the figure is wounded
        return ShotVerdict((first,), tuple(f for f in fell if f != first), first=first)
    return ShotVerdict(stand_up=tuple(f for f in fell if not is_figure(f)), first=first)   # A


@dataclass(frozen=True)
class BatVerdict:
    success: bool
    stand_up: tuple[str, ...] = ()
    restore_survivor: bool = False
    entered: str | None = None
    reason: str = ""


def judge_bat(outcome: FlickOutcome, friends: frozenset[str]) -> BatVerdict:
    """BASEBALL BAT: success if it first touches a zombie or an enemy survivor (whether or not it
    falls) and "all other components that fell are returned to standing"; a first touch of an
    object, building or friend fails, the survivor goes back and all components that fell are
    stood up; nobody is wounded. Touching nothing, or only
    its own building's support blocks, is a move (ENTERING OR EXITING A BUILDING with the bat)."""
    fell = outcome.fell
    if outcome.flicked in outcome.left_city:
        return BatVerdict(False, fell, restore_survivor=True, reason="the bat left the city")
    if outcome.clean:
        return BatVerdict(True, fell, entered=outcome.entered)
    first = outcome.first_contacts[0]
    if is_zombie(first) or (is_survivor(first) and first not in friends):
        return BatVerdict(True, tuple(f for f in fell if f != first))     # the struck figure stays down
    return BatVerdict(False, fell, restore_survivor=True, reason=f"the bat first touched {first}")


@dataclass(frozen=True)
class RushVerdict:
    """After the Zombie Rush: survivors that fell lose 1 life; fallen objects are stood up where
    they are; figures pushed out of the city come back just inside, fallen."""
    lose_life: tuple[str, ...] = ()
    stand_up: tuple[str, ...] = ()
    put_back_inside_fallen: tuple[str, ...] = ()


def judge_rush(outcome: RushOutcome) -> RushVerdict:
    return RushVerdict(outcome.survivors_fell, outcome.objects_fell,
                       tuple(p for p in outcome.left_city if is_figure(p)))
