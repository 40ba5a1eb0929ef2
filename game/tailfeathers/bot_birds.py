"""The Tail Feathers bot's bird decisions: the Tilt Phase (tilt, stay perched or launch, and the
launch heading), the start of a flying activation (bird action cards, the piloting check, the
announced flight) and each crossing (swoop, perch, drop off). Flights are judged in
bot_flight.py."""
from __future__ import annotations

import math

from feltbox.game.tailfeathers.bot_flight import OFF, Plan, best_plan, centre, enemy_of, goal_of, judge, on_table
from feltbox.rules.tailfeathers import combat, flight, measure, phases
from feltbox.rules.tailfeathers import data as tables
from feltbox.rules.tailfeathers.cards import PlayCard
from feltbox.rules.tailfeathers.state import FLYING, TFState
from feltbox.rules.tailfeathers.stats import enemies_on, flight_things, home_nest, nest_owner, space, stat
from feltbox.rules.tailfeathers.turn import mover

TILTS = ("left", "center", "right")
WORTH_A_TURN = 15.0     # a tilt change (card or piloting check) must gain this much
WORTH_MORE = 10.0       # one more template (a move card) must gain this much


def adjacent_tilts(tilt: str) -> list[str]:
    k = TILTS.index(tilt)
    return [t for i, t in enumerate(TILTS) if abs(i - k) <= 1]


def card_effect(cid: str) -> str:
    return tables.action_cards()[cid]["effect"]


class BirdChoices:
    """Mixed into TFBot: ``self.plans`` keeps each bird's chosen flight until it lands."""

    plans: dict

    def on_tilt(self, state: TFState, legal: list):
        bird = state.data.figure(legal[0].bird)
        most = stat(state, bird.unit, "move")
        if bird.where == FLYING:
            tilts = {a.tilt: a for a in legal if isinstance(a, phases.Tilt)}
            plans = {t: best_plan(state, bird, bird.pose, [t], most, True) for t in tilts}
            return tilts[max(plans, key=lambda t: (plans[t].score, t == "center"))]
        stay = phases.Tilt(bird.id, "stay")
        launches = [a for a in legal if isinstance(a, phases.Launch)]
        # from the space's centre (the first spot offered): 24 headings scored, not 24 x 5 spots
        launches = [a for a in launches if (a.x, a.y) == (launches[0].x, launches[0].y)]
        if stay in legal and (combat.normal_targets(state, bird) or not launches):
            return stay                             # perched and in reach of a target: attack from here
        x, y = centre(state, bird.where)

        def launch_score(a) -> float:
            pose = (a.x if a.x is not None else x, a.y if a.y is not None else y, a.heading)
            return best_plan(state, bird, pose, ["center"], most, False).score
        scored = [(launch_score(a), a) for a in launches]
        best_score, best = max(scored, key=lambda p: p[0])
        return best if best_score > OFF or stay not in legal else stay

    def on_pilot(self, state: TFState, legal: list):
        flies = [a for a in legal if isinstance(a, flight.Fly)]
        if not flies:
            return self.fallback(legal)
        bird = mover(state)
        u = state.data.unit(bird.unit)
        goal = goal_of(state, bird)
        may_perch = not bird.launching
        now = self._best_fly(state, bird, flies, goal, may_perch)
        cards = {card_effect(a.card).split(":")[0]: a for a in legal if isinstance(a, PlayCard)}
        if "heal" in cards and u.wounds > 0:
            return cards["heal"]                       # Preen: a wound off before flying into danger
        tilts = sorted({a.tilt for a in flies})
        most = max(len(a.templates) for a in flies)
        turn_tilts = adjacent_tilts(bird.tilt)
        turned = best_plan(state, bird, bird.pose, turn_tilts, most, may_perch, goal) \
            if (set(turn_tilts) - set(tilts)) else now[0]
        if turned.score > now[0].score + WORTH_A_TURN:
            if "tilt_free" in cards:
                return cards["tilt_free"]
            if flight.PilotCheck() in legal:
                return flight.PilotCheck()
        if "move_bonus" in cards:
            longer = best_plan(state, bird, bird.pose, tilts, most + 1, may_perch, goal)
            if longer.score > now[0].score + WORTH_MORE:
                return cards["move_bonus"]
        plan, choice = now
        self.plans[bird.unit] = plan
        return choice

    def _best_fly(self, state: TFState, bird, flies: list, goal, may_perch: bool) -> tuple[Plan, object]:
        things = measure.prepare(flight_things(state, bird.id))
        judged: dict = {}
        best, best_score, best_plan_ = flies[0], -math.inf, None
        for a in flies:
            key = (a.templates, a.tilt)
            if key not in judged:
                judged[key] = judge(state, bird, bird.pose, a.templates, a.tilt, things, goal, may_perch)
            plan = judged[key]
            score = plan.score + (self._carry_bonus(state, bird, a) if a.carry else 0.0)
            if score > best_score:
                best, best_score, best_plan_ = a, score, plan
        return best_plan_, best

    @staticmethod
    def _carry_bonus(state: TFState, bird, a) -> float:
        """Carrying a ground figure pays when the flight crosses the enemy tree's spaces."""
        enemy_tree = space(state, home_nest(state, enemy_of(state, bird.alliance))).tree
        path = measure.flight_path(bird.pose, measure.BASE_RADIUS, a.templates, a.tilt)
        things = [t for t in flight_things(state, bird.id) if t.kind == "space" and space(state, t.id).tree == enemy_tree]
        return 15.0 if measure.crossings(path, things, measure.BASE_RADIUS) else -5.0

    def on_flight(self, state: TFState, legal: list):
        bird = mover(state)
        enemy = enemy_of(state, bird.alliance)
        fl = state.flow.flight
        sid = fl.crossings[fl.index][2]
        swoops = [a for a in legal if isinstance(a, flight.Swoop)]
        if swoops:
            def worth(a):
                if a.target.startswith("mission:"):
                    return 50
                return 100 if nest_owner(state, a.target) == enemy else 10 + len(enemies_on(state, a.target, bird.alliance))
            return max(swoops, key=worth)
        plan = self.plans.get(bird.unit)
        if flight.Perch() in legal:
            if plan is not None and plan.perch == sid:
                return flight.Perch()
            if not on_table(state, fl.end) and (plan is None or not plan.perch):
                return flight.Perch()               # the end is off the battlefield: land here instead
        drop = next((a for a in legal if isinstance(a, flight.Drop)), None)
        if drop is not None and space(state, sid).tree == space(state, home_nest(state, enemy)).tree:
            return drop
        return flight.Continue() if flight.Continue() in legal else self.fallback(legal)
