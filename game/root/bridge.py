"""The only place the Root rules meet the table (Snowbirds' bridge's twin).

``RootBridge(scene, seed)`` runs an Engine with rules/root's RootGame and lays the Root table
(game/root/felt.py) from one seat's view of the rules (``viewer``: "" a spectator, the default
of headless games and records; the window sets the seat at the table). Physics requests are
answered on the table:

* "roll" (a battle's two dice, Law 4.3.2): both d12 are thrown for real in the tray
  (game/root/dice.roll). Roll number k of a game uses ``roll_seed(seed, k)`` (game/table/seeds.py,
  a hash: the throws' seeds say nothing of the game's seed), every throw is an Episode handed to
  ``on_episode`` (a replay Recorder), the rules get ``Measured({"faces": [a, b]})`` (the faces
  the throw shows: 0-3), and the table's dice then lie in the tray as the throw left them.

After every action the table follows the rules (``sync``): the felt laid from
``seat_view(state, viewer)``. ``faces`` names the card bodies that lie face up to the viewer.
"""
from __future__ import annotations

import numpy as np

from feltbox.game.root import dice, table
from feltbox.game.root.felt import Felt
from feltbox.game.table.bodies import BodySpec
from feltbox.game.table.dice_throw import thrown_poses
from feltbox.game.table.rules_bridge import RulesBridge
from feltbox.game.table.seeds import roll_seed
from feltbox.models.d12 import top_face
from feltbox.rules.core import Event, Measured
from feltbox.rules.engine import Engine
from feltbox.rules.root.flow import ACTIONS, RootGame
from feltbox.rules.root.view import seat_view


def new_engine(seed: int) -> Engine:
    """The Engine a Root game starts with (one scenario: Autumn, two players)."""
    return Engine(RootGame(), "root", 0, int(seed), ACTIONS)


class RootBridge(RulesBridge):
    """One game: the rules engine, the table's bodies, and the glue."""

    def __init__(self, scene, seed: int = 0, on_episode=None, on_action=None, viewer: str = ""):
        self.scene, self.seed = scene, int(seed)
        self.on_episode, self.on_action = on_episode, on_action
        self.viewer = viewer
        self.felt = Felt()
        self.index = self.felt.index
        self.dice = [self.index["die-1"], self.index["die-2"]]
        self.engine = new_engine(self.seed)
        self.rolls = 0               # rolls made so far (the next roll's counter)
        self.episodes = 0            # physics episodes run (cocked dice thrown again too)
        self.last_faces: list[int] = []
        self.sync()

    @property
    def bodies(self) -> list[BodySpec]:
        return self.felt.bodies

    @property
    def poses(self) -> np.ndarray:
        return self.felt.poses

    @poses.setter
    def poses(self, value: np.ndarray) -> None:
        self.felt.poses = value

    @property
    def present(self) -> np.ndarray:
        return self.felt.present

    @present.setter
    def present(self, value: np.ndarray) -> None:
        self.felt.present = value

    # -- rules ---------------------------------------------------------------------------------
    def physics(self, aim=None) -> list[Event]:
        """Throw the two d12 in the tray and feed their faces back to the rules."""
        self.roll_request()
        result = dice.roll(roll_seed(self.seed, self.rolls), self._episode)
        self.rolls += 1
        self.last_faces = [int(f) for f in result.faces]
        return self._apply(Measured({"faces": self.last_faces, "rerolled": list(result.rerolled)}), result.episodes)

    # -- the dice ------------------------------------------------------------------------------
    def lay_thrown(self, episodes) -> None:
        """The table's dice where the throws left them, moved from the tray's frame to the table's."""
        for k, pose in thrown_poses(episodes, table.tray_centre(), len(self.dice)):
            self.felt.poses[self.dice[k]] = pose

    def dice_faces(self) -> list[int]:
        """The number each table die shows on top."""
        return [int(top_face(self.felt.poses[i, 3:])[0]) for i in self.dice]

    # -- the table -----------------------------------------------------------------------------
    def view(self) -> dict:
        return seat_view(self.engine.state, self.viewer)

    def set_viewer(self, viewer: str) -> None:
        """Lay the table as ``viewer`` sees it (hot-seat: the seat at the table now)."""
        self.viewer = viewer
        self.sync()

    def sync(self) -> None:
        self.felt.lay(self.view())

    def faces(self) -> dict[str, str]:
        """Card body id -> card id of every card lying face up to the viewer."""
        return dict(self.felt.shown)

    def bodies_now(self) -> list[BodySpec]:
        return list(self.felt.bodies)
