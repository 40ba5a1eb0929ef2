"""What the window controllers of the card games (Snowbirds, Tails and Tactics, Root) do alike:
their table is laid by the bridge (cards dressed, not rebuilt), a piece off the table waits far
under it, nothing is ringed or outlined, and a save names the built-in scene or the player's own
file. Each game names its scenes' folder (``scene_path``) and adds its own choices and dress."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np

from feltbox.game.players.choices import ChoicesController
from feltbox.rules.core import Measured

HIDDEN_Z = -500.0          # cm: where a piece off the table (in a hand, in the box) waits, out of sight


class CardTableController(ChoicesController):
    scene_path: Callable[[str], Path]      # the built-in scene file of a name (staticmethod in a subclass)

    def bodies(self):
        """The body table (no model changes during a game: the cards are dressed, not rebuilt)."""
        return self.bridge.bodies_now()

    def active_piece(self) -> str | None:
        """None: the camera keeps the whole table in view (the window's add-on frames it)."""
        return None

    def preview(self) -> list[np.ndarray]:
        return []

    def poses(self) -> np.ndarray:
        poses = self.bridge.poses.copy()
        poses[~self.bridge.present, 2] = HIDDEN_Z
        return poses.astype(np.float32)

    def scene_key(self) -> str:
        """The scene's name, or the path of a player's own scene file (a save loads that file)."""
        scene = self.bridge.scene
        own = Path(scene.source).resolve()
        return scene.name if own == self.scene_path(scene.name).resolve() else str(own)

    def reread_rules(self) -> None:
        """What a game reads again from the rules' history before its table is laid after an undo
        or from the rules (Snowbirds: today's row); nothing by default."""

    def undo(self) -> np.ndarray:
        super().undo()
        self.reread_rules()
        self.bridge.sync()
        return self.poses()[None]

    def lay_table_from_rules(self) -> bool:
        """The table follows the rules state: the rolls counted again from the history (the next
        throw's seed), the cards and tokens laid, the dice as the rules' last roll shows them."""
        b = self.bridge
        b.rolls = sum(isinstance(s.action, Measured) for s in b.engine.history)
        self.reread_rules()
        b.sync()
        self.refresh()
        return True
