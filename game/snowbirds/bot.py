"""A Snowbirds bot that plans the whole hand (rulebook: Actions & Play Order, Risk & Dice).

At a pre-flight decision it searches every use of every card in hand: keep, REST, FORAGE or
FLIGHT (4^5 = 1024 plans for a full hand), for flying today or for a rest day. A flying plan is
scored by what it leaves: the cards kept (worth their Flight, a little for their Forage and
Tenacity), Exhaustion, Hunger after landing (birds lost past 4), the flock; minus the exact
expected cost of the VIGOR roll over the 36 faces of two dice, where a failed roll is saved by
the kept TENACITY cards when that is cheaper than the failure (pips on the lower die, or an R
re-roll with its 6 faces, chained). A rest day is scored by the hand it draws into and the same
journey still ahead. After a failed roll it plays the Tenacity card (or accepts the failure) the
same search found best. Every choice comes with one line for the feed (``reason``).
Imports only feltbox.rules.*; never plays a card ``legal`` does not list."""
from __future__ import annotations

from functools import lru_cache
from itertools import product

from feltbox.rules.snowbirds import journey
from feltbox.rules.snowbirds.actions import AcceptFailure, Fly, PlayFlight, PlayForage, PlayRest, PlayTenacity, RestDay
from feltbox.rules.snowbirds.data import REROLL, tables
from feltbox.rules.snowbirds.state import SBState

W_FLOCK = 4.0          # a bird: a card of hand size and a point of score
W_EXH = 1.6            # an Exhaustion point: +1 Risk on every later journey, -2 at scoring
H_LIN = 0.9            # a Hunger point: a Forage point to come, -1 at scoring
H_MOD = 1.2            # a point of the Hunger modifier on the next Distance
REST_CARD = 0.3        # a face-down Rest card: -1 at scoring
KEEP, REST, FORAGE, FLIGHT = range(4)


def card_value(cid: str) -> float:
    c = tables().action(cid)
    ten = 0.35 if c.tenacity == REROLL else max(0, c.tenacity - 3) * 0.12
    return c.flight + 0.35 * (c.forage - 1) + ten


def _ten(cid: str) -> int:
    t = tables().action(cid).tenacity
    return 0 if t == REROLL else t


@lru_cache(maxsize=200_000)
def _cost(lo: int, hi: int, risk: int, tens: tuple[tuple[int, float], ...], fail: float) -> float:
    """Expected cost of a Vigor roll showing lo <= hi against ``risk`` with these Tenacity cards
    (pips, or 0 for R; value) kept: 0 on success, else the cheaper of failing and each card."""
    if lo + hi >= risk:
        return 0.0
    best = fail
    for k, (pips, value) in enumerate(tens):
        if value >= best:
            continue
        rest = tens[:k] + tens[k + 1:]
        if pips == 0:                                  # R: re-roll the lower die
            after = sum(_cost(*sorted((hi, x)), risk, rest, fail) for x in range(1, 7)) / 6.0
        elif pips > lo:
            after = _cost(*sorted((hi, pips)), risk, rest, fail)
        else:
            continue
        best = min(best, value + after)
    return best


@lru_cache(maxsize=50_000)
def vigor(risk: int, tens: tuple[tuple[int, float], ...], fail: float) -> tuple[float, float]:
    """(expected cost, chance of making it) of the Vigor roll with these Tenacity cards kept."""
    total = sum(_cost(min(a, b), max(a, b), risk, tens, fail) for a, b in product(range(1, 7), repeat=2)) / 36.0
    plain = sum(1 for a, b in product(range(1, 7), repeat=2) if a + b >= risk) / 36.0
    return total, plain


def hunger_cost(h: int) -> float:
    return H_LIN * h + H_MOD * journey.hunger_modifier(max(-1, min(4, h)))


def fail_cost(exhaustion: int) -> float:
    return W_EXH if exhaustion < tables().mat.exhaustion_max else W_FLOCK


class SBBot:
    """``decide(legal, state)`` -> one of ``legal``; ``reason`` says why in one line."""

    def __init__(self):
        self.reason = ""
        self.plan: list = []

    def aim(self, request) -> None:
        """Nothing to aim: the table throws the dice."""
        return None

    def decide(self, legal: list, state: SBState):
        if state.flow.stage == "tenacity":
            action = self._tenacity(state, legal)
        else:
            if not self.plan or self.plan[0] not in legal:
                self.plan, self.summary = self._plan(state)
            action = self.plan.pop(0) if self.plan and self.plan[0] in legal else legal[-1]
            self.reason = self.summary
        if action not in legal:                       # never an illegal card
            action = legal[0]
        return action

    # -- the whole-hand search -----------------------------------------------------------------
    def _plan(self, state: SBState) -> tuple[list, str]:
        d, f, t = state.data, state.flow, tables()
        hand = d.hand
        info = [(journey.card(c).flight, journey.card(c).forage, card_value(c), _ten(c)) for c in hand]
        may_rest = f.stage == "rest" and d.exhaustion > 0
        left = journey.forage_left(state)
        may_forage = f.stage in ("rest", "forage") and left > 0
        uses = [KEEP] + [REST] * may_rest + [FORAGE] * may_forage + [FLIGHT]
        storms = journey.here(state).special == "storms"
        bonus = 1 if journey.here(state).special == "plentiful" and f.forage_cards == 0 else 0
        base = journey.base_distance(state)
        base_risk = journey.risk(state) - t.mat.exhaustion_risk[d.exhaustion]
        gain = journey.journey_hunger(state)
        look = self._lookahead_table(state)
        best, best_combo, best_line = None, None, ""
        for combo in product(uses, repeat=len(hand)):
            n_rest = combo.count(REST)
            if n_rest > d.exhaustion:
                continue
            eat = [info[i][1] for i, u in enumerate(combo) if u == FORAGE]
            if eat and sum(eat) - min(eat) + bonus >= left:
                continue                                   # a forage card with nothing left to eat
            hunger = d.hunger - min(sum(eat) + bonus, left) if eat else d.hunger
            exh = d.exhaustion - n_rest
            kept = [i for i, u in enumerate(combo) if u == KEEP]
            kept_value = sum(info[i][2] for i in kept) - REST_CARD * n_rest
            flights = [info[i][0] for i, u in enumerate(combo) if u == FLIGHT]
            if flights or f.flight:
                total = f.flight + sum(flights)
                need = base + t.mat.hunger_distance[hunger]
                if total < need or (flights and total - min(flights) >= need):
                    continue                               # short, or a card more than needed
                risk = base_risk + t.mat.exhaustion_risk[exh] + (n_rest + len(eat) if storms else 0)
                tens = tuple(sorted((info[i][3], round(info[i][2], 2)) for i in kept))
                cost, chance = vigor(risk, tens, fail_cost(exh))
                after = hunger + gain
                value = (kept_value - cost - W_EXH * exh - hunger_cost(min(after, 4))
                         - W_FLOCK * max(0, after - 4) + look(kept, info, d.flock - max(0, after - 4)))
                how = f"fly: Risk {risk}, {chance:.0%} on the dice" + (", tenacity in hand" if kept else "")
            else:
                draws = min(max(0, d.flock - len(kept)), len(d.pile))
                # the cards drawn are no gift (the pile is the same 30 cards either way), only
                # choice; the journey is still ahead, flown tomorrow from the hand kept if it can
                tomorrow = min(hunger + 1, 4)
                cover = self._cover([info[i] for i in kept], base + t.mat.hunger_distance[tomorrow])
                value = (kept_value + 0.3 * draws - cover - W_EXH * exh - hunger_cost(tomorrow + gain)
                         - W_FLOCK * max(0, hunger + 1 - 4) - 1.0 + look(kept, info, d.flock))
                how = f"rest day: draw {draws}"
            if best is None or value > best:
                best, best_combo, best_line = value, combo, how
        if best_combo is None:
            return [], "no plan"
        by = {u: [hand[i] for i, x in enumerate(best_combo) if x == u] for u in (KEEP, REST, FORAGE, FLIGHT)}
        flying = by[FLIGHT] or f.flight
        plan = ([PlayRest(c) for c in by[REST]] + [PlayForage(c) for c in by[FORAGE]]
                + [PlayFlight(c) for c in sorted(by[FLIGHT], key=lambda c: -journey.card(c).flight)]
                + [Fly() if flying else RestDay()])
        return plan, self._line(state, by[REST], by[FORAGE], by[FLIGHT], by[KEEP], best_line)

    @staticmethod
    def _cover(cards: list, need: int) -> float:
        """The value of the cheapest Flight cards of ``kept`` that meet ``need``; when none do,
        the need in average card values and a penalty (the draws must bring it)."""
        best = None
        for mask in range(1, 1 << len(cards)):
            fl = sum(cards[i][0] for i in range(len(cards)) if mask >> i & 1)
            if fl >= need:
                v = sum(cards[i][2] for i in range(len(cards)) if mask >> i & 1)
                best = v if best is None else min(best, v)
        return best if best is not None else need * 1.2 + 3.0

    def _lookahead_table(self, state: SBState):
        """The hand kept must carry the next journey too: a small penalty when its Flight with an
        average refill is short of an average journey (none before the South)."""
        if state.data.position + 1 >= 10:
            return lambda kept, info, flock: 0.0
        pile = state.data.pile
        avg = sum(journey.card(c).flight for c in pile) / len(pile) if pile else 0.0

        def look(kept, info, flock):
            reach = sum(info[i][0] for i in kept) + avg * min(len(pile), max(0, flock - len(kept)))
            return -0.5 * max(0.0, 4.5 - reach)
        return look

    @staticmethod
    def _line(state, rests, forages, flights, kept, how) -> str:
        t = journey.title
        parts = ([f"rest {', '.join(map(t, rests))}"] if rests else []) + \
                ([f"forage {', '.join(map(t, forages))}"] if forages else []) + \
                ([f"fly with {' + '.join(map(t, flights))}"] if flights else [])
        keep = f"keep {', '.join(map(t, kept))}" if kept else "keep nothing"
        return f"journey {state.data.position + 1}: {'; '.join(parts) or 'no card'}; {keep} ({how})"

    # -- after a failed roll ---------------------------------------------------------------------
    def _tenacity(self, state: SBState, legal: list):
        dice, risk = state.flow.dice, journey.risk(state)
        fail = fail_cost(state.data.exhaustion)
        hand = [c for c in state.data.hand]
        best, choice = fail, AcceptFailure()
        for a in legal:
            if not isinstance(a, PlayTenacity):
                continue
            rest = list(hand)
            rest.remove(a.card)
            tens = tuple(sorted((_ten(c), round(card_value(c), 2)) for c in rest))
            other = dice[1 - a.die]
            pips = _ten(a.card)
            if pips == 0:
                after = sum(_cost(*sorted((other, x)), risk, tens, fail) for x in range(1, 7)) / 6.0
            else:
                after = _cost(*sorted((other, pips)), risk, tens, fail)
            value = card_value(a.card) + after
            if value < best - 1e-9:
                best, choice = value, a
        if isinstance(choice, AcceptFailure):
            self.reason = f"vigor {sum(dice)} < Risk {risk}: accept the failure (cheaper than any card)"
        else:
            self.reason = (f"vigor {sum(dice)} < Risk {risk}: {journey.title(choice.card)} on the die showing "
                           f"{dice[choice.die]}")
        return choice
