"""Starting a faction's turn (Law 1.4.1): the shared start of Birdsong, then the faction's own."""
from __future__ import annotations

from feltbox.rules.root import common, corvids, duchy
from feltbox.rules.root.ctx import Ctx
from feltbox.rules.root.state import DUCHY


def begin(ctx: Ctx, seat: str) -> None:
    common.start_turn(ctx, seat)
    if seat == DUCHY:
        duchy.begin(ctx)
    else:
        corvids.begin(ctx)
