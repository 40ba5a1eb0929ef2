"""A Tail Feathers bot: legal, greedy and aggressive, fast enough for whole headless battles.

It looks one decision ahead with the rules' own geometry (rules/tailfeathers/measure.py), never
with physics: birds launch toward the enemy nest and fly the announced templates that swoop the
most (enemy nest > mission card > ground enemies), avoid trunks, feathers and the battlefield's
edge, and end near the enemy nest or a flying enemy; large birds carry a small friendly ground
figure and drop it on the enemy tree. Ground units attack what is in range (the nest first),
otherwise move toward the enemy nest. It sends a siege (or patrol) mission with two ground
figures when it has them to spare, bids one extra initiative die when cheese is plentiful,
assigns hits to the nest or the weakest defender, and revives what it can. Action cards, leaf
cutting and grudges are left alone unless they are the only choice.
"""
from __future__ import annotations

import math

from feltbox.rules.tailfeathers import activation as act
from feltbox.rules.tailfeathers import combat, dice, flight, measure, phases, spirals
from feltbox.rules.tailfeathers.state import FLYING, TFState
from feltbox.rules.tailfeathers.stats import (
    enemies_on,
    flight_things,
    home_nest,
    nest_in_play,
    nest_owner,
    on_ground,
    opponents,
    space,
    stat,
    within_bounds,
)

FAR = 1e9
TRUNK = 150.0      # a flight into a trunk: 2 wounds, rattled, the flight ends there


class TFBot:
    """``decide(state, legal)`` -> one of ``legal`` for the player the rules wait for."""

    def __init__(self, bridge=None):
        self.bridge = bridge

    def aim(self, request) -> None:
        """Nothing to aim in Tail Feathers: the table throws the dice and drops the feathers."""
        return None

    def decide(self, legal: list, state: TFState | None = None):
        state = state if state is not None else self.bridge.engine.state
        if len(legal) == 1:
            return legal[0]
        w = state.flow.waiting
        if isinstance(legal[0], combat.AssignHit):
            return self.assign_hit(state, legal)
        if isinstance(legal[0], spirals.Grudge):
            return max(legal, key=lambda a: len(a.reroll))
        if isinstance(legal[0], dice.RerollCheese):     # Rolling Cheese: re-roll all the excess (as before)
            return max(legal, key=lambda a: a.dice)
        if state.flow.card_window:                      # a death spiral card window: the first bonus card
            return legal[0]
        handler = getattr(self, f"on_{w}", None)
        choice = handler(state, legal) if handler else None
        return choice if choice is not None else self.fallback(legal)

    @staticmethod
    def fallback(legal: list):
        """Prefer ending or continuing over cards and leaves; else the first choice."""
        for kind in (act.EndActivation, act.EndMove, flight.Continue, phases.DoneAssigning, act.Pass):
            for a in legal:
                if isinstance(a, kind):
                    return a
        return legal[0]

    # -- geometry helpers ----------------------------------------------------------------------
    @staticmethod
    def enemy(state: TFState) -> str:
        me = _me(state)
        alive = [a for a in opponents(state, me) if nest_in_play(state, a)]
        return alive[0] if alive else opponents(state, me)[0]

    @staticmethod
    def centre(state: TFState, sid: str) -> tuple[float, float]:
        return measure.centroid(space(state, sid).polygon)

    def target_point(self, state: TFState) -> tuple[float, float]:
        return self.centre(state, home_nest(state, self.enemy(state)))

    # -- the phases ------------------------------------------------------------------------------
    def on_mission_select(self, state: TFState, legal: list):
        me = state.flow.queue[0]
        spare = [f for f in state.data.figures if f.alliance == me and on_ground(state, f) and f.size == "S"
                 and state.data.unit(f.unit).kind == "squad"]          # the figures the box takes
        lost = [u for u in state.data.units if u.alliance == me and u.kind == "bird"
                and all(f.where == "casualty" for f in state.data.figures_of(u.id))]
        flying = any(u.alliance == me and u.kind == "bird" and u.id not in {unit.id for unit in lost}
                     for u in state.data.units)
        # a rescue needs 2 figures in the box (Resolve Missions 5); with no bird left only a
        # siege carries ground figures to the enemy tree
        wanted = ("rescue" if lost and len(spare) >= 2 else
                  "siege" if len(spare) >= 3 or (spare and not flying) else "")
        return phases.ChooseMission(wanted) if phases.ChooseMission(wanted) in legal else phases.ChooseMission("")

    def on_mission_assign(self, state: TFState, legal: list):
        me = state.flow.queue[0]
        boxed = sum(1 for f in state.data.figures if f.alliance == me and f.where == "mission")
        want = 2                                    # rescue: at least 2; siege: 2 to the enemy tree
        picks = [a for a in legal if isinstance(a, phases.AssignFigure)
                 and state.data.figure(a.figure).size == "S"
                 and state.data.unit(state.data.figure(a.figure).unit).kind == "squad"]
        if boxed < want and picks:
            return picks[-1]
        return phases.DoneAssigning() if phases.DoneAssigning() in legal else legal[0]

    def on_tilt(self, state: TFState, legal: list):
        bird = state.data.figure(legal[0].bird)
        tx, ty = self._bird_goal(state, bird)
        if bird.where != FLYING:
            bearing = math.degrees(math.atan2(ty - bird.pose[1], tx - bird.pose[0])) % 360.0
            launches = [a for a in legal if isinstance(a, phases.Launch)]
            launches = [a for a in launches if (a.x, a.y) == (launches[0].x, launches[0].y)]   # from the centre
            trunks = [t for t in flight_things(state, bird.id) if t.kind == "trunk"]
            centre = self.centre(state, bird.where)

            def cost(a):                             # a launch into a trunk: 2 wounds and rattled
                path = measure.flight_path((*centre, a.heading), measure.BASE_RADIUS, ("long", "long"), "center")
                return _angle(a.heading, bearing) + (180.0 if measure.crossings(path, trunks, measure.BASE_RADIUS) else 0.0)
            return min(launches, key=cost)
        bearing = math.degrees(math.atan2(ty - bird.pose[1], tx - bird.pose[0]))
        turn = (bearing - bird.pose[2] + 180.0) % 360.0 - 180.0
        want = "left" if turn > 35 else "right" if turn < -35 else "center"
        tilts = {a.tilt: a for a in legal}
        return tilts.get(want) or tilts.get("center") or legal[0]

    def on_bid(self, state: TFState, legal: list):
        cheese = state.data.player(state.flow.queue[0]).cheese
        n = 1 if cheese >= 3 else 0
        return next((a for a in legal if a.extra == n), legal[0])

    def on_activate(self, state: TFState, legal: list):
        acts = [a for a in legal if isinstance(a, act.Activate)]
        if not acts:
            return self.fallback(legal)

        def score(a):
            u = state.data.unit(a.unit)
            figs = [state.data.figure(f) for f in a.figures]
            attack = any(combat.normal_targets(state, f) for f in figs if stat(state, u.id, "melee")
                         or stat(state, u.id, "ranged"))
            base = 30 if attack else 0
            base += 20 if u.kind == "bird" else 10 if u.kind == "hero" else 0
            return base + len(a.figures)
        best = max(acts, key=score)
        if score(best) < 20 and act.Pass() in legal and not self._ground_purpose(state, best):
            return act.Pass()                       # nothing to gain: take the cheese
        return best

    def _ground_purpose(self, state: TFState, a) -> bool:
        """A ground activation that can move somewhere better."""
        goal = self.target_point(state)
        for fid in a.figures:
            fig = state.data.figure(fid)
            if not on_ground(state, fig):
                continue
            now = self._ground_value(state, fig, fig.where, goal)
            if any(self._ground_value(state, fig, sid, goal) > now + 0.5
                   for sid in act.reachable(state, fid, max(1, stat(state, fig.unit, "move")))):
                return True
        return False

    def on_move(self, state: TFState, legal: list):
        moves = [a for a in legal if isinstance(a, act.TreeMove)]
        goal = self.target_point(state)
        best, gain = None, 0.5
        for a in moves:
            fig = state.data.figure(a.figure)
            now = self._ground_value(state, fig, fig.where, goal)
            then = self._ground_value(state, fig, a.to, goal)
            if then - now > gain:
                best, gain = a, then - now
        return best or self.fallback(legal)

    def _ground_value(self, state: TFState, fig, sid: str, goal) -> float:
        """Higher is better for a ground figure standing on ``sid``: next to enemies or the enemy
        nest, then closer to the enemy nest."""
        sp = space(state, sid)
        near = {sid, *sp.adjacent}
        value = 0.0
        enemy = self.enemy(state)
        if home_nest(state, enemy) in near:
            value += 100.0
        if any(enemies_on(state, s, fig.alliance) for s in near):
            value += 40.0
        cx, cy = measure.centroid(sp.polygon)
        return value - math.hypot(cx - goal[0], cy - goal[1])

    def on_act(self, state: TFState, legal: list):
        attacks = [a for a in legal if isinstance(a, act.AttackWith)]
        if attacks:
            # the nest first, then the best target, then the attack with the most dice (a squad
            # with bows rolls its ranged value, not its weaker melee, at an adjacent nest)
            return max(attacks, key=lambda a: (a.target.startswith("nest:"), self._target_value(state, a.target),
                                               combat.fig_value(state, state.data.figure(a.figure), a.kind)))
        forage = [a for a in legal if isinstance(a, act.Forage)]
        if forage and state.data.player(_me(state)).cheese < 3:
            return forage[0]
        return self.fallback(legal)

    @staticmethod
    def _target_value(state: TFState, target: str) -> float:
        if target.startswith("nest:"):
            return 100.0
        fig = state.data.figure(target)
        u = state.data.unit(fig.unit)
        return {"bird": 30.0, "hero": 20.0}.get(u.kind, 10.0) - stat(state, u.id, "defense")

    def assign_hit(self, state: TFState, legal: list):
        """Hits: the nest first, then the targets most worth wounding, no more hits on a
        figure than it has life left."""
        assigned = state.flow.attack.assigned

        def value(a):
            left = 99 if a.target.startswith("nest:") else self._life_left(state, a.target)
            spare = assigned.count(a.target) >= left
            return (not spare, self._target_value(state, a.target))
        return max(legal, key=value)

    @staticmethod
    def _life_left(state: TFState, fid: str) -> int:
        fig = state.data.figure(fid)
        u = state.data.unit(fig.unit)
        if u.kind == "squad":
            return 1
        return max(1, stat(state, u.id, "life") - u.wounds)

    def on_revive(self, state: TFState, legal: list):
        return max(legal, key=lambda a: len(a.figures))

    def on_siege(self, state: TFState, legal: list):
        enemy_tree = space(state, home_nest(state, self.enemy(state))).tree
        return next((a for a in legal if a.tree == enemy_tree), legal[0])

    def on_patrol(self, state: TFState, legal: list):
        return next((a for a in legal if a.target), legal[0])

    def on_rescue(self, state: TFState, legal: list):
        return next((a for a in legal if a.unit), legal[0])

    # -- flying ----------------------------------------------------------------------------------
    def _bird_goal(self, state: TFState, bird) -> tuple[float, float]:
        """Where a bird heads: the enemy nest, unless a flying enemy is much nearer."""
        goal = self.target_point(state)
        foes = [f for f in state.data.figures if f.where == FLYING and f.alliance != bird.alliance]
        d_goal = math.hypot(goal[0] - bird.pose[0], goal[1] - bird.pose[1])
        for f in sorted(foes, key=lambda f: math.hypot(f.pose[0] - bird.pose[0], f.pose[1] - bird.pose[1])):
            if math.hypot(f.pose[0] - bird.pose[0], f.pose[1] - bird.pose[1]) < 0.5 * d_goal:
                return f.pose[0], f.pose[1]
        return goal

    def on_pilot(self, state: TFState, legal: list):
        flies = [a for a in legal if isinstance(a, flight.Fly)]
        if not flies:
            return self.fallback(legal)
        bird = flight.mover(state)
        goal = self._bird_goal(state, bird)
        things = flight_things(state, bird.id)
        enemy = self.enemy(state)
        cache: dict = {}
        best, best_score = flies[0], -FAR
        for a in flies:
            key = (a.templates, a.tilt)
            if key not in cache:
                cache[key] = self._flight_score(state, bird, a, things, goal, enemy)
            s = cache[key] + (self._carry_bonus(state, bird, a, goal) if a.carry else 0.0)
            if s > best_score:
                best, best_score = a, s
        if best_score <= -FAR and flight.PilotCheck() in legal:
            return flight.PilotCheck()              # every flight ends off the table: try to turn
        return best

    def _flight_score(self, state: TFState, bird, a, things, goal, enemy) -> float:
        path = measure.flight_path(bird.pose, measure.BASE_RADIUS, a.templates, a.tilt)
        if not within_bounds(state, path.end):
            return -FAR
        score = -math.hypot(path.end[0] - goal[0], path.end[1] - goal[1])
        crossed = measure.crossings(path, things, measure.BASE_RADIUS)
        for c in crossed:
            if c.kind == "trunk":
                score -= TRUNK
                break                                   # the flight stops there
            if c.kind == "space":
                owner = nest_owner(state, c.id)
                if owner == enemy:
                    score += 80.0
                elif enemies_on(state, c.id, bird.alliance):
                    score += 25.0
            elif c.kind == "mission" and c.id != f"mission:{bird.alliance}":
                score += 30.0
            elif c.kind == "feather":
                score -= 8.0
            elif c.kind == "flying":
                score -= 6.0
        return score

    def _carry_bonus(self, state: TFState, bird, a, goal) -> float:
        """Carrying a ground figure pays when the flight crosses the enemy tree's spaces."""
        enemy_tree = space(state, home_nest(state, self.enemy(state))).tree
        path = measure.flight_path(bird.pose, measure.BASE_RADIUS, a.templates, a.tilt)
        things = [t for t in flight_things(state, bird.id) if t.kind == "space" and space(state, t.id).tree == enemy_tree]
        return 15.0 if measure.crossings(path, things, measure.BASE_RADIUS) else -5.0

    def on_flight(self, state: TFState, legal: list):
        bird = flight.mover(state)
        enemy = self.enemy(state)
        swoops = [a for a in legal if isinstance(a, flight.Swoop)]
        if swoops:
            def worth(a):
                if a.target.startswith("mission:"):
                    return 50
                return 100 if nest_owner(state, a.target) == enemy else 10 + len(enemies_on(state, a.target, bird.alliance))
            return max(swoops, key=worth)
        drop = next((a for a in legal if isinstance(a, flight.Drop)), None)
        if drop is not None:
            fl = state.flow.flight
            sid = fl.crossings[fl.index][2]
            enemy_tree = space(state, home_nest(state, enemy)).tree
            if space(state, sid).tree == enemy_tree:
                return drop
        return flight.Continue() if flight.Continue() in legal else self.fallback(legal)


def _me(state: TFState) -> str:
    """The alliance the rules wait for."""
    f = state.flow
    if f.attack is not None and f.roll is None and f.attack.hits > len(f.attack.assigned):
        return f.attack.side
    if f.waiting in ("mission_select", "mission_assign", "tilt", "bid"):
        return f.queue[0]
    if f.waiting in ("siege", "patrol", "rescue"):
        return f.missions[0]
    return act.player(state)


def _angle(a: float, b: float) -> float:
    return abs((a - b + 180.0) % 360.0 - 180.0)

