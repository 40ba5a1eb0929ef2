"""Rebuilding and checking the rules of a recorded game (``feltbox replay FILE --verify``).

A fresh Engine for the header's game, scenario and seed (the Setup built from the replay's city
as the bridge builds it) applies every recorded action in order. After each one the state hash
and the public events must be the recorded ones, and a ``Measured`` action's outcome must agree
with the episode it measured: with that episode's recorded outcome, and with the facts that can
be measured again from the re-simulated episode alone (what fell, got up, moved or left the city,
where the flicked piece ended, whether it all settled).
"""
from __future__ import annotations

import json

import numpy as np

from feltbox.game.table.city import City
from feltbox.game.flickem.bridge import setup_from_city
from feltbox.game.table.measure import fallen_mask, inside_city, measure_flick
from feltbox.game.replay.format import Episode
from feltbox.game.replay.rules_records import RuleRecord, public_events
from feltbox.game.table.table import EpisodeResult
from feltbox.rules.core import IllegalAction, Measured, from_json, state_hash
from feltbox.rules.engine import Engine
from feltbox.rules.flickem.flow import ACTIONS, FlickemGame

GAMES = {"flickem": (FlickemGame, ACTIONS)}


def _tailfeathers():
    from feltbox.rules.tailfeathers.flow import ACTIONS as TF_ACTIONS
    from feltbox.rules.tailfeathers.flow import TailFeathersGame
    return TailFeathersGame, TF_ACTIONS


GAMES["tailfeathers"] = _tailfeathers()
FLICK_FACTS = ("fell", "got_up", "left_city", "disturbed", "entered", "exited", "settled", "sim_seconds")
RUSH_FACTS = ("survivors_fell", "objects_fell", "left_city", "settled", "sim_seconds")


def new_engine(city, scenario: int, seed: int, game: str = "flickem") -> Engine:
    """The Engine a game on ``city`` starts with (as feltbox.game.flickem.bridge.FlickemBridge builds it;
    for "tailfeathers" ``city`` is the battlefield scene, as feltbox.game.tailfeathers.bridge.TFBridge builds it)."""
    if game not in GAMES:
        raise ValueError(f"no rules for game {game!r} (known: {', '.join(GAMES)})")
    rules, actions = GAMES[game]
    if game == "tailfeathers":
        from feltbox.game.tailfeathers.bridge import setup_from_scene
        return Engine(rules(setup_from_scene(city)), game, scenario, seed, actions)
    return Engine(rules(setup_from_city(city)), game, scenario, seed, actions)


def rules_header(city: City, seed: int) -> dict:
    """The header entry that lets a verifier rebuild the rules: game, scenario, seed, first hash."""
    scene = city.scene
    engine = new_engine(city, scene.number, seed, scene.game)
    return {"game": scene.game, "scenario": scene.number, "seed": seed, "start_hash": engine.hash()}


def _plain(value):
    return json.loads(json.dumps(value, default=_scalar))


def _scalar(value):
    if isinstance(value, np.generic):
        return value.item()
    raise TypeError(f"{type(value).__name__} is not JSON")


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
        facts = {k: getattr(again, k) for k in FLICK_FACTS}
        facts.update({f"extra.{k}": again.extra[k] for k in ("end", "flipped", "barricades") if k in again.extra})
    else:
        facts = {}
    return _plain(facts)


def _get(outcome: dict, key: str):
    for part in key.split("."):
        outcome = outcome.get(part) if isinstance(outcome, dict) else None
    return outcome


class RulesCheck:
    """Applies recorded actions one by one; each check returns None or a one-line mismatch."""

    def __init__(self, city: City, header: dict, episodes: list[Episode]):
        rules = header["rules"]
        self.engine = new_engine(city, rules["scenario"], rules["seed"], rules.get("game", "flickem"))
        self.city, self.episodes, self.facts = city, episodes, {}
        self.start_error = None
        if "start_hash" in rules and self.engine.hash() != rules["start_hash"]:
            self.start_error = (f"before action 0: the rebuilt starting state hashes {self.engine.hash()}, "
                                f"recorded {rules['start_hash']}")

    def episode(self, episode: Episode, result: EpisodeResult) -> None:
        self.facts[episode.index] = remeasure(self.city, episode, result)

    def action(self, rec: RuleRecord) -> str | None:
        name = f"action {rec.index} ({rec.type})"
        kind = self.engine.action_types.get(rec.type)
        if kind is None:
            return f"{name}: not an action of {self.engine.name}"
        try:
            action = from_json(kind, rec.data)
        except (KeyError, TypeError, ValueError) as exc:
            return f"{name}: cannot be rebuilt from its data ({exc!r})"
        if isinstance(action, Measured):
            problem = self._measured(name, rec, action.outcome)
            if problem:
                return problem
        try:
            events = self.engine.apply(action)
        except IllegalAction as exc:
            return f"{name} is refused by the rules: {exc.reason}"
        if state_hash(self.engine.state) != rec.hash:
            return f"{name}: the state hash after it is {self.engine.hash()}, recorded {rec.hash}"
        if _plain(public_events(events)) != _plain(rec.events):
            return f"{name}: its events differ from the recorded ones"
        return None

    def _measured(self, name: str, rec: RuleRecord, outcome: dict) -> str | None:
        if len(rec.episodes) != 1:
            return f"{name}: measures {len(rec.episodes)} episodes, expected exactly 1"
        index = rec.episodes[0]
        recorded = self.episodes[index].outcome or {}
        for key, value in recorded.items():
            if _plain(outcome.get(key)) != _plain(value):
                return f"{name}: outcome {key!r} differs from episode {index}'s recorded outcome"
        for key, value in self.facts.get(index, {}).items():
            if _plain(_get(outcome, key)) != value:
                return (f"{name}: outcome {key!r} is {_get(outcome, key)!r}, episode {index} "
                        f"re-measures {value!r}")
        return None
