"""Recording a Dead of Winter game sealed, and checking its rules (``feltbox replay FILE --verify``).

The game has secrets (the face-down token deal, S9/S10 secret objectives and the betrayer), so
its recording is sealed (game/replay/sealing.py): the header commits to the seed, and the seed
and salt are revealed when the rules say the game is over.

A fresh Engine for the header's scenario and seed (the Setup built from the replay's city as the
bridge builds it) applies every recorded action in order (replay/rules_check.py). After each one
the state hash and the public events must be the recorded ones, and a ``Measured`` action's outcome must agree
with the episode it measured: with that episode's recorded outcome, and with the facts that can
be measured again from the re-simulated episode alone (what fell, got up, moved or left the city,
where the flicked piece ended, whether it all settled); and the table each flick, rush or horde
started from must agree with the rules state that asked for it (ARCHITECTURE.md "One truth":
game/flickem/agreement.py), else the check names the action, the piece, the rules' view and the
table's view. The header's body table must be the dealt city's, face-down tokens written without
their kind. A sealed game that did not end has no seed to rebuild the rules with: its measured
outcomes are still checked against the episodes (what a body is made of never depends on a
token's kind, so the scene file's city measures them); its one truth cannot be checked then.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from feltbox.game.flickem.agreement import compare
from feltbox.game.flickem.bridge import setup_from_city
from feltbox.game.replay.format import Episode
from feltbox.game.replay.recorder import Recorder, city_for_replay, city_header
from feltbox.game.replay.rules_check import RulesCheck
from feltbox.game.replay.rules_records import RuleRecord, plain
from feltbox.game.replay.sealing import Seal, neutral_body
from feltbox.game.table.city import City, build_city
from feltbox.game.table.measure import fallen_mask, inside_city, measure_flick
from feltbox.game.table.table import EpisodeResult
from feltbox.rules.engine import Engine
from feltbox.rules.flickem.flow import ACTIONS, FlickemGame
from feltbox.rules.flickem.state import Waiting
from feltbox.scenes.deal import deal_tokens
from feltbox.scenes.schema import Scene

FLICK_FACTS = ("fell", "got_up", "left_city", "disturbed", "entered", "exited", "settled", "sim_seconds")
RUSH_FACTS = ("survivors_fell", "objects_fell", "left_city", "settled", "sim_seconds")


def new_engine(city: City, scenario: int, seed: int) -> Engine:
    """The Engine a game on ``city`` starts with, as feltbox.game.flickem.bridge.FlickemBridge builds it."""
    return Engine(FlickemGame(setup_from_city(city)), "flickem", scenario, seed, ACTIONS)


def flickem_header(city: City, seal: Seal) -> dict:
    """A whole game's replay header, sealed: the city's (no seed, face-down tokens without their
    kind), and the entry that lets a verifier rebuild the rules once the seed is revealed (game,
    scenario, the commitment to the seed, the keyed first hash)."""
    scene = city.scene
    engine = new_engine(city, scene.number, seal.seed)
    return {**city_header(city, None),
            "rules": {"game": "flickem", "scenario": scene.number, "commitment": seal.commitment(),
                      "start_hash": seal.state_hash(engine.state)}}


def game_over(state) -> bool:
    return state.flow.waiting == Waiting.OVER


def flickem_recorder(path: str | Path, scene: Scene, seed: int, seal: Seal | None = None) -> Recorder:
    """A sealed recorder for a whole game on ``scene`` dealt by ``seed`` (a fresh salt unless
    ``seal`` is given); pass its ``action`` as the bridge's ``on_action``."""
    seal = seal or Seal.new(seed)
    city = build_city(deal_tokens(scene, seal.seed))
    return Recorder(path, flickem_header(city, seal), seal, over=game_over)


def remeasure(city: City, episode: Episode, result: EpisodeResult) -> dict:
    """The facts of a re-simulated episode that need no context beyond its recorded inputs."""
    present = np.ones(len(city.bodies), bool)
    present[episode.inputs[0]["absent"]] = False
    outcome = episode.outcome or {}
    if episode.kind in ("rush", "horde"):
        ids = [b.id for b in city.bodies]
        tags = [b.model.tags for b in city.bodies]
        awake = np.isin(np.arange(len(ids)), episode.inputs[0]["awake"])
        before, after = result.start, result.final
        fell = present & ~awake & ~fallen_mask(before) & fallen_mask(after)
        left = present & ~inside_city(city, after[:, :2]) & (inside_city(city, before[:, :2]) | awake)
        facts = {"survivors_fell": [ids[i] for i in np.flatnonzero(fell) if "survivor" in tags[i]],
                 "objects_fell": [ids[i] for i in np.flatnonzero(fell) if "object" in tags[i]],
                 "left_city": [ids[i] for i in np.flatnonzero(left) if "tower" not in tags[i]],
                 "settled": result.settled, "sim_seconds": result.sim_seconds}
    elif "flicked" in outcome:
        again = measure_flick(city, result, city.index(outcome["flicked"]), present, outcome.get("started_in"))
        measured, extra = again.episode_json(), again.extra.to_json()
        facts = {k: measured[k] for k in FLICK_FACTS}
        facts.update({f"extra.{k}": extra[k] for k in ("end", "flipped", "barricades") if k in extra})
    else:
        facts = {}
    return plain(facts)


def _get(outcome: dict, key: str):
    for part in key.split("."):
        outcome = outcome.get(part) if isinstance(outcome, dict) else None
    return outcome


class FlickemRulesCheck(RulesCheck):
    """The rules check of a Dead of Winter recording: outcomes against the re-measured episodes."""

    def __init__(self, header: dict, episodes: list[Episode]):
        rules = header["rules"]
        seed = rules.get("seed")
        self.city = city_for_replay(header, seed)
        engine = new_engine(self.city, rules["scenario"], seed) if seed is not None else None
        super().__init__(engine, header, episodes, ACTIONS)
        if engine is not None and "commitment" in rules and not self.start_error:
            dealt = [neutral_body(b) for b in self.city.bodies]
            if dealt != header["bodies"]:
                at = next((i for i, (a, b) in enumerate(zip(dealt, header["bodies"])) if a != b), len(dealt))
                self.start_error = (f"before action 0: the header's body table differs from the city the seed "
                                    f"deals, at body {at}")
        self.starts: dict[int, np.ndarray] = {}

    def episode(self, episode: Episode, result: EpisodeResult) -> None:
        self.facts[episode.index] = remeasure(self.city, episode, result)
        self.starts[episode.index] = result.start

    def _agreement(self, name: str, index: int) -> str | None:
        """One truth: the table an episode started from (a flick, a rush or a horde; a fight's
        attacks are staged off the city and its loser is placed at the door to be flicked out)
        agrees with the rules state that asked for it."""
        if self.engine is None:                          # sealed and unfinished: no rules state
            return None
        episode = self.episodes[index]
        fighting = self.engine.state.flow.waiting in (Waiting.FIGHT_FLICK, Waiting.EJECT)
        if episode.kind not in ("flick", "rush", "horde") or index not in self.starts or fighting:
            return None
        present = np.ones(len(self.city.bodies), bool)
        present[episode.inputs[0]["absent"]] = False
        outcome = episode.outcome or {}
        extra = outcome.get("extra") or {}
        skip = set(outcome.get("set_aside", ()))          # under the tower's footprint for the rush
        if extra.get("weapon") in ("movement_disc", "bat"):
            skip.add(extra.get("survivor"))             # the disc or the bat stands in for it
        found = compare(self.engine.state, self.city, self.starts[index], present, None, frozenset(skip))
        if not found:
            return None
        more = f" (+{len(found) - 1} more)" if len(found) > 1 else ""
        return f"{name}: the rules and the table disagree at episode {index}'s start: {found[0]}{more}"

    def measured(self, name: str, rec: RuleRecord, outcome: dict) -> str | None:
        if len(rec.episodes) != 1:
            return f"{name}: measures {len(rec.episodes)} episodes, expected exactly 1"
        index = rec.episodes[0]
        problem = self._agreement(name, index)
        if problem:
            return problem
        recorded = self.episodes[index].outcome or {}
        for key, value in recorded.items():
            if plain(outcome.get(key)) != plain(value):
                return f"{name}: outcome {key!r} differs from episode {index}'s recorded outcome"
        for key, value in self.facts.get(index, {}).items():
            if plain(_get(outcome, key)) != value:
                return (f"{name}: outcome {key!r} is {_get(outcome, key)!r}, episode {index} "
                        f"re-measures {value!r}")
        return None
