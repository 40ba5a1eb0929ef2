"""The deck builder (rulebook: Things You'll Need): a deck file lists cards of ONE faction, at
least 40 cards, no card more often than its copy limit (Card Information). Ready-made house decks
are ``rules/tails_and_tactics/decks/<faction>.toml``::

    faction = "foxes"
    name = "Fox Legion"
    [[entry]]
    card = "fox-scout"
    count = 3

Every problem is a :class:`DeckError` in one line naming file, line and field; nothing is
half-loaded."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from feltbox.rules.core import InputError
from feltbox.rules.tails_and_tactics.cards import load_cards
from feltbox.rules.tomlfile import read_toml

DECKS = Path(__file__).with_name("decks")
MIN_CARDS = 40


class DeckError(InputError):
    """A deck file that breaks the deck-building rules; the message names file, line and field."""


@dataclass(frozen=True)
class Deck:
    faction: str
    name: str
    cards: tuple[str, ...]          # card ids, one per copy, in file order


def load_deck(path: Path) -> Deck:
    path = Path(path)
    data, lines = read_toml(path, DeckError, "deck file")

    def fail(index: int | None, key: str, why: str):
        line = lines.key("entry" if index is not None else None, index, key)
        where = f"entry[{index}].{key}" if index is not None else key
        raise DeckError(f"{path}:{line}: {where}: {why}")

    cards = load_cards()
    factions = sorted({c.faction for c in cards.values()})
    faction = data.get("faction")
    if faction not in factions:
        fail(None, "faction", f"must be one of {factions}, got {faction!r}")
    name = data.get("name", path.stem)
    if not isinstance(name, str):
        fail(None, "name", f"must be a text, got {name!r}")
    entries = data.get("entry")
    if not isinstance(entries, list) or not entries:
        fail(None, "entry", "needs [[entry]] tables (card = ..., count = ...)")
    out: list[str] = []
    counts: dict[str, int] = {}
    for i, row in enumerate(entries):
        extra = set(row) - {"card", "count"}
        if extra:
            fail(i, sorted(extra)[0], "unknown key (known: card, count)")
        cid = row.get("card")
        if cid not in cards:
            fail(i, "card", f"unknown card id {cid!r}")
        if cards[cid].faction != faction:
            fail(i, "card", f"{cid!r} is a {cards[cid].faction} card: a deck is one faction ({faction})")
        count = row.get("count", 1)
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            fail(i, "count", f"must be a whole number of at least 1, got {count!r}")
        counts[cid] = counts.get(cid, 0) + count
        if counts[cid] > cards[cid].copies:
            fail(i, "count", f"{cards[cid].name} may be in a deck {cards[cid].copies} times at most, "
                             f"this deck has {counts[cid]}")
        out += [cid] * count
    if len(out) < MIN_CARDS:
        fail(None, "entry", f"a deck needs {MIN_CARDS} or more cards, this one has {len(out)}")
    return Deck(faction, name, tuple(out))


@cache
def ready_deck(faction: str) -> tuple[str, ...]:
    """The card ids of the shipped deck of ``faction``."""
    return load_deck(DECKS / f"{faction}.toml").cards
