"""The in-memory form of a Snowbirds scene file (``game = "snowbirds"``): which mode of the
migration it plays (rulebook: Game Difficulty). Everything else of the game (the decks, the mat,
the map row) is the box's, laid by game/snowbirds/table.py."""
from __future__ import annotations

from dataclasses import dataclass

MODES = ("normal", "difficult")


@dataclass(frozen=True)
class SBScene:
    game: str                 # "snowbirds"
    name: str                 # the file's stem: the key `feltbox play snowbirds KEY` takes
    title: str
    mode: str                 # "normal" | "difficult"
    source: str = ""
    notes: str = ""

    @property
    def difficult(self) -> bool:
        return self.mode == "difficult"
