"""Hands, the draw pile and the discard pile (Law 1.2, 2.1). The pile has no order: a draw picks
a card at random with the state's Rng; an empty pile is refilled from the discard pile (Law 2.1).
Who sees what: a draw is shown to the drawer only (others see the count)."""
from __future__ import annotations

from feltbox.rules.root.ctx import Ctx
from feltbox.rules.root.data import tables
from feltbox.rules.root.state import NAMES, who


def hand_limit() -> int:
    return tables().game["hand_limit"]


def draw(ctx: Ctx, seat: str, n: int) -> list[str]:
    """Draw ``n`` cards at random from the unordered pile into ``seat``'s hand."""
    got: list[str] = []
    d = ctx.d
    for _ in range(n):
        if not d.pile:
            d.pile, d.discard = sorted(d.discard), []
            if d.pile:
                ctx.say("reshuffle", "the discard pile becomes the draw pile", cards=len(d.pile))
        if not d.pile:
            break
        got.append(d.pile.pop(ctx.below(len(d.pile))))
    d.hands[seat].extend(got)
    if got:
        ctx.say("draw", f"{who(seat, 'draw')} {len(got)}", seat=seat, count=len(got))
        ctx.say("drew", f"{who(seat, 'drew')} {', '.join(got)}", (seat,), seat=seat, cards=got)
    return got


def take_from_hand(ctx: Ctx, seat: str, card: str) -> None:
    ctx.d.hands[seat].remove(card)


def discard(ctx: Ctx, card: str) -> None:
    """To the shared discard pile (dominance cards never come: they were removed, Law 5.1.3)."""
    ctx.d.discard.append(card)


def spend(ctx: Ctx, seat: str, card: str) -> None:
    take_from_hand(ctx, seat, card)
    discard(ctx, card)
    ctx.say("spend", f"{who(seat, 'spend')} {tables().card(card).name}", seat=seat, card=card)


def random_card(ctx: Ctx, seat: str) -> str:
    hand = ctx.d.hands[seat]
    if not hand:
        return ""
    return sorted(hand)[ctx.below(len(hand))]


def discard_random(ctx: Ctx, seat: str) -> None:
    card = random_card(ctx, seat)
    if card:
        take_from_hand(ctx, seat, card)
        discard(ctx, card)
        ctx.say("discard_random", f"{who(seat, 'discard')} {tables().card(card).name} at random", seat=seat, card=card)


def steal_random(ctx: Ctx, thief: str, victim: str) -> None:
    """A random card of ``victim`` goes to ``thief``; only they two see which."""
    card = random_card(ctx, victim)
    if card:
        take_from_hand(ctx, victim, card)
        ctx.d.hands[thief].append(card)
        ctx.say("take_card", f"{who(thief, 'take')} a random card from {NAMES[victim]}", thief=thief, victim=victim)
        ctx.say("took_card", f"{who(thief, 'took')} {tables().card(card).name}", (thief, victim), card=card)


def check_hand_limit(ctx: Ctx, seat: str) -> None:
    """More than five cards: discard down to five, the player's choice (``discarding``)."""
    if len(ctx.d.hands[seat]) > hand_limit():
        ctx.f.discarding = seat


def return_revealed(ctx: Ctx) -> None:
    """Law 12.6.1: revealed birds are discarded, every other revealed card returns to hand."""
    for card in ctx.d.revealed:
        if tables().card(card).suit == "bird":
            discard(ctx, card)
        else:
            ctx.d.hands["duchy"].append(card)
    if ctx.d.revealed:
        ctx.say("revealed_back", "the Duchy's revealed cards: birds discarded, the rest back to hand",
                cards=list(ctx.d.revealed))
    ctx.d.revealed = []
