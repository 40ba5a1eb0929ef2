"""Crafting (Law 4.1): activate crafting pieces whose clearings match the card's cost, each once
per turn (a "?" cost: any suit). The Duchy's pieces are citadels and markets (Law 12.2.1), the
Corvids' their plot tokens face up or down (Law 13.2.1). Immediate effects (items: take the item,
score its VP; favors) resolve and the card is discarded; persistent effects go to the play area,
no duplicates (Law 4.1.4)."""
from __future__ import annotations

from collections import Counter

from feltbox.rules.root import board, pieces
from feltbox.rules.root.ctx import Ctx
from feltbox.rules.root.data import SUITS, tables
from feltbox.rules.root.state import DUCHY, Data, Flow, who


def crafting_pieces(d: Data, seat: str) -> list[int]:
    """One entry per crafting piece on the map: its clearing."""
    out: list[int] = []
    for i in board.CLEARINGS:
        c = d.clearings[i]
        if seat == DUCHY:
            out += [i] * board.buildings(c)
        elif c.plot:
            out.append(i)
    return out


def activation(d: Data, f: Flow, seat: str, cost: tuple[str, ...]) -> list[int] | None:
    """The clearings whose pieces pay ``cost`` (None if they cannot): exact suits first, then
    "any" from the suits with the most pieces left."""
    left = Counter(crafting_pieces(d, seat))
    left.subtract(Counter(f.used_pieces))
    chosen: list[int] = []
    need = Counter(cost)
    for suit in SUITS:
        for _ in range(need[suit]):
            options = [i for i in sorted(left) if left[i] > 0 and tables().suit(i) == suit]
            if not options:
                return None
            left[options[0]] -= 1
            chosen.append(options[0])
    for _ in range(need["any"]):
        options = [i for i in sorted(left) if left[i] > 0]
        if not options:
            return None
        best = max(options, key=lambda i: (sum(left[j] for j in options if tables().suit(j) == tables().suit(i)), -i))
        left[best] -= 1
        chosen.append(best)
    return chosen


def why_not(d: Data, f: Flow, seat: str, card: str) -> str:
    """Why ``seat`` may not craft ``card`` now ("" = it may)."""
    if card not in d.hands[seat]:
        return "that card is not in your hand"
    c = tables().card(card)
    if c.kind in ("ambush", "dominance"):
        return f"{c.name} has no crafted effect"
    if c.kind == "item" and d.items.get(c.item, 0) <= 0:
        return f"no {c.item} is left in the item supply"
    if c.kind == "persistent" and any(tables().card(x).effect == c.effect for x in d.crafted[seat]):
        return f"you already have {c.name} in your play area"
    if activation(d, f, seat, c.cost) is None:
        return f"your crafting pieces cannot pay {'+'.join(c.cost)}"
    return ""


def craft(ctx: Ctx, seat: str, card: str) -> None:
    c = tables().card(card)
    used = activation(ctx.d, ctx.f, seat, c.cost)
    ctx.f.used_pieces.extend(used)
    ctx.d.hands[seat].remove(card)
    ctx.say("craft", f"{who(seat, 'craft')} {c.name}", seat=seat, card=card, pieces=used)
    if c.kind == "item":
        ctx.d.items[c.item] -= 1
        ctx.d.items_crafted[seat].append(c.item)
        ctx.d.discard.append(card)
        pieces.score(ctx, seat, c.vp, f"crafted {c.item}")
    elif c.kind == "favor":
        ctx.d.discard.append(card)
        lost = [pieces.remove_all_enemies(ctx, i, seat) for i in board.CLEARINGS if tables().suit(i) == c.suit]
        if any(lost):
            pieces.price_of_failure(ctx)
    else:
        ctx.d.crafted[seat].append(card)


def has_effect(d: Data, seat: str, effect: str) -> str:
    """The card id of ``seat``'s crafted ``effect`` in play ("" if none)."""
    for x in d.crafted[seat]:
        if tables().card(x).effect == effect:
            return x
    return ""

