"""Recording a Tail Feathers battle and verifying it (``feltbox replay run.fbr --verify``).

The replay's body table is the dice tray's (game/tailfeathers/dice.dice_bodies): every physical die throw
of the battle is an episode on a fresh tray table, re-simulated bit for bit by
feltbox.game.replay.recorder.verify. The header's scene names the battlefield scene and its ``rules`` entry the
game, seed and starting state hash, so the verifier rebuilds the rules exactly as
game/tailfeathers/bridge.TFBridge does (the Setup from the scene) and re-applies every RULE record.

A roll's ``Measured`` faces are checked against its episodes: the faces each re-simulated throw
shows (read again from its final poses, cocked dice thrown again in the next episode) must be
the recorded ones, and the last reading of every die must be the face the rules were given.
Feather drops run on stand-in bodies (game/tailfeathers/feathers.py) and are not recorded: their
``Measured`` landings are checked by the state hashes only. After every action the rebuilt state is
laid on the battlefield's table (a TFBridge following the check's engine) and the agreement check
(game/tailfeathers/agreement.py) must find nothing.

A battle is recorded sealed (game/replay/sealing.py): the players' hidden choices, a mission card
placed face down (``ChooseMission``) and the dice bought for initiative (``Bid``), are sealed in
their RULE records (the events already show them as private), the state hashes are keyed with a
secret salt (else a reader could try each mission against the hash), the header carries the
commitment instead of the seed, and the REVL record opens seed, salt and every hidden choice once
the battle is over. (The seed itself only decides the dice throws, which the roll episodes show.)
"""
from __future__ import annotations

from pathlib import Path

from feltbox.game.replay.recorder import Recorder
from feltbox.game.replay.rules_check import RulesCheck
from feltbox.game.replay.rules_records import plain
from feltbox.game.replay.scene_source import scene_entry
from feltbox.game.replay.sealing import Seal
from feltbox.game.table.table import RECORD_HZ, TICK_HZ, build_info
from feltbox.game.tailfeathers.agreement import disagreements
from feltbox.game.tailfeathers.bridge import TFBridge, setup_from_scene
from feltbox.game.tailfeathers.dice import body_of, dice_bodies, read_dice
from feltbox.game.tailfeathers.forces import scene_with_forces
from feltbox.rules.core import GameOver
from feltbox.rules.engine import Engine
from feltbox.rules.tailfeathers.flow import ACTIONS, TailFeathersGame, pending
from feltbox.rules.tailfeathers.forces import Force
from feltbox.rules.tailfeathers.phases import Bid, ChooseMission
from feltbox.scenes.loader import load_scene, source_path
from feltbox.scenes.tailfeathers.schema import TFScene


def new_engine(scene: TFScene, seed: int) -> Engine:
    """The Engine a battle on ``scene`` starts with, as feltbox.game.tailfeathers.bridge.TFBridge builds it."""
    return Engine(TailFeathersGame(setup_from_scene(scene)), "tailfeathers", 0, seed, ACTIONS)


HIDDEN = (ChooseMission, Bid)      # Mission Phase: "place it face-down"; Initiative: "keeping the total secret"


def hidden_choice(action) -> bool:
    """The action is a choice the rules keep hidden when it is made (sealed in the replay)."""
    return isinstance(action, HIDDEN)


def over(state) -> bool:
    return isinstance(pending(state), GameOver)


def tf_rules_header(scene: TFScene, seed: int, seal: Seal | None = None) -> dict:
    engine = new_engine(scene, seed)
    if seal is not None:
        return {"game": "tailfeathers", "scenario": 0, "commitment": seal.commitment(),
                "start_hash": seal.state_hash(engine.state)}
    return {"game": "tailfeathers", "scenario": 0, "seed": int(seed), "start_hash": engine.hash()}


def tf_header(scene: TFScene, seed: int = 0, seal: Seal | None = None) -> dict:
    """A battle's replay header; ``seal``: sealed (no seed, the commitment, a keyed start hash)."""
    return {"build": build_info(), "units": "cm", "tick_hz": TICK_HZ, "record_hz": RECORD_HZ,
            "bodies": [b.to_json() for b in dice_bodies()], "seed": None if seal is not None else int(seed),
            "scene": scene_entry("tailfeathers", 0, scene.source, name=scene.name,
                                 **({"forces": [f.to_json() for f in scene.forces]} if scene.forces else {})),
            "rules": tf_rules_header(scene, seed, seal)}


def tf_recorder(path: str | Path, scene: TFScene, seed: int, seal: Seal | None = None) -> Recorder:
    """A sealed recorder for a whole battle (a fresh salt unless ``seal`` is given); pass its
    ``action`` as the bridge's ``on_action``."""
    seal = seal or Seal.new(seed)
    return Recorder(path, tf_header(scene, seal.seed, seal), seal, over=over, hidden=hidden_choice)


def scene_for_replay(header: dict) -> TFScene:
    scene = load_scene(source_path(header["scene"]["source"]))
    if header["scene"].get("forces"):            # custom forces: the same figures and pilot ranks
        scene = scene_with_forces(scene, [Force.from_json(f) for f in header["scene"]["forces"]])
    return scene


class TFRulesCheck(RulesCheck):
    """RulesCheck for a Tail Feathers battle (the Setup from the scene, rolls checked by dice)."""

    def __init__(self, header: dict, episodes: list):
        seed = header["rules"].get("seed")          # None: sealed and not opened (the battle did not end)
        scene = scene_for_replay(header)
        super().__init__(new_engine(scene, seed) if seed is not None else None, header, episodes, ACTIONS)
        self.table = None
        if self.engine is not None:          # the battlefield's table, following the rebuilt rules
            self.table = TFBridge(scene, seed)
            self.table.engine = self.engine
            self.table.sync()

    def action(self, rec) -> str | None:
        """Re-apply one recorded action, then lay the rules state on the battlefield's table and
        run the agreement check (game/tailfeathers/agreement.py): one truth after every action."""
        problem = super().action(rec)
        if problem or self.table is None:
            return problem
        self.table.sync()
        found = disagreements(self.table)
        return f"action {rec.index} ({rec.type}): {found[0]}" if found else None

    def episode(self, episode, result) -> None:
        ids = [b.id for b in dice_bodies()]
        dice = [ids.index(d) - body_of(0) for d in (episode.outcome or {}).get("dice", [])]
        readings = read_dice(result.final, dice)
        cocked = [r.die for r in readings if r.cocked or not result.settled]
        self.facts[episode.index] = {"dice": dice, "faces": [r.face for r in readings], "cocked": cocked}

    def measured(self, name: str, rec, outcome: dict) -> str | None:
        if "faces" not in outcome:
            return None if not rec.episodes else f"{name}: a feather drop with recorded episodes"
        if not rec.episodes:
            return f"{name}: a roll without its recorded throws"
        final: dict[int, str] = {}
        for index in rec.episodes:
            facts, recorded = self.facts.get(index), self.episodes[index].outcome or {}
            if facts is None:
                return f"{name}: episode {index} was not re-simulated before it"
            if plain(facts["faces"]) != plain(recorded.get("faces")):
                return f"{name}: episode {index} re-reads faces {facts['faces']}, recorded {recorded.get('faces')}"
            final.update(zip(facts["dice"], facts["faces"]))
        faces = [final[k] for k in sorted(final)]
        if faces != list(outcome["faces"]):
            return f"{name}: the rules were given faces {outcome['faces']}, the throws show {faces}"
        return None
