"""What each Snowbirds card shows, for the card layer's Pillow faces (game/cards/faces.py), from
the house card data (rules/snowbirds/data/*.toml: rulebook Components, Actions & Play Order, Maps &
Journeys, Special Locations). No Panda3D.

An Action card: its title, FLIGHT and FORAGE values and REST 1, the TENACITY pips in the centre
(or a large R: re-roll one die), "sideways: Tenacity" at the bottom. A Map card: its title,
DISTANCE, RISK and HUNGER, its special location (if any) in the centre and in words."""
from __future__ import annotations

from functools import cache

from feltbox.game.cards.faces import CardBack, CardFace, CardValue
from feltbox.rules.snowbirds.data import REROLL, tables

ACTION_BACK = CardBack("SNOWBIRDS", colour="#27406e", pattern="#c9b27a")
MAP_BACK = CardBack("MAP", colour="#35573a", pattern="#d8cf9a")
SPECIAL = {"plentiful": ("+1", "Plentiful food: +1 Forage bonus"),
           "limited": ("2", "Limited food: Maximum Forage 2"),
           "storms": ("!", "Storms: each Rest/Forage card +1 Risk")}


@cache
def action_face(card: str) -> CardFace:
    c = tables().action(card)
    values = (CardValue("FLIGHT", str(c.flight)), CardValue("FORAGE", str(c.forage), "Fo"),
              CardValue("REST", str(tables().rest)))
    if c.tenacity == REROLL:
        return CardFace(c.title, values, centre="R", text="sideways: Tenacity, re-roll a die", accent="#2f5d8a")
    return CardFace(c.title, values, pips=int(c.tenacity), text="sideways: Tenacity, this die", accent="#2f5d8a")


@cache
def map_face(card: str) -> CardFace:
    m = tables().map(card)
    values = (CardValue("DISTANCE", str(m.distance)), CardValue("RISK", str(m.risk)), CardValue("HUNGER", str(m.hunger)))
    centre, text = SPECIAL.get(m.special, ("", ""))
    return CardFace(m.title, values, centre=centre or m.title[:1], text=text, accent="#4d7a3c")


def face_of(body: str, card: str) -> CardFace:
    """The face of the card body ``body`` (action-... or mapcard-...) showing ``card``."""
    return map_face(card) if body.startswith("mapcard-") else action_face(card)


def back_of(body: str) -> CardBack:
    return MAP_BACK if body.startswith("mapcard-") else ACTION_BACK
