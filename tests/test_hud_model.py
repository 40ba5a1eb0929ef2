"""The HUD's numbers on real game states (game/window/hud_model.py): S1 start, S7 after some bot
actions, Tail Feathers' Show of Force at the start and in battle."""
from __future__ import annotations

import pytest

from feltbox.game.flickem.window_game import WindowGame
from feltbox.game.tailfeathers.window_game import TFWindowGame
from feltbox.game.window.active_marker import marked
from feltbox.game.window.hud_model import (
    INVENTORY_SLOTS,
    describe_game,
    flickem_hud,
    slot_names,
    tf_hud,
)
from feltbox.rules.core import GameOver
from feltbox.rules.flickem.state import Waiting
from feltbox.scenes.loader import load_flickem, load_tailfeathers
from tests.window_bots import play_by_bot


def test_s1_start():
    game = WindowGame(load_flickem(1), 1, "none")
    hud = flickem_hud(game)
    state = game.bridge.engine.state
    assert hud.round == 1 and hud.rounds == state.setup.round_start
    assert hud.colour == state.flow.colour
    assert hud.bin == sum(z.where == "bin" for z in state.data.zombies)
    assert hud.bin + hud.city_zombies <= len(state.data.zombies)
    assert "RV" in hud.objective and "3 or fewer" in hud.objective
    assert [c.name for c in hud.cards] == [s.name for s in state.data.survivors]
    for card in hud.cards:
        assert card.life == card.max_life > 0 and len(card.slots) == INVENTORY_SLOTS
        assert card.backpack == "available"
    assert hud.prompt and not hud.over


def test_each_card_shows_the_figures_number_and_colour_as_on_the_table():
    game = WindowGame(load_flickem(1), 1, "none")
    hud = flickem_hud(game)
    figures = {b.id: b for b in game.bodies() if b.kind == "survivor"}
    state = game.bridge.engine.state
    for card, survivor in zip(hud.cards, state.data.survivors):
        spec = figures[survivor.id]
        assert card.number == spec.params["number"]
        assert card.colour in [tuple(colour) for _, colour in spec.model.visuals]    # a colour the figure wears
    assert len({c.number for c in hud.cards}) == len(hud.cards)          # no two figures alike


@pytest.fixture(scope="module")
def s7():
    game = WindowGame(load_flickem(7), 7, "teamB")
    game.run_bots()
    for step in range(80):          # play on until the bots' and the script's moves cost a life
        state = game.bridge.engine.state   # and a survivor has played this round (its backpack
        hurt = any(s.life < 3 for s in state.data.survivors)    # not in the round's colour)
        played = any(s.backpack != state.flow.colour for s in state.data.survivors)
        if step >= 6 and hurt and played or state.flow.waiting == Waiting.OVER:
            break
        if game.choices():
            game.choose(0)
        elif game.wants_aim():
            game.aim(90.0, 0.5)
        else:
            game.run_bots()
    return game


def test_s7_after_bot_actions(s7):
    hud = describe_game(s7)
    state = s7.bridge.engine.state
    by_name = {c.name: c for c in hud.cards}
    for s in state.data.survivors:
        assert by_name[s.name].life == max(s.life, 0) and by_name[s.name].max_life == 3
    assert any(c.life < c.max_life for c in hud.cards)          # the bots' moves cost lives (TOO CLOSE)
    assert any(c.backpack == "used" for c in hud.cards)         # a survivor has played this round
    assert hud.team in state.flow.teams
    assert by_name["Elijah"].specials == state.data.survivor("survivor-elijah").specials   # S7: flares on his board
    if state.flow.active:
        assert hud.active == state.data.survivor(state.flow.active).name


def test_face_down_tokens_stay_hidden_from_the_other_team(s7):
    """Solo play against team B's bots: team A's tokens are named, team B's face-down ones not."""
    from dataclasses import replace
    state = s7.bridge.engine.state
    down = [t for t in state.data.tokens if t.face == "down"][:2]
    a = next(s for s in state.data.survivors if s.team == "A")
    b = next(s for s in state.data.survivors if s.team == "B")
    a2, b2 = replace(a, inventory=(down[0].id,)), replace(b, inventory=(down[1].id,))
    assert slot_names(s7, a2)[0] == down[0].kind.replace("_", " ")
    assert slot_names(s7, b2) == ("token", "", "")


def test_show_of_force_start():
    game = TFWindowGame(load_tailfeathers("show_of_force"), 0, "rat")
    game.run_bots()
    hud = tf_hud(game)
    assert hud.round == 1 and hud.phase == "MISSION" and hud.player == "mouse"
    assert [w.alliance for w in hud.wheels] == ["mouse", "rat"]
    assert all(w.cheese == 0 and w.max == 6 and w.nest_life > 0 for w in hud.wheels)
    kinds = {c.kind for c in hud.cards}
    assert {"bird", "squad", "hero"} <= kinds
    assert all(c.wounds == 0 and c.life > 0 and not c.status for c in hud.cards)
    assert all(c.tilt == "center" for c in hud.cards if c.kind == "bird")
    assert hud.dice == () and hud.tilt_prompt == ""


def test_show_of_force_in_battle():
    game = TFWindowGame(load_tailfeathers("show_of_force"), 0, "rat")
    game.run_bots()
    tilt_prompt = ""
    for _ in range(60):
        if not game.choices():
            break
        hud = tf_hud(game)
        tilt_prompt = tilt_prompt or hud.tilt_prompt
        game.pick(len(game.choices()) - 1)
    hud = tf_hud(game)
    state = game.bridge.engine.state
    assert tilt_prompt                                        # the tilt phase asked for each bird
    assert hud.dice and hud.dice == tuple(game.rolls)
    assert state.flow.round > 1 or state.flow.phase != "mission"
    for card, unit in zip(hud.cards, state.data.units):
        assert card.wounds <= card.life
        assert ("rattled" in card.status) == unit.rattled
        figs = state.data.figures_of(unit.id)
        if unit.kind == "squad":                  # figures on a mission or in reserve are not wounds
            assert card.wounds == sum(f.where == "casualty" for f in figs)
        else:
            assert card.wounds == min(unit.wounds, card.life)
        assert ("on a mission" in card.status) == any(f.where == "mission" for f in figs)
    assert any(c.wounds for c in hud.cards) or any(w.nest_life < 10 for w in hud.wheels) or \
        any(w.cheese for w in hud.wheels)


def test_hot_seat_names_only_face_up_tokens():
    """Both teams at the window: a face-down token is "token" on every card, a face-up one named."""
    from dataclasses import replace
    game = WindowGame(load_flickem(7), 7, "none")
    state = game.bridge.engine.state
    down, other = [t for t in state.data.tokens if t.face == "down"][:2]
    a = next(s for s in state.data.survivors if s.team == "A")
    assert slot_names(game, replace(a, inventory=(down.id,))) == ("token", "", "")
    game.bridge.engine.state = replace(state, data=state.data.with_token(replace(other, face="up")))
    assert slot_names(game, replace(a, inventory=(other.id,)))[0] == other.kind.replace("_", " ")


def test_once_the_game_is_over_nobody_is_marked_to_play():
    """S3, seed 3, played by the bots to its end (Mike brings Anita into the hospital): the game
    over line shows, and neither a card nor the ring over the table marks Mike as still to play."""
    game = WindowGame(load_flickem(3), 3, "none")
    game.run_bots()
    play_by_bot(game)
    assert isinstance(game.pending(), GameOver) and game.state().flow.active      # the rules keep the last active
    hud = flickem_hud(game)
    assert hud.over.startswith("GAME OVER") and not hud.active and hud.actions_left == 0
    assert not any(card.active for card in hud.cards)
    ids = [b.id for b in game.bodies()]
    assert marked(game, ids, game.bodies()) == (None, "")
