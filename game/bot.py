"""A bot that plays Dead of Winter survivors legally and sensibly, and aims by simulating.

Decisions: kill a zombie at short distance when one is next to the survivor; otherwise shoot
the closest standing zombie in range with the survivor's first weapon; otherwise move toward
the scenario's goal (the RV by default); end the turn after two actions. Aims come from the
planner: candidate flicks are simulated in scratch worlds (the real table, not recorded) and
scored on their measured outcomes.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from game.flick import Aim, setup_flick
from game.flickem_bridge import FlickemBridge
from game.measure import measure_flick
from game.table import Table
from rules.flickem.flow import WEAPON_PIECE, ChooseSurvivor, EndTurn, Move, ShortDistanceKill, UseWeapon
from rules.flickem.rounds import Eat
from rules.flickem.judge import is_zombie
from rules.flickem.scenarios import scenario_rules

SHOT_RANGE = 35.0           # cm: farther zombies are approached rather than shot (house)
HIT = 100.0                 # score of a simulated shot that fells a zombie


@dataclass
class Plan:
    aim: Aim
    score: float
    simulated: int


class Bot:
    """Plays every decision and aim it is asked for, for whichever team is to play."""

    def __init__(self, bridge: FlickemBridge, goal: str = "rv"):
        self.bridge = bridge
        self.goal = goal
        self.target: str | None = None      # the zombie the pending shot aims at
        self.planned: Plan | None = None    # a move planned while deciding to move

    # -- decisions -----------------------------------------------------------------------------
    def decide(self, legal: list) -> object:
        action = self._decide(legal)
        return action if action in legal else legal[0]    # never an illegal move

    def _decide(self, legal: list) -> object:
        choices = [a for a in legal if isinstance(a, ChooseSurvivor)]
        if choices:
            return choices[0]
        eats = [a for a in legal if isinstance(a, Eat)]
        if eats:                                    # S4: eat while there is food
            return eats[0]
        if self.bridge.engine.state.flow.active is None:
            return legal[0]
        state = self.bridge.engine.state
        active = state.flow.active
        kills = [a for a in legal if isinstance(a, ShortDistanceKill)]
        if kills:
            return kills[0]
        # weapons that wound first (gun, knife); the bat only knocks over
        order = {"gun": 0, "knife": 1, "bat": 2}
        weapons = sorted((a for a in legal if isinstance(a, UseWeapon) and a.weapon in order),
                         key=lambda a: order[a.weapon])
        zombie = self._closest_standing_zombie(active)
        if weapons and zombie and self._distance(active, zombie) < SHOT_RANGE:
            self.target = zombie
            for weapon in weapons:                  # shoot only when a simulated shot fells it
                plan = self.aim(active, WEAPON_PIECE[weapon.weapon])
                if plan.score >= HIT:
                    self.planned = plan
                    return weapon
        if Move() in legal and state.data.survivor(active).where == "city":
            self.planned = self.aim(active, "movement_disc", self._move_goal(active))
            if self.planned.score > -1000.0:        # some candidate moves without touching
                return Move()
        self.planned = None
        return EndTurn()

    def _move_goal(self, survivor: str) -> str:
        """Toward the RV once few enough zombies are left (S1's objective), else toward the
        closest standing zombie to get it in range."""
        data = self.bridge.engine.state.data
        in_city = sum(z.where == "city" for z in data.zombies)
        if in_city <= scenario_rules(self.bridge.engine.state.scenario).max_zombies:
            return self.goal
        return self._closest_standing_zombie(survivor) or self.goal

    def _closest_standing_zombie(self, survivor: str) -> str | None:
        data = self.bridge.engine.state.data
        standing = [z.id for z in data.zombies if z.where == "city" and z.standing]
        return min(standing, key=lambda z: (self._distance(survivor, z), z), default=None)

    def _distance(self, a: str, b: str) -> float:
        data = self.bridge.engine.state.data
        return float(np.hypot(*np.subtract(data.position(a), data.position(b))))

    # -- aims ----------------------------------------------------------------------------------
    def aim_for(self, survivor: str, weapon: str) -> Plan:
        """The aim for a pending flick (reusing the plan made when deciding)."""
        if self.planned is not None:
            plan, self.planned = self.planned, None
            return plan
        return self.aim(survivor, weapon)

    def aim(self, survivor: str, weapon: str, goal: str | None = None) -> Plan:
        """Simulate candidate flicks and keep the best-scoring one."""
        session = self.bridge.session
        city = self.bridge.city
        here = session.poses[city.index(survivor), :2].astype(float)
        if weapon == "movement_disc":
            goal_piece = goal or self.goal
            goal = session.poses[city.index(goal_piece), :2].astype(float)
            span = float(np.linalg.norm(goal - here))
            if goal_piece != self.goal:           # approaching a zombie: stop in shooting range
                span = max(span - SHOT_RANGE / 2, 6.0)
                goal = here + (goal - here) * span / max(float(np.linalg.norm(goal - here)), 1e-6)
            # the whole way, or a stage of it (a clear 15-30 cm hop beats a blocked long flick)
            reach = sorted({min(span - 2.0, d) for d in (15.0, 30.0, span - 2.0) if d > 4.0})
            powers = [min(1.0, max(0.05, d / 100.0)) for d in reach]
            target = goal
            offsets = (0.0, -8.0, 8.0, -20.0, 20.0, -35.0, 35.0)
        else:
            target = session.poses[city.index(self.target), :2].astype(float)
            powers = [0.35, 0.55, 0.8]
            offsets = (0.0, -3.0, 3.0, -6.0, 6.0, -10.0, 10.0)
        bearing = float(np.degrees(np.arctan2(*(target - here)[::-1])))
        best: Plan | None = None
        count = 0
        for offset in offsets:
            for power in powers:
                aim = Aim((bearing + offset) % 360.0, power)
                score = self._score(survivor, weapon, aim, target)
                count += 1
                if best is None or score > best.score:
                    best = Plan(aim, score, count)
        best.simulated = count
        return best

    def _score(self, survivor: str, weapon: str, aim: Aim, target: np.ndarray) -> float:
        session, city = self.bridge.session, self.bridge.city
        side = "right"
        setup = setup_flick(city, session.poses, session.present, survivor, weapon, aim, side)
        result = Table(city.bodies, setup.poses, setup.present, setup.awake).run(setup.inputs, watch=setup.watched)
        outcome = measure_flick(city, result, setup.flicked, setup.present, None,
                                tuple(setup.held) + tuple(setup.awake))
        end = result.final[setup.flicked, :2].astype(float)
        if weapon == "movement_disc":
            if not outcome.clean or outcome.left_city:
                return -1000.0
            return -float(np.linalg.norm(end - target))
        first = outcome.first_contacts[0] if outcome.first_contacts else None
        if first is not None and is_zombie(first) and first in outcome.fell:
            return HIT + (10.0 if first == self.target else 0.0)
        if first is not None and not is_zombie(first):
            return -50.0 - float(np.linalg.norm(end - target))
        return -float(np.linalg.norm(end - target))
