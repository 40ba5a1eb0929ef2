"""What both factions do the same way: move (Law 4.2), start a battle (Law 4.3), end the turn
(draw, hand limit, next player), and the card effects either may use on its turn (Tax Collector,
Codebreakers, Royal Claim, Stand and Deliver, Better Burrow Bank; Law 4.1.3)."""
from __future__ import annotations

from feltbox.rules.root import battle, board, cards, pieces
from feltbox.rules.root.actions import Battle, Move, UseEffect
from feltbox.rules.root.craft import has_effect
from feltbox.rules.root.ctx import Ctx
from feltbox.rules.root.data import tables
from feltbox.rules.root.state import CORVIDS, DUCHY, NAMES, Data, Flow, enemy, who


def move_options(d: Data, seat: str, via: str = "", mayor: bool = False) -> list[Move]:
    out = []
    for origin in range(0 if seat == DUCHY else 1, 13):
        n = board.warriors(d.clearings[origin], seat)
        if not n:
            continue
        for dest in board.adjacent(d, origin):
            if not board.may_move(d, seat, origin, dest):
                out += [Move(origin, dest, k, via, mayor) for k in range(1, n + 1)]
    return out


def battle_options(d: Data, seat: str, via: str = "", mayor: bool = False) -> list[Battle]:
    return [Battle(c, via, mayor) for c in board.CLEARINGS if not battle.why_not_battle(d, seat, c)]


def do_move(ctx: Ctx, seat: str, a: Move) -> None:
    pieces.move_warriors(ctx, seat, a.origin, a.dest, a.count)
    ctx.say("move", f"{who(seat, 'move')} {a.count} from {a.origin} to {a.dest}", seat=seat, origin=a.origin,
            dest=a.dest, count=a.count)


def daylight_effects(d: Data, f: Flow, seat: str) -> list[UseEffect]:
    """Tax Collector (once in Daylight: remove one of your warriors, draw a card) and
    Codebreakers (once in Daylight: look at the other hand)."""
    out = []
    if has_effect(d, seat, "tax_collector") and "tax_collector" not in f.once:
        out += [UseEffect("tax_collector", c) for c in range(0, 13) if board.warriors(d.clearings[c], seat)]
    if has_effect(d, seat, "codebreakers") and "codebreakers" not in f.once:
        out.append(UseEffect("codebreakers"))
    return out


def birdsong_effects(d: Data, f: Flow, seat: str) -> list[UseEffect]:
    """Royal Claim (discard it in Birdsong: 1 VP per ruled clearing) and Stand and Deliver! (once
    in Birdsong: take a random card from the other player, who scores 1 VP)."""
    out = []
    if has_effect(d, seat, "royal_claim"):
        out.append(UseEffect("royal_claim"))
    if has_effect(d, seat, "stand_and_deliver") and "stand_and_deliver" not in f.once and d.hands[enemy(seat)]:
        out.append(UseEffect("stand_and_deliver"))
    return out


def use_effect(ctx: Ctx, seat: str, a: UseEffect) -> None:
    d = ctx.d
    card = has_effect(d, seat, a.effect)
    ctx.f.once.append(a.effect)
    ctx.say("effect", f"{who(seat, 'use')} {tables().card(card).name}", seat=seat, effect=a.effect)
    if a.effect == "tax_collector":
        pieces.remove_warriors(ctx, seat, a.clearing, 1)
        cards.draw(ctx, seat, 1)
    elif a.effect == "codebreakers":
        other = enemy(seat)
        ctx.say("codebreakers", f"{who(seat, 'look')} at the hand of {NAMES[other]}", (seat,), hand=sorted(d.hands[other]))
    elif a.effect == "royal_claim":
        d.crafted[seat].remove(card)
        d.discard.append(card)
        ruled = sum(1 for c in board.CLEARINGS if board.rules(d, seat, c))
        pieces.score(ctx, seat, ruled, "Royal Claim")
    elif a.effect == "stand_and_deliver":
        cards.steal_random(ctx, seat, enemy(seat))
        pieces.score(ctx, enemy(seat), 1, "Stand and Deliver!")


def start_turn(ctx: Ctx, seat: str) -> None:
    """Start of Birdsong: Better Burrow Bank (you and the other player draw a card)."""
    ctx.f.turn = seat
    ctx.f.once, ctx.f.used_pieces, ctx.f.ministers_used = [], [], []
    ctx.f.followup, ctx.f.plots_placed, ctx.f.recruited = "", 0, False
    ctx.f.swayed_this_turn = ctx.f.exerted = False
    ctx.say("turn", f"round {ctx.f.round}, turn: {NAMES[seat]}", seat=seat, round=ctx.f.round)
    if has_effect(ctx.d, seat, "better_burrow_bank"):
        cards.draw(ctx, seat, 1)
        cards.draw(ctx, enemy(seat), 1)


def evening_draw(ctx: Ctx, seat: str, n: int) -> None:
    cards.draw(ctx, seat, n)
    cards.check_hand_limit(ctx, seat)
    if not ctx.f.discarding:
        end_turn(ctx)


def end_turn(ctx: Ctx) -> None:
    """The next player's turn; a round ends when play is back at the first player."""
    nxt = enemy(ctx.f.turn)
    ctx.f.stage = "turn_end"        # the flow starts the next turn (turns.begin)
    if nxt == ctx.f.first:
        ctx.f.round += 1
        if ctx.f.round > tables().game["round_limit"]:
            over_by_limit(ctx)


def over_by_limit(ctx: Ctx) -> None:
    s = ctx.d.score
    lead = max(s.values())
    winners = [seat for seat in (DUCHY, CORVIDS) if s[seat] == lead]
    ctx.f.stage = "over"
    ctx.f.winners = winners if len(winners) == 1 else []
    ctx.f.result = (f"the round limit ({tables().game['round_limit']}, house) is reached: "
                    + (f"{who(winners[0], 'lead')} {lead} to {min(s.values())}" if len(winners) == 1 else f"a tie at {lead}"))
    ctx.say("game_over", ctx.f.result, winners=ctx.f.winners)
