"""Undo and "take back my flick" for the window's games (game/flickem/window_game.py and
game/tailfeathers/window_game.py).

The window keeps a snapshot of the table before every rules action (``TableHistory``): the
rules engine keeps the states, the table keeps the poses, and both are rewound together.

* **Undo** goes back to the last moment the window's player chose something: the bots' actions
  after that choice are undone with it (otherwise the bots would simply play them again). It
  never crosses an action that revealed information (a physics outcome, a roll, a card drawn, a
  face-down token looked at): the engine's rule (rules/engine.py ``revealed_at``), checked for
  every action before anything is undone, so a refused undo changes nothing.
* **Take back** ("take back my flick", by agreement of every player): the last flick a human
  seat made, its measured outcome and whatever followed it are taken back, and the table is put
  back exactly as it stood before the flick; the rules then wait for that flick again. It is
  refused when anything after the flick revealed more information (another flick, a rush, a
  draw): the players may only agree to forget their own flick, not what came after it.
"""
from __future__ import annotations

from collections.abc import Callable

from feltbox.rules.core import Measured, PhysicsRequest
from feltbox.rules.engine import Engine

FLICKS = ("flick", "fight_flick", "eject")     # physics requests a player aims


class UndoRefused(Exception):
    """Undo or take back is not possible now; the message says why, for the window."""


class TableHistory:
    """The table before each rules action: ``before[k]`` is the table action k was applied to."""

    def __init__(self, snapshot: Callable[[], object], restore: Callable[[object], None]):
        self.snapshot, self.restore = snapshot, restore
        self.before: dict[int, object] = {}

    def mark(self, engine: Engine) -> None:
        """Call just before the bridge applies one rules action."""
        self.before[len(engine.history)] = self.snapshot()

    def back_to(self, length: int) -> None:
        """Restore the table action ``length`` was applied to (and forget the later ones)."""
        table = self.before.get(length)
        if table is None:
            raise UndoRefused(f"the table before action {length} was not kept")
        self.restore(table)
        for k in [k for k in self.before if k > length]:
            del self.before[k]


def undo_length(engine: Engine, human_at: Callable[[object], bool]) -> int:
    """The history length to go back to: before the latest action taken at a human decision
    (``human_at(state)``), with every action on the way undoable. Raises UndoRefused."""
    if not engine.history:
        raise UndoRefused("cannot undo: nothing has been played yet")
    for k in range(len(engine.history) - 1, -1, -1):
        if engine.revealed_at(k):
            if k == len(engine.history) - 1:
                raise UndoRefused("cannot undo: the last action revealed new information")
            raise UndoRefused("cannot undo: new information was revealed since your last choice")
        if human_at(engine.history[k].before):
            return k
    raise UndoRefused("cannot undo: no choice of yours to go back to")


def take_back_length(engine: Engine, human_at: Callable[[object], bool]) -> int:
    """The history length before the last human flick's outcome, if nothing revealed after it."""
    for k in range(len(engine.history) - 1, -1, -1):
        step = engine.history[k]
        pending = engine.game.pending(step.before)
        if isinstance(step.action, Measured) and isinstance(pending, PhysicsRequest) and pending.kind in FLICKS:
            if not human_at(step.before):
                raise UndoRefused("cannot take back: the last flick was a bot's")
            return k
        if engine.revealed_at(k):
            raise UndoRefused("cannot take back: new information was revealed after the last flick")
    raise UndoRefused("cannot take back: no flick has been made yet")
