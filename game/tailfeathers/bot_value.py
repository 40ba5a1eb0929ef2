"""What the Tail Feathers bot's ground choices are worth, in expected wounds (rulebook: Ranged /
Melee Attack, Group Attack, Rolling Cheese, Foraging, Revive).

Action dice (data/dice.toml): 2 of 6 faces are bows (ranged hits), 3 of 6 swords (melee hits),
2 of 6 shields (blocks: a hit figure rolls its defense and each shield stops a hit), 1 of 6
cheese (one more cheese on the wheel). A nest defends with 0 dice. So an attack of n dice on a
target of defense d is worth about n x p(hit) x (1 - 1/3)^d wounds, and n / 6 cheese.

A cheese is worth ``CHEESE`` wounds: it pays for initiative dice and hero / pilot action cards,
and the sixth one for a Revive (then what comes back: a hero, or up to 3 squad figures). Foraging (+1 cheese, nothing else) is
chosen when the activated figures' best attacks are worth less than that."""
from __future__ import annotations

from dataclasses import replace

from feltbox.rules.tailfeathers import combat, dice
from feltbox.rules.tailfeathers.state import CASUALTY, TFState
from feltbox.rules.tailfeathers.stats import fig_value, stat

HIT = {"melee": 0.5, "ranged": 1 / 3}      # faces that hit
BLOCK = 1 / 3                              # a defense die's chance to block
CHEESE = 0.2                               # wounds a cheese is worth
REVIVED = {"hero": 1.2, "squad": 0.5}      # the sixth cheese: a Revive brings back a hero or up to 3 squad figures
LEAF_RIDER = 0.3                           # a figure on a leaf cut loose toward the enemy tree
WOUND = {"nest": 1.0, "bird": 0.7, "hero": 0.7, "structure": 0.7, "squad": 0.5}
NEXT_ROUND = 0.5                           # an attack a round later: the figure may not live to make it


def attack_worth(state: TFState, fig, target: str, kind: str) -> float:
    """Expected wounds of ``fig``'s normal attack on ``target``, weighted by what a wound there is worth
    (a nest's wound most: the battle is won there), plus the cheese its dice bring."""
    n = fig_value(state, fig, kind)
    if target.startswith("nest:"):
        d, worth = 0, WOUND["nest"]
    else:
        other = state.data.figure(target)
        d, worth = fig_value(state, other, "defense"), WOUND.get(state.data.unit(other.unit).kind, 0.5)
    return n * HIT[kind] * (1 - BLOCK) ** d * worth + n / 6 * cheese_worth(state, fig.alliance)


def best_attack(state: TFState, fig) -> float:
    """The best normal attack ``fig`` has from where it stands (0: none)."""
    return max((attack_worth(state, fig, t, k) for t, k in combat.normal_targets(state, fig)), default=0.0)


def cheese_worth(state: TFState, alliance: str) -> float:
    """One more cheese: nothing on a full wheel; the sixth is worth the Revive it allows (a hero,
    or up to 3 squad figures from the casualty pile); else CHEESE."""
    have = state.data.player(alliance).cheese
    if have >= dice.MAX_CHEESE:
        return 0.0
    if have == dice.MAX_CHEESE - 1:
        lost = [state.data.unit(f.unit).kind for f in state.data.figures if f.where == CASUALTY and f.alliance == alliance]
        return max(CHEESE, REVIVED["hero"] if "hero" in lost else REVIVED["squad"] * min(3, lost.count("squad")))
    return CHEESE


def nest_dice(state: TFState, fig, sid: str) -> int:
    """The dice ``fig`` would roll at the enemy nest standing on ``sid`` (its best normal attack
    there, as the rules would offer it: melee when the nest is adjacent, ranged in range and
    clear sight, only at the enemies on its space when it shares one)."""
    return max((n for n, _ in _nest_attacks(state, fig, sid)), default=0)


def nest_worth(state: TFState, fig, sid: str) -> float:
    """Expected nest wounds of ``fig``'s best attack at the enemy nest from ``sid`` (0: none)."""
    return max((n * HIT[k] * WOUND["nest"] for n, k in _nest_attacks(state, fig, sid)), default=0.0)


def _nest_attacks(state: TFState, fig, sid: str) -> list[tuple[int, str]]:
    moved = replace(state, data=state.data.with_figure(replace(fig, where=sid)))
    there = moved.data.figure(fig.id)
    return [(fig_value(moved, there, k), k) for t, k in combat.normal_targets(moved, there) if t.startswith("nest:")]


def unit_attack(state: TFState, figs) -> float:
    """What the activated figures' best attacks are worth together."""
    return sum(best_attack(state, f) for f in figs if stat(state, f.unit, "melee") or stat(state, f.unit, "ranged"))

