"""The rules check of a game whose only physics is dice thrown in a tray (Snowbirds' Vigor dice,
Tails and Tactics' first-player roll): every re-simulated throw is read again, and a roll's
``Measured`` faces must be the ones its throws show (each die's last reading).

A game's check subclasses ``DiceRollCheck`` with its ``kit`` (a () -> game/table/dice_throw.DiceKit),
or ``TableRollCheck`` when its table is laid and checked after every action too."""
from __future__ import annotations

from collections.abc import Callable

from feltbox.game.replay.rules_check import RulesCheck
from feltbox.game.table.dice_throw import body_of, read_dice


class Thrown:
    """A re-simulated throw as a bridge's ``lay_thrown`` reads an episode: its result and outcome."""

    def __init__(self, result, outcome: dict):
        self.result, self.outcome = result, outcome


class DiceRollCheck(RulesCheck):
    """RulesCheck whose episodes are dice throws of ``kit()``; ``thrown`` keeps each one by index."""

    kit = None                                     # the game's DiceKit factory

    def episode(self, episode, result) -> None:
        kit = type(self).kit()
        ids = [b.id for b in kit.bodies()]
        thrown = [ids.index(d) - body_of(0) for d in (episode.outcome or {}).get("dice", [])]
        readings = read_dice(kit, result.final, thrown)
        cocked = [r.die for r in readings if r.cocked or not result.settled]
        self.facts[episode.index] = {"dice": thrown, "faces": [r.face for r in readings], "cocked": cocked}
        self.thrown[episode.index] = Thrown(result, episode.outcome or {})

    def measured(self, name: str, rec, outcome: dict) -> str | None:
        if not rec.episodes:
            return f"{name}: a roll without its recorded throws"
        final: dict[int, int] = {}
        for index in rec.episodes:
            facts, recorded = self.facts.get(index), self.episodes[index].outcome or {}
            if facts is None:
                return f"{name}: episode {index} was not re-simulated before it"
            if [str(f) for f in facts["faces"]] != [str(f) for f in recorded.get("faces", ())]:   # written as text
                return f"{name}: episode {index} re-reads faces {facts['faces']}, recorded {recorded.get('faces')}"
            final.update(zip(facts["dice"], facts["faces"]))
        faces = [final[k] for k in sorted(final)]
        if faces != list(outcome.get("faces", ())):
            return f"{name}: the rules were given faces {outcome.get('faces')}, the throws show {faces}"
        return None


class TableRollCheck(DiceRollCheck):
    """DiceRollCheck of a game whose table follows the rebuilt rules: after every action the table
    is laid (the dice as their re-simulated throws left them) and checked against the rules (one
    truth). A game gives ``kit``, ``actions`` (its ACTIONS), ``scene_for(header)``,
    ``new_engine(scene, seed)``, ``new_bridge(scene, seed)`` and ``disagreements(table)``; a sealed
    game that did not end (no seed) has no engine and no table."""

    actions: dict = {}
    scene_for: Callable                 # (header) -> the scene
    new_engine: Callable                # (scene, seed) -> the rules Engine
    new_bridge: Callable                # (scene, seed) -> the game's bridge (its table)
    disagreements: Callable             # (bridge) -> the rules and the table disagreeing, [] when none

    def __init__(self, header: dict, episodes: list):
        seed = header["rules"].get("seed")          # None: sealed and not opened (the game did not end)
        scene = self.scene_for(header)
        super().__init__(self.new_engine(scene, seed) if seed is not None else None, header, episodes,
                         type(self).actions)
        self.thrown: dict[int, Thrown] = {}         # episode index -> its re-simulated throw
        self.table = None
        if self.engine is not None:
            self.table = self.new_bridge(scene, seed)
            self.table.engine = self.engine

    def before(self):
        """What ``follow`` needs of the state before an action (nothing, but for Snowbirds)."""
        return None

    def follow(self, action, before, throws: list) -> None:
        self.table.follow(action, throws)

    def action(self, rec) -> str | None:
        if self.engine is None:
            return super().action(rec)
        before = self.before()
        problem = super().action(rec)
        if problem:
            return problem
        self.follow(self.engine.history[-1].action, before, [self.thrown[i] for i in rec.episodes if i in self.thrown])
        found = self.disagreements(self.table)
        return f"action {rec.index} ({rec.type}): {found[0]}" if found else None
