"""A Tail Feathers bot: legal, greedy and aggressive, playing the whole rule set, fast enough for
whole headless battles (``feltbox tournament tailfeathers``; docs/bots.md, "Tail Feathers").

It looks one decision ahead with the rules' own geometry (rules/tailfeathers/measure.py), never
with physics, and reads only what its player may know. Birds (bot_birds.py, judged in
bot_flight.py) fly toward the enemy nest, swoop it and perch on or beside it to attack it
every round, never end a flight off the battlefield while another flight (or a perch) is legal,
and use bird action cards, piloting checks and transports when they gain something. Ground units
attack what is in range (the nest first, with their best dice), otherwise move toward the enemy
nest and scurry on; with nothing to gain they forage for cheese. A figure on a leaf with no
target cuts it loose toward the enemy tree (an idle figure on its home tree boards a leaf for
that when the Leaves rule is in play); a ground unit with the cheese builds a ballista, which
shoots whenever it can. Missions (bot_missions.py) use all six cards. Hits go to the nest first,
then to the targets most worth wounding; a grudge re-rolls the death spiral dice that missed.
"""
from __future__ import annotations

import math

from feltbox.game.tailfeathers import bot_missions
from feltbox.game.tailfeathers import bot_value as value
from feltbox.game.tailfeathers.bot_birds import BirdChoices, card_effect
from feltbox.game.tailfeathers.bot_flight import centre, enemy_of
from feltbox.rules.tailfeathers import activation as act
from feltbox.rules.tailfeathers import combat, dice, flight, leaves, phases, spirals
from feltbox.rules.tailfeathers.cards import PlayCard
from feltbox.rules.tailfeathers.state import MISSION, TFState
from feltbox.rules.tailfeathers.stats import can_enter, enemies_on, home_nest, home_tree, on_ground, space, stat

NEST_NEAR = 100.0       # a ground figure next to the enemy nest
FOES_NEAR = 40.0        # a ground figure next to enemies
CREW = 150.0            # a ground figure the ballista on its space needs to activate (Structures)


class TFBot(BirdChoices):
    """``decide(legal, state)`` -> one of ``legal`` for the player the rules wait for."""

    def __init__(self, bridge=None):
        self.bridge = bridge
        self.plans: dict = {}                # a bird's chosen flight (bot_birds.py)
        self.sent: dict[str, int] = {}       # the last round each alliance was seen with a mission box
        self.missions: dict[str, tuple[int, str]] = {}   # each alliance's own last (round, mission)
        self.swooped: dict[str, int] = {}    # the last round an alliance's mission card was swooped (flipped in play)

    def aim(self, request) -> None:
        """Nothing to aim in Tail Feathers: the table throws the dice and drops the feathers."""
        return None

    def decide(self, legal: list, state: TFState | None = None):
        state = state if state is not None else self.bridge.engine.state
        self._watch(state)
        if len(legal) == 1:
            return legal[0]
        if isinstance(legal[0], combat.AssignHit):
            return self.assign_hit(state, legal)
        if isinstance(legal[0], spirals.Grudge):
            return self.grudge(legal)
        if isinstance(legal[0], dice.RerollCheese):     # Rolling Cheese: re-roll all the excess
            return max(legal, key=lambda a: a.dice)
        if state.flow.card_window:                      # a death spiral's card window: the first bonus card
            return legal[0]
        handler = getattr(self, f"on_{state.flow.waiting}", None)
        choice = handler(state, legal) if handler else None
        return choice if choice is not None else self.fallback(legal)

    def _watch(self, state: TFState) -> None:
        """What the table shows: figures in a player's mission box (public) this round."""
        for f in state.data.figures:
            if f.where == MISSION:
                self.sent[f.alliance] = state.flow.round
        if state.flow.phase == "activation":         # a card face up before the final phase: a bird swooped it
            for p in state.data.players:
                if p.mission and p.mission_revealed:
                    self.swooped[p.alliance] = state.flow.round

    @staticmethod
    def fallback(legal: list):
        """Prefer ending or continuing over cards and leaves; else the first choice."""
        for kind in (act.EndActivation, act.EndMove, flight.Continue, phases.DoneAssigning, act.Pass):
            for a in legal:
                if isinstance(a, kind):
                    return a
        return legal[0]

    # -- the phases ------------------------------------------------------------------------------
    def on_mission_select(self, state: TFState, legal: list):
        me = state.flow.queue[0]
        sent = self.sent.get(enemy_of(state, me), 0) >= state.flow.round - 1 >= 1
        last = self.missions.get(me, (0, ""))
        swooped = self.swooped.get(me, 0) >= state.flow.round - 1 >= 1
        kind = bot_missions.choose_mission(state, me, sent, last[1] if last[0] == state.flow.round - 1 else "", swooped)
        want = phases.ChooseMission(kind)
        choice = want if want in legal else phases.ChooseMission("")
        self.missions[me] = (state.flow.round, choice.mission)
        return choice

    def on_mission_assign(self, state: TFState, legal: list):
        return bot_missions.pick_figure(state, state.flow.queue[0], legal)

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
            base += 20 if u.kind in ("bird", "structure") else 10 if u.kind == "hero" else 0
            return base + len(a.figures)
        return max(acts, key=score)

    # -- ground units ----------------------------------------------------------------------------
    def on_move(self, state: TFState, legal: list):
        ballista = self._card(legal, "build")
        if ballista is not None:
            return ballista                         # Build Ballista: extended range, 4 dice a round
        moves = [a for a in legal if isinstance(a, act.TreeMove)]
        best, gain = None, 0.5
        for a, gained in self._gains(state, moves):
            if gained > gain:
                best, gain = a, gained
        if act.Forage() in legal and not self._on_a_leaf(state) and self._forage_pays(state) \
                and (best is None or self._forage_to_revive(state)):
            return act.Forage()     # worth more than the attacks: the sixth cheese (Revive now), or no move gains
        return best or self.fallback(legal)

    @staticmethod
    def _forage_pays(state: TFState) -> bool:
        """Foraging: 1 cheese against what the activated figures' best attacks are worth."""
        figs = [state.data.figure(f) for f in state.flow.figs if on_ground(state, state.data.figure(f))]
        return value.unit_attack(state, figs) < value.cheese_worth(state, _me(state))

    @staticmethod
    def _forage_to_revive(state: TFState) -> bool:
        """Foraging: "you can still revive on an activation with a unit that forages"."""
        return state.data.player(_me(state)).cheese == dice.MAX_CHEESE - 1 and bool(act.revive_options(state))

    @staticmethod
    def _on_a_leaf(state: TFState) -> bool:
        """An activated figure on an attached leaf: it cuts the leaf loose in the attack step."""
        return "leaves" in state.setup.rules and any(
            space(state, state.data.figure(f).where).kind == "leaf" and not leaves.drifting(state, state.data.figure(f).where)
            for f in state.flow.figs if on_ground(state, state.data.figure(f)))

    def _can_attack(self, state: TFState) -> bool:
        return any(combat.normal_targets(state, state.data.figure(f)) for f in state.flow.figs
                   if on_ground(state, state.data.figure(f)))

    @staticmethod
    def goal(state: TFState, fig) -> tuple[float, float] | None:
        """The enemy nest; for a figure on its home tree, the nearest enemy on it, else (Leaves in
        play) the nearest leaf of the tree to board and cut loose toward the enemy tree, else
        nowhere (trees are not connected: only missions, leaves and birds take a figure elsewhere)."""
        here = space(state, fig.where).tree
        if here == home_tree(state, fig.alliance):
            foes = [centre(state, f.where) for f in state.data.figures if f.alliance != fig.alliance
                    and on_ground(state, f) and space(state, f.where).tree == here]
            if foes:
                return min(foes, key=lambda c: math.dist(c, centre(state, fig.where)))
            if fig.size == "S" and not leaves.drifting(state, fig.where):
                boats = [sp.id for sp in state.setup.battlefield.spaces if sp.tree == here and sp.kind == "leaf"
                         and not leaves.drifting(state, sp.id) and (sp.id == fig.where or can_enter(state, fig, sp.id))]
                if "leaves" in state.setup.rules and boats:   # a leaf to cut loose toward the enemy tree
                    return min((centre(state, b) for b in boats), key=lambda c: math.dist(c, centre(state, fig.where)))
            return None                             # nowhere to go: nothing gained by moving here
        return centre(state, home_nest(state, enemy_of(state, fig.alliance)))

    def ground_value(self, state: TFState, fig, sid: str, goal) -> float:
        """Higher is better for a ground figure standing on ``sid``: next to enemies or the enemy
        nest, then closer to the enemy nest."""
        sp = space(state, sid)
        near = {sid, *sp.adjacent}
        worth = 0.0
        nest = home_nest(state, enemy_of(state, fig.alliance))
        if nest in near or sp.tree == space(state, nest).tree:      # the dice it would roll at the nest from there
            worth += NEST_NEAR * value.nest_dice(state, fig, sid) / 2
        if any(enemies_on(state, s, fig.alliance) for s in near):
            worth += FOES_NEAR
        if sid == fig.where and self._crew(state, fig):
            worth += CREW                               # its ballista shoots only with it standing by
        return worth - (math.dist(centre(state, sid), goal) if goal is not None else 0.0)

    @staticmethod
    def _crew(state: TFState, fig) -> bool:
        """``fig`` stands by one of its side's ballistas that would no longer have the figures it
        needs (Structures: "can only be activated if it shares its space with the required
        figures") if it left."""
        here = state.data.on_space(fig.where)
        for b in here:
            u = state.data.unit(b.unit)
            if u.kind == "structure" and u.alliance == fig.alliance:
                crew = [f for f in here if f.alliance == fig.alliance and f.id != b.id]
                return len(crew) <= stat(state, u.id, "activate")
        return False

    def _gains(self, state: TFState, moves: list) -> list:
        """(move, what it gains): the value of its space less the value of staying (worked out
        once per figure)."""
        here: dict = {}
        out = []
        for a in moves:
            fig = state.data.figure(a.figure)
            if fig.id not in here:
                goal = self.goal(state, fig)
                here[fig.id] = (goal, self.ground_value(state, fig, fig.where, goal))
            goal, now = here[fig.id]
            out.append((a, self.ground_value(state, fig, a.to, goal) - now))
        return out

    def on_act(self, state: TFState, legal: list):
        attacks = [a for a in legal if isinstance(a, act.AttackWith)]
        closer = self._closing_scurry(state, legal, attacks)
        if closer is not None:
            return closer
        if act.Forage() in legal and self._forage_pays(state):
            return act.Forage()                     # a perched bird whose attacks are worth less than 1 cheese
        cut = self._leaf_cut(state, legal)
        if cut is not None and self._cut_pays(state, cut):
            return cut
        if attacks:
            bonus = self._card(legal, "attack_bonus")
            if bonus is not None:
                return bonus                        # Dive / Screech: one more die for this attack
            # the nest first, then the best target, then the attack with the most dice (a squad
            # with bows rolls its ranged value, not its weaker melee, at an adjacent nest)
            return max(attacks, key=lambda a: (a.target.startswith("nest:"), self._target_value(state, a.target),
                                               combat.fig_value(state, state.data.figure(a.figure), a.kind)))
        if cut is not None:
            return cut
        scurries = [a for a in legal if isinstance(a, act.Scurry)]
        best, gain = None, 0.5
        for a, gained in self._gains(state, scurries):
            if gained > gain:
                best, gain = a, gained
        return best or self.fallback(legal)

    def _closing_scurry(self, state: TFState, legal: list, attacks: list):
        """Scurry to where the figure attacks the enemy nest better, instead of this activation's
        attack, when the nest attack from there, a round later (NEXT_ROUND: it may not live to
        make it), is worth more than the best attack now (bot_value: expected wounds). A rat blade
        shoots the nest with 1 die (ranged 1: 0.33 wounds) but melees it with 2 from an adjacent
        space (1.0, every round after; Scurry: "move it again following all of the normal
        movement rules"); a figure busy with a squad figure (0.5 a wound) leaves it for the nest."""
        best, worth = None, 0.0
        for a in legal:
            if not isinstance(a, act.Scurry):
                continue
            fig = state.data.figure(a.figure)
            there = value.nest_worth(state, fig, a.to)
            if there <= value.nest_worth(state, fig, fig.where):
                continue
            mine = [x for x in attacks if x.figure == fig.id]
            if not mine:
                continue                        # nothing to give up: the ground values choose (on_act)
            now = max(value.attack_worth(state, fig, x.target, x.kind) for x in mine)
            gain = value.NEXT_ROUND * there - now
            if gain > worth:
                best, worth = a, gain
        return best

    def _leaf_cut(self, state: TFState, legal: list):
        """Leaves: with nothing to attack, a figure on a leaf cuts it loose toward the enemy tree."""
        enemy_tree = home_tree(state, enemy_of(state, _me(state)))
        return next((a for a in legal if isinstance(a, leaves.CutLeaf) and a.tree == enemy_tree), None)

    @staticmethod
    def _cut_pays(state: TFState, cut) -> bool:
        """Leaf Drifting: the figures on the leaf drift toward the enemy tree (a siege of their
        own) against the normal attack the cutting figure gives up."""
        fig = state.data.figure(cut.figure)
        aboard = [f for f in state.data.on_space(fig.where) if f.alliance == fig.alliance]
        return value.LEAF_RIDER * len(aboard) > value.best_attack(state, fig)

    @staticmethod
    def _card(legal: list, effect: str):
        return next((a for a in legal if isinstance(a, PlayCard) and card_effect(a.card).split(":")[0] == effect), None)

    @staticmethod
    def _target_value(state: TFState, target: str) -> float:
        if target.startswith("nest:"):
            return 100.0
        fig = state.data.figure(target)
        u = state.data.unit(fig.unit)
        return {"bird": 30.0, "hero": 20.0, "structure": 25.0}.get(u.kind, 10.0) - stat(state, u.id, "defense")

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

    @staticmethod
    def grudge(legal: list):
        """Grudge: discard the marker to re-roll the death spiral dice that did not hit (sword or
        sword/shield); with every die a hit, keep the marker."""
        def misses(a) -> int:
            return sum(not dice.hits((f,), "melee") for f in a.reroll)
        best = max(legal, key=lambda a: (misses(a) == len(a.reroll), misses(a)))
        return best if best.reroll and misses(best) == len(best.reroll) else spirals.Grudge(())

    def on_revive(self, state: TFState, legal: list):
        return max(legal, key=lambda a: len(a.figures))

    def on_siege(self, state: TFState, legal: list):
        """The enemy's tree, on the trunk-adjacent space fewest steps from its nest (then the
        nearest to it): the figures attack the nest from there soonest."""
        nest = home_nest(state, enemy_of(state, state.flow.missions[0]))
        ours = [a for a in legal if getattr(a, "tree", None) == space(state, nest).tree]
        if not ours:
            return legal[0]
        steps = _steps_from(state, nest)
        return min(ours, key=lambda a: (steps.get(a.space, 99), math.dist(centre(state, a.space), centre(state, nest)))
                   if a.space else (99, 0.0))

    def on_patrol(self, state: TFState, legal: list):
        """The enemy bird closest to defeat."""
        birds = [a for a in legal if a.target and not a.target.startswith("leaf:")]
        if birds:
            return min(birds, key=lambda a: self._life_left(state, a.target))
        return next((a for a in legal if a.target), legal[0])

    def on_rescue(self, state: TFState, legal: list):
        return next((a for a in legal if a.unit), legal[0])


def _steps_from(state: TFState, start: str) -> dict[str, int]:
    """Tree Movement steps from ``start`` to every space of its tree (spaces' adjacency)."""
    steps, todo = {start: 0}, [start]
    for sid in todo:
        for nxt in space(state, sid).adjacent:
            if nxt not in steps:
                steps[nxt] = steps[sid] + 1
                todo.append(nxt)
    return steps


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
