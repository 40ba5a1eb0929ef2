"""What the start screen says about each scenario: title, story, objective, teams (no Panda3D).

Story and objective lines are house text in scenes/<game>/stories.toml (written for feltbox, see
their header); titles and teams come from the scene files themselves.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache

from feltbox.scenes.loader import SCENE_DIR

SCENES = SCENE_DIR
GAME_NAMES = {"flickem": "Flick'em Up! Dead of Winter", "tailfeathers": "Tail Feathers", "snowbirds": "Snowbirds",
              "tailsandtactics": "Tails and Tactics"}
SEATS = {"tailfeathers": ("mouse", "rat"), "snowbirds": ("flock",), "tailsandtactics": ("red", "blue")}   # by game
MODES = {"tailfeathers": "competitive", "snowbirds": "solitaire", "tailsandtactics": "competitive"}


@dataclass(frozen=True)
class ScenarioInfo:
    game: str               # "flickem" | "tailfeathers" | "snowbirds" | "tailsandtactics"
    key: str                # "1".."10", a Tail Feathers scene name, a Snowbirds mode
    label: str              # "S1 Get Outta Town!"
    story: str
    objective: str
    mode: str               # cooperative | competitive | solitaire
    teams: tuple[str, ...]  # Dead of Winter teams ("A", "B"), Tail Feathers alliances, Snowbirds' flock


@cache
def _stories(game: str) -> dict:
    path = SCENES / game / "stories.toml"
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"{path}: {exc}") from None


# Root (issue 17): the Duchy against the Corvids
GAME_NAMES["root"] = "Root"
SEATS["root"] = ("duchy", "corvids")
MODES["root"] = "competitive"


@cache
def scenarios(game: str) -> tuple[ScenarioInfo, ...]:
    stories = _stories(game)
    out = []
    if game == "flickem":
        paths = sorted((SCENES / "flickem").glob("s[0-9][0-9].toml"))
        for p in paths:
            raw = tomllib.loads(p.read_text(encoding="utf-8"))
            n = int(p.stem[1:])
            text = stories.get(f"s{n}", {})
            teams = tuple(sorted({s.get("team", "A") for s in raw.get("survivor", [])
                                  if not s.get("reserve")} or {"A"}))
            out.append(ScenarioInfo(game, str(n), f"S{n} {raw.get('title', '')}", text.get("story", ""),
                                    text.get("objective", ""), text.get("mode", "cooperative"), teams))
    else:
        order = list(stories)              # the stories file lists the battles in play order
        def play_order(p):
            return p.stem not in order, order.index(p.stem) if p.stem in order else 0, p.stem
        for p in sorted((SCENES / game).glob("*.toml"), key=play_order):
            if p.stem in ("stories", "table"):      # the start screen's texts; a card game's table layout
                continue
            raw = tomllib.loads(p.read_text(encoding="utf-8"))
            text = stories.get(p.stem, {})
            out.append(ScenarioInfo(game, p.stem, raw.get("title", p.stem), text.get("story", raw.get("notes", "")),
                                    text.get("objective", ""), text.get("mode", MODES[game]), SEATS[game]))
    return tuple(out)


def info(game: str, key: str) -> ScenarioInfo:
    for s in scenarios(game):
        if s.key == str(key):
            return s
    raise ValueError(f"{game}: no scenario {key!r}")
