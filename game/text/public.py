"""The public view of rules events: what every player may learn from them, and nothing more.

The one function every public output goes through: a replay's RULE records
(game/replay/recorder.py), the headless event log and transcript (game/players/headless.py) and
the lines the terminal hot-seat prints for everyone (game/players/hotseat.py). Rulebook: TAKE /
DROP OFF ("they look at it"), S6 SPECIAL RULE ("placed face down ... kept secret from the opposing
team"), S9 SECRET OBJECTIVES.

- An event the rules show to some players only (``Event.visible_to``) keeps its kind and who saw
  it, never its data: "team A looked at a token", not which; a secret objective is dealt, not
  which card.
- A public event never names the kind of a token that lies face down once the action is done
  (the rules turn a token face up when they reveal it: left face up, revealed in the RV,
  discarded, dropped on a death). The rules never emit such an event today; this is the guard
  that keeps a slip in a rules module out of every file and screen at once.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from feltbox.rules.core import Event

NOBODY = ""                 # no player is called "": what it sees, everyone sees


def face_down_tokens(state: Any) -> frozenset[str]:
    """Ids of the tokens whose kind is hidden in ``state`` (Dead of Winter's face-down tokens;
    a game without tokens hides none)."""
    tokens = getattr(getattr(state, "data", None), "tokens", ())
    return frozenset(t.id for t in tokens if getattr(t, "face", "up") == "down")


def public_event(event: Event, face_down: frozenset[str] = frozenset()) -> dict:
    """``{"kind", "data", "visible_to"}`` of one event as everyone sees it (JSON-ready data)."""
    seen = event.seen_by(NOBODY)
    data = dict(seen.data)
    if data.get("token") in face_down:
        data.pop("kind", None)
    return {"kind": seen.kind, "data": data,
            "visible_to": None if event.visible_to is None else list(event.visible_to)}


def public_events(events: Iterable[Event], state: Any = None) -> list[dict]:
    """Every event as everyone sees it once the action that produced them is done (``state``:
    the rules state after it, which says which tokens still lie face down)."""
    hidden = face_down_tokens(state)
    return [public_event(e, hidden) for e in events]
