"""Recording a Root game and verifying it (``feltbox replay run.fbr --verify``).

The replay's body table is the dice tray's (game/root/dice.kit: the tray and the two d12): every
physical throw of the game (a battle's two dice, cocked dice thrown again) is an episode on a
fresh tray table, re-simulated bit for bit by feltbox.game.replay.recorder.verify. The header's
``rules`` entry names the game and the keyed starting hash, so the verifier rebuilds the rules as
game/root/bridge.RootBridge does and re-applies every RULE record; a roll's ``Measured`` faces
must be the ones its re-simulated throws show (game/replay/dice_check.py). After every action the
rebuilt state is laid on the Root table and the agreement check (game/root/agreement.py) must
find nothing.

Hidden information (Law 1.2, 13.2.2.I): the hands, the draw pile, the kind of each face-down plot.
The rules draw at random with the state's Rng from an unordered pile, so the game is recorded
sealed (game/replay/sealing.py): the header carries the commitment instead of the seed, every
state hash is keyed with the secret salt, events shown to one seat keep only their kind
(game/text/public.py), and the REVL record opens seed and salt once the game is over. The one
action that names a secret is a Corvid ``Plot`` (its kind is placed face down): a hidden choice,
its data sealed in its RULE record and opened in the REVL record.
"""
from __future__ import annotations

from pathlib import Path

from feltbox.game.replay.dice_check import TableRollCheck
from feltbox.game.replay.recorder import Recorder
from feltbox.game.replay.scene_source import scene_entry, scene_for_replay
from feltbox.game.replay.sealing import Seal
from feltbox.game.root import dice
from feltbox.game.root.agreement import disagreements
from feltbox.game.root.bridge import RootBridge, new_engine
from feltbox.game.table.table import RECORD_HZ, TICK_HZ, build_info
from feltbox.rules.core import GameOver
from feltbox.rules.root.actions import Plot
from feltbox.rules.root.flow import ACTIONS, pending


def over(state) -> bool:
    return isinstance(pending(state), GameOver)


def hidden(action) -> bool:
    """A Corvid plot placed face down names its kind: sealed until the game is over."""
    return isinstance(action, Plot)


def root_header(scene, seal: Seal) -> dict:
    engine = new_engine(seal.seed)
    return {"build": build_info(), "units": "cm", "tick_hz": TICK_HZ, "record_hz": RECORD_HZ,
            "bodies": [b.to_json() for b in dice.kit().bodies()], "seed": None,
            "scene": scene_entry("root", 0, scene.source, name=scene.name),
            "rules": {"game": "root", "scenario": 0, "commitment": seal.commitment(),
                      "start_hash": seal.state_hash(engine.state)}}


def root_recorder(path: str | Path, scene, seed: int, seal: Seal | None = None) -> Recorder:
    """A sealed recorder for a whole game; pass its ``action`` as the bridge's ``on_action`` and
    itself as ``on_episode``."""
    seal = seal or Seal.new(seed)
    return Recorder(path, root_header(scene, seal), seal, over=over, hidden=hidden)


class RootRulesCheck(TableRollCheck):
    """RulesCheck for a Root game: rolls checked against their throws, the table laid after every
    action and checked for agreement."""

    kit = staticmethod(dice.kit)
    actions = ACTIONS
    scene_for = staticmethod(scene_for_replay)
    new_engine = staticmethod(lambda scene, seed: new_engine(seed))
    new_bridge = RootBridge
    disagreements = staticmethod(disagreements)
