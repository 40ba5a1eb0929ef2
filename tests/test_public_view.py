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


def test_the_hot_seat_names_s9s_unmasked_betrayer_as_players_do():
    """S9 BETRAYER: once unmasked, the betrayer is a team alone; the hot-seat asks it by name."""
    shown: list[str] = []
    prompt = Prompt(ACTIONS, read=lambda text: shown.append(text) or "1", write=shown.append)
    prompt.ask("betrayer-lily", "act or end the turn", ["EndTurn"])
    assert "\n== team betrayer Lily: act or end the turn" in shown and "betrayer Lily> " in shown
    assert not any("betrayer-lily" in line for line in shown)


def test_a_game_people_play_gets_a_fresh_random_seed_and_bots_alone_the_same_one():
    """The seed deals the face-down tokens and the objectives: a fixed default would let any player
    rebuild them with the project's own code."""
    from feltbox.game.cli.main import parser, play_seed
    bots = parser().parse_args(["play", "flickem", "9", "--headless"])
    people = [parser().parse_args(a) for a in (["play", "flickem", "9", "--headless", "--script", "-"],
                                               ["play", "flickem", "9", "--bots", "none"])]
    assert play_seed(bots) == 0
    for args in people:
        assert len({play_seed(args) for _ in range(5)}) > 1


def test_terminal_hot_seat_shows_each_player_their_own_secret_objective_after_a_hand_over():
    """S9 SECRET OBJECTIVES at a terminal: each player sees their own card, the others look away."""
    from feltbox.game.games import play_headless
    from feltbox.game.players.hotseat import CLEAR, Prompt
    from feltbox.rules.flickem.flow import ACTIONS
    from feltbox.rules.flickem.secrets import cards
    from feltbox.scenes.loader import load_flickem
    shown: list[str] = []

    def read(text: str) -> str:
        shown.append(text)
        if "press Enter" in text:
            return ""
        raise EOFError                                  # the players leave at the first decision
    result = play_headless(load_flickem(9), seed=3, bots="none", script=Prompt(ACTIONS, read=read, write=shown.append))
    assert result.result.startswith("unfinished")
    titles = {c.title for c in cards().values()}
    privately = [i for i, s in enumerate(shown) if s.startswith("  [private to survivor-")]
    assert len(privately) >= 6                          # a card for every player of S9
    for i in privately:
        public, card, hide, clear = shown[i - 1], shown[i + 1], shown[i + 2], shown[i + 3]
        assert public.startswith("  - secret objective") and not any(t in public for t in titles)
        assert any(t in card for t in titles) and "hide it" in hide and clear == CLEAR
