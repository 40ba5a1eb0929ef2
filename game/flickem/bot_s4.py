"""S4 Starvation: where a move ends, weighed by what the zombies' reaction to it costs, and who
carries the food (``food_goal``: survivors the coming meals kill leave it to those who live).

The arithmetic of the scenario (rulebook STARVATION, house: 6 rounds, meals when the marker
reaches 4 and 2, ``rules/flickem/data/scenarios.toml``): the 4 food on the table are all needed
in the RV, so the group goes hungry at both meals unless the 4th is dropped first; each hunger
takes a life from every survivor, and the survivors start with 3. So a survivor who loses a
single life to anything else by the second meal dies there, 3 dead lose the game, and every
survivor left after it is at its last life.

Read in main's games (ac0ff2d, seeds 1-3): the lives go before any food moves. In round 1 every
survivor walks toward the Grocery store's door through the 6 zombies in the middle of the city;
each move's QUIET reaction rushes the zombie closest to where it ends at the mover, and it lands
fallen next to it; the round's end stands every zombie: TOO CLOSE! (seed 1: Lily, Loretta;
seed 2: Loretta; seed 3: Lily, Loretta, Elijah, all at the end of round 1). The same reaction
is weighed in S5 (``bot_safety.reaction_risk``, branch ``s5win``): here it is weighed too, a
life counted WORTH times S5's (each one is a survivor lost at the second meal). Survivors who
are not carrying also walk up to a fallen zombie beside a teammate and kill it (bot_s5.defuse_walk)
and, once the store is open, kill the zombie by its door before going in (bot_s5.clear_the_door).

Measured first on branch s4won (stop 29: better on seeds 1-20, worse on 21-40, not merged), and
again on main 2eebaf3 (stop 35, docs/bots.md): seeds 1-20 0 won as main, 42 deaths against 50;
seeds 21-40 2 won (30, 31) against 0, 38 deaths against 50, 25 food in the RV against 19.
``food_goal`` measured at stop 36 on main 120eb33 (docs/bots.md "Stop 36"): seeds 1-20 2 won
(8, 14) against 1, seeds 21-40 1 (27) against 0.
"""
from __future__ import annotations

from feltbox.game.flickem.bot_goals import Goal, actions_to, actions_within, where_is
from feltbox.game.flickem.bot_safety import weighed_risk
from feltbox.rules.flickem.scenarios import scenario_rules

WORTH = 2.0             # a life in S4 against S5's LIFE (60 cm of way): hurt once, dead at the second meal


def risk_s4(state, sid: str, exclude=()):
    """S4: what the zombies' reaction costs where a move lands (bot_safety.weighed_risk, WORTH
    times: in full for the turn's last action, at FIRST for an earlier one); None elsewhere."""
    return weighed_risk(state, sid, WORTH, exclude) if state.scenario == 4 else None


def meal_deadline(state, sid: str) -> int | None:
    """S4: the actions survivor ``sid`` has before the meal that kills it, or None if it outlives
    them all. The group goes hungry at every meal (the objective needs all 4 food in the RV,
    bot_choices.pick_eat), each hunger takes a life, so a survivor with L lives dies at the L-th
    meal still to come (SPECIAL RULE: when the marker reaches an ``eat_at`` space, at the end of
    the round before)."""
    if state.scenario != 4:
        return None
    life, marker = state.data.survivor(sid).life, state.flow.round_marker
    ahead = sorted((v for v in scenario_rules(4).eat_at if v < marker), reverse=True)
    if life <= 0 or life > len(ahead):      # dead already (killed in its own turn), or outlives them
        return None
    return actions_within(state, sid, marker - ahead[life - 1])    # the rounds up to that meal, this one's included


def food_goal(state, sid: str, goal: Goal, known: dict[str, str], doors: dict) -> Goal:
    """S4: the food goes with survivors who live to drop it in the RV.

    Read on stop 36's main (seed 17): Elijah, hurt at the end of round 1, took a food in round 2,
    waited in the store in round 3 and was in the street with it at the second meal, which killed
    him; the food went back to the store (LOSING LIFE) with 2 rounds left, too late for anyone, and
    3 food reached the RV. Now a survivor the meals will kill before it could drop a food in the
    RV takes none, and one holding food drops it in the store for a teammate (TAKE / DROP OFF);
    one who can still make it goes straight to the RV with what it holds."""
    deadline = meal_deadline(state, sid)
    s = state.data.survivor(sid)
    if deadline is None or "rv" not in doors or "grocery_store" not in doors:
        return goal
    held = [t for t in s.inventory if known.get(t) == "food"]
    here, inside = where_is(state, sid, doors)
    if held:
        trip = 0 if s.where == "rv" else actions_to(here, inside, doors["rv"])
        if trip + len(held) <= deadline:
            return goal if s.where == "rv" else Goal("enter", "rv", drop=frozenset({"food"}),
                                                    why="S4: into the RV before the meal that kills it")
        if s.where == "grocery_store":
            return Goal("stay", "grocery_store", drop=frozenset({"food"}),
                        why="S4: leave the food to a teammate: the next meal kills it before the RV")
        return goal
    if "food" not in goal.take:
        return goal
    store = doors["grocery_store"]
    walk = 0 if s.where == "grocery_store" else actions_to(here, inside, store)
    if walk + 1 + actions_to(store, "grocery_store", doors["rv"]) + 1 <= deadline:
        return goal
    return Goal("hunt", why="S4: the meals kill it before a food it took could reach the RV")
