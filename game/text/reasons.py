"""Why an action is greyed, in plain words (the context menu of game/window/piece_actions.py).

The rules refuse an action with a programmer's sentence: ``IllegalAction("Move() is not legal
now (waiting for: choose)")`` -- the action's repr and the flow's internal state. A player reads
"Not now: the rules wait for a team to choose the survivor who plays." ``plain_reason`` turns the
rules' reason into that; ``sentence_of`` joins a plain-words hint and the reason into one whole
sentence (the menu wraps it, never cuts it). No Panda3D.
"""
from __future__ import annotations

import re

from feltbox.game.text.event_feed import pretty

# What each ``flow.waiting`` value of Dead of Winter (rules/flickem/state.Waiting) and Tail
# Feathers (rules/tailfeathers/state.Flow.waiting) means, as "the rules wait for ...", by game
# (the registry's name); a value a game does not list reads as in Dead of Winter's.
WAITING = {
    # Dead of Winter
    "choose": "a team to choose the survivor who plays",
    "act": "the active survivor to act or end the turn",
    "look": "a keep-or-leave choice on the token looked at",
    "x": "a place for the X token",
    "fight": "the next attack of the fight",
    "flick": "a flick",
    "fight_flick": "a fight attack's flick",
    "eject": "the fight's loser to be flicked out",
    "rush": "the zombies' rush",
    "horde": "a new horde to arrive",
    "vote": "a survivor's vote",
    "clan": "the accused survivor to choose a clan",
    "steal": "a choice of token to steal",
    "steal_keep": "the thief to keep or leave the token",
    "eat": "the survivors to eat or go hungry",
    "over": "nothing more: the game is over",
    # Tail Feathers
    "mission_select": "the players to choose their missions",
    "mission_assign": "the players to send units on missions",
    "tilt": "the birds' tilts to be set",
    "bid": "the initiative bids",
    "activate": "a player to activate a unit",
    "move": "the active unit's move",
    "pilot": "the active bird's piloting",
    "flight": "the active bird's flight",
    "revive": "a choice to revive a unit",
    "final": "the missions to be carried out",
    "siege": "the siege mission's attack",
    "patrol": "the patrol mission's move",
    "rescue": "the rescue mission's choice",
}
GAME_WAITING = {"tailfeathers": {"act": "the active unit to act or end its activation"}}
REPR = re.compile(r"\b[A-Z][A-Za-z]+\((?:[^()]|\([^()]*\))*\)")      # Move(), UseWeapon(weapon='gun')


def waiting_words(waiting: str, game: str = "flickem") -> str:
    words = GAME_WAITING.get(game, {}).get(str(waiting)) or WAITING.get(str(waiting))
    return words or pretty(str(waiting))


def plain_reason(reason: str, game: str = "flickem") -> str:
    """The rules' reason without reprs or internal states: "Move() is not legal now (waiting for:
    choose)" -> "not now: the rules wait for a team to choose the survivor who plays"."""
    text = str(reason).strip()
    m = re.fullmatch(r"(.*?)\s*is not legal now(?:\s*\(waiting for: ([\w]+)\))?\.?", text, re.S)
    if m:
        return f"not now: the rules wait for {waiting_words(m.group(2), game)}" if m.group(2) else "not now"
    text = REPR.sub(lambda r: _action_words(r.group(0)), text)
    text = re.sub(r"\b(?:waiting for|waiting):\s*(\w+)",
                  lambda w: f"the rules wait for {waiting_words(w.group(1), game)}", text)
    return re.sub(r"'?\b[a-z]+(?:[-_][a-z0-9]+)+\b'?", lambda w: pretty(w.group(0).strip("'")), text)


def _action_words(repr_text: str) -> str:
    """An action's repr as words: "UseWeapon(weapon='gun')" -> "use weapon"."""
    head = repr_text.split("(", 1)[0]
    return re.sub(r"(?<!^)(?=[A-Z])", " ", head).lower()


def sentence_of(hint: str, reason: str, game: str = "flickem") -> str:
    """A hint and the rules' reason as one sentence: "Choose a survivor first (not now: the rules
    wait for ...)." Either may be empty; the hint comes first, capitalised, a full stop at the end.
    ``game``: whose flow states the reason names (the registry's name)."""
    plain = plain_reason(reason, game) if reason else ""
    if hint and plain and plain.lower() not in hint.lower():
        text = f"{hint} ({plain})"
    else:
        text = hint or plain
    text = text.strip()
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."
