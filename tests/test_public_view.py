"""What everyone may see of the rules events, without a game: the public view every public file
and line goes through (game/text/public.py) and the terminal hot-seat's hand-over
(game/players/hotseat.py). Rulebook: TAKE / DROP OFF, S6 SPECIAL RULE, S6 STEALING TOKENS, S9
SECRET OBJECTIVES."""
from __future__ import annotations

from types import SimpleNamespace

from feltbox.game.players.hotseat import CLEAR, Prompt
from feltbox.game.text.public import public_events
from feltbox.rules.core import Event
from feltbox.rules.flickem.flow import ACTIONS
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


def test_the_hot_seat_hand_over_clears_the_screen_and_the_scrollback():
    """ESC[2J clears the screen (some terminals push it into the scrollback), ESC[3J then the
    scrollback: a player scrolling up finds nothing of the secret."""
    assert CLEAR.index("\x1b[2J") < CLEAR.index("\x1b[3J") and "\x1b[H" in CLEAR
    shown: list[str] = []
    Prompt(ACTIONS, read=lambda text: shown.append(text) or "", write=shown.append).events(
        [Event("looked at a token", {"token": "token-3", "kind": "fuel"}, visible_to=("A",))])
    assert "kind" not in shown[0] and "private to A" in shown[1] and "kind=fuel" in shown[2]
    assert shown[3:] == ["  [press Enter to hide it] ", CLEAR]


def test_a_decision_that_follows_a_secret_is_asked_in_private_and_cleared():
    """S6 STEALING TOKENS: only an X token can be thrown out of the game, so the thief's list of
    choices tells what it looked at: its team takes the keyboard first, and it is wiped after."""
    shown: list[str] = []
    answers = iter(["", "", "", "2"])
    prompt = Prompt(ACTIONS, read=lambda text: shown.append(text) or next(answers), write=shown.append)
    prompt.events([Event("looked at a stolen token", {"token": "token-3", "kind": "x"}, visible_to=("A",))])
    asked = len(shown)
    line = prompt.ask("A", "keep, leave or remove the token", ["StealKeep choice=take", "StealKeep choice=remove"])
    assert line.words == ("StealKeep", "choice=remove")
    assert "team A decides in private" in shown[asked] and "choice=remove" in shown[asked + 3]
    prompt.events([Event("X token removed", {"token": "token-3"})])
    assert shown[shown.index("A> ") + 1] == CLEAR
    assert prompt.in_private is None and not prompt.saw_private
