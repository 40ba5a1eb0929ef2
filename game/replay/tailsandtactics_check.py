"""Recording a Tails and Tactics game and verifying it (``feltbox replay run.fbr --verify``).

The replay's body table is the dice tray's (game/tailsandtactics/dice.kit: the tray and red's and
blue's d6): every physical throw of the first-player roll (a tie is thrown again, cocked dice
too) is an episode on a fresh tray table, re-simulated bit for bit by
feltbox.game.replay.recorder.verify. The header's scene names the scene (its two decks) and its
``rules`` entry the game and the starting state hash, so the verifier rebuilds the rules as
game/tailsandtactics/bridge.TTBridge does and re-applies every RULE record; a roll's ``Measured``
faces must be the ones its re-simulated throws show. After every action the rebuilt state is laid
on the felt (a TTBridge following the check's engine) and the agreement check
(game/tailsandtactics/agreement.py) must find nothing.

Hidden information: each side's hand, its face-down cards and the draw piles. The rules draw at
random with the state's Rng from unordered piles and name cards by instance ids permuted from the
seed (rules/tails_and_tactics/state.py), so the game is recorded sealed (game/replay/sealing.py):
the header carries the commitment instead of the seed, every state hash is keyed with the secret
salt, events shown to one seat keep only their kind (game/text/public.py), and the REVL record
opens seed and salt once the game is over. The one choice that names a card id while it lies
face down -- the Rule Changer searched from the deck at set-up (``ChooseRuleChanger``) -- is a
hidden choice: its data is sealed in its RULE record and opened in the REVL record.
"""
from __future__ import annotations

from pathlib import Path

from feltbox.game.replay.dice_check import TableRollCheck
from feltbox.game.replay.recorder import Recorder
from feltbox.game.replay.scene_source import scene_entry, scene_for_replay
from feltbox.game.replay.sealing import Seal
from feltbox.game.table.table import RECORD_HZ, TICK_HZ, build_info
from feltbox.game.tailsandtactics import dice
from feltbox.game.tailsandtactics.agreement import disagreements
from feltbox.game.tailsandtactics.bridge import TTBridge, new_engine
from feltbox.rules.core import GameOver
from feltbox.rules.tails_and_tactics.flow import ACTIONS, pending
from feltbox.scenes.tailsandtactics.schema import TTScene

HIDDEN_CHOICES = ("ChooseRuleChanger",)


def over(state) -> bool:
    return isinstance(pending(state), GameOver)


def hidden(action) -> bool:
    """A choice that names a card lying face down: sealed until the game is over."""
    return type(action).__name__ in HIDDEN_CHOICES


def tt_header(scene: TTScene, seal: Seal) -> dict:
    """A sealed game's replay header: the tray's bodies, the scene, the commitment and the keyed
    starting hash (no seed)."""
    engine = new_engine(scene, seal.seed)
    return {"build": build_info(), "units": "cm", "tick_hz": TICK_HZ, "record_hz": RECORD_HZ,
            "bodies": [b.to_json() for b in dice.kit().bodies()], "seed": None,
            "scene": scene_entry("tailsandtactics", 0, scene.source, name=scene.name),
            "rules": {"game": "tailsandtactics", "scenario": 0, "commitment": seal.commitment(),
                      "start_hash": seal.state_hash(engine.state)}}


def tt_recorder(path: str | Path, scene: TTScene, seed: int, seal: Seal | None = None) -> Recorder:
    """A sealed recorder for a whole game (a fresh salt unless ``seal`` is given); pass its
    ``action`` as the bridge's ``on_action`` and itself as ``on_episode``."""
    seal = seal or Seal.new(seed)
    return Recorder(path, tt_header(scene, seal), seal, over=over, hidden=hidden)


class TTRulesCheck(TableRollCheck):
    """RulesCheck for a Tails and Tactics game: rolls checked against their throws, the felt laid
    after every action and checked for agreement."""

    kit = staticmethod(dice.kit)
    actions = ACTIONS
    scene_for = staticmethod(scene_for_replay)
    new_engine = staticmethod(new_engine)
    new_bridge = TTBridge
    disagreements = staticmethod(disagreements)
