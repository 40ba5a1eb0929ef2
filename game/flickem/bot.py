"""A bot that plays Dead of Winter survivors to win, and aims by simulating.

Every decision of a headless game comes here (and the window's bot seats). Which survivor plays
next and S1's plan: game/flickem/bot_turns.py; what the active survivor does with its actions
(take / drop, kill, move toward and into its goal, powers): game/flickem/bot_act.py; goals over
the rounds left: bot_goals.py; the small decisions: bot_choices.py; S9/S10 accusations and
votes: bot_secrets.py. Aims come from the planners (bot_aim.py moves, bot_shots.py shots,
flares, fights, ejects): candidate flicks simulated in scratch worlds and scored on their
measured outcomes.

Seeds: each team's bot draws from its own ``random.Random`` seeded with the game's seed and the
team (never the rules' RNG, which is part of the state hash): it jitters the planners'
candidates, breaks ties between equal choices, and adds a finger's aim noise to every flick the
bot plays (bot_aim.noisy), so two seeds play two games while a replay, which records the aims
played, still verifies.
"""
from __future__ import annotations

import random
import time

import numpy as np

from feltbox.game.flickem import bot_act, bot_turns
from feltbox.game.flickem.bot_aim import FAIL, Plan, door_centre, noisy, plan_move
from feltbox.game.flickem.bot_choices import pick_eat, pick_fight, pick_keep, pick_move_x, pick_steal
from feltbox.game.flickem.bot_goals import Goal, Knowledge, turns_left
from feltbox.game.flickem.bot_paths import REACH_BAND, Clearance, Field, door_field
from feltbox.game.flickem.bot_secrets import Suspicion, is_betrayer, pick_secret
from feltbox.game.flickem.bot_shots import plan_eject, plan_fight, plan_shot
from feltbox.game.flickem.bridge import FlickemBridge
from feltbox.game.table.flick import Aim
from feltbox.rules.core import PhysicsRequest
from feltbox.rules.flickem.betrayal import WAITS, PassTurn
from feltbox.rules.flickem.flow import ChooseSurvivor
from feltbox.rules.flickem.stealing import steal_player

__all__ = ["Bot", "Plan"]


class Bot:
    """Plays every decision and aim it is asked for, for whichever team is to play."""

    def __init__(self, bridge: FlickemBridge, goal: str = "rv"):
        self.bridge = bridge
        self.goal = goal                    # the piece a plain move heads for (bench, tests)
        self.seed = int(getattr(bridge.engine, "seed", 0))
        self.rngs: dict[str, random.Random] = {}
        self.target: str | None = None      # the zombie the pending shot aims at
        self.planned: Plan | None = None    # the flick planned while deciding, aimed when asked
        self.knowledge = Knowledge()
        self.suspicion = Suspicion()
        self.doors = {b: tuple(float(v) for v in door_centre(bridge.city, b)) for b in bridge.city.buildings}
        self.goals: dict[str, Goal] = {}    # the last goal of each survivor (logs, tests)
        self.commits: dict[str, tuple[str | None, float]] = {}   # the place each searcher heads for, since when
        self.done: dict[str, set[str]] = {}  # places a survivor found nothing more to take in
        self.turn_walls: list[float] = []   # wall seconds of each bot turn (choice to next choice)
        self._turn_start: float | None = None
        self._ties: dict[str, dict[str, float]] = {}
        self._fields: dict[str, Field | None] = {}
        self._fields_at = -1
        self.breached: set[tuple] = set()   # S4: spots from which no flick moved a barricade out
        self.cleared: dict[tuple, int] = {}  # S5: actions spent clearing a building's door (survivor, building)

    # -- context for the turn modules ----------------------------------------------------------
    @property
    def state(self):
        return self.bridge.engine.state

    @property
    def session(self):
        return self.bridge.session

    def rng(self, team: str | None = None) -> random.Random:
        """The seeded generator of ``team`` (default: the team to play)."""
        if team is None:
            f = self.state.flow
            team = self.state.data.survivor(f.active).team if f.active else f.teams[f.team_index]
        if team not in self.rngs:
            self.rngs[team] = random.Random(f"feltbox-bot:{self.seed}:{team}")
        return self.rngs[team]

    def ties(self, team: str) -> dict[str, float]:
        """Per place (building, object), a number drawn once per game and team: the seed's
        preference between places worth the same."""
        key = f"ties:{team}"
        if key not in self._ties:
            rng = random.Random(f"feltbox-bot-ties:{self.seed}:{team}")
            places = sorted(self.doors) + sorted(o for o, *_ in self.state.data.objects)
            self._ties[key] = {p: rng.random() for p in places}
        return self._ties[key]

    def travel(self, place: str, xy) -> float | None:
        """cm along the street from ``xy`` to where ``place`` (a building, an object) is entered or
        reached, around every piece on the table (one shortest-path map per place, kept until the
        next physics episode); None when no way is known."""
        if self.session.episodes != self._fields_at:
            self._fields, self._fields_at = {}, self.session.episodes
        if place not in self._fields:
            city, clear = self.bridge.city, Clearance(self.session)
            rect = next((r for r in self.state.data.objects if r[0] == place), None)
            if place in city.buildings:
                self._fields[place] = door_field(city, place, clear, far=self.state.scenario == 5)
            elif rect is not None:
                self._fields[place] = Field(clear, [], near=(*rect[1:], *REACH_BAND))
            else:
                self._fields[place] = None
        field = self._fields[place]
        cost = field.cost_near(np.asarray(xy, dtype=float)) if field is not None else np.inf
        return cost if np.isfinite(cost) else None

    def goal_of(self, sid: str) -> Goal:
        """The goal survivor ``sid`` would pursue now (not remembered as its claim)."""
        return bot_act.goal_for(self, sid, remember=False)

    def careful(self, sid: str) -> bool:
        """Plan flicks that hold up to aim noise, unless this is the survivor's last turn."""
        return turns_left(self.state, sid) > 1

    def zombie_spots(self, fallen: bool = True) -> list[np.ndarray]:
        """Where the zombies in the city are, fallen ones too unless ``fallen`` is False: END OF
        THE ROUND stands every zombie (and a QUIET reaction the closest), and a survivor it then
        stands next to is TOO CLOSE!, so a landing keeps off both (before, only off standing ones:
        docs/bots.md, stop 37). Only a standing zombie is rushed by a reaction."""
        data = self.state.data
        return [np.array(data.position(z.id)) for z in data.zombies if z.where == "city" and (fallen or z.standing)]

    def xy(self, piece: str) -> np.ndarray:
        return self.session.poses[self.bridge.city.index(piece), :2].astype(float)

    # -- aims ----------------------------------------------------------------------------------
    def aim(self, request: PhysicsRequest) -> Aim | None:
        """The aim of a flick, a fight attack or an eject the rules ask this bot's seat for,
        each found by simulating candidates in scratch worlds, then flicked with a finger's
        noise; None for rushes and hordes."""
        spec = request.spec
        if request.kind == "flick":
            team = self.state.data.survivor(spec.get("by") or spec["survivor"]).team
            return noisy(self.aim_for(spec["survivor"], spec["weapon"]).aim, self.rng(team))
        if request.kind == "fight_flick":
            team = self.state.data.survivor(spec["attacker"]).team
            return noisy(plan_fight(self.bridge.city, spec, self.rng(team)).aim, self.rng(team))
        if request.kind == "eject":
            team = spec.get("team") or self.state.flow.teams[0]
            return noisy(plan_eject(self.session, spec, self.zombie_spots()).aim, self.rng(team))
        return None

    def aim_for(self, survivor: str, weapon: str) -> Plan:
        """The aim for a pending flick (reusing the plan made when deciding)."""
        if self.planned is not None:
            plan, self.planned = self.planned, None
            return plan
        return self.plan(survivor, weapon)

    def plan(self, survivor: str, weapon: str, goal: str | None = None) -> Plan:
        """A flick planned on the spot: a shot at ``self.target``, or a move toward the piece
        ``goal`` (default ``self.goal``); anything else straight ahead, gently."""
        if weapon == "movement_disc":
            return plan_move(self.session, survivor, self.xy(goal or self.goal), None, self.zombie_spots(),
                             rng=self.rng(self.state.data.survivor(survivor).team))
        if self.target is not None and weapon not in ("flare", "figure"):
            return plan_shot(self.session, survivor, weapon, self.target)
        return Plan(Aim(0.0, 0.3), FAIL, 0)

    # -- decisions -----------------------------------------------------------------------------
    def decide(self, legal: list) -> object:
        history = self.bridge.engine.history
        self.knowledge.update(history)
        self.suspicion.update(self.state, history, self.knowledge)
        action = self._decide(legal)
        action = action if action in legal else legal[0]    # never an illegal move
        if isinstance(action, ChooseSurvivor):      # a whole turn: its flicks, fights, the reaction
            now = time.perf_counter()
            if self._turn_start is not None:
                self.turn_walls.append(now - self._turn_start)
            self._turn_start = now
        return action

    def _decide(self, legal: list) -> object:
        state = self.state
        f = state.flow
        choices = [a for a in legal if isinstance(a, ChooseSurvivor)]
        if choices:
            return bot_turns.choose_survivor(self, choices)
        if f.waiting == "eat":                      # S4: eat only what the objective can spare
            return pick_eat(state, legal)
        if f.waiting == "fight":
            return pick_fight(state, legal)
        if f.waiting in ("steal", "steal_keep"):
            team = steal_player(state)
            return pick_steal(state, legal, self.knowledge.known(state, team), team)
        if f.waiting in WAITS:                      # votes and the accused's clan
            return pick_secret(self, legal)
        if f.waiting == "x":
            return pick_move_x(state, legal, state.data.survivor(f.active).team, self.doors)
        if f.waiting == "look":
            if is_betrayer(state, f.active):        # leaves what the team wants face up
                return next(a for a in legal if not a.keep)
            team = state.data.survivor(f.active).team
            return pick_keep(state, legal, self.knowledge.known(state, team))
        if f.active is None or f.waiting != "act":
            return next((a for a in legal if not isinstance(a, PassTurn)), legal[0])
        return bot_act.act(self, legal)

    def turn_median(self) -> float | None:
        return float(np.median(self.turn_walls)) if self.turn_walls else None
