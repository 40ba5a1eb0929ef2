"""A bot that plays Dead of Winter survivors legally and sensibly, and aims by simulating.

Every decision of a headless game comes here. The scenario's objective picks each survivor's goal
(game/flickem/bot_goals.py: search a building for useful tokens, carry them to the base / RV, escort,
hold a building, or S1's hunt-then-RV); the bot then kills zombies next to it, shoots a close
zombie when a simulated shot fells it, takes / drops / keeps tokens inside buildings, and moves
toward and into the goal's building through its door (game/flickem/bot_aim.py: staged hops, straight
in from in front, out from behind). Fights: gun > knife > bat, the bat waits until the gap is
short, and every attack is aimed by simulating it in the arena. Steals take useful kinds, X
tokens free the closed building nearest the team, votes go down, accusations are not made.
Aims come from the planner: candidate flicks simulated in scratch worlds (the real table, not
recorded) and scored on their measured outcomes.
"""
from __future__ import annotations

import time

import numpy as np

from feltbox.game.flickem.bot_aim import (
    FAIL,
    Plan,
    door_centre,
    plan_eject,
    plan_fight,
    plan_move,
    simulate,
)
from feltbox.game.flickem.bot_goals import (
    Goal,
    Knowledge,
    choose_goal,
    pick_fight,
    pick_keep,
    pick_move_x,
    pick_steal,
    pick_take_drop,
)
from feltbox.game.flickem.bridge import FlickemBridge
from feltbox.game.table.flick import Aim
from feltbox.rules.core import PhysicsRequest
from feltbox.rules.flickem.betrayal import WAITS, ChooseClan, PassTurn, Vote
from feltbox.rules.flickem.fights import FightWith
from feltbox.rules.flickem.flow import (
    WEAPON_PIECE,
    ChooseSurvivor,
    EndTurn,
    Move,
    ShortDistanceKill,
    UseWeapon,
)
from feltbox.rules.flickem.judge import is_zombie
from feltbox.rules.flickem.rounds import Eat
from feltbox.rules.flickem.scenarios import scenario_rules
from feltbox.rules.flickem.stealing import steal_player
from feltbox.rules.flickem.tokens import TakeDrop

SHOT_RANGE = 35.0           # cm: farther zombies are approached rather than shot (house)
DANGER = 18.0               # cm: outside S1, a standing zombie this close is shot first (house)
HIT = 100.0                 # score of a simulated shot that fells a zombie
ORDER = {"gun": 0, "two_guns": 0, "shotgun": 1, "sniper": 1, "knife": 2, "bat": 3}

__all__ = ["Bot", "Plan"]


class Bot:
    """Plays every decision and aim it is asked for, for whichever team is to play."""

    def __init__(self, bridge: FlickemBridge, goal: str = "rv"):
        self.bridge = bridge
        self.goal = goal
        self.target: str | None = None      # the zombie the pending shot aims at
        self.planned: Plan | None = None    # a move planned while deciding to move
        self.knowledge = Knowledge()
        self.doors = {b: tuple(float(v) for v in door_centre(bridge.city, b)) for b in bridge.city.buildings}
        self.goals: dict[str, Goal] = {}    # the last goal of each survivor (logs, tests)
        self.done: dict[str, set[str]] = {}  # buildings a survivor found nothing more to take in
        self.turn_walls: list[float] = []   # wall seconds of each bot turn (choice to next choice)
        self._turn_start: float | None = None

    def aim(self, request: PhysicsRequest) -> Aim | None:
        """The aim of a flick, a fight attack or an eject the rules ask this bot's seat for,
        each found by simulating candidates in scratch worlds; None for rushes and hordes."""
        spec = request.spec
        if request.kind == "flick":
            return self.aim_for(spec["survivor"], spec["weapon"]).aim
        if request.kind == "fight_flick":
            return plan_fight(self.bridge.city, spec).aim
        if request.kind == "eject":
            return plan_eject(self.bridge.session, spec, self._zombie_spots()).aim
        return None

    # -- decisions -----------------------------------------------------------------------------
    def decide(self, legal: list) -> object:
        self.knowledge.update(self.bridge.engine.history)
        action = self._decide(legal)
        action = action if action in legal else legal[0]    # never an illegal move
        if isinstance(action, ChooseSurvivor):      # a whole turn: its flicks, fights, the reaction
            now = time.perf_counter()
            if self._turn_start is not None:
                self.turn_walls.append(now - self._turn_start)
            self._turn_start = now
        return action

    def _decide(self, legal: list) -> object:
        state = self.bridge.engine.state
        f = state.flow
        choices = [a for a in legal if isinstance(a, ChooseSurvivor)]
        if choices:
            return choices[0]
        if f.waiting == "eat":                      # S4: eat while there is food
            return next(a for a in legal if isinstance(a, Eat))
        if f.waiting == "fight":
            return pick_fight(state, legal)
        if f.waiting in ("steal", "steal_keep"):
            team = steal_player(state)
            return pick_steal(state, legal, self.knowledge.known(state, team), team)
        if f.waiting in WAITS:                      # votes go down, the accused stays
            return next((a for a in legal if a in (Vote(False), ChooseClan(False))), legal[0])
        if f.waiting == "x":
            return pick_move_x(state, legal, state.data.survivor(f.active).team, self.doors)
        if f.waiting == "look":
            team = state.data.survivor(f.active).team
            return pick_keep(state, legal, self.knowledge.known(state, team))
        if f.active is None or f.waiting != "act":
            return next((a for a in legal if not isinstance(a, PassTurn)), legal[0])
        return self._act(legal)

    def _act(self, legal: list) -> object:
        state = self.bridge.engine.state
        active = state.flow.active
        s = state.data.survivor(active)
        withs = [a for a in legal if isinstance(a, FightWith)]
        if withs:                                   # FIGHT: acting here means fighting first
            return pick_fight(state, withs)
        kills = [a for a in legal if isinstance(a, ShortDistanceKill)]
        if kills:
            return kills[0]
        if state.scenario == 1:
            return self._hunt(legal, active, s.where == "city")
        known = self.knowledge.known(state, s.team)
        done = self.done.setdefault(active, set())
        claimed = tuple(g.building for sid, g in self.goals.items() if sid != active and g.kind == "enter"
                        and state.data.survivor(sid).team == s.team)
        goal = choose_goal(state, active, known, self.doors, exclude=done, claimed=claimed)
        takes = [a for a in legal if isinstance(a, TakeDrop)]
        if s.where != "city" and takes:
            pick = pick_take_drop(state, takes, goal, known)
            if pick is not None:
                self.goals[active] = goal
                return pick
            if goal.kind == "stay" and goal.take:   # nothing more here for this survivor
                done.add(s.where)
                goal = choose_goal(state, active, known, self.doors, exclude=done, claimed=claimed)
        self.goals[active] = goal
        zombie = self._closest_standing_zombie(active)
        if zombie and s.where == "city" and self._distance(active, zombie) < DANGER:
            shot = self._shoot(legal, active, zombie)
            if shot is not None:
                return shot
        if goal.kind == "enter" and Move() in legal and goal.building != s.where:
            blocks = sum(b == goal.building for _, b in state.data.barricades)
            plan = plan_move(self.bridge.session, active, np.array(self.doors[goal.building]), goal.building,
                             self._zombie_spots(), blocks)
            if plan.score > FAIL + 100.0:
                self.planned = plan
                return Move()
        if goal.kind == "hunt":
            return self._hunt(legal, active, False)
        self.planned = None
        return EndTurn()

    def _hunt(self, legal: list, active: str, may_move: bool) -> object:
        """S1 (and anyone with nothing to fetch): shoot the closest zombie in range when a simulated
        shot fells it; in S1 otherwise walk toward it, or into the RV once few enough are left."""
        state = self.bridge.engine.state
        zombie = self._closest_standing_zombie(active)
        if zombie and self._distance(active, zombie) < SHOT_RANGE:
            shot = self._shoot(legal, active, zombie)
            if shot is not None:
                return shot
        if may_move and Move() in legal:
            in_city = sum(z.where == "city" for z in state.data.zombies)
            few = in_city <= scenario_rules(state.scenario).max_zombies
            if few and "rv" in self.doors:
                self.planned = plan_move(self.bridge.session, active, np.array(self.doors["rv"]), "rv",
                                         self._zombie_spots())
                if self.planned.score > FAIL + 100.0:
                    return Move()
            piece = self.goal if few or not zombie else zombie
            self.planned = self.plan(active, "movement_disc", piece)
            if self.planned.score <= FAIL:         # hemmed in: a fan of short hops all around
                xy = self.bridge.session.poses[self.bridge.city.index(piece), :2].astype(float)
                self.planned = plan_move(self.bridge.session, active, xy, None, self._zombie_spots())
            if self.planned.score > FAIL:          # some candidate moves without touching
                return Move()
        self.planned = None
        return EndTurn()

    def _shoot(self, legal: list, active: str, zombie: str):
        """The first weapon (gun first) whose simulated shot fells ``zombie``, its aim kept."""
        weapons = sorted((a for a in legal if isinstance(a, UseWeapon) and a.weapon in ORDER),
                         key=lambda a: ORDER[a.weapon])
        self.target = zombie
        for weapon in weapons[:2]:
            plan = self.plan(active, WEAPON_PIECE[weapon.weapon])
            if plan.score >= HIT:
                self.planned = plan
                return weapon
        return None

    def _zombie_spots(self) -> list[np.ndarray]:
        data = self.bridge.engine.state.data
        return [np.array(data.position(z.id)) for z in data.zombies if z.where == "city" and z.standing]

    def _closest_standing_zombie(self, survivor: str) -> str | None:
        data = self.bridge.engine.state.data
        if data.survivor(survivor).where != "city":
            return None
        standing = [z.id for z in data.zombies if z.where == "city" and z.standing]
        return min(standing, key=lambda z: (self._distance(survivor, z), z), default=None)

    def _distance(self, a: str, b: str) -> float:
        data = self.bridge.engine.state.data
        return float(np.hypot(*np.subtract(data.position(a), data.position(b))))

    def turn_median(self) -> float | None:
        return float(np.median(self.turn_walls)) if self.turn_walls else None

    # -- aims ----------------------------------------------------------------------------------
    def aim_for(self, survivor: str, weapon: str) -> Plan:
        """The aim for a pending flick (reusing the plan made when deciding)."""
        if self.planned is not None:
            plan, self.planned = self.planned, None
            return plan
        return self.plan(survivor, weapon)

    def plan(self, survivor: str, weapon: str, goal: str | None = None) -> Plan:
        """Simulate candidate flicks and keep the best-scoring one (a shot at ``self.target``,
        or a move toward the piece ``goal``)."""
        session = self.bridge.session
        city = self.bridge.city
        here = session.poses[city.index(survivor), :2].astype(float)
        if weapon == "movement_disc":
            goal_piece = goal or self.goal
            target = session.poses[city.index(goal_piece), :2].astype(float)
            span = float(np.linalg.norm(target - here))
            if goal_piece != self.goal:           # approaching a zombie: stop in shooting range
                span = max(span - SHOT_RANGE / 2, 6.0)
                target = here + (target - here) * span / max(float(np.linalg.norm(target - here)), 1e-6)
            # the whole way, or a stage of it (a clear 15-30 cm hop beats a blocked long flick)
            reach = sorted({min(span - 2.0, d) for d in (15.0, 30.0, span - 2.0) if d > 4.0}) or [4.0]
            powers = [min(1.0, max(0.05, d / 100.0)) for d in reach]
            offsets = (0.0, -8.0, 8.0, -20.0, 20.0, -35.0, 35.0)
        else:
            target = session.poses[city.index(self.target), :2].astype(float) if self.target else here
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
                if score >= HIT + 10.0:           # fells the aimed zombie: no need to look further
                    best.simulated = count
                    return best
        best.simulated = count
        return best

    def _score(self, survivor: str, weapon: str, aim: Aim, target: np.ndarray) -> float:
        outcome, end = simulate(self.bridge.session, survivor, weapon, aim)
        if weapon == "movement_disc":
            if not outcome.clean or outcome.left_city:
                return FAIL
            return -float(np.linalg.norm(end - target))
        first = outcome.first_contacts[0] if outcome.first_contacts else None
        if first is not None and is_zombie(first) and first in outcome.fell:
            return HIT + (10.0 if first == self.target else 0.0)
        if first is not None and not is_zombie(first):
            return -50.0 - float(np.linalg.norm(end - target))
        return -float(np.linalg.norm(end - target))
