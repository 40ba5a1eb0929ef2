"""The only place the Tails and Tactics rules meet the table (Snowbirds' bridge's twin).

``TTBridge(scene, seed)`` runs an Engine with the rules' TTGame on the scene's two decks and lays
the felt (game/tailsandtactics/felt.py: both battlefields, draw and discard piles, the Base Health
plates, damage tokens, the chain, the dice tray with red's and blue's die). Physics requests are
answered on the table:

* "roll" (who starts: one d6 per side, TT-API.md): both dice are thrown for real in the tray
  (game/tailsandtactics/dice.roll). Roll number k of a game uses ``roll_seed(seed, k)``
  (game/table/seeds.py, a hash: the seeds a replay shows tell nothing of the game's seed); every
  throw is an Episode handed to ``on_episode`` (a replay Recorder), and the felt's dice then lie
  in the tray as the throw left them.

After every action the felt follows the rules state (``sync``): every card where the public seat
view (``seat_view(state, None)``) puts it -- the poses are the same for every viewer, only faces
differ -- and ``faces(viewer)`` says which face each card body shows to ``viewer`` (None: the
public), read from that viewer's seat view, so a face that viewer may not see is never handed out.
"""
from __future__ import annotations

from functools import cache

from feltbox.game.table.bodies import BodySpec
from feltbox.game.table.dice_throw import thrown_poses
from feltbox.game.table.rules_bridge import RulesBridge
from feltbox.game.table.seeds import roll_seed
from feltbox.game.tailsandtactics import dice, layout
from feltbox.game.tailsandtactics.felt import SIDES, Felt, FeltLayer, die_body
from feltbox.rules.core import Event, Measured
from feltbox.rules.engine import Engine
from feltbox.rules.tails_and_tactics.cards import load_cards
from feltbox.rules.tails_and_tactics.decks import load_deck
from feltbox.rules.tails_and_tactics.flow import ACTIONS, TTGame
from feltbox.rules.tails_and_tactics.state import Setup, iid_of, side
from feltbox.rules.tails_and_tactics.view import seat_view
from feltbox.scenes.tailsandtactics.schema import TTScene


@cache
def printed(card_id: str):
    """The printed card ``card_id`` (rules/tails_and_tactics/cards.py)."""
    return load_cards()[card_id]


def new_engine(scene: TTScene, seed: int) -> Engine:
    """The Engine a game on ``scene`` starts with: red's and blue's decks as the scene names them."""
    return Engine(TTGame(setup_of(scene)), "tailsandtactics", 0, seed, ACTIONS)


def setup_of(scene: TTScene) -> Setup:
    """The rules' Setup of ``scene``: each side's deck file read and checked by the deck builder
    (rules/tails_and_tactics/decks.load_deck: a broken deck is one line naming file:line:field)."""
    red, blue = load_deck(scene.deck("red")), load_deck(scene.deck("blue"))
    return Setup(factions=(red.faction, blue.faction), decks=(red.cards, blue.cards))


def deck_iids(state) -> dict[str, list[str]]:
    """Every instance id of each side's deck (``"red-01"`` ...)."""
    return {s: [iid_of(s, k) for k in range(len(side(state, s).cards))] for s in SIDES}


class TTBridge(RulesBridge):
    """One game: the rules engine, the felt's bodies, and the glue."""

    def __init__(self, scene: TTScene, seed: int = 0, on_episode=None, on_action=None):
        self.scene, self.seed = scene, int(seed)
        self.on_episode, self.on_action = on_episode, on_action
        self.engine = new_engine(scene, self.seed)
        self.layer = FeltLayer(deck_iids(self.engine.state), printed)
        self.bodies: list[BodySpec] = self.layer.bodies
        self.index = {b.id: i for i, b in enumerate(self.bodies)}
        self.rolls = 0               # rolls made so far (the next roll's counter)
        self.episodes = 0            # physics episodes run (every throw, cocked re-throws too)
        self.felt: Felt = self.layer.lay(seat_view(self.engine.state, None))
        self.poses, self.present = self.felt.poses, self.felt.present

    # -- rules ---------------------------------------------------------------------------------
    def physics(self, aim=None) -> list[Event]:
        """Throw both dice in the tray and feed their faces back (red's first)."""
        self.roll_request()
        result = dice.roll(roll_seed(self.seed, self.rolls), self._episode)
        self.rolls += 1
        return self._apply(Measured(result.measured()), result.episodes)

    # -- the dice ------------------------------------------------------------------------------
    def lay_thrown(self, episodes) -> None:
        """The felt's dice where the throws left them (kit die k is side k's), moved from the tray's
        frame to the felt's."""
        for k, pose in thrown_poses(episodes, layout.tray_centre(), len(SIDES)):
            self.layer.dice[k] = pose
            self.poses[self.index[die_body(SIDES[k])]] = pose

    # -- the felt ------------------------------------------------------------------------------
    def view(self, viewer: str | None = None) -> dict:
        """The rules' seat view for ``viewer`` (None: the public)."""
        return seat_view(self.engine.state, viewer)

    def sync(self) -> None:
        """Put every body where the public seat view says."""
        self.felt = self.layer.lay(self.view(None))
        self.poses, self.present = self.felt.poses, self.felt.present

    def dressed(self, viewer: str | None = None) -> Felt:
        """The felt as ``viewer`` sees it: the same poses, the faces that viewer may see."""
        return self.layer.lay(self.view(viewer))

    def faces(self, viewer: str | None = None) -> dict[str, str]:
        """Card body id -> card id of every card whose face ``viewer`` may see on the felt."""
        return dict(self.dressed(viewer).cards)

    def bodies_now(self) -> list[BodySpec]:
        return list(self.bodies)
