"""Tail Feathers in the window (issue 4: "feltbox play tailfeathers show_of_force in the window"):
the controller behind the window, driven without a display."""
from __future__ import annotations

import numpy as np
import pytest

from feltbox.game.tailfeathers.window_game import PAGE, TFWindowGame, label
from feltbox.rules.tailfeathers import activation, flight, phases
from feltbox.scenes.loader import load_tailfeathers

pytestmark = pytest.mark.physics


def _play_to_a_flight(game: TFWindowGame) -> None:
    """Mouse (the window's player) sends no mission, launches its birds and activates one."""
    for _ in range(40):
        legal = game._seen
        if any(isinstance(a, flight.Fly) for a in legal):
            return
        pick = next((k for k, a in enumerate(legal) if isinstance(a, phases.Launch)), None)
        if pick is None:
            pick = next((k for k, a in enumerate(legal) if type(a).__name__ == "Activate"
                         and game.bridge.engine.state.data.unit(a.unit).kind == "bird"), 0)
        game.page = pick // PAGE
        assert game.choose(pick % PAGE) is not None
    raise AssertionError("mouse never got to announce a flight")


def test_the_player_picks_by_key_while_the_rat_bot_plays_and_a_flight_is_previewed():
    game = TFWindowGame(load_tailfeathers("show_of_force"), seed=0, bots="rat")
    game.run_bots()
    text = game.text()
    assert "MISSION phase" in text and "mouse: choose a mission card" in text
    assert " >a. no mission card" in text and "b. mission card: decoy" in text
    frames = game.choose(0)                                   # key a: no mission card
    assert frames.shape == (1, len(game.bodies()), 7)
    assert game.bridge.engine.state.data.player("mouse").mission in ("", None)
    _play_to_a_flight(game)
    state = game.bridge.engine.state
    assert state.flow.phase == "activation"
    # the rat bot played its seat (the history: the feed keeps 5 lines only), its activation
    # once it won the initiative or mouse's turn is over
    assert any(type(step.action).__name__ == "Activate" and state.data.unit(step.action.unit).alliance == "rat"
               for step in game.bridge.engine.history) or state.flow.order[0] == "mouse"
    assert "dice: mouse initiative [rolled]: " in game.text()                # the tray's faces
    assert "+" in game.text().split("dice: ")[1]
    assert len(game.preview()) == 3                           # the flight laid on the table (the window asks
    laid = game.table_choice.builder.action()                 # every frame): previewed and highlighted
    assert laid == flight.Fly(("short", "short"), "center") and game._seen[game.highlight] == laid
    fly = next(k for k, a in enumerate(game._seen) if isinstance(a, flight.Fly) and len(a.templates) == 3)
    game.move_highlight(fly - game.highlight)
    a = game._seen[game.highlight]
    outlines = game.preview()                                 # the highlighted flight is the one laid
    assert f"{', '.join(a.templates)} - tilt C" in game.text() and game.table_choice.builder.action() == a
    assert game.text().count("\n >") + game.text().startswith(" >") == 1
    assert len(outlines) == len(a.templates) + 1                  # templates and the end base
    assert all(o.ndim == 2 and o.shape[1] == 3 and len(o) >= 4 for o in outlines)
    bird = flight.mover(state)
    start = np.array(bird.pose[:2])
    assert min(np.hypot(*(o[:, :2] - start).T).min() for o in outlines) < 6.0   # from the bird's base edge
    before = game.bridge.poses[game.bridge.index[bird.id]].copy()
    game.choose_highlighted()
    for _ in range(10):                                       # crossings: continue to the end point
        if game.bridge.engine.state.flow.flight is None or not game._seen:
            break
        game.pick(next(k for k, x in enumerate(game._seen) if isinstance(x, flight.Continue)))
    after = game.poses()[game.bridge.index[bird.id]]
    assert np.hypot(*(after[:2] - before[:2])) > 5.0          # the bird moved on the table


def test_labels_read_like_the_rulebook():
    # whole and short (issue 18: "fly short, short (tilt center), carrying oakgua..." was cut off)
    assert label(flight.Fly(("short", "long", "long"), "left")) == "short, long, long - tilt L"
    assert label(flight.Fly(("long", "long", "long", "long"), "center", "oakguard-6")) == \
        "long, long, long, long - tilt C, carry Oakguard 6"
    # pieces by name, and where 0 degrees points (issue 18: "90 deg" with nothing saying where 0 is)
    assert label(phases.Tilt("grizzard", "right")) == "Grizzard: tilt right"
    assert label(phases.Tilt("grizzard", "stay")) == "Grizzard: keep perched"
    assert label(phases.Launch("grizzard", 45.0)) == "Grizzard: launch 45 deg north-east"
    assert label(phases.Launch("grizzard", 270.0, -40.04, -33.9)) == "Grizzard: launch 270 deg south at (-40, -34)"
    assert label(activation.Activate("oakguard", ("oakguard-1", "oakguard-3"))) == "activate Oakguard 1+3"
    assert label(activation.Activate("aerijin", ("aerijin",))) == "activate Aerijin"
    assert label(phases.Bid(2)) == "bid 2 extra initiative dice"


def test_hot_seat_lists_both_alliances_choices_and_pages_long_lists():
    game = TFWindowGame(load_tailfeathers("show_of_force"), seed=1, bots="none")
    game.run_bots()
    seen = set()
    for _ in range(60):
        if game.pages() > 1:
            game.turn_page(1)
            assert game.page == 1 and game.highlight == PAGE and "page 2/" in game.text()
            break
        seen.add(game.bridge.pending().player)
        assert game.choose(0) is not None
    assert seen == {"mouse", "rat"}
    assert game.choose(PAGE) is None and game.pick(10 ** 6) is None
