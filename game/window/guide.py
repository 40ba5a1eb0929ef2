"""A guided first game: step by step on the real table, what to click next and what the rules
just did and why (issue 18). No Panda3D here: the guide reads the window's game through the
GameView protocol (game/window/game_view.py) and the visible events it hands its listeners, so it
is tested headless on the real table; game/window/guide_panel.py draws it.

A guide is data, ``game/window/guides/<name>.toml``: the scene it plays, its steps and the
explanations of rules events. A step ends when one of its ``until`` conditions holds:

* ``"event:<kind>"``: a visible rules event of that kind was applied (``event:survivor chosen``);
  ``"event:<kind>@<player>"`` one of that player's (``event:activated@mouse``: not the bot's);
* ``"aiming"``: the rules wait for the player's flick (the slingshot);
* ``"choosing"``: the rules wait for the player's choice (and no flick).

``finish_on`` (an event kind) jumps to the last step from anywhere: a player who leaves the
script (ends the turn early) is never left with a stale instruction. The guide never blocks the
normal controls: it only reads, and Skip closes it.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from feltbox.rules.core import InputError
from feltbox.rules.tomlfile import read_toml

GUIDES_DIR = Path(__file__).resolve().parent / "guides"
FIRST_GAMES = {"flickem": "flickem-s1",       # the guided first game the start screen offers, by game
               "tailfeathers": "tailfeathers-show_of_force"}
STATES = ("aiming", "choosing")


class GuideError(InputError):
    """A guide file is wrong: file:line: field: what."""


@dataclass(frozen=True)
class Step:
    say: str
    until: tuple[str, ...]


@dataclass(frozen=True)
class GuideScript:
    name: str
    title: str
    game: str
    scene: str
    bots: str
    steps: tuple[Step, ...]
    explain: dict[str, str]
    finish_on: str


def load_guide(name: str, folder: Path = GUIDES_DIR) -> GuideScript:
    path = folder / f"{name}.toml"
    data, lines = read_toml(path, GuideError, "guide")

    def need(table: dict, key: str, kind: type, where: str, index: int | None = None):
        value = table.get(key)
        if not isinstance(value, kind) or (isinstance(value, str) and not value.strip()):
            line = lines.key(where or None, index, key)
            raise GuideError(f"{path}:{line}: {where + '.' if where else ''}{key}: must be a non-empty {kind.__name__}")
        return value

    steps = []
    for k, raw in enumerate(data.get("step", [])):
        until = tuple(need(raw, "until", list, "step", k))
        for cond in until:
            if not (isinstance(cond, str) and (cond.startswith("event:") or cond in STATES)):
                raise GuideError(f"{path}:{lines.key('step', k, 'until')}: step[{k}].until: {cond!r} is not "
                                 f"'event:<kind>' or one of {', '.join(STATES)}")
        steps.append(Step(" ".join(need(raw, "say", str, "step", k).split()), until))   # the panel wraps
    if not steps:
        raise GuideError(f"{path}:1: step: a guide needs at least one [[step]]")
    explain = data.get("explain", {})
    if not isinstance(explain, dict) or not all(isinstance(v, str) for v in explain.values()):
        raise GuideError(f"{path}:{lines.table('explain')}: explain: every value must be a string")
    return GuideScript(name, need(data, "title", str, ""), need(data, "game", str, ""), need(data, "scene", str, ""),
                       need(data, "bots", str, ""), tuple(steps), dict(explain), data.get("finish_on", ""))


class Guide:
    """Where the player is in a guide script, moved on by the game's events and state."""

    def __init__(self, script: GuideScript):
        self.script = script
        self.index = 0
        self.said = ""               # why the rules did what they last did (the explain table)
        self.closed = False

    @property
    def step(self) -> Step:
        return self.script.steps[self.index]

    @property
    def finished(self) -> bool:
        return self.index == len(self.script.steps) - 1

    def on_events(self, events) -> None:
        """A game listener: the visible events of the last rules action."""
        kinds = [e.kind for e in events]
        explained = [self.script.explain[k] for k in kinds if k in self.script.explain]
        if explained:
            self.said = " ".join(dict.fromkeys(explained))
        if self.script.finish_on and self.script.finish_on in kinds:
            self.index = len(self.script.steps) - 1
            return
        if any(_event_matches(cond, e) for cond in self.step.until for e in events):
            self._next()

    def update(self, game) -> None:
        """Called every frame: a step waiting for a state of the game ends when it holds."""
        if self.finished:
            return
        if any(cond in STATES and state_holds(game, cond) for cond in self.step.until):
            self._next()

    def _next(self) -> None:
        self.index = min(self.index + 1, len(self.script.steps) - 1)

    def text(self) -> str:
        head = f"{self.script.title}  -  step {self.index + 1} of {len(self.script.steps)}"
        body = self.step.say.strip()
        return f"{head}\n{('What happened: ' + self.said + chr(10)) if self.said else ''}{body}"

    def skip(self) -> None:
        self.closed = True


def _event_matches(cond: str, event) -> bool:
    """``event:<kind>`` is any event of that kind; ``event:<kind>@<player>`` one of that player's."""
    if not cond.startswith("event:"):
        return False
    kind, _, player = cond[6:].partition("@")
    return event.kind == kind and (not player or event.data.get("player") == player)


def state_holds(game, cond: str) -> bool:
    """Does the game wait for what ``cond`` names: the human's flick ("aiming") or choice ("choosing")?"""
    aiming = game.wants_aim()
    return aiming if cond == "aiming" else bool(game.choices()) and not aiming
