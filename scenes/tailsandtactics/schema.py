"""The in-memory form of a Tails and Tactics scene file (``game = "tailsandtactics"``): the deck
each side plays (rulebook: Things You'll Need, "a deck comprised of 40 or more Tails and Tactics
cards ... made up of only one Faction"). The decks themselves are the rules' (house deck files,
rules/tails_and_tactics/decks/*.toml, or a player's own deck file); the felt is laid by
game/tailsandtactics/felt.py."""
from __future__ import annotations

from dataclasses import dataclass

SIDES = ("red", "blue")          # the seats (docs: TT-API "Seats"), the near side first


@dataclass(frozen=True)
class TTScene:
    game: str                    # "tailsandtactics"
    name: str                    # the file's stem: the key `feltbox play tailsandtactics KEY` takes
    title: str
    decks: tuple[tuple[str, str], ...]   # ((side, deck file path), ...) in SIDES order
    source: str = ""
    notes: str = ""

    def deck(self, side: str) -> str:
        """The deck file ``side`` plays."""
        return dict(self.decks)[side]
