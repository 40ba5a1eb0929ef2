"""How Tails and Tactics cards and the felt's plates look: the card layer's CardFace / CardBack
(game/cards/faces.py, drawn with Pillow) from the rules' printed card data
(rules/tails_and_tactics/cards.py ``Card``).

Rulebook: Anatomy of a Card. A unit's face shows its name, its type (T Troop, P Position,
V Vehicle) large in the middle, its Health, its Attacks ("2 Dir." for Direct, "3 on 1" for X on Y)
and its attack/defense against Troops, Positions and Vehicles ("x/y" each); other cards show their
kind in the middle and their card types on the bottom line. The plates are no cards of the game:
a side's Base Health counter (with its draw, hand and discard counts) and the chain's order plates.
"""
from __future__ import annotations

from feltbox.game.cards.faces import CardBack, CardFace, CardValue

SIDE_COLOURS = {"red": ("#7a2626", "#e0b87a"), "blue": ("#23406e", "#c9b27a")}
KIND_CENTRE = {"equipment": "EQUIP", "event": "EVENT", "trap": "TRAP", "turf": "TURF", "new_rule": "RULE"}
UNIT_LETTER = {"troop": "T", "position": "P", "vehicle": "V"}
KIND_ACCENT = {"unit": "#3a5a2a", "equipment": "#5a4a1a", "event": "#2f5d8a", "trap": "#7a2a2a",
               "turf": "#2a6a5a", "new_rule": "#5a2a6a"}


def attacks_text(card) -> str:
    """The Attacks number as printed: "2", "1 Dir.", "3 on 1" (Special Attacks)."""
    text = str(card.attacks)
    if getattr(card, "direct", False):
        text += " Dir."
    if getattr(card, "on_targets", None):
        text += f" on {card.on_targets}"
    return text


def stats_text(card) -> str:
    """attack/defense against Troop, Position, Vehicle: "3/2 4/1 2/2"."""
    a, d = card.attack or {}, card.defense or {}
    return " ".join(f"{a.get(t, '-')}/{d.get(t, '-')}" for t in ("troop", "position", "vehicle"))


def card_face(card) -> CardFace:
    """The face of a rules card (``Card``: name, kind, unit_type, health, attacks, attack, defense...)."""
    values = []
    if card.health is not None:
        values.append(CardValue("HEALTH", str(card.health)))
    if card.attacks:
        values.append(CardValue("ATTACKS", attacks_text(card), icon="A"))
    if card.attack or card.defense:
        values.append(CardValue("T P V", stats_text(card), icon="x/y"))
    centre = UNIT_LETTER.get(card.unit_type or "", "") if card.kind == "unit" else KIND_CENTRE.get(card.kind, "?")
    types = " / ".join(card.card_types) if card.card_types else card.kind
    return CardFace(card.name, tuple(values), centre=centre, text=types, accent=KIND_ACCENT.get(card.kind, "#444444"))


def back_of(side: str, faction: str) -> CardBack:
    """A side's deck back: the faction's name on the side's colours."""
    colour, pattern = SIDE_COLOURS[side]
    return CardBack(faction.upper()[:14] or side.upper(), colour, pattern)


def base_face(side: str, player: dict) -> CardFace:
    """A side's Base Health plate (Objective of the Game: 30 Base Health) with the counts of its
    draw pile, hand and discard pile (a seat view's ``players[side]``)."""
    values = (CardValue("DRAW", str(player["draw_count"])), CardValue("HAND", str(player["hand_count"])),
              CardValue("DISCARD", str(len(player["discard"])), icon="X"))
    return CardFace(f"{side.upper()} BASE", values, centre=str(player["base"]), text=player.get("faction", ""),
                    accent=SIDE_COLOURS[side][0])


def chain_face(k: int, entry: dict) -> CardFace:
    """The order plate of chain entry ``k`` (0 first): its number, what it is and whose, its text
    (Actions and Timing: a response takes effect before the action it answers)."""
    kind = str(entry.get("kind", "")).upper()
    mark = " (COUNTERED)" if entry.get("countered") else ""
    return CardFace(f"{k + 1}. {kind}{mark}", (CardValue("BY", str(entry.get("player", ""))),),
                    centre=str(k + 1), text=str(entry.get("text", ""))[:60],
                    accent=SIDE_COLOURS.get(entry.get("player"), ("#444444",))[0])
