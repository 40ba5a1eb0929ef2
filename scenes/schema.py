"""The in-memory form of a scene file (see docs/scene-format.md for the TOML form).

A scene says what stands where when a scenario starts. It is plain data: ``feltbox.game.table.city`` turns it
into physical bodies (adding each building's two support blocks), the rules read survivors,
teams and the round marker from it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Placement:
    """One physical piece on the table.

    ``x, y`` in cm (city centre is 0,0; +x is east, +y north), ``heading`` in degrees
    counter-clockwise from +x (a building's door and a figure's face look along its heading).
    ``on``: id of the piece it rests on ("library" puts it on the library's support block shelf,
    a box or vehicle id puts it on top); ``slot`` picks which support block (0 left, 1 right).
    """
    id: str
    kind: str
    x: float
    y: float
    heading: float = 0.0
    params: dict[str, Any] = field(default_factory=dict)
    on: str | None = None
    slot: int = 0
    fallen: bool = False
    under: str | None = None   # a token hidden under this vehicle or object
    reserve: bool = False      # waits off the table (a survivor still to be found, a supply)
    line: int = 0              # line in the scene file, for error messages
    overlaps: tuple[str, ...] = ()   # pieces it is declared to overlap (scenes/footprints.py)


@dataclass(frozen=True)
class SurvivorSetup:
    """A survivor of the SET UP list: its piece id, name, team and starting life."""
    piece: str
    name: str
    number: int
    life: int
    team: str = "A"


@dataclass(frozen=True)
class Scene:
    game: str                     # "flickem"
    number: int                   # scenario number (1..10)
    title: str
    source: str                   # path of the TOML file
    house_layout: bool            # True: the map is house-made (rulebook maps are not in text)
    city: tuple[float, float]     # width, depth of the city (cm), centred on the origin
    round_start: int              # round-marker start on the RV awning (1 = last before skull)
    rounds_colour_start: str      # "day" or "night": colour of the first round
    zombies_in_bin: int
    invasion_day: int
    invasion_night: int
    tower_home: tuple[float, float, float]   # x, y, heading of the zombie bin (tower on top)
    teams: dict[str, str]         # team id -> side of the table ("south", "north", ...)
    survivors: tuple[SurvivorSetup, ...]
    placements: tuple[Placement, ...]
    notes: str = ""
    zombies_in_box: int = 0       # figures in the game box, not in play (S1: the streets' few)

    def placement(self, piece_id: str) -> Placement:
        for p in self.placements:
            if p.id == piece_id:
                return p
        raise KeyError(f"{self.source}: no piece with id {piece_id!r}")
