"""Player-facing names everywhere (issue 13: a menu titled "survivor-loretta", "movement_disc",
"lamp-3", "show_of_force", a greyed reason "(ChooseSurvivor(surv..."): a whole game is played by
the bot from the window's side -- every seat a window seat, the bot picking -- and at every
decision every text the window would show is read: each piece's name (its menu title and hover
label), each piece's context menu (labels and greyed reasons), the choices as the HUD lists them,
the HUD panels' texts (game/window/hud_model.py) and every feed sentence. None may hold an id
(lowercase words joined by "-" or "_"), an action's repr ("Move()"), or the flow's internal state.
No Panda3D: the texts come from the same functions the window draws them with.
"""
from __future__ import annotations

import re
from dataclasses import fields, is_dataclass

import pytest

from feltbox.game.text.choices import choice_label
from feltbox.game.text.event_feed import pretty, sentence
from feltbox.game.window.active_marker import piece_label
from feltbox.game.window.hud_model import describe_game
from feltbox.game.window.piece_actions import items_for
from tests.window_bots import play_by_bot

ID = re.compile(r"\b[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+\b")
REPR = re.compile(r"\b[A-Z][A-Za-z]+\(|waiting for:|\bNone\b")
ENGLISH = {"north-east", "north-west", "south-east", "south-west", "face-down", "face-up", "re-roll", "re-rolls",
           "re-rolled", "keep-or-leave", "x-ray", "one-shot", "first-aid", "sniper-rifle"}


def leaks(text: str) -> list[str]:
    """The ids and reprs in ``text`` (an English hyphenated word is no id)."""
    return [w for w in ID.findall(text) if w not in ENGLISH] + REPR.findall(text)


NOT_DRAWN = {"where"}      # a survivor card's place: the model's data, no panel draws it


def _hud_texts(model) -> list[str]:
    """Every string of the HUD model the panels draw (its lines, cards, wheels, dice)."""
    out = []
    for f in fields(model):
        if f.name in NOT_DRAWN:
            continue
        value = getattr(model, f.name)
        items = value if isinstance(value, (list, tuple)) else [value]
        for item in items:
            if isinstance(item, str):
                out.append(item)
            elif is_dataclass(item):
                out += _hud_texts(item)
    return out


def play_and_read(game, steps: int) -> dict[str, tuple[str, str]]:
    """Play ``steps`` decisions and flicks by the bot; every leak found -> (where, the text)."""
    found: dict[str, tuple[str, str]] = {}
    feed: list[str] = []
    game.listeners.append(lambda events: feed.extend(sentence(e, game.actor_name()) for e in events))

    def read(where: str, text: str) -> None:
        for leak in leaks(text):
            found.setdefault(leak, (where, text))
    read("title", game.title)
    for spec in game.bodies():
        read("piece name", piece_label(spec))
    for _ in range(steps):
        legal = game.legal_actions()
        for text in _hud_texts(describe_game(game)):
            read("hud", text)
        if legal:
            for spec in game.bodies():
                for item in items_for(game, spec.id):
                    read("menu item", item.label)
                    read("greyed reason", item.reason)
            for choice in game.choices():
                read("choice", choice_label(choice))
            game.pick(legal.index(game.seats.bot.decide(legal)))
        elif game.wants_aim():
            aim = game.seats.bot.aim(game.bridge.pending())
            game.aim(aim.direction, aim.power)
        else:
            break                                     # the game is over
    for line in feed:
        read("feed", line)
    return found


def _flickem(n: int):
    from feltbox.game.flickem.window_game import WindowGame
    from feltbox.scenes.loader import load_flickem
    game = WindowGame(load_flickem(n), n, "none")
    game.run_bots()
    return game


def _show_of_force():
    from feltbox.game.tailfeathers.window_game import TFWindowGame
    from feltbox.scenes.loader import load_tailfeathers
    game = TFWindowGame(load_tailfeathers("show_of_force"), 0, "none")
    game.run_bots()
    return game


def test_leaks_finds_ids_and_reprs_and_passes_english():
    assert leaks("menu of survivor-loretta") == ["survivor-loretta"]
    assert leaks("the movement_disc and lamp-3") == ["movement_disc", "lamp-3"]
    assert leaks("Choose a survivor first (ChooseSurvivor(surv") == ["ChooseSurvivor("]
    assert leaks("launch 30 deg north-east; keep the face-down token") == []


def test_the_first_turns_of_s9_and_show_of_force_name_everything_as_players_do():
    for game in (_flickem(9), _show_of_force()):
        assert play_and_read(game, 12) == {}


@pytest.mark.slow
@pytest.mark.parametrize("scenario", [1, 9])
def test_a_whole_dead_of_winter_game_names_everything_as_players_do(scenario):
    assert play_and_read(_flickem(scenario), 400) == {}


@pytest.mark.slow
def test_a_whole_tail_feathers_battle_names_everything_as_players_do():
    assert play_and_read(_show_of_force(), 400) == {}


def test_S9_BETRAYER_the_unmasked_betrayer_is_named_on_the_HUD_and_in_the_choices():
    """S9 from the window's side, every seat played by the bot until an accusation unmasks a
    betrayer (Lily, in the second round of this deal): her card reads "(betrayer)" with her X
    token face up, the team she now is reads "betrayer Lily", and Olivia's accusation choice
    reads "accuse Gabriel"."""
    game = _flickem(9)
    play_by_bot(game, until=lambda g: any(t.startswith("betrayer-") for t in g.state().flow.teams), steps=200)
    hud = describe_game(game)
    lily = next(c for c in hud.cards if c.name == "Lily")
    assert (lily.team, lily.specials) == ("betrayer", ("X up",))
    assert hud.team == "A" and {c.team for c in hud.cards if c.name != "Lily"} == {"A", "B"}
    assert "accuse Gabriel" in [choice_label(c) for c in game.choices()]
    assert pretty(game.state().flow.teams[2]) == "betrayer Lily"
