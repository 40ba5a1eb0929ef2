"""Root's legal actions in the players' words, whole and short, for the window's choices, its
click menus and the terminal prompt, short enough for the choices panel (about 45 characters):
"Move 3 Hill (1) > Creek (5)", "Plot a bomb in Beach (10)",
"Citadel in Pond (7): Cobbler". Names come from the rules' data."""
from __future__ import annotations

from functools import cache

from feltbox.rules.core import Measured
from feltbox.rules.root import actions as A
from feltbox.rules.root.data import tables


def place(clearing: int) -> str:
    """A clearing by name and number: "Glade (12)"; 0 is the Burrow."""
    return "the Burrow" if clearing == 0 else f"{tables().clearings[clearing].name} ({clearing})"


def card(cid: str) -> str:
    """A card by name, with its suit when cards of that name come in several suits ("Ambush! (fox)")."""
    if cid not in tables().cards:
        return cid
    c = tables().card(cid)
    return f"{c.name} ({c.suit})" if c.name in _many_suits() else c.name


@cache
def _many_suits() -> frozenset[str]:
    suits: dict[str, set] = {}
    for c in tables().cards.values():
        suits.setdefault(c.name, set()).add(c.suit)
    return frozenset(n for n, s in suits.items() if len(s) > 1)


def cards(cids, card=card) -> str:
    """Cards joined by " + "."""
    return " + ".join(card(c) for c in cids)


def _via(a) -> str:
    """The minister (or card) an action goes through, short: " [Brigadier]", " [Brigadier/Mayor]"."""
    via = getattr(a, "via", "").replace("_", " ")
    mayor = getattr(a, "mayor", False)
    parts = [via.capitalize()] * bool(via) + ["Mayor"] * bool(mayor)
    return f" [{'/'.join(parts)}]" if parts else ""


LIMIT = 54                 # characters the choices panel shows whole


def label(a) -> str:
    """One legal action as a short sentence. When it would not fit, shorter forms in turn: cards
    by one word, then clearings by name only, then a suit by its initial ("Crossbow (b)")."""
    text = ""
    for card_, place_ in ((card, place), (short_card, place), (short_card, place_name), (tiny_card, place_name)):
        text = _label(a, card_, place_)
        if len(text) <= LIMIT:
            break
    return text


def place_name(clearing: int) -> str:
    """A clearing by name only: "Glade" (the names are unique on the map)."""
    return "the Burrow" if clearing == 0 else tables().clearings[clearing].name


def short_card(cid: str, suit=lambda s: s) -> str:
    """A card by one word: the last of a long name ("Gently Used Knapsack" -> "Knapsack"), else the
    first ("Ambush!" -> "Ambush!", "Armorers"); the suit after it when the name comes in several."""
    c = tables().card(cid)
    words = c.name.split()
    word = words[-1] if len(words) > 2 else words[0].strip(",:")
    return f"{word} ({suit(c.suit)})" if c.name in _many_suits() else word


def tiny_card(cid: str) -> str:
    """``short_card`` with the suit by its initial: "Crossbow (b)"."""
    return short_card(cid, suit=lambda s: s[0])


def _label(a, card, place) -> str:
    if isinstance(a, A.Place):
        return f"Set up in {place(a.clearing)}"
    if isinstance(a, A.Done):
        return "Done (next step)"
    if isinstance(a, A.Move):
        return f"Move {a.count} {place(a.origin)} > {place(a.dest)}{_via(a)}"     # warriors: all that moves
    if isinstance(a, A.Battle):
        return f"Battle in {place(a.clearing)}{_via(a)}"
    if isinstance(a, A.Build):
        return f"{a.building.capitalize()} in {place(a.clearing)}: {card(a.card)}{_via(a)}"
    if isinstance(a, A.Recruit):
        return f"Recruit in {a.suit} clearings: {card(a.card)}" if a.card else "Recruit in the Burrow"
    if isinstance(a, A.Dig):
        out = f", {place(a.remove)} tunnel" if a.remove else ""          # the tunnel that moves here
        return f"Dig {place(a.clearing)} +{a.count}: {card(a.card)}{out}"
    if isinstance(a, A.Banker):
        return f"Banker, {len(a.cards)} VP: {cards(a.cards, card)}{_via(a)}"
    if isinstance(a, A.Score):
        return f"{a.minister.capitalize()} scores"
    if isinstance(a, A.Sway):
        return f"Sway {a.minister.capitalize()}: {cards(a.cards, card)}"
    if isinstance(a, A.ReturnMinister):
        return f"Return the {a.minister.capitalize()} (Price of Failure)"
    if isinstance(a, A.Craft):
        return f"Craft {card(a.card)}"
    if isinstance(a, A.Expose):
        return f"Expose {place(a.clearing)} as {a.guess}: {card(a.card)}"
    if isinstance(a, A.Flip):
        return f"Flip the plot in {place(a.clearing)}"
    if isinstance(a, A.Plot):
        return f"Plot a {a.kind} in {place(a.clearing)}"
    if isinstance(a, A.Trick):
        return f"Trick: swap the plots of {place(a.a)} and {place(a.b)}"
    if isinstance(a, A.Ambush):
        return f"Ambush: {card(a.card)}"
    if isinstance(a, A.Decline):
        return "Decline"
    if isinstance(a, A.UseEffect):
        where = f" in {place(a.clearing)}" if a.clearing else ""
        return f"Use {a.effect.replace('_', ' ')}{where}"
    if isinstance(a, A.RemovePiece):
        return f"Lose a {a.piece}"
    if isinstance(a, A.Discard):
        return f"Discard {card(a.card)}"
    if isinstance(a, A.EndTurn):
        return "End the turn"
    if isinstance(a, Measured):
        return f"dice: {a.outcome.get('faces')}"
    return type(a).__name__


def clearings_named(a) -> tuple[int, ...]:
    """The clearings an action names (a click on a clearing lists the actions naming it)."""
    if isinstance(a, A.Move):
        return (a.origin, a.dest)
    if isinstance(a, A.Trick):
        return (a.a, a.b)
    if isinstance(a, A.Dig):
        return (a.clearing,) + ((a.remove,) if a.remove else ())
    c = getattr(a, "clearing", None)
    return (c,) if isinstance(c, int) else ()
