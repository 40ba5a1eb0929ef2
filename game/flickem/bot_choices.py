"""A bot's small decisions (rulebook TAKE / DROP OFF, S4 SPECIAL RULE, S2/S6 FIGHT, S6 STEALING
TOKENS, S8 NEW X TOKENS), pure functions of the state, the legal options and the team's
knowledge; tested on hand-made states (tests/test_bot_goals.py).

- take / drop: drop goal goods in the base; take known-useful tokens first, then face-down ones
  worth looking at (Gabriel looks at two at once); exchange a useless token for a useful one;
  never take back out of the base.
- keep: only kinds the team wants.
- eat (S4): never eat a food the objective still needs, unless going hungry would lose the game.
- fights: gun > knife > bat; the bat waits until the gap is short.
- steals: look, then take useful kinds (remove an X).
- X tokens (S8): free the closed building nearest the team.
"""
from __future__ import annotations

from feltbox.game.flickem.bot_goals import Goal, base_of, dist, spot, wants, worth
from feltbox.rules.flickem.fights import BatTurn, FightWith
from feltbox.rules.flickem.scenarios import scenario_rules
from feltbox.rules.flickem.state import FlickemState
from feltbox.rules.flickem.stealing import Steal, StealKeep

FIGHT_ORDER = {"gun": 0, "knife": 1, "bat": 2}
ZOMBIE_FIGHT_ORDER = {"gun": 0, "bat": 1, "knife": 2}
BAT_REACH = 35.0                # cm: a bat attacks once the fight's gap is this short (house)
OFF = ("dead", "reserve")


def pick_take_drop(state: FlickemState, options: list, goal: Goal, known: dict[str, str]):
    """A drop of goal goods in the base, else a take of a worthwhile token, else None."""
    s = state.data.survivor(state.flow.active)
    team_wants = wants(state, s.team)
    drops = [o for o in options if o.take is None and o.drop is not None and known.get(o.drop) in goal.drop]
    if drops and s.where == goal.building:
        return min(drops, key=lambda o: o.drop)
    if not goal.take or s.where == base_of(state, s.team):      # never take back from the base
        return None

    def value(token: str) -> float:
        return worth(state, s.team, token, known)
    takes = [o for o in options if o.take is not None and o.drop is None and value(o.take) > 0.0
             and (o.also is None or (o.also not in known and value(o.also) > 0.0))]
    takes.sort(key=lambda o: (-value(o.take), o.also is None, o.take, o.also or ""))
    if takes:
        return takes[0]
    junk = [o for o in options if o.take is not None and o.drop is not None and o.also is None
            and value(o.take) > 0.0 and known.get(o.drop) not in team_wants]
    return min(junk, key=lambda o: (-value(o.take), o.take, o.drop)) if junk else None


def pick_keep(state: FlickemState, options: list, known: dict[str, str]):
    """Keep a looked-at token of a useful kind (the look event told the team), else leave it."""
    team = state.data.survivor(state.flow.active).team
    for o in options:
        if o.keep and known.get(o.token or state.flow.looking.split(",")[0]) in wants(state, team):
            return o
    return next(o for o in options if not o.keep)


def pick_eat(state: FlickemState, options: list):
    """S4 SPECIAL RULE: eat only a food the objective can spare; go hungry otherwise, unless the
    life every survivor loses would kill enough of them to lose the game there and then."""
    foods = [o for o in options if o.food is not None]
    hungry = next(o for o in options if o.food is None)
    if not foods:
        return hungry
    rules = scenario_rules(state.scenario)
    food_left = sum(t.kind == "food" and t.where != "removed" for t in state.data.tokens)
    if food_left - 1 >= rules.food_in_rv:
        return foods[0]
    alive = [s for s in state.data.survivors if s.where not in OFF]
    dead = sum(s.where == "dead" for s in state.data.survivors)
    if dead + sum(s.life <= 1 for s in alive) >= state.setup.deaths_to_lose:
        return foods[0]
    return hungry


def pick_steal(state: FlickemState, options: list, known: dict[str, str], team: str):
    """Look at a stolen token when offered; take it when useful (or anything while there is room)."""
    if any(isinstance(o, Steal) for o in options):
        return next((o for o in options if isinstance(o, Steal) and o.token is not None), options[-1])
    kind = known.get(state.flow.looking)
    if kind in wants(state, team) and StealKeep("take") in options:
        return StealKeep("take")
    if kind == "x" and StealKeep("remove") in options:
        return StealKeep("remove")
    return StealKeep("take") if StealKeep("take") in options and kind not in ("x",) else StealKeep("leave")


def pick_fight(state: FlickemState, options: list):
    """FightWith: gun > knife > bat (against zombies gun > bat > knife). BatTurn: against zombies
    attack at once, against survivors wait while the gap is large.

    Against zombies, measured in the arena (the bots' own aims with a finger's noise, 12 each):
    the bat fells the zombie 9 of 12 at the start gap (82 cm) and 7-12 of 12 nearer; the knife
    1 of 12 at 82 cm and 0-4 nearer; a bullet 4 of 12 at 82 cm, 8 of 12 at 46.8. Waiting costs a
    card: 2 of the 7 are ATTACK, and the gap never reached BAT_REACH (82 less 5 WALK cards of
    8.8 cm is 38 cm), so a bat that waited lost every fight (S5 seed 1: Kevin died so)."""
    withs = [o for o in options if isinstance(o, FightWith)]
    fight = state.flow.fight
    zombies = fight is None or fight.kind == "zombie"
    if withs:
        order = ZOMBIE_FIGHT_ORDER if zombies else FIGHT_ORDER
        return min(withs, key=lambda o: order.get(o.weapon, 9))
    return BatTurn(True) if zombies or fight.gap <= BAT_REACH else BatTurn(False)


def pick_move_x(state: FlickemState, options: list, team: str, doors: dict[str, tuple[float, float]]):
    """S8 NEW X TOKENS: free the closed building closest to the team's survivors."""
    ours = [spot(state, s.id) for s in state.data.survivors if s.team == team and s.where == "city"]
    if not ours:
        return options[0]
    return min(options, key=lambda o: (min(dist(doors.get(o.from_building, (0, 0)), p) for p in ours),
                                       o.from_building))
