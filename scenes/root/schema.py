"""The in-memory form of a Root scene file (``game = "root"``): the two seats, which of them the
bots play by default, and the round limit (the rules' data: rules/root/data/factions.toml
``round_limit``, a house rule: the Law has none). The map, the deck and the pieces are the box's."""
from __future__ import annotations

from dataclasses import dataclass

SEATS = ("duchy", "corvids")


@dataclass(frozen=True)
class RootScene:
    game: str                 # "root"
    name: str                 # the file's stem: the key `feltbox play root KEY` takes
    title: str
    seats: tuple[str, ...]    # ("duchy", "corvids")
    bots: str                 # the seats the bots play when nobody says ("corvids", "none", "all")
    round_limit: int
    source: str = ""
    notes: str = ""
