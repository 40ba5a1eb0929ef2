"""Placing and removing pieces, and what removal sets off (Law 1.5.4, 3.2.1, 12.2.3, 13.7.4):
1 VP per enemy building or token removed, the Duchy's Price of Failure, the Corvids' raid."""
from __future__ import annotations

from feltbox.rules.root import board, cards
from feltbox.rules.root.ctx import Ctx
from feltbox.rules.root.data import RANKS, tables
from feltbox.rules.root.state import BURROW, CORVIDS, DUCHY, enemy, setc, who

WARRIORS = {DUCHY: "duchy_warriors", CORVIDS: "corvid_warriors"}


def score(ctx: Ctx, seat: str, n: int, why: str) -> None:
    if n:
        ctx.d.score[seat] += n
        ctx.say("score", f"{who(seat, 'score')} {n} ({why}): {ctx.d.score[seat]}", seat=seat, vp=n, why=why)


def place_warriors(ctx: Ctx, seat: str, index: int, n: int) -> int:
    """Place up to ``n`` warriors from the supply (Law 1.5.4: as many as possible)."""
    if not board.may_place(ctx.d, index, seat):
        return 0
    n = min(n, ctx.d.supply[WARRIORS[seat]])
    if n > 0:
        ctx.d.supply[WARRIORS[seat]] -= n
        c = ctx.d.clearings[index]
        setc(ctx.d, index, **{seat: board.warriors(c, seat) + n})
    return max(n, 0)


def remove_warriors(ctx: Ctx, seat: str, index: int, n: int) -> int:
    c = ctx.d.clearings[index]
    n = min(n, board.warriors(c, seat))
    if n > 0:
        setc(ctx.d, index, **{seat: board.warriors(c, seat) - n})
        ctx.d.supply[WARRIORS[seat]] += n
    return n


def move_warriors(ctx: Ctx, seat: str, origin: int, dest: int, n: int) -> None:
    a, b = ctx.d.clearings[origin], ctx.d.clearings[dest]
    setc(ctx.d, origin, **{seat: board.warriors(a, seat) - n})
    setc(ctx.d, dest, **{seat: board.warriors(b, seat) + n})


def remove_duchy_piece(ctx: Ctx, index: int, piece: str, by: str) -> None:
    """Remove one citadel, market or tunnel; ``by`` (the remover, or "" for the Duchy itself)
    scores 1 VP if it is the enemy (Law 3.2.1). Price of Failure is for the caller to settle."""
    c = ctx.d.clearings[index]
    if piece == "tunnel":
        setc(ctx.d, index, tunnel=False)
        ctx.d.supply["tunnels"] += 1
    else:
        key = piece + "s"
        setc(ctx.d, index, **{key: getattr(c, key) - 1})
        ctx.d.supply[key] += 1
    ctx.say("removed", f"a Duchy {piece} is removed from clearing {index}", clearing=index, piece=piece)
    if by == CORVIDS:
        score(ctx, CORVIDS, 1, f"removed a {piece}")


def remove_plot(ctx: Ctx, index: int, by: str, exposure: bool = False) -> str:
    """Remove the plot in ``index`` back to the supply (face down). The Duchy scores if it removed
    it; a raid places warriors unless Exposure removed it (Law 13.7.4)."""
    c = ctx.d.clearings[index]
    kind = c.plot
    setc(ctx.d, index, plot="", plot_up=False)
    ctx.d.plot_supply = sorted([*ctx.d.plot_supply, kind])
    ctx.say("plot_removed", f"the {kind} plot in clearing {index} is removed", clearing=index, plot=kind)
    if by == DUCHY:
        score(ctx, DUCHY, 1, f"removed a {kind} plot")
    if kind == "raid" and not exposure:
        raid(ctx, index)
    return kind


def raid(ctx: Ctx, index: int) -> None:
    """Law 13.7.4: one Corvid warrior in each clearing adjacent to ``index`` (never the Burrow,
    Law 12.2.2; in clearing order while the supply lasts)."""
    placed = [a for a in board.adjacent(ctx.d, index) if a != BURROW and place_warriors(ctx, CORVIDS, a, 1)]
    ctx.say("raid", f"the raid places Corvid warriors in {placed}", clearing=index, placed=placed)


def remove_all_enemies(ctx: Ctx, index: int, remover: str) -> bool:
    """Remove every piece of the remover's enemy from ``index`` (a bomb, a favor card), scoring
    for buildings and tokens. True if Duchy buildings went: the caller settles the Price of
    Failure once for the whole removal (Law 1.5.4: remove everything first)."""
    victim = enemy(remover)
    c = ctx.d.clearings[index]
    remove_warriors(ctx, victim, index, board.warriors(c, victim))
    if victim == DUCHY:
        lost = ["citadel"] * c.citadels + ["market"] * c.markets
        for piece in lost + (["tunnel"] if c.tunnel else []):
            remove_duchy_piece(ctx, index, piece, remover)
        return bool(lost)
    if c.plot:
        remove_plot(ctx, index, remover)
    return False


def price_of_failure(ctx: Ctx) -> None:
    """Law 12.2.3: the swayed minister of highest rank returns to the Unswayed pile, its crown
    leaves the game, then a random card is discarded. Among several of that rank the Duchy
    chooses (``pof_pending`` counts the prices owed; ReturnMinister settles one)."""
    ctx.f.pof_pending += 1
    settle_failures(ctx)


def settle_failures(ctx: Ctx) -> None:
    """Pay the prices owed in turn until one needs the Duchy's choice."""
    while ctx.f.pof_pending:
        top = top_ministers(ctx.d.swayed)
        if len(top) > 1:
            ctx.say("price_of_failure", "Price of Failure: the Duchy chooses which minister returns", choices=top)
            return
        ctx.f.pof_pending -= 1
        return_minister(ctx, top[0] if top else "")


def top_ministers(swayed: list[str]) -> list[str]:
    if not swayed:
        return []
    rank = max(RANKS.index(tables().ministers[m].rank) for m in swayed)
    return sorted(m for m in swayed if RANKS.index(tables().ministers[m].rank) == rank)


def return_minister(ctx: Ctx, minister: str) -> None:
    if minister:
        ctx.d.swayed.remove(minister)
        rank = tables().ministers[minister].rank
        ctx.d.crowns_lost[rank] += 1
        ctx.say("price_of_failure", f"Price of Failure: the {minister} returns unswayed, a {rank} crown leaves the game",
                minister=minister, rank=rank)
    cards.discard_random(ctx, DUCHY)
