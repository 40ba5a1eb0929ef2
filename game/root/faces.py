"""What each card of Root's shared deck shows, for the card layer's Pillow faces
(game/cards/faces.py), from the rules' card data (rules/root/data/cards.toml: name, suit, kind,
crafting cost, item and VP, effect). No Panda3D. House art: our own plain layout."""
from __future__ import annotations

from functools import cache

from feltbox.game.cards.faces import CardBack, CardFace, CardValue
from feltbox.rules.root.data import tables

BACK = CardBack("ROOT", colour="#5a3b22", pattern="#d9b36c")
ACCENT = {"fox": "#b8321f", "rabbit": "#b89412", "mouse": "#c8691c", "bird": "#3d7ab8"}
KIND_TEXT = {"item": "craft: take the item", "favor": "favor: clear enemy pieces in this suit",
             "persistent": "craft: a lasting effect", "ambush": "ambush: 2 hits when defending",
             "dominance": "dominance (not in two-player games)"}


@cache
def card_face(cid: str) -> CardFace:
    c = tables().card(cid)
    cost = "".join(s[0].upper() for s in c.cost) or "-"
    values = [CardValue("SUIT", c.suit.upper(), c.suit[0].upper()), CardValue("COST", cost, "C")]
    if c.vp or c.item:
        values.append(CardValue("VP", str(c.vp), "V"))
    text = f"{c.item}: " + KIND_TEXT[c.kind] if c.item else KIND_TEXT.get(c.kind, c.kind)
    if c.effect:
        text = c.effect.replace("_", " ")
    return CardFace(c.name, tuple(values), centre=c.suit[0].upper(), text=text, accent=ACCENT.get(c.suit, "#555555"))
