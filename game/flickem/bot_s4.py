"""S4 Starvation: where a move ends, weighed by what the zombies' reaction to it costs.

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
"""
from __future__ import annotations

from feltbox.game.flickem.bot_safety import weighed_risk

WORTH = 2.0             # a life in S4 against S5's LIFE (60 cm of way): hurt once, dead at the second meal


def risk_s4(state, sid: str, exclude=()):
    """S4: what the zombies' reaction costs where a move lands (bot_safety.weighed_risk, WORTH
    times: in full for the turn's last action, at FIRST for an earlier one); None elsewhere."""
    return weighed_risk(state, sid, WORTH, exclude) if state.scenario == 4 else None
