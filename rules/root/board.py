"""Questions about the map (Law 2.2, 2.5, 12.2.2, 13.7.2): adjacency with the Burrow's tunnels,
who rules a clearing, what may be placed or moved where. Pure functions of the data."""
from __future__ import annotations

from feltbox.rules.root.data import tables
from feltbox.rules.root.state import BURROW, CORVIDS, DUCHY, Clearing, Data

CLEARINGS = tuple(range(1, 13))


def warriors(c: Clearing, seat: str) -> int:
    return c.duchy if seat == DUCHY else c.corvids


def buildings(c: Clearing) -> int:
    return c.citadels + c.markets


def presence(c: Clearing, seat: str) -> bool:
    """Any faction piece of ``seat`` in the clearing (warriors, buildings, tokens)."""
    if seat == DUCHY:
        return bool(c.duchy or c.citadels or c.markets or c.tunnel)
    return bool(c.corvids or c.plot)


def adjacent(d: Data, index: int) -> list[int]:
    """Clearings linked by a path (Law 2.2.1); the Burrow is adjacent to each clearing with a
    tunnel and they to it (Law 12.2.2)."""
    if index == BURROW:
        return [i for i in CLEARINGS if d.clearings[i].tunnel]
    out = list(tables().clearings[index].paths)
    if d.clearings[index].tunnel:
        out.append(BURROW)
    return out


def rules(d: Data, seat: str, index: int) -> bool:
    """Law 2.5: more warriors and buildings than the other player (a tie: nobody). The Duchy
    always rules the Burrow, even with no pieces there (Law 12.2.2)."""
    if index == BURROW:
        return seat == DUCHY
    c = d.clearings[index]
    duchy = c.duchy + buildings(c)
    corvids = c.corvids
    return duchy > corvids if seat == DUCHY else corvids > duchy


def snared(d: Data, index: int, seat: str) -> bool:
    """Law 13.7.2: a face-up snare stops enemy pieces being placed in or moved from it."""
    c = d.clearings[index]
    return seat != CORVIDS and c.plot == "snare" and c.plot_up


def may_place(d: Data, index: int, seat: str) -> bool:
    """Non-Duchy pieces are never placed in the Burrow (Law 12.2.2); a snare stops enemies."""
    if index == BURROW:
        return seat == DUCHY
    return not snared(d, index, seat)


def open_slots(d: Data, index: int) -> int:
    """Law 2.2.3-2.2.4: slots not filled by a ruin or a building."""
    if index == BURROW:
        return 0
    info = tables().clearings[index]
    return info.slots - int(info.ruin) - buildings(d.clearings[index])


def on_map(d: Data, what: str) -> int:
    """How many citadels / markets / tunnels / face-up extortions are on the map."""
    cs = d.clearings[1:]
    if what == "citadels":
        return sum(c.citadels for c in cs)
    if what == "markets":
        return sum(c.markets for c in cs)
    if what == "tunnels":
        return sum(1 for c in cs if c.tunnel)
    if what == "plots_up":
        return sum(1 for c in cs if c.plot and c.plot_up)
    if what == "extortions_up":
        return sum(1 for c in cs if c.plot == "extortion" and c.plot_up)
    raise ValueError(f"on_map() knows citadels, markets, tunnels, plots_up, extortions_up, not {what!r}")


def may_move(d: Data, seat: str, origin: int, dest: int) -> str:
    """Why ``seat`` may not move from ``origin`` to ``dest`` ("" = it may): adjacent, not into
    the Burrow unless Duchy (12.2.2), not out of a snare (13.7.2), ruling one end (4.2.1) unless
    the Corvids (Nimble, 13.2.3)."""
    if dest not in adjacent(d, origin):
        return f"clearing {dest} is not adjacent to {origin}"
    if dest == BURROW and seat != DUCHY:
        return "only the Duchy may enter the Burrow"
    if snared(d, origin, seat):
        return f"a face-up snare holds your pieces in clearing {origin}"
    if seat == CORVIDS:
        return ""
    if not (rules(d, seat, origin) or rules(d, seat, dest)):
        return f"you rule neither clearing {origin} nor {dest}"
    return ""


def matches(card_suit: str, suit: str) -> bool:
    """Law 2.1.1: birds are wild."""
    return card_suit == "bird" or card_suit == suit
