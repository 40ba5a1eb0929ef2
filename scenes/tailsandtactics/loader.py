"""Read and check a Tails and Tactics scene (``game = "tailsandtactics"``), called by
:func:`scenes.loader.load_scene`. Errors name file, line and field like every scene:
``scenes/tailsandtactics/standard.toml:6: blue.deck: no house deck 'ratz' (known: ...)``.

File layout: ``game = "tailsandtactics"``, ``title``, optional ``notes``, and one table per side,
``[red]`` and ``[blue]``, each with ``deck``: the name of a house deck (a file stem of
rules/tails_and_tactics/decks/) or the path of a deck file (``.toml``, relative to the scene
file). The deck file itself is checked by the rules' deck builder (rules/tails_and_tactics/decks.py)
as the scene is read, so a broken deck stops the command before anything runs.
"""
from __future__ import annotations

from pathlib import Path

from feltbox.rules.tails_and_tactics.decks import load_deck
from feltbox.scenes.checks import unprintable
from feltbox.scenes.tailsandtactics.schema import SIDES, TTScene

KEYS = {"game", "title", "notes", *SIDES}
SIDE_KEYS = {"deck"}
DECK_DIR = Path(__file__).resolve().parents[2] / "rules" / "tails_and_tactics" / "decks"


def house_decks() -> list[str]:
    """The house decks' names (file stems), sorted."""
    return sorted(p.stem for p in DECK_DIR.glob("*.toml"))


def deck_path(name: str, scene_path: Path) -> Path | None:
    """The deck file a scene's ``deck`` names: a house deck by name, or a ``.toml`` path (relative
    to the scene's folder); None when there is no such file."""
    if name.lower().endswith(".toml") or "/" in name:
        path = Path(name) if Path(name).is_absolute() else Path(scene_path).parent / name
    else:
        path = DECK_DIR / f"{name}.toml"
    return path if path.is_file() else None


def build_tt(b) -> TTScene:
    """``b`` is the generic scene builder (path, data, lines, fail, top)."""
    b.known(KEYS)
    title = b.title()
    decks = []
    for side in SIDES:
        table = b.top(side, dict)
        extra = sorted(set(table) - SIDE_KEYS)
        if extra:
            b.fail((side, None, extra[0]), f"unknown key (known: {', '.join(sorted(SIDE_KEYS))})")
        name = table.get("deck")
        if not isinstance(name, str) or not name.strip() or unprintable(name):
            b.fail((side, None, "deck"), f"must name a deck (a house deck or a .toml file), got {name!r}")
        path = deck_path(name, b.path)
        if path is None:
            b.fail((side, None, "deck"), f"no house deck or deck file {name!r} (house decks: {', '.join(house_decks())})")
        load_deck(path)             # the deck builder: a broken deck file is one line naming its file:line:field
        decks.append((side, str(path)))
    notes = b.top("notes", str, "")
    return TTScene("tailsandtactics", Path(b.path).stem, title, tuple(decks), str(b.path), notes)
