"""Tails and Tactics actions in the players' words, as a given seat may read them: a card the
seat may see by its printed name, any other by "a face-down card" / "a card" (never its id's card:
names come from that seat's own seat view, rules/tails_and_tactics/view.seat_view)."""
from __future__ import annotations

from collections.abc import Mapping

from feltbox.rules.tails_and_tactics.cards import load_cards


def names_of(view: Mapping) -> dict[str, str]:
    """iid -> the name a seat view shows (only the cards it names), plus "base"."""
    out: dict[str, str] = {"base": "the base"}
    for s, player in view["players"].items():
        for zone in ("hand", "discard", "field"):
            for card in player[zone]:
                if card.get("name"):
                    out[card["iid"]] = card["name"]
                elif zone == "field":
                    out.setdefault(card["iid"], f"a face-down card of {s}")
    for entry in view.get("chain", []):
        card = entry.get("card")
        if card and card.get("name"):
            out[card["iid"]] = card["name"]
    return out


def label(action, names: Mapping[str, str]) -> str:
    """One legal action, e.g. "attack Fox Scout (blue-03) with Badger Guard (red-07)"."""
    def n(iid: str | None) -> str:
        if iid is None:
            return ""
        name = names.get(iid, "a card")
        return name if iid == "base" else f"{name} ({iid})"

    kind = type(action).__name__
    card = getattr(action, "card", None)
    req = getattr(action, "requirements", ())
    paying = f", discarding {', '.join(n(r) for r in req)}" if req else ""
    target = getattr(action, "target", None)
    aimed = f" on {n(target)}" if target else ""
    words = {
        "ChooseRuleChanger": lambda: f"search the deck for the Rule Changer {load_cards()[action.card_id].name}"
        if action.card_id
        else "no Rule Changer",
        "SetupDeploy": lambda: f"deploy {n(card)} face down{paying}",
        "Ready": lambda: "ready: reveal the battlefield",
        "Deploy": lambda: f"deploy {n(card)}{paying}" + (f" on {n(action.attach_to)}" if action.attach_to else ""),
        "Attack": lambda: f"attack {n(action.target)} with {n(action.source)}",
        "Dodge": lambda: f"dodge the attack (chain {action.attack + 1}): the hit goes to your base",
        "PlayEvent": lambda: f"play the event {n(card)}{aimed}",
        "PlayTrap": lambda: f"play the trap {n(card)} face up{aimed}",
        "SetTrap": lambda: f"set the trap {n(card)} face down",
        "SpringTrap": lambda: f"spring the trap {n(card)}{aimed}",
        "Pass": lambda: "pass (no response)",
        "EndTurn": lambda: "end the turn",
        "Discard": lambda: f"discard {n(card)}",
    }
    return words[kind]() if kind in words else kind
