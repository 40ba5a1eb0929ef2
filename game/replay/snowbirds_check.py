"""Recording a Snowbirds migration and verifying it (``feltbox replay run.fbr --verify``).

The replay's body table is the dice tray's (game/snowbirds/dice.kit: the tray and two d6): every
physical throw of the migration (VIGOR's two dice, an R card's re-roll, cocked dice thrown
again) is an episode on a fresh tray table, re-simulated bit for bit by
feltbox.game.replay.recorder.verify. The header's scene names the Snowbirds scene (its mode) and
its ``rules`` entry the game and the starting state hash, so the verifier rebuilds the rules as
game/snowbirds/bridge.SBBridge does and re-applies every RULE record; a roll's ``Measured`` faces
must be the ones its re-simulated throws show (each die's last reading). After every action the
rebuilt state is laid on the Snowbirds table (an SBBridge following the check's engine) and the
agreement check (game/snowbirds/agreement.py) must find nothing.

Hidden information: the undrawn Action cards and the map cards still to come. The rules keep the
pile sorted and draw each card at random with the state's Rng (rules/snowbirds/state.py), so the
order is nowhere but in the seed and the Rng's state: a plain state hash would let a reader try
seeds until one hashes alike and then know every card to come. A migration is therefore recorded
sealed (game/replay/sealing.py): the header carries the commitment instead of the seed, every
state hash is keyed with the secret salt, and the REVL record opens seed and salt once the
migration is over. The throws' seeds (``roll_seed``, a hash) say nothing of the game's seed.
There are no hidden choices: the one player sees every card it plays.
"""
from __future__ import annotations

from pathlib import Path

from feltbox.game.replay.dice_check import TableRollCheck
from feltbox.game.replay.recorder import Recorder
from feltbox.game.replay.scene_source import scene_entry, scene_for_replay
from feltbox.game.replay.sealing import Seal
from feltbox.game.snowbirds import dice
from feltbox.game.snowbirds.agreement import disagreements
from feltbox.game.snowbirds.bridge import SBBridge, new_engine
from feltbox.game.table.table import RECORD_HZ, TICK_HZ, build_info
from feltbox.rules.core import GameOver
from feltbox.rules.snowbirds.flow import ACTIONS, pending
from feltbox.scenes.snowbirds.schema import SBScene


def over(state) -> bool:
    return isinstance(pending(state), GameOver)


def sb_header(scene: SBScene, seal: Seal) -> dict:
    """A sealed migration's replay header: the tray's bodies, the scene, the commitment and the
    keyed starting hash (no seed)."""
    engine = new_engine(scene, seal.seed)
    return {"build": build_info(), "units": "cm", "tick_hz": TICK_HZ, "record_hz": RECORD_HZ,
            "bodies": [b.to_json() for b in dice.kit().bodies()], "seed": None,
            "scene": scene_entry("snowbirds", int(scene.difficult), scene.source, name=scene.name),
            "rules": {"game": "snowbirds", "scenario": int(scene.difficult), "commitment": seal.commitment(),
                      "start_hash": seal.state_hash(engine.state)}}


def sb_recorder(path: str | Path, scene: SBScene, seed: int, seal: Seal | None = None) -> Recorder:
    """A sealed recorder for a whole migration (a fresh salt unless ``seal`` is given); pass its
    ``action`` as the bridge's ``on_action`` and itself as ``on_episode``."""
    seal = seal or Seal.new(seed)
    return Recorder(path, sb_header(scene, seal), seal, over=over)


class SBRulesCheck(TableRollCheck):
    """RulesCheck for a Snowbirds migration: rolls checked against their throws, the table
    laid after every action and checked for agreement."""

    kit = staticmethod(dice.kit)
    actions = ACTIONS
    scene_for = staticmethod(scene_for_replay)
    new_engine = staticmethod(new_engine)
    new_bridge = SBBridge
    disagreements = staticmethod(disagreements)

    def before(self):
        """The request the rules wait for and the Vigor dice (SBBridge.follow turns a die that a
        Tenacity card changed)."""
        return self.engine.game.pending(self.engine.state), self.engine.state.flow.dice

    def follow(self, action, before, throws: list) -> None:
        self.table.follow(action, *before, throws)
