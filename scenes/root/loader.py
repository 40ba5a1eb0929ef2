"""Read and check a Root scene (``game = "root"``), called by :func:`scenes.loader.load_scene`.
Errors name file, line and field like every scene:
``scenes/root/standard.toml:5: round_limit: 30 is not the rules' round limit (25)``.

File layout: ``game = "root"``, ``title``, ``map = "autumn"``, ``seats = ["duchy", "corvids"]``,
``bots`` (the seats the bots play by default: "none", "all", "duchy" or "corvids"),
``round_limit`` (must be the rules' data value: the scene states it, the rules decide it) and
optional ``notes``.
"""
from __future__ import annotations

from pathlib import Path

from feltbox.rules.root.data import tables
from feltbox.scenes.checks import whole_problem
from feltbox.scenes.root.schema import SEATS, RootScene

KEYS = {"game", "title", "map", "seats", "bots", "round_limit", "notes"}


def build_root(b) -> RootScene:
    """``b`` is the generic scene builder (path, data, lines, fail, top)."""
    b.known(KEYS)
    title = b.title()
    if b.top("map", str) != "autumn":
        b.fail((None, 0, "map"), f"{b.data['map']!r}: only the Autumn map is in the box ('autumn')")
    seats = b.top("seats", list)
    if tuple(seats) != SEATS:
        b.fail((None, 0, "seats"), f"{seats!r}: a two-player game is {list(SEATS)}")
    bots = b.top("bots", str, "none")
    if bots not in ("none", "all", *SEATS):
        b.fail((None, 0, "bots"), f"{bots!r} is not one of ['none', 'all', 'duchy', 'corvids']")
    limit = b.data.get("round_limit")
    rules_limit = int(tables().game["round_limit"])
    problem = whole_problem(limit, 1, 200) if limit is not None else "missing"
    if problem:
        b.fail((None, 0, "round_limit"), problem)
    if limit != rules_limit:
        b.fail((None, 0, "round_limit"), f"{limit} is not the rules' round limit ({rules_limit})")
    notes = b.top("notes", str, "")
    return RootScene("root", Path(b.path).stem, title, tuple(seats), bots, int(limit), str(b.path), notes)
