"""What everyone may see of the rules events, without a game: the public view every public file
and line goes through (game/text/public.py). Rulebook: TAKE / DROP OFF, S6 SPECIAL RULE, S9
SECRET OBJECTIVES."""
from __future__ import annotations

from types import SimpleNamespace

from feltbox.game.text.public import public_events
from feltbox.rules.core import Event
from feltbox.rules.flickem.state import Token


def _state(*tokens):
    return SimpleNamespace(data=SimpleNamespace(tokens=tokens))


def test_the_public_view_keeps_who_saw_a_secret_never_what():
    looked = Event("looked at a token", {"survivor": "survivor-rosa", "token": "token-3", "kind": "key"},
                   visible_to=("B",))
    card = Event("secret objective", {"survivor": "survivor-lily", "card": "saboteur", "betrayer": True},
                 visible_to=("survivor-lily",))
    assert public_events([looked, card]) == [
        {"kind": "looked at a token", "data": {}, "visible_to": ["B"]},
        {"kind": "secret objective", "data": {}, "visible_to": ["survivor-lily"]}]


def test_the_public_view_never_names_the_kind_of_a_token_still_face_down():
    """A slip in a rules module (a public event naming a face-down token's kind) stops here; a
    token the rules turned face up (left face up, revealed in the RV) keeps its kind."""
    slip = Event("took", {"survivor": "survivor-rosa", "token": "token-3", "kind": "fuel"})
    shown = Event("revealed in the RV", {"token": "token-4", "kind": "key"})
    state = _state(Token("token-3", "fuel", "survivor-rosa", "down"), Token("token-4", "key", "rv", "up"))
    assert [e["data"] for e in public_events([slip, shown], state)] == [
        {"survivor": "survivor-rosa", "token": "token-3"}, {"token": "token-4", "kind": "key"}]
