"""Root's legal actions in the players' words, whole and short, for the window's choices, its
click menus and the terminal prompt, short enough for the choices panel (about 45 characters):
"Move 3 warriors: Hill (1) > Creek (5)", "Plot a bomb in Beach (10)",
"Citadel in Pond (7): Cobbler". Names come from the rules' data."""
from __future__ import annotations

from feltbox.rules.core import Measured
from feltbox.rules.root import actions as A
from feltbox.rules.root.data import tables


def place(clearing: int) -> str:
    """A clearing by name and number: "Glade (12)"; 0 is the Burrow."""
    return "the Burrow" if clearing == 0 else f"{tables().clearings[clearing].name} ({clearing})"


def card(cid: str) -> str:
    return tables().card(cid).name if cid in tables().cards else cid


def _via(a) -> str:
    via = getattr(a, "via", "")
    mayor = " through the Mayor" if getattr(a, "mayor", False) else ""
    return (f" [{via.replace('_', ' ')}{mayor}]" if via else (f" [{mayor.strip()}]" if mayor else ""))


def label(a) -> str:
    """One legal action as a short sentence."""
    if isinstance(a, A.Place):
        return f"Set up in {place(a.clearing)}"
    if isinstance(a, A.Done):
        return "Done (next step)"
    if isinstance(a, A.Move):
        n = f"{a.count} warrior{'s' * (a.count != 1)}"
        return f"Move {n}: {place(a.origin)} > {place(a.dest)}{_via(a)}"
    if isinstance(a, A.Battle):
        return f"Battle in {place(a.clearing)}{_via(a)}"
    if isinstance(a, A.Build):
        return f"{a.building.capitalize()} in {place(a.clearing)}: {card(a.card)}{_via(a)}"
    if isinstance(a, A.Recruit):
        return f"Recruit in {a.suit} clearings: {card(a.card)}" if a.card else "Recruit in the Burrow"
    if isinstance(a, A.Dig):
        out = f", tunnel from {place(a.remove)}" if a.remove else ""
        return f"Dig to {place(a.clearing)}, {a.count} up: {card(a.card)}{out}"
    if isinstance(a, A.Banker):
        return f"Banker, {len(a.cards)} VP: {' + '.join(card(c) for c in a.cards)}{_via(a)}"
    if isinstance(a, A.Score):
        return f"{a.minister.capitalize()} scores"
    if isinstance(a, A.Sway):
        return f"Sway {a.minister.capitalize()}: {' + '.join(card(c) for c in a.cards)}"
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
